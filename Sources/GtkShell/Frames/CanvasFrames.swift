// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import DocumentLayout
import DocumentSession
import Geometry
import Rendering

/// Builds the canvas's frames from the session's ``FrameModel``, and keeps what lasts from one
/// frame to the next: a turn's page images (cairo), the curl last drawn, the live ink's nodes.
///
/// The render-node frame (the default) is a tree of nodes, not a picture: pages are their
/// tiles' textures (``TileNodes``), edges and paper colour nodes, search matches and selected
/// text colour nodes, the ink being drawn partly kept nodes (``InkPreviewNodes``), and the other
/// overlays one cairo node as large as what they draw, only when there are any. A page turn is
/// nodes too (``PageTurnNodes``). Under GSK's cairo renderer, which copies a texture's pixels on
/// every frame and masks rotated clips pixel by pixel, a turn is drawn once by cairo and shown
/// in bands over the still pages' tiles. The cairo frame (`PDF_ANNOTATOR_CANVAS=cairo`) draws
/// everything with cairo, for comparison.
@MainActor
final class CanvasFrames {
    /// What a frame showed (the frame timings are kept apart).
    enum Painted { case view, turn }

    /// Whether the canvas builds its frames from nodes (`PDF_ANNOTATOR_CANVAS=cairo` draws them
    /// with cairo as before, for comparison).
    nonisolated static let usesSnapshots: Bool = {
        guard let value = getenv("PDF_ANNOTATOR_CANVAS") else { return true }
        return String(cString: value) != "cairo"
    }()

    private let area: UnsafeMutablePointer<GtkWidget>
    /// The pixels and outlines of a group carried as one, drawn once a carry.
    let carriedPictures = CarriedPictures()
    /// The page under a carried group and the group, as two layers made once a carry.
    let carriedLayers = CarriedLayers()
    /// What the layers of a selection at rest are to be made from on the next idle, and
    /// whether that idle is asked for (``planLayersAhead``).
    var layersAheadRequest: LayersAheadRequest?
    var layersAheadPosted = false
    /// How many pictures of carried groups were made (tests).
    var carriedPicturesMade: Int { carriedPictures.picturesMade }
    /// The pages a turn shows, kept as one image each while the turn lasts (cairo frames).
    private var curlImages: CurlImages?
    /// The curl the last turn frame drew, and the timer that draws a still one smoothly.
    private var lastDrawnCurl: PageCurl?
    private var smoothTurnTimer: UInt32 = 0
    private var inkNodes: InkPreviewNodes?
    /// How many render nodes hold the finished pieces of the ink being drawn (state dump).
    var inkPreviewNodeCount: Int? { inkNodes?.nodeCount }
    /// Tests only: build frames for GSK's cairo renderer (or not), whatever draws the window.
    var cairoRendererForTesting: Bool?

    init(area: UnsafeMutablePointer<GtkWidget>) {
        self.area = area
        // The render-node canvas fills its background itself, around the pages
        // (``appendBackground(_:view:around:)``), rather than GTK under everything.
        if Self.usesSnapshots { gtk_widget_add_css_class(area, "paints-background") }
    }

    /// The canvas's colour: the style sheet's `pdf_canvas_bg_color`, as the theme has it now.
    private var backgroundColor: GdkRGBA {
        var colour = GdkRGBA()
        if ann_widget_lookup_color(area, "pdf_canvas_bg_color", &colour) != 0 { return colour }
        return GdkRGBA(red: 0.85, green: 0.85, blue: 0.85, alpha: 1)
    }

