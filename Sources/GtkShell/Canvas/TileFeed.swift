// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import DocumentSession
import Geometry
import Platform
import Rendering

/// Keeps the canvas's page tiles coming: asks the render worker for what the view needs, renders
/// a document's first frame here and now, takes tiles as they arrive and decides when a frame
/// shows them, and gives freed memory back once the reader has settled.
///
/// - Warning: main thread only.
@MainActor
final class TileFeed {
    /// The tiles rendered so far, under a budget that follows what the view shows.
    let cache = TileCache(budgetBytes: TileCache.reserveBytes)
    /// The render worker of the open document.
    private(set) var queue: RenderQueue?
    /// Another view's queue whose worker this view's tiles are rendered on (a split view's
    /// second half shares the first's: one worker per document, the view being moved served
    /// first), taken by the next ``start(drawPage:)``; `nil`: a worker of its own.
    weak var sharesWorkerOf: RenderQueue?
    /// Draws a page on the calling thread (the worker's closure, kept for the first paint and
    /// for the zoom strip's pictures, which the worker draws with it).
    private(set) var drawPage: RenderQueue.DrawPage?
    /// Set when a document was just shown: its first frame is rendered synchronously, like a
    /// minimal viewer would, so the user sees the page without waiting for a worker round trip.
    private(set) var firstPaintPending = false
    /// Hands over tiles rendered ahead for the first frame (by the start-up worker), once.
    var firstFrameTiles: (() -> [RenderedTile])?
    private var lastRequested: [TileRequest] = []
    /// Tiles still missing for the visible area, from the last ``request(_:)`` (0 means sharp):
    /// what the state dump reports, and what decides whether a tile that arrives completes the view.
    private(set) var missingVisible = 0
    /// The tiles the view shows at the current zoom, from the last ``request(_:)``.
    private(set) var onScreen: Set<TileKey> = []
    /// How many tiles the last ``request(_:)`` drew ahead of the moving view.
    private(set) var aheadCount = 0
    /// How many times the view asked the worker for tiles it shows (it lacked some): a view
    /// shown again from the cache asks for none.
    private(set) var visibleRequests = 0
    /// How many textures or cairo nodes ``TileNodes`` made of tiles' pixels so far: each tile's
    /// once, when a frame first shows it (and again at another zoom), never per frame.
    var imagesMade = 0
    /// What the canvas's frames cost of late (whether tiles that arrive wait for others).
    var frameCost = FrameCost()
    /// Pending while tiles that arrived wait to be shown with others (``showArrived(completingView:)``).
    private(set) var arrivedTilesTimer: UInt32?
    /// How many arrived tiles were held back to be shown with later ones (read by tests: an
    /// arrival and the one after it may be handled in one turn of the main loop, so the timer
    /// alone cannot be watched for it).
    private(set) var arrivalsHeld = 0
    /// How many tiles arrived off screen (drawn ahead), for which no frame was asked.
    private(set) var offScreenArrivals = 0
    /// When a frame last showed the tiles that had arrived (monotonic µs).
    private var arrivedTilesShownAt: Int64 = 0
    /// The trim of freed memory due a second after the last tile arrived.
    private var memoryTrimTimer: UInt32?
    /// When the canvas last started a frame (monotonic µs), and how many trims waited for
    /// the frames to stop (``MemoryTrimPacing``).
    private(set) var lastFrameStartedAt: Int64 = 0
    private(set) var memoryTrimsPostponed = 0
    /// The view of the last ``request(_:)``: what the cache keeps when the view rests.
    private var lastView: ViewState?
    /// The viewport the last frame was drawn for: while the view is elsewhere, that frame is
    /// never painted again, and tiles the cache lets go give their pixels back at once.
    private var lastFrameViewport: Viewport?

    /// What the feed needs of the view: where the pages are and what is under the view.
    struct ViewState {
        var planner: TilePlanner
        var layout: any DocumentViewLayout
        var viewport: Viewport
        var motion: TilePlanner.Motion
    }

    /// Draws the view again (tiles arrived that a frame should show).
    var redraw: () -> Void = {}
    /// A tile arrived and is in the cache (before any redraw is decided).
    var arrived: (RenderedTile) -> Void = { _ in }
    /// Whether a tile that arrives belongs to the pages shown (not to a document that went).
    var accepts: (TileKey) -> Bool = { _ in true }
    /// The view came to rest and the cache gave back what it no longer needs.
    var settled: () -> Void = {}
    /// Asks for the view's tiles again (the view came to rest: what was drawn ahead of it is no
    /// longer wanted, nor kept beyond the cache's budget at rest).
    var replan: () -> Void = {}
    /// Pending while the last plan drew ahead of a moving view, due once it rests.
    private var restTimer: UInt32?

