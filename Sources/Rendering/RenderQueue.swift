// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
#if canImport(Glibc)
import Glibc
#endif
import Platform
import Geometry

/// One render request: a tile of a page at a scale.
public struct TileRequest: Hashable, Sendable {
    public var key: TileKey
    public var pixelRect: Rect
    public init(key: TileKey, pixelRect: Rect) { self.key = key; self.pixelRect = pixelRect }

    /// The bytes the tile's pixels will take (4 a pixel).
    public var pixelBytes: Int { Int(pixelRect.width) * Int(pixelRect.height) * 4 }
}

extension [TileRequest] {
    /// The most pixel bytes making these tiles holds at once (``RenderQueue``): one tile's own,
    /// or for a page's tiles drawn together and copied out, the rendering and its widest row of
    /// copies (``RenderQueue/render(together:drawPage:copyingOut:account:)``).
    public var peakPixelBytes: Int {
        guard count > 1, let first else { return first?.pixelBytes ?? 0 }
        let union = dropFirst().reduce(first.pixelRect) { $0.union($1.pixelRect) }
        let widestRow = Dictionary(grouping: self, by: \.key.row).values.map { $0.reduce(0) { $0 + $1.pixelBytes } }.max() ?? 0
        return Int(union.width) * Int(union.height) * 4 + widestRow
    }
}

/// A view's render queue: the tiles it wishes for, newest wishes first, rendered on its
/// document's one background thread (``RenderWorker``), which the queues of the document's other
/// views share (``init(sharingWorkerOf:drawPage:deliver:)``).
///
/// Poppler documents are not safe for concurrent rendering, so each document gets exactly one
/// worker. Each ``submit(_:onScreen:)`` replaces the pending requests (the view moved, so older
/// wishes are stale); the tile being rendered finishes. Finished tiles go to `deliver`, on the
/// worker thread: the host brings them to its main loop (GLib idle) itself. Of several views,
/// the one that asked last is served first (the one the reader moves).
///
/// The worker makes a tile only when the view's tile pixels alive (``pixels``, whoever holds
/// them) and the new tile fit the limit the host sets (``limitPixels(to:)``); otherwise it
/// waits until tiles go, for ``roomWaitMilliseconds`` at most (serving the other views
/// meanwhile).
public final class RenderQueue: @unchecked Sendable {
    /// Draws page `page` at `scale` device px per point into a cairo context whose origin is the
    /// page's top-left as displayed. Called on the worker thread only.
    public typealias DrawPage = @Sendable (_ page: PageIndex, _ scale: Double, _ context: OpaquePointer) -> Void
    public typealias Deliver = @Sendable (RenderedTile) -> Void

    /// The thread this queue's tiles are rendered on, with the other views' of the document.
    private let worker: RenderWorker
    private var condition: Condition { worker.condition }
    // The state below is guarded by the worker's condition.
    var pending: [TileRequest] = []
    /// How many of `pending`, from the front, are on screen.
    var pendingOnScreen = 0
    /// Above this cost, a page's tiles on screen are drawn in one call. Text and drawings take
    /// 3–8 ms per million pixels here, full-page photos over 60 (each call decodes the image
    /// anew): batching saves those decodes, and costs, while it draws, a second copy of the
    /// tiles' pixels, which only slow pages repay.
    public static let batchingCost = 25.0
    /// A batch larger than this many pixels is drawn a band of tile rows at a time, and the
    /// worker looks between bands whether the view still wants the rest: at 4K a page's
    /// visible tiles are 8–12 million pixels, and a reader paging past it should not wait for
    /// all of them before the worker turns to the page they stopped on. (Bands of 4 million
    /// pixels held 39 MB less at the peak of a 4K burst on the photo document, and made its
    /// last page take 265 ms to be sharp where it took 145: each band decodes the photos again.)
    public static let bandPixels = 8_000_000
    /// Submissions so far, so that a batch in progress knows when the view moved on.
    var submissions = 0
    var stopped = false
    let drawPage: DrawPage
    let deliver: Deliver
    /// Tiles rendered so far (for the state dump and tests).
    var renderedCountStorage = 0
    /// The pixels of the tiles this queue made (and those charged to it) alive now.
    public let pixels: TilePixelAccount
    var pixelLimit = Int.max
    var waitingForRoomStorage = false
    var rendersOverLimitStorage = 0
    var roomWaitsStorage = 0
    var beyondLimitStorage = 0
    /// When waiting for room for the next tile gives up.
    var roomDeadline: timespec?
    /// How long the worker waits for room under ``limitPixels(to:)`` before it makes the tile
    /// anyway (a safety valve: frames and arrivals free room within a frame or two).
    public var roomWaitMilliseconds: Int { worker.roomWaitMilliseconds }
    /// ``roomWaitMilliseconds`` unless told otherwise: a second.
    public static let defaultRoomWaitMilliseconds = 1000

