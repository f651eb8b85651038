// SPDX-License-Identifier: GPL-3.0-or-later

/// A zero-based page number, kept apart from other integers so that a spread index or a count
/// is never passed where a page is meant.
public struct PageIndex: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: PageIndex, rhs: PageIndex) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number a person reads: page 1 is index 0.
    public var displayNumber: Int { rawValue + 1 }

    public var description: String { "page \(displayNumber)" }
}

/// A page's /Rotate, normalised to one of the four quarter turns (clockwise, as PDF defines it).
public enum PageRotation: Int, Hashable, Sendable, Codable, CaseIterable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    /// Normalises any multiple of 90 (including negative values); other values count as none,
    /// as the PDF specification asks.
    public init(degrees: Int) {
        self = PageRotation(rawValue: ((degrees % 360) + 360) % 360) ?? .none
    }

    public var quarterTurns: Int { rawValue / 90 }

    /// The size the page shows on screen once rotated.
    public func rotated(_ size: Size) -> Size { quarterTurns % 2 == 1 ? size.transposed : size }
}