    /// A new document's pages, drawn by `drawPage` on a new worker; its first frame is rendered
    /// on the main thread when it is drawn.
    func start(drawPage: @escaping RenderQueue.DrawPage) {
        queue?.stop()
        self.drawPage = drawPage
        firstPaintPending = true
        lastRequested = []
        // Tiles come back ahead of redraws (GDK redraws at HIGH_IDLE + 20), so a tile that
        // arrives before the next frame is in it.
        let deliver: RenderQueue.Deliver = { [weak self] tile in
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { self?.tileArrived(tile) }
        }
        queue = if let other = sharesWorkerOf { RenderQueue(sharingWorkerOf: other, drawPage: drawPage, deliver: deliver) }
            else { RenderQueue(name: "render", drawPage: drawPage, deliver: deliver) }
    }

    /// The visible tiles the screen does not show yet: a document whose first frame is still to
    /// come (its window not laid out or not drawn yet) shows none of its pages, so it counts at
    /// least one, and "0" always means what is on screen is sharp.
    var missingOnScreen: Int { firstPaintPending ? max(1, missingVisible) : missingVisible }

    /// No document: the worker stops and what it drew goes.
    func stop() {
        queue?.stop()
        queue = nil
        drawPage = nil
        firstPaintPending = false
        forgetTiles()
        scheduleMemoryTrim()
    }

    /// Every tile goes (the document's pages changed or went).
    func forgetTiles() {
        cache.removeAll()
        lastRequested = []
        lastView = nil
        firstFrameTiles = nil
    }

    /// Asks the worker for the view's tiles on the next request even if the plan is unchanged
    /// (the frames it was made for changed).
    func requestAgain() { lastRequested = [] }

    /// Pages whose tiles were drawn from an older version of the document: kept as stand-ins,
    /// drawn again.
    func markStale(_ pages: [PageIndex]) {
        for page in pages { cache.markStale(page: page) }
        lastRequested = []
    }

    /// Asks the worker for what the view needs (visible tiles first, then a turn's pages, then
    /// the spread ahead), keeps what is on screen in the cache, and sizes the cache to the view.
    /// Each request replaces the worker's pending list, so tiles the reader has moved away from
    /// are never drawn.
    func request(_ view: ViewState) {
        guard let queue, view.viewport.size.width > 0, !firstPaintPending else { return }
        lastView = view
        // Asked for another view than the last frame's: a frame for it is due, and the last
        // one will not be painted again.
        cache.releasesPixelsOfTilesLetGo = lastFrameViewport.map { $0 != view.viewport } ?? false
        let plan = view.planner.plan(layout: view.layout, viewport: view.viewport, motion: view.motion) { cache.contains($0) }
        missingVisible = plan.missingVisible
        onScreen = plan.onScreen
        aheadCount = plan.ahead.count
        cache.protect(plan.onScreen)
        // What the moving view reaches next counts as just used, the nearest last: tiles it
        // has left behind go first.
        for key in plan.ahead.reversed() { _ = cache.tile(for: key) }
        // Keep what the view wants (what is visible, ahead, or a turn's, and while it is not
        // sharp the stand-ins it shows) plus a little: memory stays near a viewer that keeps
        // nothing, what is on screen is never evicted while it is shown, and no tile planned
        // evicts another (they would be drawn again and again).
        // Stand-ins count up to a screenful: a zoom in twelve quick steps held each step's tiles
        // as stand-ins of the next, and the budget, counting all of them, let none go.
        let standIns = plan.missingVisible > 0 ? min(cache.standInBytes(for: plan.onScreen), plan.visibleBytes) : 0
        let wanted = Self.wanted(view)
        cache.budgetBytes = TileCache.budget(forVisibleBytes: max(plan.visibleBytes, wanted.bytes) + standIns)
        cache.fitBudget()
        // The tiles on their way count in the budget: the cache makes room for them now, and
        // the worker keeps every tile pixel alive within it (``pixelLimit(budget:plan:batching:)``).
        cache.makeRoom(forBytes: plan.requests.reduce(0) { $0 + $1.pixelBytes }, sparing: wanted.keys)
        queue.limitPixels(to: Self.pixelLimit(budget: cache.budgetBytes, plan: plan, batching: queue.batchesTilesOnScreen))
        scheduleRestPlan(plan.aheadBytes > 0)
        if plan.requests != lastRequested {
            lastRequested = plan.requests
            queue.submit(plan.requests, onScreen: plan.missingVisible)
            if plan.missingVisible > 0 { visibleRequests += 1 }
        }
    }

