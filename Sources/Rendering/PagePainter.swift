// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// Paints pages from the tile cache at any frame and under any transform: the page's edge and
/// paper, stand-ins from other zooms scaled to fit, then the sharp tiles that meet the clip.
/// What the canvas draws for a page, a lifted annotation's pixels and both sides of a curl.
public struct PagePainter {
    public let cache: TileCache
    public let planner: TilePlanner
    /// The zoom the frames are laid out at (canvas pixels per point).
    public let zoom: Double

    public init(cache: TileCache, planner: TilePlanner, zoom: Double) {
        self.cache = cache
        self.planner = planner
        self.zoom = zoom
    }

    /// A page's edge, its paper and its tiles at `frame` (in the context's user space).
    public func paintPage(_ page: PageIndex, at frame: Rect, cr: OpaquePointer) {
        // On device pixels, as the tiles are (paintTiles): the paper and the clip then meet
        // them exactly, with no sliver of paper beside the first or last column of pixels.
        let frame = pixelAligned(frame, cr: cr)
        // The edge: a one-pixel frame round the page (four strips, not a fill under the page
        // that the paper then covers: that would blend every pixel of the page once more).
        cairo_set_source_rgba(cr, 0, 0, 0, 0.18)
        for strip in Self.edgeStrips(of: frame) { cairo_rectangle(cr, strip.minX, strip.minY, strip.width, strip.height) }
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        cairo_fill(cr)
        cairo_save(cr)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        cairo_clip(cr)
        paintTiles(of: page, at: frame, cr: cr)
        cairo_restore(cr)
    }

    /// The four one-pixel strips that outline `frame` just outside it.
    public static func edgeStrips(of frame: Rect) -> [Rect] {
        [Rect(x: frame.minX - 1, y: frame.minY - 1, width: frame.width + 2, height: 1),
         Rect(x: frame.minX - 1, y: frame.maxY, width: frame.width + 2, height: 1),
         Rect(x: frame.minX - 1, y: frame.minY, width: 1, height: frame.height),
         Rect(x: frame.maxX, y: frame.minY, width: 1, height: frame.height)]
    }

    /// A page's stand-ins, then its sharp tiles that meet the current clip, at `frame`.
    public func paintTiles(of page: PageIndex, at frame: Rect, cr: OpaquePointer) {
        let tiling = planner.tiling(of: page, zoom: zoom)
        // The tiles start on a device pixel: their pixels then meet the screen's one to one,
        // which cairo copies, where a fraction of a pixel off (a wheel's smooth scroll) it
        // would filter every pixel and blur the text.
        let frame = Rect(origin: pixelAligned(frame, cr: cr).origin, size: frame.size)
        for tile in cache.placeholderTiles(page: page, near: tiling.scaleMillis) {
            paint(tile, at: frame, cr: cr)
        }
        var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
        cairo_clip_extents(cr, &clipX0, &clipY0, &clipX1, &clipY1)
        let visible = Rect(corner: Point(x: clipX0, y: clipY0), corner: Point(x: clipX1, y: clipY1))
        let s = planner.viewPixelsPerSharpTilePixel(of: tiling, zoom: zoom)
        for row in 0..<tiling.rows {
            for column in 0..<tiling.columns {
                let key = TileKey(page: page, scaleMillis: tiling.scaleMillis, column: column, row: row)
                let r = tiling.pixelRect(column: column, row: row)
                let onScreen = Rect(x: frame.minX + r.minX * s, y: frame.minY + r.minY * s, width: r.width * s, height: r.height * s)
                guard onScreen.intersects(visible), let tile = cache.tile(for: key) else { continue }
                paint(tile, at: frame, cr: cr)
            }
        }
    }

    /// The tiles `paintTiles` paints for `page` laid out at `frame` within `visible`: its
    /// stand-ins, then its sharp tiles.
    public func tilesShowing(_ page: PageIndex, in frame: Rect) -> [RenderedTile] {
        let tiling = planner.tiling(of: page, zoom: zoom)
        var shown = cache.placeholderTiles(page: page, near: tiling.scaleMillis)
        for row in 0..<tiling.rows {
            for column in 0..<tiling.columns {
                if let tile = cache.tile(for: TileKey(page: page, scaleMillis: tiling.scaleMillis, column: column, row: row)) {
                    shown.append(tile)
                }
            }
        }
        return shown
    }

    /// The pixels of `source` (part of the page drawn at `pageFrame`) scaled into `target`, over
    /// white paper when `onPaper`: an annotation held up off its page, or dragged to a new place.
    public func paintPixels(of page: PageIndex, pageFrame: Rect, from source: Rect, into target: Rect, onPaper: Bool,
                            cr: OpaquePointer) {
        guard source.width > 0, source.height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, target.minX, target.minY, target.width, target.height)
        if onPaper {
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_fill_preserve(cr)
        }
        cairo_clip(cr)
        cairo_translate(cr, target.minX, target.minY)
        cairo_scale(cr, target.width / source.width, target.height / source.height)
        cairo_translate(cr, -source.minX, -source.minY)
        paintTiles(of: page, at: pageFrame, cr: cr)
        cairo_restore(cr)
    }

    /// The pixels of the page drawn at `pageFrame`, each view point `p` shown at `p × scale +
    /// offset`, within the rectangles `shown` only (their union): the annotations of a move or
    /// resize of many at their new places in one paint of the page's tiles.
    public func paintPixels(of page: PageIndex, pageFrame: Rect, within shown: [Rect], scaleX: Double, scaleY: Double,
                            offset: Vector, cr: OpaquePointer) {
        guard !shown.isEmpty, scaleX > 0, scaleY > 0 else { return }
        cairo_save(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        for r in shown { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
        cairo_clip(cr)
        cairo_translate(cr, offset.dx, offset.dy)
        cairo_scale(cr, scaleX, scaleY)
        paintTiles(of: page, at: pageFrame, cr: cr)
        cairo_restore(cr)
    }

    /// `rect` on device pixels (``TilePlanner/deviceAligned(_:offset:)``) when the context only
    /// translates (a view's frame); unchanged under a scale or a turn (a lift, a curl), where
    /// pixels do not meet one to one anyway.
    func pixelAligned(_ rect: Rect, cr: OpaquePointer) -> Rect {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0 else { return rect }
        return planner.deviceAligned(rect, offset: Point(x: m.x0, y: m.y0))
    }

    /// One tile, scaled from its own zoom to the frame's.
    func paint(_ tile: RenderedTile, at frame: Rect, cr: OpaquePointer) {
        let s = planner.viewPixelsPerTilePixel(tile.key, zoom: zoom)
        cairo_save(cr)
        cairo_translate(cr, frame.minX, frame.minY)
        cairo_scale(cr, s, s)
        cairo_rectangle(cr, tile.pixelRect.minX, tile.pixelRect.minY, tile.pixelRect.width, tile.pixelRect.height)
        cairo_clip(cr)
        // The pixels where they are (a rendering's or the tile's own image), never snapshotted.
        let image = tile.image
        if let pattern = ImagePattern.make(image.surface, origin: (Double(image.x) - tile.pixelRect.minX,
                                                                   Double(image.y) - tile.pixelRect.minY),
                                           filter: CAIRO_FILTER_GOOD) {
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }
}