    /// A queue on a worker of its own (a thread named `name`).
    public init(name: String, drawPage: @escaping DrawPage, deliver: @escaping Deliver,
                roomWaitMilliseconds: Int = RenderQueue.defaultRoomWaitMilliseconds) {
        self.drawPage = drawPage
        self.deliver = deliver
        worker = RenderWorker(name: name, roomWaitMilliseconds: roomWaitMilliseconds)
        pixels = TilePixelAccount(condition: worker.condition)
        worker.join(self)
    }

    /// A queue for another view of `other`'s document, on `other`'s worker (on one of its own
    /// if every view of that worker has stopped): its wishes, limit and deliveries are its own,
    /// its tiles are rendered in turn with `other`'s, never at the same time.
    public init(sharingWorkerOf other: RenderQueue, drawPage: @escaping DrawPage, deliver: @escaping Deliver) {
        self.drawPage = drawPage
        self.deliver = deliver
        worker = other.worker.reserve() ? other.worker : RenderWorker(name: "render", roomWaitMilliseconds: other.roomWaitMilliseconds)
        pixels = TilePixelAccount(condition: worker.condition)
        worker.join(self)
    }

    /// Whether this queue's tiles are rendered on the same thread as `other`'s.
    public func sharesWorker(with other: RenderQueue) -> Bool { worker === other.worker }

    /// How many views' queues the worker serves (1 unless views share it).
    public var viewsOnWorker: Int { worker.clientCount }

    /// Whether the worker serves this queue before the others sharing it (it asked last).
    public var isServedFirst: Bool { worker.isFirst(self) }

    /// Replaces the pending requests with `requests`, in priority order. The first `onScreen`
    /// of them are on screen: on a document whose pages draw slowly (``batchingCost``), those
    /// of one page are rendered together, in one call to `drawPage` (a photo is decoded once
    /// for all its tiles, not once per tile). Other tiles are rendered one at a time, so that
    /// the worker turns to new wishes between them. Wishes make the queue the one its worker
    /// serves first.
    public func submit(_ requests: [TileRequest], onScreen: Int = 0) {
        condition.lock()
        pending = requests
        pendingOnScreen = min(max(0, onScreen), requests.count)
        submissions += 1
        if !requests.isEmpty { worker.putFirstLocked(self) }
        condition.signal()
        condition.unlock()
    }

    /// Runs `job` on the worker before any further tile (of any view sharing it): for other
    /// work that must not overlap rendering on the same document (reading annotations, for
    /// instance).
    public func perform(_ job: @escaping @Sendable () -> Void) {
        worker.perform(job, for: self)
    }

    public var renderedCount: Int {
        condition.lock(); defer { condition.unlock() }
        return renderedCountStorage
    }

    /// The most bytes of tile pixels (``pixels``) the worker may have alive once it has made
    /// its next tile: the host's cache budget and the tiles it lets be on their way. Tiles
    /// already alive are not touched; the worker waits for room before the next one.
    public func limitPixels(to bytes: Int) {
        condition.lock()
        pixelLimit = bytes
        condition.broadcast()
        condition.unlock()
    }

    /// The limit now (``limitPixels(to:)``; `Int.max` before the first).
    public var pixelLimitBytes: Int {
        condition.lock(); defer { condition.unlock() }
        return pixelLimit
    }

    /// Whether the worker is waiting for tiles to go before it makes the next one.
    public var isWaitingForRoom: Bool {
        condition.lock(); defer { condition.unlock() }
        return waitingForRoomStorage
    }

    /// How many times the worker has waited for tiles to go before making the next one.
    public var roomWaits: Int {
        condition.lock(); defer { condition.unlock() }
        return roomWaitsStorage
    }

