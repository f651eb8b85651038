// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import DocumentSession
import Geometry
import Rendering

/// What a selection at rest is shown from, for the layers a carry of it would make
/// (``CarriedLayers/makeAhead``).
struct LayersAheadRequest {
    let page: PageIndex
    let pageFrame: Rect
    let outlines: [Rect]
    let visible: Rect
    let side: Double
    let painter: PagePainter
    let asCairoNodes: Bool
}

/// A selection of many at rest has its carry's layers made on idle turns after its frame, a band
/// a turn, while nothing moves, so that the carry's first frame only places them
/// (``CarriedLayers``) and input waits for no more than a band.
extension CanvasFrames {
    /// After a render-node frame of `model` with nothing carried: asks for an idle that makes
    /// the layers of its selection when it is one of many on one page standing still, else
    /// forgets those made.
    func planLayersAhead(_ model: FrameModel, shown: [PlacedPage], visible: Rect, painter: PagePainter, asCairoNodes: Bool) {
        let outlines = model.selection.outlines
        guard outlines.count >= FrameOverlays.manyShapes, model.moves.isEmpty, model.lifted == nil, model.settling.isEmpty,
              model.selection.carriedOutlines.isEmpty, let box = CarriedLayers.union(outlines),
              let page = shown.first(where: { $0.frame.contains(Point(x: box.midX, y: box.midY)) }) else {
            layersAheadRequest = nil
            carriedLayers.forgetAhead()
            return
        }
        layersAheadRequest = LayersAheadRequest(page: page.page, pageFrame: page.frame, outlines: outlines, visible: visible,
                                                side: model.selection.handleSide, painter: painter, asCairoNodes: asCairoNodes)
        guard !layersAheadPosted else { return }
        layersAheadPosted = true
        MainLoop.post { [weak self] in self?.makeLayersAhead() }
    }

    /// Draws a band of the layers asked for by the last frame (``planLayersAhead``), if still
    /// asked for, and asks for another idle turn while bands are left; whether they are.
    @discardableResult
    func makeLayersAhead() -> Bool {
        layersAheadPosted = false
        guard let r = layersAheadRequest else { return false }
        let began = Int(g_get_monotonic_time())
        let more = carriedLayers.makeAhead(page: r.page, pageFrame: r.pageFrame, outlines: r.outlines, visible: r.visible, painter: r.painter,
                                           pictures: carriedPictures, side: r.side, asCairoNodes: r.asCairoNodes)
        FrameLog.notes?.record(start: began, took: Int(g_get_monotonic_time()) - began, kind: "ahead", missingTiles: 0, canvas: 0)
        if more {
            layersAheadPosted = true
            MainLoop.post { [weak self] in self?.makeLayersAhead() }
        }
        return more
    }
}
