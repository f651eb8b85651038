// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// The icon of a file attachment, what viewers without their own icon show (Acrobat's
    /// "PushPin" and "Paperclip" look alike): a paperclip on a rounded tile filled with the
    /// annotation's colour (a pale blue by default), drawn on a 20 × 20 grid scaled to the
    /// rectangle's shorter side and centred in it.
    static func drawAttachment(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        let r = a.rect
        let s = min(r.width, r.height) / 20
        let x0 = r.midX - 10 * s, y0 = r.midY - 10 * s
        func pt(_ x: Double, _ y: Double) -> Point { Point(x: x0 + x * s, y: y0 + y * s) }
        c.fillColor(a.color ?? RGBColor(red: 0.85, green: 0.9, blue: 1))
        c.strokeColor(RGBColor(red: 0.45, green: 0.5, blue: 0.6))
        c.lineWidth(0.8 * s)
        c.roundedRectangle(Rect(x: x0 + 0.5 * s, y: y0 + 0.5 * s, width: 19 * s, height: 19 * s), radius: 3 * s)
        c.fillAndStroke()
        // The clip: one wire bent three times, its ends open.
        c.strokeColor(RGBColor(red: 0.2, green: 0.22, blue: 0.28))
        c.lineWidth(1.5 * s)
        c.roundCapsAndJoins()
        c.move(pt(11, 7))
        c.line(pt(11, 13))
        c.curve(pt(11, 14.33), pt(9, 14.33), pt(9, 13))
        c.line(pt(9, 5))
        c.curve(pt(9, 2.33), pt(13.5, 2.33), pt(13.5, 5))
        c.line(pt(13.5, 14.5))
        c.curve(pt(13.5, 18.5), pt(6.5, 18.5), pt(6.5, 14.5))
        c.line(pt(6.5, 6.5))
        c.stroke()
        return true
    }
}
