// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// A sticky note's icon, whatever its name: a rounded speech bubble with three lines of
    /// "text", filled with the colour (yellow by default) and outlined in dark grey. It is drawn
    /// on a 20 × 20 grid scaled to the rectangle's shorter side and centred in it. A reply or a
    /// review state draws nothing: like Acrobat, which shows them only in its comment list, the
    /// page shows the annotation they answer, not a second icon over it (or over its text).
    static func drawNote(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        if a.isReply || a.isStateNote { return true }
        let r = a.rect
        let s = min(r.width, r.height) / 20
        let x0 = r.midX - 10 * s, y0 = r.midY - 10 * s
        func pt(_ x: Double, _ y: Double) -> Point { Point(x: x0 + x * s, y: y0 + y * s) }
        c.fillColor(a.color ?? .yellow)
        c.strokeColor(RGBColor(red: 0.25, green: 0.25, blue: 0.25))
        c.lineWidth(s)
        c.roundCapsAndJoins()
        // The bubble, counter-clockwise from its top left, its tail at the bottom left.
        c.move(pt(2.5, 19))
        c.curve(pt(1.4, 19), pt(1, 18.6), pt(1, 17.5))
        c.line(pt(1, 7.5))
        c.curve(pt(1, 6.4), pt(1.4, 6), pt(2.5, 6))
        c.line(pt(5.5, 6))
        c.line(pt(4.5, 1.5))
        c.line(pt(9, 6))
        c.line(pt(17.5, 6))
        c.curve(pt(18.6, 6), pt(19, 6.4), pt(19, 7.5))
        c.line(pt(19, 17.5))
        c.curve(pt(19, 18.6), pt(18.6, 19), pt(17.5, 19))
        c.close()
        c.fillAndStroke()
        for y in [15.5, 12.5, 9.5] { c.polyline([pt(4.5, y), pt(15.5, y)]) }
        c.stroke()
        return true
    }
}
