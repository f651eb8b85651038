// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentLayout
import Geometry

/// Draws a page being turned over (the geometry is DocumentLayout's ``PageCurl``), in three
/// layers: the front spread where it still lies flat; the spread beneath where the sheet is
/// lifted, darkened along the fold; the folded-over back with the page on it (through the
/// curl's back transform, so it is turned, never mirrored), a soft shadow and shading.
public struct PageCurlPainter {
    public let pages: PagePainter

    public init(pages: PagePainter) { self.pages = pages }

    /// Paints the curl; every frame is in the context's user space, the front spread's last
    /// page being the sheet that turns.
    public func paint(_ curl: PageCurl, front: [(page: PageIndex, frame: Rect)], beneath: [(page: PageIndex, frame: Rect)],
                      back: (page: PageIndex, frame: Rect)?, cr: OpaquePointer) {
        let lifted = curl.liftedPart, backPart = curl.backPart
        // The front spread: its other pages as they are, the sheet only where it lies flat
        // (clipping one page to a polygon costs far less than the whole view to its complement).
        for (page, frame) in front.dropLast() { pages.paintPage(page, at: frame, cr: cr) }
        if let sheet = front.last, curl.flatPart.count > 2 {
            cairo_save(cr)
            polygon(cr, curl.flatPart)
            cairo_clip(cr)
            pages.paintPage(sheet.page, at: sheet.frame, cr: cr)
            cairo_restore(cr)
        }
        guard let fold = curl.fold, lifted.count > 2 else { return }

        cairo_save(cr)
        polygon(cr, lifted)
        cairo_clip(cr)
        for (page, frame) in beneath { pages.paintPage(page, at: frame, cr: cr) }
        // The shadow the lifted sheet casts on the page beneath, strongest at the fold.
        let reach = min(80, max(12, (curl.pointer - curl.grab).length * 0.5))
        shade(cr, from: fold.point, along: fold.normal, length: reach, alpha: 0.38)
        cairo_restore(cr)

        // A soft shadow around the folded flap, then the flap: paper, the back page, shading.
        cairo_save(cr)
        polygon(cr, backPart)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.10)
        cairo_set_line_width(cr, 10)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
        cairo_restore(cr)

        cairo_save(cr)
        polygon(cr, backPart)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, 0.97, 0.97, 0.96)
        cairo_paint(cr)
        if let back {
            cairo_save(cr)
            let t = curl.backTransform
            var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_transform(cr, &matrix)
            pages.paintPage(back.page, at: back.frame, cr: cr)
            cairo_restore(cr)
        }
        // The back curves away from the fold: darker at the crease, lighter beyond it.
        shade(cr, from: fold.point, along: fold.normal * -1, length: reach * 0.8, alpha: 0.22)
        cairo_restore(cr)
    }

    /// A closed polygon as the current path.
    private func polygon(_ cr: OpaquePointer, _ points: [Point]) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
    }

    /// Darkens from a line outwards: black at `alpha` on the line, nothing `length` away. Only
    /// the band that darkens is filled (within the clip), not the whole clipped area.
    private func shade(_ cr: OpaquePointer, from point: Point, along direction: Vector, length: Double, alpha: Double) {
        let end = point + direction * length
        let gradient = cairo_pattern_create_linear(point.x, point.y, end.x, end.y)!
        cairo_pattern_add_color_stop_rgba(gradient, 0, 0, 0, 0, alpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, 0, 0, 0, 0)
        cairo_set_source(cr, gradient)
        // The band: from the line to `length` along `direction`, long enough to cross the view.
        let across = Vector(dx: -direction.dy, dy: direction.dx) * 4000
        polygon(cr, [point + across, point - across, end - across, end + across])
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
    }
}
