// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Dispatch
import Platform
import Geometry

/// One render request: a tile of a page at a scale.
public struct TileRequest: Hashable, Sendable {
    public var key: TileKey
    public var pixelRect: Rect
    public init(key: TileKey, pixelRect: Rect) { self.key = key; self.pixelRect = pixelRect }
}

/// Renders tiles on one background thread per document, newest wishes first.
///
/// Poppler documents are not safe for concurrent rendering, so each document gets exactly one
/// worker. Each ``submit(_:)`` replaces the pending requests (the view moved, so older wishes
/// are stale); the tile being rendered finishes. Finished tiles go to `deliver`, on the worker
/// thread: the host brings them to its main loop (GLib idle) itself.
public final class RenderQueue: @unchecked Sendable {
    /// Draws page `page` at `scale` device px per point into a cairo context whose origin is the
    /// page's top-left as displayed. Called on the worker thread only.
    public typealias DrawPage = @Sendable (_ page: PageIndex, _ scale: Double, _ context: OpaquePointer) -> Void
    public typealias Deliver = @Sendable (RenderedTile) -> Void

    private let condition = Condition()
    private var pending: [TileRequest] = []
    private var jobs: [@Sendable () -> Void] = []
    private var stopped = false
    private let drawPage: DrawPage
    private let deliver: Deliver
    /// Tiles rendered so far (for the state dump and tests).
    private var renderedCountStorage = 0

    public init(name: String, drawPage: @escaping DrawPage, deliver: @escaping Deliver) {
        self.drawPage = drawPage
        self.deliver = deliver
        // The thread holds the queue until stop() ends it.
        WorkerThread.start(name: name, stackSize: 8 << 20) { self.run() }
    }

    /// Replaces the pending requests with `requests`, in priority order.
    public func submit(_ requests: [TileRequest]) {
        condition.lock()
        pending = requests
        condition.signal()
        condition.unlock()
    }

    /// Runs `job` on the worker before any further tile: for other work that must not overlap
    /// rendering on the same document (reading annotations, for instance).
    public func perform(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    public var renderedCount: Int {
        condition.lock(); defer { condition.unlock() }
        return renderedCountStorage
    }

    /// Stops the worker after the tile in progress; the queue renders nothing more.
    public func stop() {
        condition.lock()
        stopped = true
        pending.removeAll()
        jobs.removeAll()
        condition.signal()
        condition.unlock()
    }

    private func run() {
        // Drawing ahead must never take a core from the frame being made on the main thread
        // (nor from the display server): the worker runs a little nicer than both (on Linux a
        // thread's own priority).
        WorkerThread.lowerPriority(by: 4)
        while true {
            condition.lock()
            while pending.isEmpty && jobs.isEmpty && !stopped { condition.wait() }
            if stopped { condition.unlock(); return }
            if !jobs.isEmpty {
                let job = jobs.removeFirst()
                condition.unlock()
                job()
                continue
            }
            let request = pending.removeFirst()
            condition.unlock()
            if let tile = Self.render(request, drawPage: drawPage) {
                condition.lock()
                renderedCountStorage += 1
                let isStopped = stopped
                condition.unlock()
                if !isStopped { deliver(tile) }
            }
        }
    }

    /// Renders one tile on the calling thread. The queue uses it on its worker; a host may use it
    /// directly for a first paint while the worker is idle (the document allows one renderer
    /// at a time).
    /// Renders several tiles of one page at one scale with a single call to `drawPage` (the
    /// page's images decoded once, not once per tile). Each tile is a view into that one
    /// rendering (a cairo sub-surface, no copy): its pixels are freed with the last of them.
    public static func render(together requests: [TileRequest], drawPage: DrawPage) -> [RenderedTile] {
        guard let first = requests.first else { return [] }
        guard requests.count > 1, requests.allSatisfy({ $0.key.page == first.key.page && $0.key.scaleMillis == first.key.scaleMillis })
        else { return requests.compactMap { render($0, drawPage: drawPage) } }
        let union = requests.dropFirst().reduce(first.pixelRect) { $0.union($1.pixelRect) }
        guard let whole = render(TileRequest(key: first.key, pixelRect: union), drawPage: drawPage) else { return [] }
        return requests.compactMap { request in
            let r = request.pixelRect
            guard let view = cairo_surface_create_for_rectangle(whole.surface, r.minX - union.minX, r.minY - union.minY, r.width, r.height),
                  cairo_surface_status(view) == CAIRO_STATUS_SUCCESS else { return nil }
            return RenderedTile(key: request.key, pixelRect: r, adopting: view)
        }
    }

    public static func render(_ request: TileRequest, drawPage: DrawPage) -> RenderedTile? {
        let w = Int32(request.pixelRect.width), h = Int32(request.pixelRect.height)
        guard w > 0, h > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_translate(cr, -request.pixelRect.minX, -request.pixelRect.minY)
        drawPage(request.key.page, request.key.scale, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return RenderedTile(key: request.key, pixelRect: request.pixelRect, adopting: surface)
    }
}
