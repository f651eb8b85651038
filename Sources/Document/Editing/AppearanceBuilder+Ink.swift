// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// The width drawn at a point of pen pressure `p` (0…1) in a stroke of width `width`
    /// (the annotation's border width):
    ///
    ///     w(p) = width × (0.25 + 0.75 p)
    ///
    /// a quarter of the width at no pressure, so that light strokes stay visible, and the whole
    /// width at full pressure.
    public static func inkWidth(_ width: Double, pressure p: Double) -> Double { width * (0.25 + 0.75 * min(1, max(0, p))) }

    /// Ink in the colour (black by default), `borderWidth` wide (1 by default).
    ///
    /// A stroke without pressure is a stroked path with round caps and joins (a single point, a
    /// dot as wide as the line), smoothed: it runs through the midpoints of the sampled
    /// segments and bends at each sampled point (``smoothPath(_:_:)``), so a mouse's or a
    /// finger's jagged samples draw a calm line; the saved /InkList keeps the samples. A stroke with pressure is one filled outline: a disc at every
    /// point, as wide as ``inkWidth(_:pressure:)`` there, and for every segment the
    /// quadrilateral joining its two discs along their sides. The nonzero fill unites them only
    /// when every subpath turns the same way, so all are counter-clockwise (quadrilaterals whose
    /// signed area comes out negative are reversed); one `f` paints the whole stroke, so an
    /// opacity below 1 does not darken where the pieces overlap.
    static func drawInk(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        guard case .ink(let strokes) = a.geometry, strokes.contains(where: { !$0.points.isEmpty }) else { return false }
        let color = a.color ?? .black
        let width = max(0, a.borderWidth ?? 1)
        var strokeStyleSet = false, fillColorSet = false
        for stroke in strokes where !stroke.points.isEmpty {
            let points = stroke.points
            if stroke.pressures != nil || points.count == 1 {
                if !fillColorSet { c.fillColor(color); fillColorSet = true }
                let radii = stroke.pressures.map { $0.map { inkWidth(width, pressure: $0) / 2 } }
                    ?? Array(repeating: width / 2, count: points.count)
                for (pt, r) in zip(points, radii) { c.circle(pt, radius: r) }
                for i in points.indices.dropFirst() {
                    guard var quad = segmentOutline(points[i - 1], radii[i - 1], points[i], radii[i]) else { continue }
                    if signedArea(quad) < 0 { quad.reverse() }
                    c.polygon(quad)
                }
                c.fill()
            } else {
                if !strokeStyleSet {
                    c.strokeColor(color)
                    c.lineWidth(width)
                    c.roundCapsAndJoins()
                    strokeStyleSet = true
                }
                smoothPath(points, &c)
                c.stroke()
            }
        }
        return true
    }

    /// A path from the first point to the last that passes through the midpoint of every
    /// segment between, turning at each inner point along a quadratic curve with that point as
    /// its control (written as the equivalent cubic).
    static func smoothPath(_ points: [Point], _ c: inout ContentStreamWriter) {
        guard let first = points.first else { return }
        c.move(first)
        guard points.count > 2 else {
            for p in points.dropFirst() { c.line(p) }
            return
        }
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        var start = mid(points[0], points[1])
        c.line(start)
        for i in 1..<(points.count - 1) {
            let control = points[i]
            let end = i == points.count - 2 ? points[i + 1] : mid(points[i], points[i + 1])
            c.curve(start + (control - start) * (2.0 / 3.0), end + (control - end) * (2.0 / 3.0), end)
            start = end
        }
    }

    /// The quadrilateral between the discs of radius `r0` at `p0` and `r1` at `p1`: the segment
    /// offset to its right and left along its normal by each end's radius, in that order, so
    /// counter-clockwise; `nil` when the two points coincide (the discs alone cover it).
    static func segmentOutline(_ p0: Point, _ r0: Double, _ p1: Point, _ r1: Double) -> [Point]? {
        let d = p1 - p0
        let length = d.length
        guard length > 0 else { return nil }
        let n = Vector(dx: -d.dy / length, dy: d.dx / length)
        return [p0 + n * -r0, p1 + n * -r1, p1 + n * r1, p0 + n * r0]
    }

    /// Twice the signed area of a polygon: positive when it turns counter-clockwise (y up).
    static func signedArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }
}
