// SPDX-License-Identifier: GPL-3.0-or-later

/// Why the arena refused a recognizer or a relationship.
public enum GestureArenaError: Error, Hashable, Sendable {
    /// The recognizer is already registered (here or in another arena).
    case alreadyRegistered(name: String)
    /// Failure requirements would form a cycle (each waits for the next, the last for the
    /// first), so none of them could ever begin. Names in cycle order.
    case failureRequirementCycle([String])
}

/// Something the arena noticed about its relationships after registration, kept for the host
/// to log (a requirement added later that would have closed a cycle is refused and reported).
public struct GestureArenaDiagnostic: Hashable, Sendable {
    public var error: GestureArenaError
    public init(error: GestureArenaError) { self.error = error }
}
