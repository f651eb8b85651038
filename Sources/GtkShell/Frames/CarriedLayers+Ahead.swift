// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import DocumentSession
import Geometry
import Rendering

/// The layers of a selection of many made while it rests, a band of their images at a time
/// (one band an idle turn, ``makeAhead``), so that the first frame of a carry of it makes
/// none: it takes them when its page, the view, the screen's scale, the page's tiles under the
/// view and the group's places and outlines are all as they were made from. Anything else (the
/// selection, a tile drawn again, a zoom or a scroll changed them) and the carry makes its own,
/// as without them: no stale picture is shown. A carry that starts while they are still being
/// made from what it shows draws the bands left (``takeAhead``).
extension CarriedLayers {
    /// Layers made ahead, and what they were made from.
    struct Ahead {
        let page: PageIndex
        let frame: Rect
        let visible: Rect
        let scale: Double
        /// The places (the selection's outlines, as an ink's are its rectangle) in one order.
        let places: [Rect]
        let tiles: [ObjectIdentifier]
        let pageLayer: ImageLayer
        let groupLayer: ImageLayer
    }

    /// Layers being made ahead: their two images, and the bands of them still to draw.
    final class AheadWork {
        let page: PageIndex
        /// The page's frame as laid out, and on device pixels.
        let pageFrame: Rect
        let frame: Rect
        let visible: Rect
        let scale: Double
        /// The selection's outlines as given, in one order, and on whole device pixels.
        let outlines: [Rect]
        let places: [Rect]
        let outward: [Rect]
        let tiles: [ObjectIdentifier]
        let groupRect: Rect
        fileprivate var pageImage: OpaquePointer?
        fileprivate var groupImage: OpaquePointer?
        /// The bands left to draw (view coordinates): the page layer's, then the group layer's.
        fileprivate var bands: [(group: Bool, rect: Rect)]

        fileprivate init?(page: PageIndex, pageFrame: Rect, frame: Rect, visible: Rect, scale: Double, outlines: [Rect],
                          tiles: [ObjectIdentifier], box: Rect) {
            self.page = page
            self.pageFrame = pageFrame
            self.frame = frame
            self.visible = visible
            self.scale = scale
            self.outlines = outlines
            places = CarriedLayers.ordered(outlines)
            outward = outlines.map { CarriedLayers.outward($0, scale: scale) }
            self.tiles = tiles
            groupRect = CarriedLayers.groupRect(fromBox: box, outlinesBox: box, scale: scale)
            pageImage = ScaledImage.blank(width: ImageLayer.pixels(visible.width, scale), height: ImageLayer.pixels(visible.height, scale),
                                          scale: scale)
            groupImage = ScaledImage.blank(width: ImageLayer.pixels(groupRect.width, scale),
                                           height: ImageLayer.pixels(groupRect.height, scale), scale: scale)
            guard pageImage != nil, groupImage != nil else { return nil }
            bands = CarriedLayers.bands(of: visible, scale: scale).map { (false, $0) }
                + CarriedLayers.bands(of: groupRect, scale: scale).map { (true, $0) }
        }

        deinit {
            if let pageImage { cairo_surface_destroy(pageImage) }
            if let groupImage { cairo_surface_destroy(groupImage) }
        }

        /// Whether this work makes the layers of `outlines` on `page` at `frame` within `visible`
        /// at `scale`, from `tiles`.
        func makes(page: PageIndex, frame: Rect, visible: Rect, scale: Double, outlines: [Rect], tiles: [ObjectIdentifier]) -> Bool {
            self.page == page && self.frame == frame && self.visible == visible && self.scale == scale && self.tiles == tiles
                && self.outlines == outlines
        }
    }

    /// At most this many device pixels of a layer are drawn in one turn of the main loop while
    /// a selection rests (a band of whole rows): the two layers of a fitted letter page at
    /// 1080p are ten bands of about 2 ms, where the two whole made one turn of 17 to 25 ms.
    static let aheadBandPixels = 200_000

