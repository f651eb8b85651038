// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentLayout
import Geometry

/// Draws a page being turned over with cairo: the layers DocumentLayout's ``PageTurnPicture``
/// describes (the front spread where it still lies flat; the spread beneath where the sheet is
/// lifted, darkened along the fold; the folded-over back with the page on it, through the
/// curl's back transform, so it is turned, never mirrored, a soft shadow and shading). Given
/// ``CurlImages``, each page is one image filled into its polygon (one composite a page a
/// frame); without, its tiles are painted under a clip.
public struct PageCurlPainter {
    public let pages: PagePainter
    /// Where the turn's pages are kept as one image each between frames (`nil` paints them
    /// tile by tile under clips).
    public let images: CurlImages?
    /// Device pixels per unit of the context's user space.
    public let deviceScale: Double
    /// Whether the turned back page is sampled smoothly (a sheet at rest) or by the nearest
    /// pixel (a sheet in motion).
    public let smoothBack: Bool

    public init(pages: PagePainter, images: CurlImages? = nil, deviceScale: Double = 1, smoothBack: Bool = true) {
        self.pages = pages
        self.images = images
        self.deviceScale = deviceScale
        self.smoothBack = smoothBack
    }

    /// Paints a turn's picture, layer by layer as ``PageTurnPicture`` describes it; every frame
    /// is in the context's user space. `stillPagesAsNodes`: the front spread's still pages are
    /// left out (the render-node canvas places them as its tiles' nodes).
    public func paint(_ picture: PageTurnPicture, stillPagesAsNodes: Bool = false, cr: OpaquePointer) {
        let curl = picture.curl
        // The front spread: its other pages as they are, the sheet only where it lies flat
        // (clipping one page to a polygon costs far less than the whole view to its complement).
        if !stillPagesAsNodes { for page in picture.still { pages.paintPage(page.page, at: page.frame, cr: cr) } }
        guard let sheet = picture.sheet else { return }
        guard !picture.isFlat else {
            pages.paintPage(sheet.page, at: sheet.frame, cr: cr)
            return
        }
        if curl.flatPart.count > 2 { fill(curl.flatPart, with: sheet, kept: images?.sheet, cr: cr) }
        let lifted = curl.liftedPart, backPart = curl.backPart

        // The spread beneath, where the sheet is lifted: each page's share of the lifted part.
        var keptUsed = false
        for page in picture.beneath {
            let share = Self.clip(lifted, to: page.frame)
            guard share.count > 2 else { continue }
            fill(share, with: page, kept: keptUsed ? nil : images?.beneath, cr: cr)
            keptUsed = true
        }
        if let shadow = picture.shadow { shade(lifted, shadow, cr: cr) }

        // A soft shadow around the folded flap, then the flap: paper, the back page, shading.
        // Each is the flap's polygon filled (no clip): a fill costs the polygon's own pixels,
        // a clip a mask of them first.
        cairo_save(cr)
        polygon(cr, backPart)
        cairo_set_source_rgba(cr, 0, 0, 0, PageTurnPicture.flapOutlineAlpha)
        cairo_set_line_width(cr, PageTurnPicture.flapOutlineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
        cairo_restore(cr)

        let paper = PageTurnPicture.backPaper
        if let back = picture.back, let image = images?.back.image(of: back.page, size: back.frame.size, deviceScale: deviceScale, painter: pages) {
            fillBack(backPart, with: image, frame: back.frame, transform: curl.backTransform, cr: cr)
        } else {
            cairo_save(cr)
            polygon(cr, backPart)
            cairo_clip(cr)
            cairo_set_source_rgb(cr, paper.red, paper.green, paper.blue)
            cairo_paint(cr)
            if let back = picture.back {
                let t = curl.backTransform
                var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                cairo_transform(cr, &matrix)
                pages.paintPage(back.page, at: back.frame, cr: cr)
            }
            cairo_restore(cr)
        }
        if let crease = picture.crease { shade(backPart, crease, cr: cr) }
    }

    /// `area` (a convex polygon within `page`'s frame) filled with the page: its kept image in
    /// one composite on whole device pixels, else its tiles under a clip.
    private func fill(_ area: [Point], with page: PlacedPage, kept: FlattenedPage?, cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let image = kept?.image(of: page.page, size: page.frame.size, deviceScale: deviceScale, painter: pages) {
            let x = (page.frame.minX * deviceScale).rounded() / deviceScale, y = (page.frame.minY * deviceScale).rounded() / deviceScale
            cairo_set_source_surface(cr, image, x, y)
            polygon(cr, area)
            cairo_fill(cr)
        } else {
            polygon(cr, area)
            cairo_clip(cr)
            pages.paintPage(page.page, at: page.frame, cr: cr)
        }
    }

    /// A convex polygon cut to a rectangle.
    static func clip(_ polygon: [Point], to r: Rect) -> [Point] {
        var p = polygon
        for (point, normal) in [(Point(x: r.minX, y: 0), Vector(dx: 1, dy: 0)), (Point(x: r.maxX, y: 0), Vector(dx: -1, dy: 0)),
                                (Point(x: 0, y: r.minY), Vector(dx: 0, dy: 1)), (Point(x: 0, y: r.maxY), Vector(dx: 0, dy: -1))] {
            p = PageCurl.clip(p, keeping: (point, normal), liftedSide: true)
            if p.count < 3 { return [] }
        }
        return p
    }

    /// The flap filled with the back page's kept image through the curl's back transform (on
    /// whole device pixels when the transform only moves it): one composite of the flap's
    /// pixels, where painting the page tile by tile under a clip costs one per tile.
    private func fillBack(_ flap: [Point], with image: OpaquePointer, frame: Rect, transform t: AffineTransform, cr: OpaquePointer) {
        let origin = t.apply(to: frame.origin)
        cairo_save(cr)
        cairo_set_source_surface(cr, image, 0, 0)
        let pattern = cairo_get_source(cr)
        var matrix: cairo_matrix_t
        if abs(t.a - 1) < 1e-4, abs(t.d - 1) < 1e-4, abs(t.b) < 1e-4, abs(t.c) < 1e-4 {
            let x = (origin.x * deviceScale).rounded() / deviceScale, y = (origin.y * deviceScale).rounded() / deviceScale
            matrix = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: x, y0: y)
        } else {
            matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: origin.x, y0: origin.y)
            // Turned pixels sampled smoothly cost ~3× the nearest ones: a sheet in motion takes
            // the nearest (the frame rate shows more than the sampling while it moves), a
            // sheet at rest the smooth ones.
            cairo_pattern_set_filter(pattern, smoothBack ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
        }
        // The pattern's matrix maps the context's space to the image's: the inverse of where
        // the image goes.
        guard cairo_matrix_invert(&matrix) == CAIRO_STATUS_SUCCESS else { cairo_restore(cr); return }
        // Paper under the page where the page does not reach the flap's edges (a back page
        // smaller than the sheet).
        let width = Double(cairo_image_surface_get_width(image)) / deviceScale
        let height = Double(cairo_image_surface_get_height(image)) / deviceScale
        let covered = flap.allSatisfy { p in
            var x = p.x, y = p.y
            cairo_matrix_transform_point(&matrix, &x, &y)
            return x > -0.5 && y > -0.5 && x < width + 0.5 && y < height + 0.5
        }
        if !covered {
            let page = cairo_pattern_reference(pattern)
            let paper = PageTurnPicture.backPaper
            cairo_set_source_rgb(cr, paper.red, paper.green, paper.blue)
            polygon(cr, flap)
            cairo_fill(cr)
            cairo_set_source(cr, page)
            cairo_pattern_destroy(page)
        }
        cairo_pattern_set_matrix(pattern, &matrix)
        polygon(cr, flap)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A closed polygon as the current path.
    private func polygon(_ cr: OpaquePointer, _ points: [Point]) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
    }

    /// Darkens `area` (a convex polygon) as `shade` says. Only the band that darkens is
    /// filled, cut out of the area.
    private func shade(_ area: [Point], _ shade: PageTurnPicture.Shade, cr: OpaquePointer) {
        let point = shade.from, direction = shade.direction
        let end = point + direction * shade.length
        let band = PageCurl.clip(PageCurl.clip(area, keeping: (point, direction), liftedSide: true),
                                 keeping: (end, direction), liftedSide: false)
        guard band.count > 2 else { return }
        let gradient = cairo_pattern_create_linear(point.x, point.y, end.x, end.y)!
        cairo_pattern_add_color_stop_rgba(gradient, 0, 0, 0, 0, shade.alpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, 0, 0, 0, 0)
        cairo_set_source(cr, gradient)
        polygon(cr, band)
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
    }
}
