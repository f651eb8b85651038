// SPDX-License-Identifier: GPL-3.0-or-later

extension StringProtocol {
    /// The text without the spaces, tabs and line breaks around it.
    public func trimmingWhitespace() -> SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return self[first...last]
    }
}
