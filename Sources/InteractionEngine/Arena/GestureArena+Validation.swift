// SPDX-License-Identifier: GPL-3.0-or-later

/// Relationships are data: the static failure requirements between registered recognizers form
/// a graph that must have no cycle.
extension GestureArena {
    /// A cycle among static failure requirements, as names in order, or `nil`.
    func findRequirementCycle() -> [String]? {
        // Iterative depth-first search with colours: 0 new, 1 on the stack, 2 done.
        var colour = [UInt8](repeating: 0, count: recognizers.count)
        var indexOf: [ObjectIdentifier: Int] = [:]
        for (i, r) in recognizers.enumerated() { indexOf[ObjectIdentifier(r)] = i }
        for start in recognizers.indices where colour[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            colour[start] = 1
            while let top = stack.last {
                let edges = recognizers[top.node].failureRequirements
                if top.next < edges.count {
                    stack[stack.count - 1].next += 1
                    guard let t = indexOf[edges[top.next]] else { continue }
                    let target = recognizers[t]
                    if colour[t] == 1 {
                        let from = stack.firstIndex { $0.node == t } ?? 0
                        return stack[from...].map { recognizers[$0.node].name } + [target.name]
                    }
                    if colour[t] == 0 {
                        colour[t] = 1
                        stack.append((t, 0))
                    }
                } else {
                    colour[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return nil
    }

    /// Called when a requirement is added between two registered recognizers; refuses it (and
    /// records a diagnostic) if it closes a cycle.
    func validateNewRequirement(of r: GestureRecognizer, toFail other: GestureRecognizer) {
        guard let cycle = findRequirementCycle() else { return }
        r.failureRequirements = r.failureRequirements.filter { $0 != ObjectIdentifier(other) }
        diagnostics.append(GestureArenaDiagnostic(error: .failureRequirementCycle(cycle)))
    }

    /// Checks the whole graph again (for instance after relationships were changed on
    /// recognizers before they were registered).
    public func validateRelationships() throws(GestureArenaError) {
        if let cycle = findRequirementCycle() { throw .failureRequirementCycle(cycle) }
    }
}
