// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Platform

/// The one background thread that renders a document's tiles for every view of it: each view's
/// ``RenderQueue`` is a client of it, with wishes, a pixel limit and a delivery of its own.
///
/// The worker serves the views in turn of priority: the view that last asked for tiles (the one
/// the reader moves) first. Tiles on screen come before tiles ahead, whichever view they are
/// for: a view's tiles on screen, then the other view's, then the tiles ahead. A view over its
/// pixel limit waits for room while the worker serves the others. Jobs (``RenderQueue/perform(_:)``,
/// from any client) run before any further tile, in the order they came, so that work on the
/// document never overlaps rendering and a split view's halves see the document's versions in
/// one order. Two views of one document on two workers took turns at poppler's lock and at
/// the cores: the half being scrolled waited behind the other's tiles.
///
/// - Warning: thread-safe; the clients' state is guarded by ``condition``.
final class RenderWorker: @unchecked Sendable {
    let condition = Condition()
    /// The clients, the one served first first (guarded by `condition`).
    private var clients: [RenderQueue] = []
    /// Work to run before any further tile, each with the client that asked for it.
    private var jobs: [(client: ObjectIdentifier, job: @Sendable () -> Void)] = []
    /// Milliseconds per million pixels of the latest renders (a moving average that follows
    /// the document, shared by its views); nil before the first.
    private var msPerMegapixel: Double?
    /// Set once the last client stopped: the thread has ended, and no client joins.
    private var ended = false
    /// Clients on their way in (``reserve()``, then ``join(_:)``): the worker does not end meanwhile.
    private var reservations = 1
    /// How long a client waits for room under its limit before the worker makes its tile anyway.
    let roomWaitMilliseconds: Int

    init(name: String, roomWaitMilliseconds: Int) {
        self.roomWaitMilliseconds = roomWaitMilliseconds
        // The thread holds the worker until the last client stops.
        WorkerThread.start(name: name, stackSize: 8 << 20) { self.run() }
    }