    /// While tiles are drawn ahead of a moving view, plans again once it has rested (nothing
    /// else would: no input, no tile left to arrive), so that the worker stops drawing ahead
    /// and the budget drops back to what the view shows.
    private func scheduleRestPlan(_ drawingAhead: Bool) {
        if let pending = restTimer { g_source_remove(pending); restTimer = nil }
        guard drawingAhead else { return }
        restTimer = MainLoop.after(milliseconds: UInt32(ViewTravel.restDelay * 1000) + 50) { [weak self] in
            self?.restTimer = nil
            self?.replan()
        }
    }

    /// The visible tiles, rendered here and now: the first frame is sharp and final (the worker
    /// renders nothing again for it, so nothing on screen changes after it), like a minimal
    /// viewer's first frame. Answers how many tiles were taken ready and how many rendered.
    ///
    /// This blocks the main loop once per opened document, for the tiles under the view at the
    /// fitted zoom, and only before the worker has been given any work.
    func renderFirstFrame(_ view: ViewState) -> (taken: Int, rendered: Int)? {
        guard firstPaintPending, let drawPage, view.viewport.size.width > 0 else { return nil }
        firstPaintPending = false
        let plan = view.planner.plan(layout: view.layout, viewport: view.viewport, motion: TilePlanner.Motion(forward: true)) { cache.contains($0) }
        // The tiles about to be shown fit, and none of them evicts another.
        cache.protect(plan.onScreen)
        cache.budgetBytes = TileCache.budget(forVisibleBytes: plan.visibleBytes)
        // Each page's visible tiles in one render (its images decoded once), cut into tiles.
        var visible = Array(plan.requests.prefix(plan.missingVisible))
        // Tiles rendered ahead while GTK started are taken where this plan asks for them.
        var taken = 0
        if let takeTiles = firstFrameTiles {
            firstFrameTiles = nil
            let wanted = Set(visible.map(\.key))
            let ready = takeTiles().filter { wanted.contains($0.key) }
            for tile in ready {
                if let account = queue?.pixels { TilePixels.charge(tile.image.surface, to: account) }
                cache.insert(tile)
            }
            let readyKeys = Set(ready.map(\.key))
            visible.removeAll { readyKeys.contains($0.key) }
            taken = ready.count
        }
        let started = RenderQueue.nowMs()
        var pixels = 0
        for tile in RenderQueue.render(eachPageTogether: visible, drawPage: drawPage, account: queue?.pixels) {
            pixels += tile.byteCount / 4
            cache.insert(tile)
        }
        // What it cost tells the worker whether to draw each page's tiles on screen in one call.
        queue?.noteRenderCost(milliseconds: RenderQueue.nowMs() - started, pixels: pixels)
        return (taken, visible.count)
    }

    /// A tile drawn ahead of the view, off screen, asks for no frame: nothing on screen would
    /// change, and GTK starts a frame no sooner than 16.7 ms after the last one, so a wheel
    /// click that came just after such a frame waited for the next (`scroll.py`: every click
    /// over 10 ms followed a frame for tiles off screen 1–9 ms before it). The view's next move
    /// shows it.
    private func tileArrived(_ tile: RenderedTile) {
        guard accepts(tile.key) else { return }
        cache.insert(tile)
        lastRequested.removeAll { $0.key == tile.key }
        arrived(tile)
        scheduleMemoryTrim()
        // `arrived` planned again for the view as it is now, so `onScreen` is current.
        guard onScreen.contains(tile.key) else {
            offScreenArrivals += 1
            return
        }
        showArrived(completingView: missingVisible == 0)
    }

    /// Shows tiles that arrived on screen: at once while frames are cheap, for the tile that
    /// completes the view, or when none were shown for a while; else together with those that
    /// arrive until then (``FrameCost``). Ten Page Ups on
    /// a 4K screen at 2× settled in 170 ms when each tile had a frame of its own, in 103 now.
    private func showArrived(completingView: Bool) {
        let now = Int64(g_get_monotonic_time())
        guard let delay = frameCost.arrivalDelay(now: now, lastShown: arrivedTilesShownAt, completesView: completingView) else {
            if let pending = arrivedTilesTimer { g_source_remove(pending); arrivedTilesTimer = nil }
            arrivedTilesShownAt = now
            redraw()
            return
        }
        arrivalsHeld += 1
        guard arrivedTilesTimer == nil else { return }
        arrivedTilesTimer = MainLoop.after(milliseconds: UInt32(max(1, delay / 1000))) { [weak self] in
            guard let self else { return }
            self.arrivedTilesTimer = nil
            self.arrivedTilesShownAt = Int64(g_get_monotonic_time())
            self.redraw()
        }
    }

    /// A frame is being drawn: it shows every tile that has arrived, none waits for a frame of
    /// its own.
    func frameStarted(at now: Int64, viewport: Viewport) {
        if let pending = arrivedTilesTimer { g_source_remove(pending); arrivedTilesTimer = nil }
        arrivedTilesShownAt = now
        lastFrameStartedAt = now
        lastFrameViewport = viewport
        // Until the view asks for tiles elsewhere, this frame may be painted again as it is (a
        // popover or the scrollbars redrawn over it): the tiles it shows keep their pixels until
        // the next frame replaces it.
        cache.releasesPixelsOfTilesLetGo = false
    }

