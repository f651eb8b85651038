// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// The width drawn at a point of pressure `p`: a quarter of the stroke width at no pressure,
    /// the whole width at full pressure (`w × (0.25 + 0.75 p)`), so light strokes stay visible.
    public static func inkWidth(_ width: Double, pressure p: Double) -> Double { width * (0.25 + 0.75 * min(1, max(0, p))) }

    /// Strokes without pressure are stroked paths with round caps and joins; strokes with
    /// pressure are filled outlines: a disc at every point and a quadrilateral joining each pair
    /// of discs along their outer tangents, all turning the same way so the nonzero fill never
    /// punches holes where they overlap.
    static func drawInk(_ a: Annotation, _ c: inout ContentWriter) -> Bool {
        guard case .ink(let strokes) = a.geometry, strokes.contains(where: { !$0.points.isEmpty }) else { return false }
        let color = a.color ?? .black
        let width = a.borderWidth ?? 1
        for stroke in strokes where !stroke.points.isEmpty {
            if let pressures = stroke.pressures {
                c.fillColor(color)
                let radii = pressures.map { inkWidth(width, pressure: $0) / 2 }
                for (pt, r) in zip(stroke.points, radii) { c.ellipse(in: Rect(x: pt.x - r, y: pt.y - r, width: 2 * r, height: 2 * r)) }
                for i in 1..<max(1, stroke.points.count) {
                    let a0 = stroke.points[i - 1], a1 = stroke.points[i]
                    let d = a1 - a0
                    let length = d.length
                    guard length > 0 else { continue }
                    let n = Vector(dx: -d.dy / length, dy: d.dx / length)
                    var quad = [a0 + n * radii[i - 1], a1 + n * radii[i], a1 + n * -radii[i], a0 + n * -radii[i - 1]]
                    if signedArea(quad) < 0 { quad.reverse() }
                    c.polygon(quad)
                }
                c.raw("f")
            } else if stroke.points.count == 1 {
                c.fillColor(color)
                let pt = stroke.points[0], r = width / 2
                c.ellipse(in: Rect(x: pt.x - r, y: pt.y - r, width: 2 * r, height: 2 * r))
                c.raw("f")
            } else {
                c.strokeColor(color)
                c.lineWidth(width)
                c.raw("1 J 1 j")
                c.move(stroke.points[0])
                for pt in stroke.points.dropFirst() { c.line(pt) }
                c.raw("S")
            }
        }
        return true
    }

    /// Twice the signed area of a polygon: positive when it turns counter-clockwise.
    static func signedArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }
}
