// SPDX-License-Identifier: GPL-3.0-or-later

/// A position in some two-dimensional coordinate space (view, canvas, page or PDF user space).
///
/// The space is implied by the API that hands the point out; conversions between spaces live in
/// `DocumentLayout` and the interaction engine's coordinate helpers.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The straight-line distance to another point.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy) }
    public static func - (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy) }
    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y) }

    public var description: String { "(\(x), \(y))" }
}

/// A displacement between two points, such as a scroll delta or a drag translation.
public struct Vector: Hashable, Sendable, Codable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs) }
    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }
}