    /// The most the document's tile pixels may be once the worker has made its next tile
    /// (``RenderQueue/limitPixels(to:)``): the cache's budget, which has room for the tiles
    /// asked for (``TileCache/makeRoom(forBytes:sparing:)``), and one tile more, for a tile of
    /// a view already left still on its way to the cache (without it the worker waited for
    /// the main thread's next turn before each tile at the end of a burst); on a document whose
    /// pages' tiles on screen are drawn together, also what such a drawing holds beyond its
    /// tiles (the page's rendering beside a row of its copies). Tiles the cache let go that a
    /// frame still shows count until it is replaced; in a burst the worker waits for that
    /// rather than piling up pixels beyond the budget.
    static func pixelLimit(budget: Int, plan: TilePlanner.Plan, batching: Bool) -> Int {
        let onTheWay = plan.requests.map(\.pixelBytes).max() ?? 0
        guard batching else { return budget + onTheWay }
        let onScreen = Dictionary(grouping: plan.requests.prefix(plan.missingVisible), by: { $0.key.page })
        let beyond = onScreen.values.map { $0.peakPixelBytes - $0.reduce(0) { $0 + $1.pixelBytes } }.max() ?? 0
        return budget + onTheWay + beyond
    }

    /// Every tile `view` plans, cached or not, and their bytes.
    private static func wanted(_ view: ViewState) -> (keys: Set<TileKey>, bytes: Int) {
        let requests = view.planner.plan(layout: view.layout, viewport: view.viewport, motion: view.motion) { _ in false }.requests
        return (Set(requests.map(\.key)), requests.reduce(0) { $0 + $1.pixelBytes })
    }

    /// The view rests: the cache keeps the tiles on screen and those the view would ask for
    /// next (planned as if nothing were cached), and lets the rest go (``TileCache/settle(keeping:)``).
    /// Not while the view is still unsharp: the stand-ins from other zooms it shows stay.
    func settle() {
        guard let view = lastView, queue != nil, missingOnScreen == 0 else { return }
        let wanted = view.planner.plan(layout: view.layout, viewport: view.viewport, motion: view.motion) { _ in false }
        cache.settle(keeping: Set(wanted.requests.map(\.key)))
        settled()
    }

    /// Whether every tile of `page` under the view is rendered from the current document.
    func isFresh(_ page: PageIndex, _ view: ViewState) -> Bool {
        let zoom = view.viewport.zoom
        guard page.rawValue >= 0, page.rawValue < view.planner.pageSizes.count, zoom > 0 else { return true }
        let frame = view.layout.pageFrame(page, zoom: zoom).offsetBy(Point.zero - view.viewport.offset)
        guard let visible = frame.intersection(Rect(x: 0, y: 0, width: view.viewport.size.width, height: view.viewport.size.height)) else { return true }
        let tiling = view.planner.tiling(of: page, zoom: zoom)
        let k = tiling.scale / zoom
        let pixels = Rect(x: (visible.minX - frame.minX) * k, y: (visible.minY - frame.minY) * k, width: visible.width * k, height: visible.height * k)
        return tiling.tiles(overlapping: pixels).allSatisfy { cache.contains($0) }
    }

    /// A second after the last tile arrives (the reader has settled, what was drawn ahead is
    /// in) or the document closed, the cache gives back the tiles the resting view does not
    /// need (``settle()``) and the pages freed meanwhile go back to the system
    /// (``MemoryPolicy``), off the main thread: on the render worker, idle by then, or on a
    /// thread of its own once the document is gone. Not while the canvas draws frames (a
    /// carry, a drag): the trim holds the heaps' locks, which a frame's allocations would wait
    /// for (``MemoryTrimPacing``); it is due again once they stop.
    private func scheduleMemoryTrim(after milliseconds: UInt32 = 1000) {
        if let pending = memoryTrimTimer { g_source_remove(pending) }
        memoryTrimTimer = MainLoop.after(milliseconds: milliseconds) { [weak self] in
            guard let self else { return }
            self.memoryTrimTimer = nil
            if let wait = MemoryTrimPacing.wait(now: Int64(g_get_monotonic_time()), lastFrame: self.lastFrameStartedAt) {
                self.memoryTrimsPostponed += 1
                self.scheduleMemoryTrim(after: wait)
                return
            }
            self.settle()
            if let queue = self.queue {
                queue.perform { MemoryPolicy.returnFreedMemory() }
            } else {
                WorkerThread.start(name: "memory-trim") { MemoryPolicy.returnFreedMemory() }
            }
        }
    }
}
