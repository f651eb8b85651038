// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentSession
import Geometry
import Rendering

/// The pictures of a group of annotations carried as one (``FrameModel/Carried``), made on the
/// first frame of a carry and only moved on the others: the veil over the places the group
/// left, its pixels from the page's tiles, and its selection outlines. A frame of a carry of
/// 1,566 strokes is then three image paints at whole device pixels, not 1,566 rectangles
/// veiled, clipped and outlined, whatever the group holds.
final class CarriedPictures {
    /// An image surface (at the screen's scale) and where its top left corner is drawn,
    /// relative to the top left corner of the rectangles it was made from.
    private final class Picture {
        let surface: OpaquePointer
        let corner: Vector
        init(surface: OpaquePointer, corner: Vector) {
            self.surface = surface
            self.corner = corner
        }
        deinit { cairo_surface_destroy(surface) }
    }

    private var serial: Int?
    private var veil: Picture?
    private var pixels: Picture?
    private var outlines: Picture?
    /// The screen's scale the pictures are made at (the group's paint sets it).
    private var scale = 1.0
    /// The picture of still outlines (``paintStill(outlines:side:scale:cr:)``) and what it shows.
    private var still: (rects: [Rect], picture: Picture)?
    /// The last frame's carried group, and where its outlines' picture put them when it ended.
    private var lastCarried: FrameModel.Carried?
    private var landed: (rects: [Rect], picture: Picture)?
    /// How many pictures were made (tests: a frame that reuses one makes none).
    private(set) var picturesMade = 0

    /// Forgets the still outlines' picture (the selection is small again, or gone).
    func dropStill() { still = nil }

    /// Forgets the carry's pictures (the carry is over). Its outlines' picture is kept for the
    /// selection's first frames after the release, where the same outlines stand still.
    func drop() {
        if let serial, let carried = lastCarried, carried.serial == serial, let outlines {
            landed = (carried.outlines.map { $0.offsetBy(carried.offset) }, outlines)
        }
        lastCarried = nil
        serial = nil
        veil = nil
        pixels = nil
        outlines = nil
    }

    /// The group's places veiled and its pixels at its offset.
    func paint(_ group: FrameModel.Carried, painter: PagePainter, cr: OpaquePointer) {
        scale = max(1, painter.planner.deviceScale)
        renew(for: group)
        guard let from = group.fromBox ?? Self.union(group.from) else { return }
        if veil == nil || pixels == nil {
            // On whole device pixels, the places are boxes cairo fills and clips to at once (a
            // path of 1,566 rectangles off the grid is a polygon to rasterise, twice).
            let scale = scale
            let places = group.from.map { Self.aligned($0, scale: scale) }
            veil = picture(of: from, grownBy: 1, scale: scale) { OverlayPainter.veil(places, cr: $0) }
            pixels = picture(of: from, grownBy: 1, scale: scale) {
                painter.paintPixels(of: group.page, pageFrame: group.pageFrame, within: places, scaleX: 1, scaleY: 1,
                                    offset: .zero, cr: $0)
            }
        }
        Self.paint(veil, at: from.origin, scale: scale, cr: cr)
        Self.paint(pixels, at: from.origin + group.offset, scale: scale, cr: cr)
    }

    /// The render-node frame shows `group` itself, made at `scale` (``CarriedLayers``): the
    /// pictures follow the carry as when they paint it (its outlines' picture, made once
    /// through ``paintOutlines(_:side:cr:)``, is shown by the selection after the release).
    func carriedAsLayer(_ group: FrameModel.Carried, scale: Double) {
        self.scale = max(1, scale)
        renew(for: group)
        // A group landing has no outlines of its own: the carry's last frame says where they went.
        if !group.outlines.isEmpty { lastCarried = group }
    }

    /// The render-node frame shows `group` from layers made while its selection rested
    /// (``CarriedLayers/makeAhead``), their outlines from the still outlines' picture: that
    /// picture is the carry's, as if ``paintOutlines(_:side:cr:)`` had taken it.
    func carriedFromStill(_ group: FrameModel.Carried) {
        renew(for: group)
        if outlines == nil, let still, still.rects == group.outlines { outlines = still.picture }
        if !group.outlines.isEmpty { lastCarried = group }
    }

    /// The group's selection outlines at its offset.
    func paintOutlines(_ group: FrameModel.Carried, side: Double, cr: OpaquePointer) {
        renew(for: group)
        guard let box = group.outlinesBox ?? Self.union(group.outlines) else { return }
        if outlines == nil, let still, still.rects == group.outlines {
            // The selection's outlines as they stood before the carry: their picture, not a new one.
            outlines = still.picture
        }
        if outlines == nil { outlines = outlinesPicture(group.outlines, box: box, side: side, scale: scale) }
        Self.paint(outlines, at: box.origin + group.offset, scale: scale, cr: cr)
        lastCarried = group
    }

    /// Whether two lists of outlines are the same shapes to a twentieth of a pixel, all moved by
    /// one offset (the selection's outlines after a release are the carried ones moved, give or
    /// take rounding, and farther when the last steps of the carry came with the release and
    /// no frame showed them).
    static func sameMoved(_ a: [Rect], _ b: [Rect]) -> Bool {
        guard a.count == b.count, let first = a.first, let other = b.first else { return a.count == b.count }
        let dx = other.minX - first.minX, dy = other.minY - first.minY
        for (r, s) in zip(a, b) where abs(r.minX + dx - s.minX) > 0.05 || abs(r.minY + dy - s.minY) > 0.05
            || abs(r.width - s.width) > 0.05 || abs(r.height - s.height) > 0.05 {
            return false
        }
        return true
    }