    /// `rect` (on whole device pixels) cut into bands of whole rows, each of at most
    /// ``aheadBandPixels`` device pixels (at least 16 rows).
    static func bands(of rect: Rect, scale: Double) -> [Rect] {
        let width = max(1, Int(ImageLayer.pixels(rect.width, scale))), height = Int(ImageLayer.pixels(rect.height, scale))
        let rows = max(16, aheadBandPixels / width)
        return stride(from: 0, to: height, by: rows).map { top in
            let y0 = rect.minY + Double(top) / scale, y1 = rect.minY + Double(min(height, top + rows)) / scale
            return Rect(x: rect.minX, y: y0, width: rect.width, height: y1 - y0)
        }
    }

    /// Draws one band of the layers of the selection `outlines` (at least two, on `page` at
    /// `frame`, within `visible`) as a carry of it would make them, unless those made already
    /// show the same; forgets them when the page's tiles under the view are not all drawn.
    /// Whether bands are left to draw (the next idle turn draws the next one).
    @discardableResult
    func makeAhead(page: PageIndex, pageFrame frame: Rect, outlines: [Rect], visible: Rect, painter: PagePainter,
                   pictures: CarriedPictures, side: Double, asCairoNodes: Bool) -> Bool {
        let scale = max(1, painter.planner.deviceScale)
        let aligned = painter.planner.deviceAligned(frame)
        guard outlines.count > 1, let box = Self.union(outlines),
              let onScreen = aligned.intersection(visible).map({ Self.outward($0, scale: scale) }),
              let tiles = Self.sharpTiles(page, frame: aligned, within: onScreen, painter: painter) else {
            forgetAhead()
            return false
        }
        if let work = aheadWork, work.makes(page: page, frame: aligned, visible: onScreen, scale: scale, outlines: outlines, tiles: tiles) {
            return drawBand(of: work, painter: painter, pictures: pictures, side: side, asCairoNodes: asCairoNodes)
        }
        aheadWork = nil
        if let ahead, ahead.page == page, ahead.frame == aligned, ahead.visible == onScreen, ahead.scale == scale,
           ahead.tiles == tiles, ahead.places == Self.ordered(outlines) { return false }
        ahead = nil
        guard let work = AheadWork(page: page, pageFrame: frame, frame: aligned, visible: onScreen, scale: scale, outlines: outlines,
                                   tiles: tiles, box: box) else { return false }
        aheadWork = work
        return drawBand(of: work, painter: painter, pictures: pictures, side: side, asCairoNodes: asCairoNodes)
    }

    /// Forgets the layers made ahead and those being made.
    func forgetAhead() {
        ahead = nil
        aheadWork = nil
    }

    /// Draws the next band of `work`, and makes its layers once none is left; whether bands
    /// are left.
    private func drawBand(of work: AheadWork, painter: PagePainter, pictures: CarriedPictures, side: Double, asCairoNodes: Bool) -> Bool {
        guard !work.bands.isEmpty else { return false }
        let band = work.bands.removeFirst()
        aheadBands += 1
        let within = work.outward.filter { $0.intersects(band.rect) }
        if band.group, let image = work.groupImage {
            ScaledImage.draw(into: image, origin: work.groupRect.origin, clip: band.rect) { cr in
                painter.paintPixels(of: work.page, pageFrame: work.pageFrame, within: within, scaleX: 1, scaleY: 1, offset: .zero, cr: cr)
                // The outlines as the selection shows them at rest: its picture of them, not a new one.
                pictures.paintStill(outlines: work.outlines, side: side, scale: work.scale, cr: cr)
            }
        } else if let image = work.pageImage {
            ScaledImage.draw(into: image, origin: work.visible.origin, clip: band.rect) { cr in
                painter.paintPage(work.page, at: work.pageFrame, cr: cr)
                OverlayPainter.veil(within, cr: cr)
            }
        }
        guard work.bands.isEmpty else { return true }
        aheadWork = nil
        guard let pageImage = work.pageImage, let groupImage = work.groupImage else { return false }
        (work.pageImage, work.groupImage) = (nil, nil)
        let pageLayer = ImageLayer(rect: work.visible, scale: work.scale, opaque: true, asCairoNode: asCairoNodes, adopting: pageImage)
        let groupLayer = ImageLayer(rect: work.groupRect, scale: work.scale, opaque: false, asCairoNode: asCairoNodes, adopting: groupImage)
        layersMadeAhead += [pageLayer, groupLayer].compactMap { $0 }.count
        guard let pageLayer, let groupLayer else { return false }
        ahead = Ahead(page: work.page, frame: work.frame, visible: work.visible, scale: work.scale, places: work.places, tiles: work.tiles,
                      pageLayer: pageLayer, groupLayer: groupLayer)
        return false
    }

