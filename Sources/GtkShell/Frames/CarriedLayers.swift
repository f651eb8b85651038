// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import DocumentSession
import Geometry
import Rendering

/// The render-node frame of a group carried as one (``FrameModel/Carried``): two pictures made
/// when the carry starts and kept until it has landed. The page under the group (its tiles,
/// the places the group left veiled) is shown instead of the page's tiles, and the group (its
/// pixels and its selection outlines) is one image placed at the carry's offset. Each is one
/// node kept from frame to frame, so a move only moves a node: no tile, veil, pixel or outline
/// is drawn or recorded again. GSK's cairo renderer then copies the page and blends the group
/// once a frame, where it blended a veil, the pixels and the outlines over the page's tiles.
final class CarriedLayers {
    /// What the layers were made for: the carry, and where its page and the view were.
    private struct Key: Equatable {
        let serial: Int
        let page: PageIndex
        let frame: Rect
        let visible: Rect
    }

    private var key: Key?
    private var pageLayer: ImageLayer?
    private var groupLayer: ImageLayer?
    /// The group's outlines where its layer shows them with the carry's offset at zero.
    private var groupOutlines: [Rect] = []
    /// Whether this frame showed the layers (the overlays then draw no part of the group).
    private(set) var shown = false
    /// How many layers were made on a carry's frames (tests: a carry makes two, however often
    /// it moves, and none when they were made ahead for its selection at rest).
    private(set) var layersMade = 0
    /// The layers made ahead for a selection at rest (``makeAhead``), which the carry that
    /// starts from it takes when nothing they show has changed since; how many were made so.
    var ahead: Ahead?
    var layersMadeAhead = 0
    /// The layers being made ahead, a band at a time, and how many bands were drawn so.
    var aheadWork: AheadWork?
    var aheadBands = 0
    /// How many layers carries took made ahead (two a carry), how many carries drew the bands
    /// left of layers still being made, and why the last carry took none (`none` made, or what
    /// differed: `page`, `view`, `places`, `outlines`, `tiles`; `nil` when it took them).
    var layersTakenAhead = 0
    var aheadFinishedByCarry = 0
    var aheadMissed: String?
    /// When (monotonic µs) the last carry frame began to make its own layers and how long it
    /// took, until the frame log has it (its `layers` lines).
    var madeOnFrame: (start: Int, took: Int)?

    /// Forgets the layers (the carry has landed, or there is none).
    func drop() {
        key = nil
        pageLayer = nil
        groupLayer = nil
        groupOutlines = []
        shown = false
    }

    /// Makes the layers of `group` for its page at `frame` (as laid out, within `visible`) the
    /// first time, from the page's tiles and the outlines' picture of `pictures`; whether they
    /// are there to show. They are not when the page's tiles under the view are not all drawn
    /// yet (or a group landing was never shown by them): the frame then draws the page's tiles
    /// and the overlays draw the group, as without layers.
    func prepare(_ group: FrameModel.Carried, pageFrame frame: Rect, visible: Rect, painter: PagePainter,
                 pictures: CarriedPictures, side: Double, asCairoNodes: Bool) -> Bool {
        shown = false
        let planner = painter.planner, scale = max(1, planner.deviceScale)
        let aligned = planner.deviceAligned(frame)
        guard let onScreen = aligned.intersection(visible).map({ Self.outward($0, scale: scale) }) else {
            drop()
            return false
        }
        let key = Key(serial: group.serial, page: group.page, frame: aligned, visible: onScreen)
        pictures.carriedAsLayer(group, scale: scale)
        guard self.key != key else {
            shown = true
            return true
        }
        drop()
        if let made = takeAhead(for: group, frame: aligned, visible: onScreen, scale: scale, painter: painter, pictures: pictures,
                                side: side, asCairoNodes: asCairoNodes) {
            // Made while the selection rested: this frame makes nothing.
            (pageLayer, groupLayer) = made
            pictures.carriedFromStill(group)
        } else {
            guard !group.outlines.isEmpty, let fromBox = group.fromBox ?? Self.union(group.from),
                  let outlinesBox = group.outlinesBox ?? Self.union(group.outlines),
                  Self.sharpTiles(group.page, frame: aligned, within: onScreen, painter: painter) != nil else { return false }
            var still = group
            still.offset = .zero
            let began = Int(g_get_monotonic_time())
            defer { madeOnFrame = (began, Int(g_get_monotonic_time()) - began) }
            let made = Self.layers(group.page, pageFrame: frame, visible: onScreen, places: group.from, fromBox: fromBox,
                                   outlinesBox: outlinesBox, scale: scale, painter: painter, asCairoNodes: asCairoNodes) { cr in
                pictures.paintOutlines(still, side: side, cr: cr)
            }
            (pageLayer, groupLayer) = (made.page, made.group)
            // (Painting the outlines at no offset told the pictures so: the group as it is now.)
            pictures.carriedAsLayer(group, scale: scale)
            layersMade += [pageLayer, groupLayer].compactMap { $0 }.count
        }
        guard pageLayer != nil, groupLayer != nil else {
            drop()
            return false
        }
        self.key = key
        groupOutlines = group.outlines
        shown = true
        return true
    }

