// SPDX-License-Identifier: GPL-3.0-or-later

/// Space kept clear on each side of a rectangle, in view pixels: how far a layout pulls the
/// document view in from the edges of its widget (under a toolbar laid over the page, say).
public struct EdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// Both insets on each side added together.
    public static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }

    /// The rectangle left once the insets are taken off each side (never negative in size).
    public func inset(_ rect: Rect) -> Rect {
        Rect(x: rect.minX + left, y: rect.minY + top,
             width: max(0, rect.width - left - right), height: max(0, rect.height - top - bottom))
    }

    public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}
