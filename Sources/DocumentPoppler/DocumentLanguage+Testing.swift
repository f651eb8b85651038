// SPDX-License-Identifier: GPL-3.0-or-later
import Platform

extension DocumentLanguage {
    /// How many files ``read(path:password:)`` has parsed with poppler core in this process.
    package static var parseCount: Int { parseLock.withLock { parsesMade } }

    /// Counts a parse (from any thread).
    static func countParse() { parseLock.withLock { parsesMade += 1 } }

    private static let parseLock = Lock()
    nonisolated(unsafe) private static var parsesMade = 0
}
