// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import DocumentSession
import Geometry
import Platform
import Rendering

/// The canvas's frames: each is built from the session's ``FrameModel`` by ``CanvasFrames``
/// (render nodes, or cairo with `PDF_ANNOTATOR_CANVAS=cairo`), its pages from the tiles the
/// ``TileFeed`` keeps.
extension PdfCanvas {
    /// Device pixels per view pixel (HiDPI).
    var deviceScale: Double { Double(max(1, gtk_widget_get_scale_factor(area))) }

    /// Cuts pages into tiles and decides which to render (Rendering's `TilePlanner`).
    var tilePlanner: TilePlanner { TilePlanner(pageSizes: pageSizes, deviceScale: deviceScale) }

    /// What the tile feed needs of the view now.
    var tileView: TileFeed.ViewState {
        TileFeed.ViewState(planner: tilePlanner, layout: layout, viewport: viewport,
                           motion: TilePlanner.Motion(forward: view.travellingForward, wholeSpreadsAhead: pagesOneSpreadAtATime,
                                                      wholePages: view.pagesForTurning, ahead: session.travelAhead))
    }

    func requestTiles() {
        guard !pageSizes.isEmpty else { return }
        tiles.request(tileView)
    }

    /// Paints pages from the tile cache at the current zoom (Rendering's `PagePainter`).
    var pagePainter: PagePainter { PagePainter(cache: tiles.cache, planner: tilePlanner, zoom: viewport.zoom) }

    /// A render-node frame.
    func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        guard let model = startFrame() else {
            frames.appendBackground(snapshot, view: Rect(x: 0, y: 0, width: width, height: height), around: [])
            return
        }
        let feed = tiles
        let nodes = TileNodes(cache: tiles.cache, imageMade: { feed.imagesMade += 1 }, planner: tilePlanner, zoom: viewport.zoom,
                              asCairoNodes: frames.tilesAsCairoNodes)
        paintWatch.frameBuilt(frames.snapshot(model, tiles: nodes, painter: pagePainter, snapshot, width: width, height: height),
                              viewport: viewport)
    }

    /// A cairo frame (`PDF_ANNOTATOR_CANVAS=cairo`).
    func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        guard let model = startFrame() else { return }
        paintWatch.frameBuilt(frames.draw(model, painter: pagePainter, cr), viewport: viewport)
    }

    /// What every frame does first (the first one renders page 1 here): answers the frame to
    /// draw, `nil` with no pages.
    private func startFrame() -> FrameModel? {
        guard !pageSizes.isEmpty else { return nil }
        if tiles.firstPaintPending {
            StartupTrace.mark("first draw")
            if let first = tiles.renderFirstFrame(tileView) {
                diagnostics.firstFrameTilesTaken = first.taken
                diagnostics.firstFrameTilesRendered = first.rendered
                MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in self?.requestTiles() }
            }
            StartupTrace.mark("page 1 rendered")
            diagnostics.firstPaintTraced = false
        }
        // Timed from here, after the first frame's render of page 1, until GTK has painted it.
        let now = Int64(g_get_monotonic_time())
        paintWatch.frameStarted(at: now)
        tiles.frameStarted(at: now, viewport: viewport)
        // Held creations let go of themselves once their page shows them.
        releaseHeldCreations()
        return session.frame
    }

    /// After an edit reached the document: its held previews wait for the page's tiles.
    func creationsShown(on pages: Set<PageIndex>) {
        for i in previews.held.indices where pages.contains(previews.held[i].preview.page) { previews.held[i].shown = true }
        session.landingShown(on: pages)
    }

    /// Lets go of the held previews, and of a carried group landing, whose page shows fresh
    /// tiles wherever it is on screen.
    func releaseHeldCreations() {
        if session.landingPage != nil {
            let view = tileView
            session.endLanding { tiles.isFresh($0, view) }
        }
        guard !previews.held.isEmpty else { return }
        let view = tileView
        previews.held.removeAll { held in held.shown && tiles.isFresh(held.preview.page, view) }
    }

    /// Tells the engine whether a drag from an edge turns the page (rather than scrolling).
    func updatePageTurnDragging() {
        let on = view.turnsPagesByDragging
        if interaction.engine.interactions.settings.turnsPagesByDragging != on {
            interaction.engine.interactions.settings.turnsPagesByDragging = on
        }
    }
}
