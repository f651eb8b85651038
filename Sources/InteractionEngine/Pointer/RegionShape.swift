// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The outline of a pointer region or of a custom pointer: a rectangle, a rounded rectangle or
/// a simple polygon, which both the hit test and the renderer understand.
public enum RegionShape: Hashable, Sendable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
    /// A simple (non self-intersecting) polygon, vertices in order.
    case polygon([Point])

    /// The smallest rectangle holding the shape.
    public var bounds: Rect {
        switch self {
        case .rect(let r), .roundedRect(let r, _): return r
        case .polygon(let points):
            guard let first = points.first else { return .zero }
            var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
            for p in points { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    public func contains(_ p: Point) -> Bool {
        switch self {
        case .rect(let r): return r.contains(p)
        case .roundedRect(let r, let radius):
            guard r.contains(p) else { return false }
            let rad = min(radius, r.width / 2, r.height / 2)
            guard rad > 0 else { return true }
            // Outside the rounded corners only in the corner squares.
            let cx = p.x < r.minX + rad ? r.minX + rad : (p.x > r.maxX - rad ? r.maxX - rad : p.x)
            let cy = p.y < r.minY + rad ? r.minY + rad : (p.y > r.maxY - rad ? r.maxY - rad : p.y)
            return p.distance(to: Point(x: cx, y: cy)) <= rad
        case .polygon(let points):
            // Even-odd ray casting.
            var inside = false
            var j = points.count - 1
            for i in points.indices {
                let a = points[i], b = points[j]
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                    inside.toggle()
                }
                j = i
            }
            return inside
        }
    }

    /// The shape grown about the centre of its bounds by `factor` (a lifted element).
    public func scaled(by factor: Double) -> RegionShape {
        let c = bounds.center
        func s(_ p: Point) -> Point { Point(x: c.x + (p.x - c.x) * factor, y: c.y + (p.y - c.y) * factor) }
        func sr(_ r: Rect) -> Rect { Rect(corner: s(r.origin), corner: s(Point(x: r.maxX, y: r.maxY))) }
        switch self {
        case .rect(let r): return .rect(sr(r))
        case .roundedRect(let r, let radius): return .roundedRect(sr(r), cornerRadius: radius * factor)
        case .polygon(let points): return .polygon(points.map(s))
        }
    }
}