    /// Keeps the worker from ending until a client joins (the one who made it holds the first
    /// reservation); `false` if it has ended.
    func reserve() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !ended else { return false }
        reservations += 1
        return true
    }

    /// Adds `client`, reserved for, behind those there are.
    func join(_ client: RenderQueue) {
        condition.lock()
        reservations -= 1
        clients.append(client)
        condition.unlock()
    }

    /// How many clients the worker serves now.
    var clientCount: Int {
        condition.lock(); defer { condition.unlock() }
        return clients.count
    }

    /// `client` is served first from now on (called with the lock held).
    func putFirstLocked(_ client: RenderQueue) {
        guard clients.first !== client, let index = clients.firstIndex(where: { $0 === client }) else { return }
        clients.remove(at: index)
        clients.insert(client, at: 0)
    }

    /// Whether `client` is the one served first.
    func isFirst(_ client: RenderQueue) -> Bool {
        condition.lock(); defer { condition.unlock() }
        return clients.first === client
    }

    /// Runs `job` before any further tile; a stopped client's job is dropped (as its own
    /// worker's would never have run).
    func perform(_ job: @escaping @Sendable () -> Void, for client: RenderQueue) {
        condition.lock()
        guard !client.stopped else { condition.unlock(); return }
        jobs.append((ObjectIdentifier(client), job))
        condition.signal()
        condition.unlock()
    }

    /// `client` leaves: its wishes and its jobs go; the thread ends with the last client.
    func leave(_ client: RenderQueue) {
        condition.lock()
        clients.removeAll { $0 === client }
        if clients.isEmpty && reservations == 0 { ended = true }
        // Released after the lock: what a job holds may be a tile, whose pixels' account takes
        // this lock as they go.
        let id = ObjectIdentifier(client)
        let dropped = jobs.filter { $0.client == id }
        jobs.removeAll { $0.client == id }
        condition.signal()
        condition.unlock()
        _ = dropped
    }

    func noteRenderCost(milliseconds: Double, pixels: Int) {
        condition.lock()
        recordCostLocked(milliseconds: milliseconds, pixels: pixels)
        condition.unlock()
    }

    var batchesTilesOnScreen: Bool {
        condition.lock(); defer { condition.unlock() }
        return batchesLocked
    }

    private var batchesLocked: Bool { (msPerMegapixel ?? 0) > RenderQueue.batchingCost }

    private func recordCostLocked(milliseconds: Double, pixels: Int) {
        guard pixels > 0 else { return }
        let cost = milliseconds / (Double(pixels) / 1_000_000)
        msPerMegapixel = msPerMegapixel.map { 0.6 * $0 + 0.4 * cost } ?? cost
    }

    /// What the worker takes next: a client and its batch (the lock held).
    private struct Turn {
        let client: RenderQueue
        let batch: [TileRequest]
    }

    private func run() {
        // Drawing ahead must never take a core from the frame being made on the main thread
        // (nor from the display server): the worker runs a little nicer than both (on Linux a
        // thread's own priority).
        WorkerThread.lowerPriority(by: 4)
        while true {
            condition.lock()
            while clients.allSatisfy({ $0.pending.isEmpty }) && jobs.isEmpty && !ended { condition.wait() }
            if ended { condition.unlock(); return }
            if !jobs.isEmpty {
                let job = jobs.removeFirst().job
                condition.unlock()
                job()
                continue
            }
            guard let turn = nextTurnLocked() else {
                // Every client with wishes waits for room: until pixels go, new wishes come, or
                // the first of them gives up waiting.
                let deadlines = clients.compactMap(\.roomDeadline)
                if let first = deadlines.min(by: Self.isEarlier) { _ = condition.wait(until: first) } else { condition.wait() }
                clients.forEach { $0.waitingForRoomStorage = false }
                condition.unlock()
                continue
            }
            let client = turn.client, batch = turn.batch
            let limit = client.pixelLimit
            let takenAt = client.submissions
            let drawPage = client.drawPage
            condition.unlock()
            let bands = batch.count == 1 ? [batch] : RenderQueue.bands(of: batch, maxPixels: RenderQueue.bandPixels)
            for (index, band) in bands.enumerated() {
                if index > 0, !client.stillWanted(bands[index...].flatMap { $0 }, takenAt: takenAt) { break }
                let started = RenderQueue.nowMs()
                // A batch's tiles are copied out of their rendering: as views, the cache would
                // have to keep or drop them together, and on the photo document that held 16–23
                // MiB more after a burst (peers.py) than the copies cost at their peak.
                let tiles = band.count == 1 ? [RenderQueue.render(band[0], drawPage: drawPage, account: client.pixels)].compactMap { $0 }
                    : RenderQueue.render(together: band, drawPage: drawPage, copyingOut: true, account: client.pixels)
                let took = RenderQueue.nowMs() - started
                condition.lock()
                recordCostLocked(milliseconds: took, pixels: tiles.reduce(0) { $0 + $1.byteCount / 4 })
                client.renderedCountStorage += tiles.count
                client.beyondLimitStorage = max(client.beyondLimitStorage, client.pixels.bytesLocked - limit)
                let isStopped = client.stopped
                condition.unlock()
                if isStopped { break }
                tiles.forEach(client.deliver)
            }
        }
    }

    /// The client served next and its batch: tiles on screen first (the first client's, then
    /// the others'), then tiles ahead in the same order; a client over its pixel limit is
    /// passed over until its wait for room gives up. `nil`: every client with wishes waits for
    /// room. Called with the lock held.
    private func nextTurnLocked() -> Turn? {
        let wanting = clients.filter { $0.pendingOnScreen > 0 } + clients.filter { $0.pendingOnScreen == 0 && !$0.pending.isEmpty }
        for client in wanting {
            let wasOnScreen = client.pendingOnScreen > 0
            let batch = client.takeNextBatchLocked(batching: batchesLocked)
            let over = client.pixels.bytesLocked + batch.peakPixelBytes - client.pixelLimit
            if over > 0 {
                if client.roomDeadline == nil {
                    client.roomWaitsStorage += 1
                    client.roomDeadline = Self.realtime(afterMilliseconds: roomWaitMilliseconds)
                }
                if let deadline = client.roomDeadline, !Self.hasPassed(deadline) {
                    // Back in front of its wishes, for whatever comes first once there is room.
                    client.pending.insert(contentsOf: batch, at: 0)
                    if wasOnScreen { client.pendingOnScreen += batch.count }
                    client.waitingForRoomStorage = true
                    continue
                }
                client.rendersOverLimitStorage += 1
            }
            client.roomDeadline = nil
            client.waitingForRoomStorage = false
            return Turn(client: client, batch: batch)
        }
        return nil
    }

    /// The realtime clock `milliseconds` from now (what ``Condition/wait(until:)`` waits for).
    private static func realtime(afterMilliseconds milliseconds: Int) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + (milliseconds % 1000) * 1_000_000
        now.tv_sec += milliseconds / 1000 + nanoseconds / 1_000_000_000
        now.tv_nsec = nanoseconds % 1_000_000_000
        return now
    }

    private static func isEarlier(_ a: timespec, _ b: timespec) -> Bool {
        a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec)
    }

    private static func hasPassed(_ deadline: timespec) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return !isEarlier(now, deadline)
    }
}
