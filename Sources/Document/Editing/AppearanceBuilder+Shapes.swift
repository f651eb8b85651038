// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// A rectangle or an ellipse inset by half the border so the border stays inside: stroked in
    /// the colour, filled with the interior colour, dashed when the border is.
    static func drawShape(_ a: Annotation, _ c: inout ContentWriter) -> Bool {
        let w = a.borderWidth ?? 1
        let inner = a.rect.insetBy(dx: w / 2, dy: w / 2)
        guard inner.width > 0, inner.height > 0 else { return false }
        let stroke = a.color != nil && w > 0
        let fill = a.interiorColor != nil
        guard stroke || fill else { return true }
        if let ic = a.interiorColor { c.fillColor(ic) }
        if let color = a.color { c.strokeColor(color) }
        c.lineWidth(w)
        c.dash(a.dashPattern)
        if a.subtype == .circle {
            c.ellipse(in: inner)
        } else {
            c.raw("\(c.p(inner.origin)) \(c.f(inner.width)) \(c.f(inner.height)) re")
        }
        c.raw(stroke && fill ? "B" : stroke ? "S" : "f")
        return true
    }

    /// A line with its endings. Arrow heads are about three line widths long (at least six
    /// points) and open at 30°; closed ones are filled with the interior colour or the colour.
    static func drawLine(_ a: Annotation, _ c: inout ContentWriter) -> Bool {
        guard case .line(let start, let end, let startEnding, let endEnding) = a.geometry, start != end else { return false }
        let color = a.color ?? .black
        let w = a.borderWidth ?? 1
        c.strokeColor(color)
        c.fillColor(a.interiorColor ?? color)
        c.lineWidth(w)
        c.dash(a.dashPattern)
        c.raw("1 j")
        c.move(start)
        c.line(end)
        c.raw("S")
        c.raw("[] 0 d")
        drawEnding(endEnding, at: end, from: start, width: w, &c)
        drawEnding(startEnding, at: start, from: end, width: w, &c)
        return true
    }

    /// One line ending at `tip`, the line arriving from `from`.
    static func drawEnding(_ ending: LineEnding, at tip: Point, from: Point, width w: Double, _ c: inout ContentWriter) {
        let d = tip - from
        let length = d.length
        guard length > 0, ending != .none else { return }
        let u = d * (1 / length), n = Vector(dx: -u.dy, dy: u.dx)
        let size = max(6, 3 * w)
        let back = size * 0.866, side = size * 0.5
        switch ending {
        case .openArrow, .closedArrow:
            let wingA = tip + u * -back + n * side, wingB = tip + u * -back + n * -side
            if ending == .openArrow {
                c.move(wingA); c.line(tip); c.line(wingB); c.raw("S")
            } else {
                c.polygon([wingA, tip, wingB]); c.raw("B")
            }
        case .reversedOpenArrow, .reversedClosedArrow:
            let wingA = tip + u * back + n * side, wingB = tip + u * back + n * -side
            if ending == .reversedOpenArrow {
                c.move(wingA); c.line(tip); c.line(wingB); c.raw("S")
            } else {
                c.polygon([wingA, tip, wingB]); c.raw("B")
            }
        case .circle:
            c.ellipse(in: Rect(x: tip.x - side, y: tip.y - side, width: size, height: size)); c.raw("B")
        case .square:
            c.polygon([tip + n * side + u * side, tip + n * -side + u * side, tip + n * -side + u * -side, tip + n * side + u * -side])
            c.raw("B")
        case .diamond:
            c.polygon([tip + u * side, tip + n * side, tip + u * -side, tip + n * -side]); c.raw("B")
        case .butt:
            c.move(tip + n * side); c.line(tip + n * -side); c.raw("S")
        case .slash:
            let s = (u + n) * (side * 0.7071)
            c.move(tip + s); c.line(tip + s * -1); c.raw("S")
        case .none:
            break
        }
    }

    /// A polygon (closed, filled when it has an interior colour) or a polyline (open).
    static func drawPolygon(_ a: Annotation, _ c: inout ContentWriter) -> Bool {
        guard case .vertices(let points) = a.geometry, points.count >= 2 else { return false }
        c.strokeColor(a.color ?? .black)
        c.lineWidth(a.borderWidth ?? 1)
        c.dash(a.dashPattern)
        c.raw("1 j")
        c.move(points[0])
        for pt in points.dropFirst() { c.line(pt) }
        if a.subtype == .polygon {
            if let ic = a.interiorColor { c.fillColor(ic); c.raw("b") } else { c.raw("s") }
        } else {
            c.raw("S")
        }
        return true
    }
}