    /// Outlines of a selection of many, still: one picture while they stay the same (a lasso's
    /// selection of 1,566 strokes is one image paint a frame, not 1,566 dashed rectangles).
    func paintStill(outlines: [Rect], side: Double, scale: Double, cr: OpaquePointer) {
        guard let box = Self.union(outlines) else { return }
        let scale = max(1, scale)
        // The carry's outlines where it let them go: kept by drop(), or still here while the
        // group lands (drawn as carried, without outlines of its own, until its tiles come).
        let released = landed ?? lastCarried.flatMap { carried in
            self.outlines.map { (rects: carried.outlines.map { $0.offsetBy(carried.offset) }, picture: $0) }
        }
        if still?.rects != outlines, let released, Self.sameMoved(released.rects, outlines) {
            // No new picture on the release's frame: the carry's, where the selection landed
            // (its corner is relative to the outlines' box, which moved with them).
            still = (outlines, released.picture)
        }
        landed = nil
        if still?.rects != outlines {
            still = outlinesPicture(outlines, box: box, side: side, scale: scale).map { (rects: outlines, picture: $0) }
        }
        Self.paint(still?.picture, at: box.origin, scale: scale, cr: cr)
    }

    /// A new carry (or the page's size on screen changed under it): new pictures.
    private func renew(for group: FrameModel.Carried) {
        guard serial != group.serial else { return }
        drop()
        serial = group.serial
    }

    /// `rect` grown to whole device pixels.
    private static func aligned(_ rect: Rect, scale: Double) -> Rect {
        let x0 = (rect.minX * scale).rounded(.down) / scale, y0 = (rect.minY * scale).rounded(.down) / scale
        let x1 = (rect.maxX * scale).rounded(.up) / scale, y1 = (rect.maxY * scale).rounded(.up) / scale
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { $0.union($1) }
    }

    /// The picture of many selection outlines (their union `box`): their pixels written
    /// straight into the image (``OverlayPainter/annotationOutlines(_:intoImage:origin:scale:)``),
    /// not stroked by cairo, which took 45 to 150 ms for a lasso's 1,566.
    private func outlinesPicture(_ outlines: [Rect], box: Rect, side: Double, scale: Double) -> Picture? {
        drawnPicture(of: box, grownBy: 3, scale: scale) { cr, image, origin in
            if !OverlayPainter.annotationOutlines(outlines, intoImage: image, origin: origin, scale: scale) {
                OverlayPainter.annotationSelection(outlines: outlines, band: nil, handles: .none, side: side, cr: cr)
            }
        }
    }

    /// `draw` into an image of `rect` grown by `margin` (view coordinates), on whole device
    /// pixels.
    private func picture(of rect: Rect, grownBy margin: Double, scale: Double, _ draw: (OpaquePointer) -> Void) -> Picture? {
        drawnPicture(of: rect, grownBy: margin, scale: scale) { cr, _, _ in draw(cr) }
    }

    /// `draw` into an image of `rect` grown by `margin`, given a context (in view coordinates),
    /// the image and the view point its first pixel's corner is at.
    private func drawnPicture(of rect: Rect, grownBy margin: Double, scale: Double,
                              _ draw: (_ cr: OpaquePointer, _ image: OpaquePointer, _ origin: Point) -> Void) -> Picture? {
        picturesMade += 1
        return Self.picture(of: rect, grownBy: margin, scale: scale, draw)
    }

    private static func picture(of rect: Rect, grownBy margin: Double, scale: Double,
                                _ draw: (OpaquePointer, OpaquePointer, Point) -> Void) -> Picture? {
        let x0 = ((rect.minX - margin) * scale).rounded(.down) / scale, y0 = ((rect.minY - margin) * scale).rounded(.down) / scale
        let x1 = ((rect.maxX + margin) * scale).rounded(.up) / scale, y1 = ((rect.maxY + margin) * scale).rounded(.up) / scale
        let width = Int32(((x1 - x0) * scale).rounded()), height = Int32(((y1 - y0) * scale).rounded())
        let origin = Point(x: x0, y: y0)
        guard let surface = ScaledImage.drawn(width: width, height: height, scale: scale, origin: origin,
                                              { cr, image in draw(cr, image, origin) })
        else { return nil }
        return Picture(surface: surface, corner: Vector(dx: x0 - rect.minX, dy: y0 - rect.minY))
    }

    /// Paints a picture with the corner of its rectangles at `corner`, on whole device pixels.
    private static func paint(_ picture: Picture?, at corner: Point, scale: Double, cr: OpaquePointer) {
        guard let picture else { return }
        let x = ((corner.x + picture.corner.dx) * scale).rounded() / scale
        let y = ((corner.y + picture.corner.dy) * scale).rounded() / scale
        let width = Double(cairo_image_surface_get_width(picture.surface)) / scale
        let height = Double(cairo_image_surface_get_height(picture.surface)) / scale
        cairo_save(cr)
        cairo_set_source_surface(cr, picture.surface, x, y)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