    /// Fills `view` with the canvas's colour except under `pages` (their frames as drawn): GSK's
    /// cairo renderer paints every node, so a background under the pages was a fill of the
    /// whole view on every frame that the pages then covered.
    func appendBackground(_ snapshot: OpaquePointer, view: Rect, around pages: [Rect]) {
        let c = backgroundColor
        for part in view.subtracting(pages) {
            ann_snapshot_append_color(snapshot, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha),
                                      part.minX, part.minY, part.width, part.height)
        }
    }

    /// Whether this frame's tiles are cairo nodes (GSK's cairo renderer) rather than textures.
    var tilesAsCairoNodes: Bool { cairoRendererForTesting ?? (ann_widget_renders_with_cairo(area) != 0) }

    /// A render-node frame of `model`, its pages from `tiles` (and `painter` for what cairo draws).
    func snapshot(_ model: FrameModel, tiles: TileNodes, painter: PagePainter, _ snapshot: OpaquePointer, width: Double, height: Double) -> Painted {
        let size = Size(width: width, height: height)
        if let turn = model.turn {
            appendBackground(snapshot, view: Rect(x: 0, y: 0, width: width, height: height), around: [])
            if tiles.asCairoNodes {
                // The front spread's still pages are their tiles' kept nodes (unchanged from
                // frame to frame: GTK does not redraw them), the rest drawn once by cairo.
                let visible = Rect(x: 0, y: 0, width: width, height: height)
                for page in turn.still { tiles.appendPage(page.page, at: page.frame, visible: visible, snapshot) }
                var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
                guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { return .turn }
                defer { cairo_surface_destroy(recording) }
                let cr = cairo_create(recording)!
                paint(turn, painter: painter, stillPagesAsNodes: true, cr)
                cairo_destroy(cr)
                ann_snapshot_append_recording(snapshot, recording, width, height, tiles.bandHeight(width: width))
            } else {
                PageTurnNodes(picture: turn, tiles: tiles, viewSize: size).append(snapshot)
            }
            return .turn
        }
        // The cairo turn's page images are not kept past the turn.
        endTurn()
        let visible = Rect(x: 0, y: 0, width: width, height: height)
        let shown = model.pages.filter { $0.frame.intersects(visible.insetBy(dx: -2, dy: -2)) }
        appendBackground(snapshot, view: visible, around: shown.map { tiles.planner.deviceAligned($0.frame) })
        // A carried group's page is one layer made when the carry began, not its tiles.
        let carried = model.carried
        var layered = false
        if let group = carried, let page = shown.first(where: { $0.page == group.page }) {
            layered = carriedLayers.prepare(group, pageFrame: page.frame, visible: visible, painter: painter, pictures: carriedPictures,
                                            side: model.selection.handleSide, asCairoNodes: tiles.asCairoNodes)
        }
        if !layered { carriedLayers.drop() }
        if let made = carriedLayers.madeOnFrame {
            carriedLayers.madeOnFrame = nil
            FrameLog.notes?.record(start: made.start, took: made.took, kind: "layers", missingTiles: 0, canvas: 0)
        }
        if carried == nil {
            planLayersAhead(model, shown: shown, visible: visible, painter: painter, asCairoNodes: tiles.asCairoNodes)
        } else {
            // No layers are made ahead while a group is carried (an idle asked for before finds none to make).
            layersAheadRequest = nil
        }
        for page in shown {
            if layered, page.page == carried?.page {
                carriedLayers.appendPage(snapshot)
            } else {
                tiles.appendPage(page.page, at: page.frame, visible: visible, snapshot)
            }
        }
        let overlays = FrameOverlays(frame: model, painter: painter, carried: carriedPictures, layers: carriedLayers)
        overlays.appendTints(snapshot, viewSize: size)
        inkNodes = InkPreviewNodes.updated(inkNodes, for: model.liveInk, in: model.viewport)
        inkNodes?.append(snapshot)
        if layered, let carried { carriedLayers.appendGroup(offset: carried.offset, scale: painter.planner.deviceScale, snapshot) }
        if model.hasOverlays {
            overlays.appendRecorded(snapshot, viewSize: size, bandHeight: tiles.bandHeight(width: width), inkDrawn: inkNodes?.covered ?? [],
                                    deviceScale: painter.planner.deviceScale)
        }
        return .view
    }

    /// A cairo frame of `model` (`PDF_ANNOTATOR_CANVAS=cairo`).
    func draw(_ model: FrameModel, painter: PagePainter, _ cr: OpaquePointer) -> Painted {
        if let turn = model.turn {
            paint(turn, painter: painter, stillPagesAsNodes: false, cr)
            return .turn
        }
        endTurn()
        for page in model.pages { painter.paintPage(page.page, at: page.frame, cr: cr) }
        FrameOverlays(frame: model, painter: painter, carried: carriedPictures).paint(cr)
        return .view
    }

    private func endTurn() {
        curlImages = nil
        lastDrawnCurl = nil
    }

    /// The turn painted by Rendering's `PageCurlPainter`, its pages kept as images while it
    /// lasts. A sheet that moved since the last frame is drawn fast; once it has held still for
    /// a moment it is drawn again, smoothly.
    private func paint(_ turn: PageTurnPicture, painter: PagePainter, stillPagesAsNodes: Bool, _ cr: OpaquePointer) {
        if curlImages == nil { curlImages = CurlImages() }
        let atRest = turn.curl == lastDrawnCurl
        lastDrawnCurl = turn.curl
        if !atRest { redrawTurnWhenStill() }
        PageCurlPainter(pages: painter, images: curlImages, deviceScale: painter.planner.deviceScale, smoothBack: atRest)
            .paint(turn, stillPagesAsNodes: stillPagesAsNodes, cr: cr)
    }

    /// Draws the turn again 120 ms after its last move if it has not moved since (the sheet's
    /// back then sampled smoothly; the next frame finds the curl unchanged).
    private func redrawTurnWhenStill() {
        if smoothTurnTimer != 0 { g_source_remove(smoothTurnTimer) }
        let curl = lastDrawnCurl
        smoothTurnTimer = MainLoop.after(milliseconds: 120) { [weak self] in
            guard let self else { return }
            self.smoothTurnTimer = 0
            if self.lastDrawnCurl == curl { gtk_widget_queue_draw(self.area) }
        }
    }
}
