// SPDX-License-Identifier: GPL-3.0-or-later

/// A width and height, in the units of the space it belongs to (PDF points, logical pixels).
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// The size with width and height exchanged, as a page appears after a quarter turn.
    public var transposed: Size { Size(width: height, height: width) }

    public static func * (lhs: Size, rhs: Double) -> Size { Size(width: lhs.width * rhs, height: lhs.height * rhs) }

    public var description: String { "\(width)×\(height)" }
}