    /// How many times the worker made tiles beyond the limit, having waited
    /// ``roomWaitMilliseconds`` in vain, and the most the pixels alive went beyond the limit
    /// (as it was when the worker began them) right after it made tiles: 0 and 0 while the
    /// limit held.
    public var overLimit: (renders: Int, beyondBytes: Int) {
        condition.lock(); defer { condition.unlock() }
        return (rendersOverLimitStorage, beyondLimitStorage)
    }

    /// Stops the queue after the tile in progress: it renders nothing more, and its jobs not
    /// yet run are dropped (the worker goes on for the other views sharing it, if any).
    public func stop() {
        condition.lock()
        stopped = true
        pending.removeAll()
        pendingOnScreen = 0
        condition.unlock()
        worker.leave(self)
    }

    /// Whether the rest of a batch is still wanted: yes if no new wishes came since it was
    /// taken; else if the new wishes ask for any of it, which is then taken out of them (the
    /// batch draws it); no otherwise, and the worker turns to the new wishes.
    func stillWanted(_ rest: [TileRequest], takenAt: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard submissions != takenAt else { return true }
        let keys = Set(rest.map(\.key))
        guard pending.contains(where: { keys.contains($0.key) }) else { return false }
        var kept: [TileRequest] = [], removedOnScreen = 0
        for (index, request) in pending.enumerated() {
            if keys.contains(request.key) {
                if index < pendingOnScreen { removedOnScreen += 1 }
            } else {
                kept.append(request)
            }
        }
        pending = kept
        pendingOnScreen -= removedOnScreen
        return true
    }

    /// `batch` (one page's tiles at one scale) cut into bands of whole tile rows, each band as
    /// many rows as fit in `maxPixels` (at least one), top to bottom.
    static func bands(of batch: [TileRequest], maxPixels: Int) -> [[TileRequest]] {
        let rows = Dictionary(grouping: batch, by: \.key.row).sorted { $0.key < $1.key }.map(\.value)
        var bands: [[TileRequest]] = [], current: [TileRequest] = []
        func pixels(_ requests: [TileRequest]) -> Int {
            guard let first = requests.first else { return 0 }
            let union = requests.dropFirst().reduce(first.pixelRect) { $0.union($1.pixelRect) }
            return Int(union.width * union.height)
        }
        for row in rows {
            if !current.isEmpty, pixels(current + row) > maxPixels {
                bands.append(current)
                current = []
            }
            current += row
        }
        if !current.isEmpty { bands.append(current) }
        return bands
    }

    /// The next request, with the other on-screen requests of its page at its scale when it is
    /// on screen itself and the document draws slowly (`batching`). Called with the lock held.
    func takeNextBatchLocked(batching: Bool) -> [TileRequest] {
        let first = pending.removeFirst()
        guard pendingOnScreen > 0 else { return [first] }
        pendingOnScreen -= 1
        guard batching else { return [first] }
        var batch = [first]
        var index = 0
        while index < pendingOnScreen {
            let other = pending[index]
            if other.key.page == first.key.page && other.key.scaleMillis == first.key.scaleMillis {
                batch.append(pending.remove(at: index))
                pendingOnScreen -= 1
            } else {
                index += 1
            }
        }
        return batch
    }

    /// Notes what drawing `pixels` cost: the worker's renders, and a host's own (the first
    /// frame), so that the worker knows from its first tile whether the document is slow.
    public func noteRenderCost(milliseconds: Double, pixels: Int) {
        worker.noteRenderCost(milliseconds: milliseconds, pixels: pixels)
    }

    /// Whether the worker now draws a page's tiles on screen in one call.
    public var batchesTilesOnScreen: Bool { worker.batchesTilesOnScreen }

    /// Milliseconds on the monotonic clock.
    public static func nowMs() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    /// Renders `requests` on the calling thread, each page's (at one scale) in one call: how a
    /// first frame is drawn, by a host while the worker is idle (the document allows one
    /// renderer at a time) or by a start-up worker before the queue exists.
    public static func render(eachPageTogether requests: [TileRequest], drawPage: DrawPage,
                              account: TilePixelAccount? = nil) -> [RenderedTile] {
        var groups: [[TileRequest]] = []
        for request in requests {
            if let i = groups.firstIndex(where: { $0[0].key.page == request.key.page && $0[0].key.scaleMillis == request.key.scaleMillis }) {
                groups[i].append(request)
            } else {
                groups.append([request])
            }
        }
        return groups.flatMap { render(together: $0, drawPage: drawPage, account: account) }
    }

