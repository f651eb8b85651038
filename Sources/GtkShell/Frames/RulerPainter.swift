// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import DocumentSession
import Geometry
import InteractionEngine

/// Paints the ruler from the frame's ``FrameModel/RulerFrame``: a translucent light straight
/// edge with a dark outline (it reads over white paper, a dark page and the dark theme's
/// background alike), its centimetre or inch marks with their numbers, its two handles and the
/// angle it lies at. It decides nothing: where everything goes is in the frame.
enum RulerPainter {
    static let faces = "Cantarell, Noto Sans, DejaVu Sans, sans"

    static func paint(_ ruler: FrameModel.RulerFrame, _ cr: OpaquePointer) {
        let p = ruler.placement
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // The body.
        let corners = p.corners
        cairo_move_to(cr, corners[0].x, corners[0].y)
        for c in corners.dropFirst() { cairo_line_to(cr, c.x, c.y) }
        cairo_close_path(cr)
        cairo_set_source_rgba(cr, 0.97, 0.96, 0.90, 0.72)
        cairo_fill_preserve(cr)
        cairo_set_line_width(cr, 1.5)
        cairo_set_source_rgba(cr, 0.12, 0.12, 0.14, 0.9)
        cairo_stroke(cr)
        // The marks.
        cairo_set_line_width(cr, 1)
        for tick in ruler.ticks {
            cairo_move_to(cr, tick.edge.x, tick.edge.y)
            cairo_line_to(cr, tick.inner.x, tick.inner.y)
        }
        cairo_stroke(cr)
        // The numbers, upright along the ruler under the upper edge's long marks.
        let size = 11.0
        let spacing = p.unit.majorStep * p.scale
        let every = spacing >= 22 ? 1 : spacing >= 9 ? 5 : 10
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.12, 1)
        for tick in ruler.ticks {
            guard let number = tick.number, number % every == 0 else { continue }
            let at = tick.inner - p.normal * (size * 0.9)
            label(String(number), at: at, angle: p.angle, size: size, cr)
        }
        // The handles: move in the middle, turn along the ruler.
        for handle in [RulerPlacement.Handle.move, .turn] {
            let c = p.position(of: handle)
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, Ruler.handleRadius, 0, 2 * Double.pi)
            cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.9)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.95)
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            if handle == .move {
                // Four arrows' worth of a cross.
                for d in [p.direction, p.normal] {
                    cairo_move_to(cr, c.x - d.dx * 8, c.y - d.dy * 8)
                    cairo_line_to(cr, c.x + d.dx * 8, c.y + d.dy * 8)
                }
            } else {
                cairo_new_sub_path(cr)
                cairo_arc(cr, c.x, c.y, 7, 0.3, 1.5 * Double.pi)
            }
            cairo_stroke(cr)
        }
        // The angle, in a dark label beside the move handle.
        let text = "\(ruler.shownAngle)°"
        let at = p.point(along: -Ruler.turnHandleDistance * 0.6, across: 0)
        cairo_new_sub_path(cr)
        let w = 44.0, h = 22.0
        cairo_rectangle(cr, at.x - w / 2, at.y - h / 2, w, h)
        cairo_set_source_rgba(cr, 0.12, 0.12, 0.14, 0.85)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        label(text, at: at, angle: 0, size: 13, cr)
    }

    /// `text` centred on a view point, turned anticlockwise by `angle` degrees.
    private static func label(_ text: String, at point: Point, angle: Double, size: Double, _ cr: OpaquePointer) {
        guard let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string(faces)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        cairo_save(cr)
        cairo_translate(cr, point.x, point.y)
        cairo_rotate(cr, -angle * Double.pi / 180)
        cairo_move_to(cr, -Double(width) / 2, -Double(height) / 2)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }
}
