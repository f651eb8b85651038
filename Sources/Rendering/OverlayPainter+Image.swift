// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

extension OverlayPainter {
    /// A selected image of the page's content: a light tint and a solid outline, white under
    /// the accent so that it shows on dark and light pictures alike (wider in high contrast).
    public static func imageOutline(_ rect: Rect, cr: OpaquePointer) {
        cairo_save(cr)
        let r = rect.insetBy(dx: -1, dy: -1)
        accent(cr, alpha: 0.12)
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_set_line_width(cr, outline(4))
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        cairo_stroke_preserve(cr)
        accent(cr)
        cairo_set_line_width(cr, outline(2))
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