    /// Renders several tiles of one page at one scale with a single call to `drawPage` (the
    /// page's images decoded once, not once per tile). Each tile is a view into that one
    /// rendering (a cairo sub-surface, no copy): its pixels are freed with the last of them.
    ///
    /// The views share a ``SharedRendering``, so that a cache evicts them together (one left
    /// behind would keep the whole rendering alive). With `copyingOut`, each tile gets pixels of
    /// its own instead (copied out top to bottom, the rendering's rows given back as the copies
    /// pass them, the rest freed at once): at the peak the rendering and one row of copies.
    /// Their pixels count in `account`.
    public static func render(together requests: [TileRequest], drawPage: DrawPage, copyingOut: Bool = false,
                              account: TilePixelAccount? = nil) -> [RenderedTile] {
        guard let first = requests.first else { return [] }
        guard requests.count > 1, requests.allSatisfy({ $0.key.page == first.key.page && $0.key.scaleMillis == first.key.scaleMillis })
        else { return requests.compactMap { render($0, drawPage: drawPage, account: account) } }
        let union = requests.dropFirst().reduce(first.pixelRect) { $0.union($1.pixelRect) }
        guard let whole = render(TileRequest(key: first.key, pixelRect: union), drawPage: drawPage, account: account) else { return [] }
        let opaque = whole.isOpaque
        if copyingOut {
            // Top to bottom, the rows of the rendering no tile still to copy reaches given back
            // as they are passed: a page's rendering and its copies are not held whole together
            // (twice the page's pixels at the peak), only the rendering and a row of copies.
            var copies: [TileKey: RenderedTile] = [:]
            let order = requests.sorted { $0.pixelRect.minY < $1.pixelRect.minY }
            for (index, request) in order.enumerated() {
                let r = request.pixelRect
                let w = Int32(r.width), h = Int32(r.height)
                guard let copy = TilePixels.makeSurface(width: w, height: h, account: account) else { continue }
                guard cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(copy) else {
                    cairo_surface_destroy(copy)
                    continue
                }
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_surface(cr, whole.surface, union.minX - r.minX, union.minY - r.minY)
                cairo_paint(cr)
                cairo_destroy(cr)
                cairo_surface_flush(copy)
                copies[request.key] = RenderedTile(key: request.key, pixelRect: r, adopting: copy, isOpaque: opaque)
                let stillNeeded = order[(index + 1)...].map(\.pixelRect.minY).min() ?? union.maxY
                TilePixels.releaseRows(of: whole.surface, above: Int(stillNeeded - union.minY))
            }
            return requests.compactMap { copies[$0.key] }
        }
        let shared = SharedRendering(image: whole.surface)
        return requests.compactMap { request in
            let r = request.pixelRect
            guard let view = cairo_surface_create_for_rectangle(whole.surface, r.minX - union.minX, r.minY - union.minY, r.width, r.height),
                  cairo_surface_status(view) == CAIRO_STATUS_SUCCESS else { return nil }
            return RenderedTile(key: request.key, pixelRect: r, adopting: view, rendering: shared,
                                originInRendering: (Int(r.minX - union.minX), Int(r.minY - union.minY)), isOpaque: opaque)
        }
    }

    /// Renders one tile on the calling thread, into pixels of its own (``TilePixels``), counted
    /// in `account`.
    public static func render(_ request: TileRequest, drawPage: DrawPage, account: TilePixelAccount? = nil) -> RenderedTile? {
        let w = Int32(request.pixelRect.width), h = Int32(request.pixelRect.height)
        guard w > 0, h > 0, let surface = TilePixels.makeSurface(width: w, height: h, account: account) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_translate(cr, -request.pixelRect.minX, -request.pixelRect.minY)
        drawPage(request.key.page, request.key.scale, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return RenderedTile(key: request.key, pixelRect: request.pixelRect, adopting: surface,
                            isOpaque: ImageOpacity.isOpaque(surface))
    }
}