    /// Appends the carried page (``prepare``): its edge, then its layer.
    func appendPage(_ snapshot: OpaquePointer) {
        guard shown, let key, let pageLayer else { return }
        for strip in PagePainter.edgeStrips(of: key.frame) {
            ann_snapshot_append_color(snapshot, 0, 0, 0, 0.18, strip.minX, strip.minY, strip.width, strip.height)
        }
        pageLayer.append(at: pageLayer.rect.origin, snapshot)
    }

    /// Appends the group's layer at the carry's `offset`, on whole device pixels.
    func appendGroup(offset: Vector, scale: Double, _ snapshot: OpaquePointer) {
        guard shown, let groupLayer else { return }
        let scale = max(1, scale)
        let x = ((groupLayer.rect.minX + offset.dx) * scale).rounded() / scale
        let y = ((groupLayer.rect.minY + offset.dy) * scale).rounded() / scale
        groupLayer.append(at: Point(x: x, y: y), snapshot)
    }

    /// Whether the selection's `outlines` are those the group's layer shows this frame at
    /// `offset` (a group landing: its outlines are the selection's where it landed), so that
    /// they are not drawn over themselves.
    func showsOutlines(_ outlines: [Rect], offset: Vector) -> Bool {
        guard shown, let first = groupOutlines.first, let other = outlines.first,
              abs(first.minX + offset.dx - other.minX) < 0.5, abs(first.minY + offset.dy - other.minY) < 0.5 else { return false }
        return CarriedPictures.sameMoved(groupOutlines, outlines)
    }

    /// The nodes the layers are shown by (tests: the same ones every frame of a carry).
    var nodes: [OpaquePointer] { [pageLayer?.node, groupLayer?.node].compactMap { $0 } }

    /// The sharp tiles of `page` (at `frame`) under `visible`, each one as the cache holds it
    /// now (a tile drawn again is another); `nil` when one of them is not in the cache.
    static func sharpTiles(_ page: PageIndex, frame: Rect, within visible: Rect, painter: PagePainter) -> [ObjectIdentifier]? {
        let tiling = painter.planner.tiling(of: page, zoom: painter.zoom)
        let s = painter.planner.viewPixelsPerSharpTilePixel(of: tiling, zoom: painter.zoom)
        guard s > 0 else { return nil }
        let pixels = Rect(x: (visible.minX - frame.minX) / s, y: (visible.minY - frame.minY) / s,
                          width: visible.width / s, height: visible.height / s)
        var found: [ObjectIdentifier] = []
        for key in tiling.tiles(overlapping: pixels) {
            guard painter.cache.contains(key), let tile = painter.cache.tile(for: key) else { return nil }
            found.append(ObjectIdentifier(tile))
        }
        return found
    }

    /// The two layers of a group whose places are `places` on `page` (at `pageFrame`, shown in
    /// `visible`): the page with those places veiled, and the group's pixels with its outlines
    /// (`paintOutlines`, at no offset).
    static func layers(_ page: PageIndex, pageFrame frame: Rect, visible: Rect, places from: [Rect], fromBox: Rect,
                       outlinesBox: Rect, scale: Double, painter: PagePainter, asCairoNodes: Bool,
                       paintOutlines: (OpaquePointer) -> Void) -> (page: ImageLayer?, group: ImageLayer?) {
        let places = from.map { outward($0, scale: scale) }
        let pageLayer = ImageLayer(rect: visible, scale: scale, opaque: true, asCairoNode: asCairoNodes) { cr in
            painter.paintPage(page, at: frame, cr: cr)
            OverlayPainter.veil(places, cr: cr)
        }
        let groupRect = groupRect(fromBox: fromBox, outlinesBox: outlinesBox, scale: scale)
        let groupLayer = ImageLayer(rect: groupRect, scale: scale, opaque: false, asCairoNode: asCairoNodes) { cr in
            painter.paintPixels(of: page, pageFrame: frame, within: places, scaleX: 1, scaleY: 1, offset: .zero, cr: cr)
            paintOutlines(cr)
        }
        return (pageLayer, groupLayer)
    }

    /// Where the group's layer is (on whole device pixels): its places' box `fromBox` grown by
    /// a pixel, and its outlines' box `outlinesBox` by their width.
    static func groupRect(fromBox: Rect, outlinesBox: Rect, scale: Double) -> Rect {
        outward(fromBox.insetBy(dx: -1, dy: -1).union(outlinesBox.insetBy(dx: -3, dy: -3)), scale: scale)
    }

    /// `rect` grown to whole device pixels.
    static func outward(_ rect: Rect, scale: Double) -> Rect {
        let x0 = (rect.minX * scale).rounded(.down) / scale, y0 = (rect.minY * scale).rounded(.down) / scale
        let x1 = (rect.maxX * scale).rounded(.up) / scale, y1 = (rect.maxY * scale).rounded(.up) / scale
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { $0.union($1) }
    }
}
