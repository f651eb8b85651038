// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import Rendering
import Platform

/// Painting: page backgrounds, scaled placeholders, then sharp tiles on top.
extension PdfCanvas {
    /// Device pixels per view pixel (HiDPI).
    var deviceScale: Double { Double(max(1, gtk_widget_get_scale_factor(area))) }

    /// Cuts pages into tiles and decides which to render (Rendering's `TilePlanner`).
    var tilePlanner: TilePlanner { TilePlanner(pageSizes: pageSizes, deviceScale: deviceScale) }

    /// The tile plan for a page at the current zoom.
    func plan(for page: PageIndex) -> TilePlan { tilePlanner.tiling(of: page, zoom: viewport.zoom) }

    /// Asks the worker for what the view needs (visible tiles first, then a turn's pages, then
    /// the spread ahead), keeps what is on screen in the cache, and sizes the cache to the view.
    /// Each request replaces the worker's pending list, so tiles the reader has moved away from
    /// are never drawn.
    func requestTiles() {
        guard let queue = renderQueue, !pageSizes.isEmpty, viewport.size.width > 0, !firstPaintPending else { return }
        let motion = TilePlanner.Motion(forward: view.travellingForward, wholeSpreadsAhead: pagesOneSpreadAtATime,
                                        wholePages: pagesForTurning)
        let plan = tilePlanner.plan(layout: layout, viewport: viewport, motion: motion) { cache.contains($0) }
        missingVisibleTiles = plan.missingVisible
        tilesOnScreen = plan.onScreen
        cache.protect(plan.onScreen)
        // Keep what is visible plus a little: memory stays near a viewer that keeps nothing,
        // and what is on screen is never evicted while it is shown.
        cache.budgetBytes = TileCache.budget(forVisibleBytes: plan.visibleBytes)
        if plan.requests != lastRequested {
            lastRequested = plan.requests
            queue.submit(plan.requests, onScreen: plan.missingVisible)
        }
    }

