// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentSession
import Geometry
import Rendering

/// The layers of a selection of many made while it rests (on an idle after its frame), so that
/// the first frame of a carry of it makes none: it takes them when its page, the view, the
/// screen's scale, the page's tiles under the view and the group's places and outlines are
/// all as they were made from. Anything else (the selection, a tile drawn again, a zoom or a
/// scroll changed them) and the carry makes its own, as without them: no stale picture is shown.
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

    /// Makes the layers of the selection `outlines` (at least two, on `page` at `frame`, within
    /// `visible`) as a carry of it would, unless those made already show the same; forgets
    /// them when the page's tiles under the view are not all drawn.
    func makeAhead(page: PageIndex, pageFrame frame: Rect, outlines: [Rect], visible: Rect, painter: PagePainter,
                   pictures: CarriedPictures, side: Double, asCairoNodes: Bool) {
        let scale = max(1, painter.planner.deviceScale)
        let aligned = painter.planner.deviceAligned(frame)
        guard outlines.count > 1, let box = Self.union(outlines),
              let onScreen = aligned.intersection(visible).map({ Self.outward($0, scale: scale) }),
              let tiles = Self.sharpTiles(page, frame: aligned, within: onScreen, painter: painter) else {
            ahead = nil
            return
        }
        let places = Self.ordered(outlines)
        if let ahead, ahead.page == page, ahead.frame == aligned, ahead.visible == onScreen, ahead.scale == scale,
           ahead.tiles == tiles, ahead.places == places { return }
        ahead = nil
        // The outlines as the selection shows them at rest: its picture of them, not a new one.
        let made = Self.layers(page, pageFrame: frame, visible: onScreen, places: outlines, fromBox: box, outlinesBox: box,
                               scale: scale, painter: painter, asCairoNodes: asCairoNodes) { cr in
            pictures.paintStill(outlines: outlines, side: side, scale: scale, cr: cr)
        }
        layersMadeAhead += [made.page, made.group].compactMap { $0 }.count
        guard let pageLayer = made.page, let groupLayer = made.group else { return }
        ahead = Ahead(page: page, frame: aligned, visible: onScreen, scale: scale, places: places, tiles: tiles,
                      pageLayer: pageLayer, groupLayer: groupLayer)
    }

    /// The layers made ahead if they show `group` as its first frame would (its page at
    /// `frame` within `visible`, at `scale`, from the same tiles, with the same places and
    /// outlines); they are the carry's then. Forgets them either way.
    func takeAhead(for group: FrameModel.Carried, frame: Rect, visible: Rect, scale: Double,
                   painter: PagePainter) -> (ImageLayer, ImageLayer)? {
        guard let made = ahead else { return nil }
        ahead = nil
        guard made.page == group.page, made.frame == frame, made.visible == visible, made.scale == scale,
              group.from.count == made.places.count, group.outlines.count == made.places.count,
              Self.ordered(group.from) == made.places,
              group.outlines == group.from || Self.ordered(group.outlines) == made.places,
              Self.sharpTiles(group.page, frame: frame, within: visible, painter: painter) == made.tiles else { return nil }
        return (made.pageLayer, made.groupLayer)
    }

    /// Whether there are layers made ahead (tests).
    var hasAhead: Bool { ahead != nil }

    /// `rects` in one order whatever order they came in (the selection's and a carry's may differ).
    static func ordered(_ rects: [Rect]) -> [Rect] {
        rects.sorted { a, b in
            (a.minX, a.minY, a.width, a.height) < (b.minX, b.minY, b.width, b.height)
        }
    }
}
