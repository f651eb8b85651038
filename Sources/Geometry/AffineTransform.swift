// SPDX-License-Identifier: GPL-3.0-or-later

/// A 2-D affine map `(x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty)`, the same convention as cairo's
/// `cairo_matrix_t` and PDF's `[a b c d e f]`.
public struct AffineTransform: Hashable, Sendable, Codable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by a multiple of 90° (clockwise on screen, where y grows downwards), exact with
    /// no floating-point drift.
    public static func quarterTurns(_ turns: Int) -> AffineTransform {
        switch ((turns % 4) + 4) % 4 {
        case 1: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        case 2: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        case 3: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
        default: return .identity
        }
    }

    /// This transform followed by `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The inverse map, or `nil` when the transform collapses the plane.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    public func apply(to v: Vector) -> Vector {
        Vector(dx: a * v.dx + c * v.dy, dy: b * v.dx + d * v.dy)
    }

    /// The bounding box of the transformed rectangle (exact for scales and quarter turns).
    public func apply(to r: Rect) -> Rect {
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(apply(to:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(corner: Point(x: xs.min()!, y: ys.min()!), corner: Point(x: xs.max()!, y: ys.max()!))
    }
}