    /// The visible tiles, rendered here and now: the first frame is sharp and final (the worker
    /// renders nothing again for it, so nothing on screen changes after it), like a minimal
    /// viewer's first frame.
    ///
    /// This blocks the main loop once per opened document, for the tiles under the view at the
    /// fitted zoom, and only before the worker has been given any work.
    func renderFirstFrame() {
        guard let drawPage, viewport.size.width > 0 else { return }
        firstPaintPending = false
        let motion = TilePlanner.Motion(forward: true)
        let plan = tilePlanner.plan(layout: layout, viewport: viewport, motion: motion) { cache.contains($0) }
        // Each page's visible tiles in one render (its images decoded once), cut into tiles.
        var visible = Array(plan.requests.prefix(plan.missingVisible))
        // Tiles rendered ahead while GTK started are taken where this plan asks for them.
        var taken = 0
        if let takeTiles = firstFrameTiles {
            firstFrameTiles = nil
            let wanted = Set(visible.map(\.key))
            let ready = takeTiles().filter { wanted.contains($0.key) }
            for tile in ready { cache.insert(tile) }
            let readyKeys = Set(ready.map(\.key))
            visible.removeAll { readyKeys.contains($0.key) }
            taken = ready.count
        }
        diagnostics.firstFrameTilesTaken = taken
        diagnostics.firstFrameTilesRendered = visible.count
        let started = RenderQueue.nowMs()
        var pixels = 0
        for tile in RenderQueue.render(eachPageTogether: visible, drawPage: drawPage) {
            pixels += tile.byteCount / 4
            cache.insert(tile)
        }
        // What it cost tells the worker whether to draw each page's tiles on screen in one call.
        renderQueue?.noteRenderCost(milliseconds: RenderQueue.nowMs() - started, pixels: pixels)
        MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in self?.requestTiles() }
    }

    func tileArrived(_ tile: RenderedTile) {
        guard tile.key.page.rawValue < pageCount else { return }
        cache.insert(tile)
        lastRequested.removeAll { $0.key == tile.key }
        requestTiles()
        scheduleMemoryTrim()
        releaseHeldCreations()
        showArrivedTiles(completingView: missingVisibleTiles == 0 && tilesOnScreen.contains(tile.key))
        onViewChanged?()
    }

    /// Shows tiles that arrived: at once while frames are cheap, for the tile that completes the
    /// view, or when none were shown for a while; else together with those that arrive until
    /// then (``FrameCost``). Tiles drawn ahead, off screen, wait with the others. Ten Page Ups on
    /// a 4K screen at 2× settled in 170 ms when each tile had a frame of its own, in 103 now.
    func showArrivedTiles(completingView: Bool) {
        let now = Int64(g_get_monotonic_time())
        guard let delay = frameCost.arrivalDelay(now: now, lastShown: arrivedTilesShownAt, completesView: completingView) else {
            if let pending = arrivedTilesTimer { g_source_remove(pending); arrivedTilesTimer = nil }
            arrivedTilesShownAt = now
            gtk_widget_queue_draw(area)
            return
        }
        guard arrivedTilesTimer == nil else { return }
        arrivedTilesTimer = MainLoop.after(milliseconds: UInt32(max(1, delay / 1000))) { [weak self] in
            guard let self else { return }
            self.arrivedTilesTimer = nil
            self.arrivedTilesShownAt = Int64(g_get_monotonic_time())
            gtk_widget_queue_draw(self.area)
        }
    }

    /// A second after the last tile arrives (the reader has settled, what was drawn ahead is
    /// in) or the document closed, the pages freed meanwhile go back to the system
    /// (``MemoryPolicy``), off the main thread: on the render worker, idle by then, or on a
    /// thread of its own once the document is gone.
    func scheduleMemoryTrim() {
        if let pending = memoryTrimTimer { g_source_remove(pending) }
        memoryTrimTimer = MainLoop.after(milliseconds: 1000) { [weak self] in
            self?.memoryTrimTimer = nil
            if let queue = self?.renderQueue {
                queue.perform { MemoryPolicy.returnFreedMemory() }
            } else {
                WorkerThread.start(name: "memory-trim") { MemoryPolicy.returnFreedMemory() }
            }
        }
    }

    /// The cairo canvas (`PDF_ANNOTATOR_CANVAS=cairo`): the whole frame drawn by cairo.
    func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        guard startFrame() else { return }
        if let turn = pageTurn {
            drawPageTurn(turn, cr)
            diagnostics.framePainting = .turn
            latency?.frameBuilt()
            return
        }
        noteViewportDrawn()
        curlImages = nil
        let zoom = viewport.zoom
        for page in view.shownPages {
            paintPage(page, at: layout.pageFrame(page, zoom: zoom).offsetBy(Point.zero - viewport.offset), cr: cr)
        }
        drawOverlays(cr)
        latency?.frameBuilt()
    }

    /// What every frame does first (the first one renders page 1 here); `false` with no pages.
    func startFrame() -> Bool {
        guard !pageSizes.isEmpty else { return false }
        if firstPaintPending {
            StartupTrace.mark("first draw")
            renderFirstFrame()
            StartupTrace.mark("page 1 rendered")
            diagnostics.firstPaintTraced = false
        }
        // Timed once GTK has painted the frame (PdfCanvas+Callbacks, after-paint).
        watchFramePaint()
        // Timed from here, after the first frame's render of page 1: the frame's own cost.
        let now = Int64(g_get_monotonic_time())
        canvasFrameStartedAt = now
        // This frame shows every tile that has arrived: none waits for a frame of its own.
        if let pending = arrivedTilesTimer { g_source_remove(pending); arrivedTilesTimer = nil }
        arrivedTilesShownAt = now
        return true
    }

    /// A frame of the view (not of a turn) is being painted.
    func noteViewportDrawn() {
        if diagnostics.lastDrawnViewport != viewport {
            if diagnostics.lastDrawnViewport != nil { diagnostics.framePainting = .view }
            diagnostics.lastDrawnViewport = viewport
        }
    }

    /// Everything drawn over the pages: search matches, the text selection, pointer effects,
    /// presses, previews of moves, lifts and creations, the annotation selection, form focus.
    /// `tintsAsNodes`: the match and selection tints are colour nodes of their own (the
    /// snapshot canvas), so only their outlines and handles are drawn here.
    func drawOverlays(_ cr: OpaquePointer, tintsAsNodes: Bool = false) {
        let annotations = AnnotationOverlays(frame: session.frame, painter: pagePainter)
        if !tintsAsNodes { drawSearchMatches(cr) }
        drawTextSelection(cr, tintsAsNodes: tintsAsNodes)
        drawPointerEffects(cr)
        annotations.paintPress(cr)
        annotations.paintMoves(cr)
        annotations.paintLift(cr)
        drawCreationPreview(cr)
        annotations.paintSelection(cr)
        drawFormFocus(cr)
    }

    /// Paints pages from the tile cache at the current zoom (Rendering's `PagePainter`).
    var pagePainter: PagePainter { PagePainter(cache: cache, planner: tilePlanner, zoom: viewport.zoom) }

    /// A page's edge, its paper and its tiles at `frame` (view coordinates).
    func paintPage(_ page: PageIndex, at frame: Rect, cr: OpaquePointer) {
        pagePainter.paintPage(page, at: frame, cr: cr)
    }

    /// Hover tints and lift shadows from the engine's pointer effects (indirect input only).
    private func drawPointerEffects(_ cr: OpaquePointer) {
        guard let frame = pointerEffects else { return }
        for effect in frame.effects where effect.progress > 0 {
            OverlayPainter.hover(Self.paintedBounds(of: effect), progress: effect.progress, tint: effect.tintOpacity,
                                 shadow: effect.shadowOpacity, cr: cr)
        }
        drawHoverHandles(cr)
    }

    /// Where an effect is painted: its shape as the engine gives it, already scaled and drifted
    /// towards the pointer (applying `scale` or `offset` again would double them).
    nonisolated static func paintedBounds(of effect: PointerEffectFrame) -> Rect { effect.shape.bounds }

    /// A movable annotation under a mouse or pen shows where its handles would be (faint
    /// corners), so it reads as something that can be picked up; a link does not.
    private func drawHoverHandles(_ cr: OpaquePointer) {
        guard let id = interaction.hoveredAnnotation, !interaction.selectedAnnotations.contains(id),
              let target = interaction.scene.annotation(id), target.kind != .link, target.kind != .widget, !target.isLocked,
              let r = interaction.scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page) else { return }
        OverlayPainter.hoverCorners([ResizeHandle.topLeft, .topRight, .bottomRight, .bottomLeft].map { $0.position(on: r) }, cr: cr)
    }

    /// The text selection and a markup tool's preview, from the pages' character boxes.
    private func drawTextSelection(_ cr: OpaquePointer, tintsAsNodes: Bool) {
        for boxes in textSelectionBoxes() {
            if tintsAsNodes { OverlayPainter.textSelectionOutlines(boxes, cr: cr) } else { OverlayPainter.textSelection(boxes, cr: cr) }
        }
        drawSelectionHandles(cr)
    }

    /// The view rectangles of the text selection and of a markup tool's preview, each a list.
    func textSelectionBoxes() -> [[Rect]] {
        [textSelection, previews.markup].compactMap { $0 }.map(selectionBoxes)
    }

    /// A finger's selection: a round handle hanging under each end, big enough for a finger.
    private func drawSelectionHandles(_ cr: OpaquePointer) {
        guard interaction.showsSelectionHandles, textSelection != nil, let ends = interaction.textSelectionEnds else { return }
        OverlayPainter.selectionEnds([ends.start, ends.end], cr: cr)
    }

    /// Tells the engine where the selection's ends are on screen now (for its handles): under
    /// the first and the last selected character.
    func updateSelectionEnds() {
        guard let s = textSelection else { interaction.textSelectionEnds = nil; return }
        let z = viewport.zoom
        let first = min(s.page, s.focusPage), last = max(s.page, s.focusPage)
        func box(on page: PageIndex, first: Bool) -> Point? {
            guard let text = content.textByPage[page], let r = s.range(on: page, characterCount: text.characters.count) else { return nil }
            let rects = text.selectionRects(from: r.lowerBound, to: r.upperBound)
            guard let b = first ? rects.first : rects.last else { return nil }
            let frame = layout.pageFrame(page, zoom: z).offsetBy(Point.zero - viewport.offset)
            return Point(x: frame.minX + (first ? b.minX : b.maxX) * z, y: frame.minY + b.maxY * z)
        }
        if let start = box(on: first, first: true), let end = box(on: last, first: false) {
            interaction.textSelectionEnds = (start, end)
        } else {
            interaction.textSelectionEnds = nil
        }
    }

    private func selectionBoxes(_ s: TextSelection) -> [Rect] {
        let z = viewport.zoom
        var boxes: [Rect] = []
        for page in view.shownPages where s.covers(page) {
            guard let text = content.textByPage[page], let r = s.range(on: page, characterCount: text.characters.count) else { continue }
            let frame = layout.pageFrame(page, zoom: z).offsetBy(Point.zero - viewport.offset)
            for box in text.selectionRects(from: r.lowerBound, to: r.upperBound) {
                boxes.append(Rect(x: frame.minX + box.minX * z, y: frame.minY + box.minY * z, width: box.width * z, height: box.height * z))
            }
        }
        return boxes
    }
}
