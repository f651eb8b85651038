// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// A square's rectangle or a circle's ellipse, inset by half the border (1 point by default)
    /// so the border stays inside: stroked in the colour when there is one, filled with the
    /// interior colour when there is one (`B` for both), dashed when the border is.
    static func drawShape(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        let w = max(0, a.borderWidth ?? 1)
        let stroke = a.color != nil && w > 0
        let fill = a.interiorColor != nil
        guard stroke || fill else { return true }
        var inner = a.rect.insetBy(dx: w / 2, dy: w / 2)
        if inner.width <= 0 || inner.height <= 0 {
            // A border wider than the shape: the shape is all border.
            inner = Rect(x: a.rect.midX, y: a.rect.midY, width: 0, height: 0)
        }
        if let ic = a.interiorColor { c.fillColor(ic) }
        if stroke, let color = a.color {
            c.strokeColor(color)
            c.lineWidth(w)
            c.dash(a.dashPattern)
        }
        if a.subtype == .circle { c.ellipse(in: inner) } else { c.rectangle(inner) }
        if stroke && fill { c.fillAndStroke() } else if stroke { c.stroke() } else { c.fill() }
        return true
    }

    /// A polygon (closed; filled with the interior colour when there is one) or a polyline
    /// (open), through the vertices, in the colour (black by default) with round joins.
    static func drawPolygon(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        guard case .vertices(let points) = a.geometry, points.count >= 2 else { return false }
        let w = max(0, a.borderWidth ?? 1)
        c.strokeColor(a.color ?? .black)
        c.lineWidth(w)
        c.dash(a.dashPattern)
        c.roundJoins()
        if a.subtype == .polygon {
            c.polygon(points)
            if let ic = a.interiorColor {
                c.fillColor(ic)
                if w > 0 { c.fillAndStroke() } else { c.fill() }
            } else {
                c.stroke()
            }
        } else {
            c.polyline(points)
            c.stroke()
        }
        return true
    }

    /// A filled caret (^) standing on the rectangle's bottom edge, its point at the top middle,
    /// in the colour (blue by default).
    static func drawCaret(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        let r = a.rect
        c.fillColor(a.color ?? RGBColor(red: 0.2, green: 0.3, blue: 0.9))
        c.polygon([Point(x: r.minX, y: r.minY), Point(x: r.midX, y: r.minY + r.height * 0.4),
                   Point(x: r.maxX, y: r.minY), Point(x: r.midX, y: r.maxY)])
        c.fill()
        return true
    }
}