    /// The layers made ahead if they show `group` as its first frame would (its page at
    /// `frame` within `visible`, at `scale`, from the same tiles, with the same places and
    /// outlines); they are the carry's then. Layers still being made from all that have their
    /// bands left drawn now. Forgets them either way, and says why they were not taken
    /// (``aheadMissed``).
    func takeAhead(for group: FrameModel.Carried, frame: Rect, visible: Rect, scale: Double, painter: PagePainter,
                   pictures: CarriedPictures, side: Double, asCairoNodes: Bool) -> (ImageLayer, ImageLayer)? {
        let tiles = Self.sharpTiles(group.page, frame: frame, within: visible, painter: painter)
        if ahead == nil, let work = aheadWork {
            aheadMissed = Self.miss(group, page: work.page, frame: work.frame, visible: work.visible, scale: work.scale,
                                    places: work.places, tiles: work.tiles, at: (frame, visible, scale, tiles))
            guard aheadMissed == nil else {
                aheadWork = nil
                return nil
            }
            aheadFinishedByCarry += 1
            let began = Int(g_get_monotonic_time())
            while drawBand(of: work, painter: painter, pictures: pictures, side: side, asCairoNodes: asCairoNodes) {}
            madeOnFrame = (began, Int(g_get_monotonic_time()) - began)
        }
        guard let made = ahead else {
            aheadMissed = aheadMissed ?? "none"
            return nil
        }
        ahead = nil
        aheadMissed = Self.miss(group, page: made.page, frame: made.frame, visible: made.visible, scale: made.scale,
                                places: made.places, tiles: made.tiles, at: (frame, visible, scale, tiles))
        guard aheadMissed == nil else { return nil }
        layersTakenAhead += 2
        return (made.pageLayer, made.groupLayer)
    }

    /// Why layers made from `page`, `frame`, `visible`, `scale`, `places` and `tiles` do not
    /// show `group` as its first frame would (at `now`): `page`, `view`, `places`, `outlines`
    /// or `tiles`; `nil` when they do.
    private static func miss(_ group: FrameModel.Carried, page: PageIndex, frame: Rect, visible: Rect, scale: Double, places: [Rect],
                             tiles: [ObjectIdentifier], at now: (frame: Rect, visible: Rect, scale: Double, tiles: [ObjectIdentifier]?)) -> String? {
        guard page == group.page else { return "page" }
        guard frame == now.frame, visible == now.visible, scale == now.scale else { return "view" }
        guard group.from.count == places.count, ordered(group.from) == places else { return "places" }
        guard group.outlines.count == places.count, group.outlines == group.from || ordered(group.outlines) == places else { return "outlines" }
        guard now.tiles == tiles else { return "tiles" }
        return nil
    }

    /// Whether there are layers made ahead (tests), and whether some are being made.
    var hasAhead: Bool { ahead != nil }
    var makingAhead: Bool { aheadWork != nil }

    /// `rects` in one order whatever order they came in (the selection's and a carry's may differ).
    static func ordered(_ rects: [Rect]) -> [Rect] {
        rects.sorted { a, b in
            (a.minX, a.minY, a.width, a.height) < (b.minX, b.minY, b.width, b.height)
        }
    }
}
