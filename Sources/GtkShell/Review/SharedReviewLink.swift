// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry
import Platform
import StateSnapshot
#if canImport(Glibc)
import Glibc
#endif

/// A window's live link to its document's shared review folder: it watches the folder (a
/// GFileMonitor, plus a poll every 2 s for shares a monitor cannot reach), reads the others'
/// new packets on a worker, and hands them to the window to merge; it writes the window's
/// packets on a worker too, one write at a time and in their order (a slow network folder never
/// holds up the window), keeps what waits while the folder is away, and says what the folder's
/// state is. A window that closes waits for the write under way and writes what still waits
/// (``finishWrites()``); what cannot be written is kept with the review's state.
///
/// - Warning: main thread only.
@MainActor
final class SharedReviewLink {
    /// The poll's interval.
    static let pollMilliseconds: UInt32 = 2000

    let review: SharedReview
    /// What the review is kept under in ``SharedReviewStore``.
    let key: String
    /// Called on the main thread with each read that found packets or a problem.
    var onRead: ((SharedReviewIncoming) -> Void)?
    /// Called when packets that waited for the folder were written.
    var onFlushed: (() -> Void)?
    /// The folder's GFileMonitor (released in `deinit` too: a window closed while sharing).
    nonisolated(unsafe) private var monitor: UnsafeMutableRawPointer?
    private var poll: UInt32 = 0
    private var reading = false
    private var readAgain = false
    private var publishPosted = false
    /// The packet write under way on a worker, if one is.
    private var writing: PacketWriteTicket?
    /// Merges that changed the document, and the main thread's time of the last one.
    var merges = 0
    var lastMergeMs: Double?
    /// Devices whose packets were refused (another document), each told once.
    var refused: [String] = []
    /// Devices whose file held something unreadable, each told once.
    var unreadableTold: Set<String> = []

    init(review: SharedReview, key: String) {
        self.review = review
        self.key = key
    }

    deinit {
        if let monitor {
            g_file_monitor_cancel(monitor.assumingMemoryBound(to: GFileMonitor.self))
            g_object_unref(monitor)
        }
    }

    /// Starts watching: the monitor, the poll, and a first read.
    func start() {
        let folder = g_file_new_for_uri(review.state.folder)!
        if let made = g_file_monitor_directory(folder, G_FILE_MONITOR_NONE, nil, nil) {
            monitor = UnsafeMutableRawPointer(made)
            let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32,
                                            UnsafeMutableRawPointer?) -> Void = { _, _, _, _, data in
                let fn = CallbackBox<@MainActor () -> Void>.from(data)
                MainActor.assumeIsolated { fn() }
            }
            let changed: @MainActor () -> Void = { [weak self] in self?.read() }
            let release: GClosureNotify = { data, _ in
                guard let data else { return }
                Unmanaged<AnyObject>.fromOpaque(data).release()
            }
            ann_signal_connect(monitor, "changed", unsafeBitCast(trampoline, to: GCallback.self), CallbackBox(changed).retainedPointer, release)
        }
        g_object_unref(UnsafeMutableRawPointer(folder))
        schedulePoll()
        read()
    }

    private func schedulePoll() {
        poll = MainLoop.after(milliseconds: Self.pollMilliseconds) { [weak self] in
            guard let self, self.poll != 0 else { return }
            // Packets that waited for the folder are tried again.
            self.writePending()
            self.read()
            self.schedulePoll()
        }
    }

    /// Stops watching (the review's state stays in the store unless the caller forgets it).
    func stop() {
        if poll != 0 { g_source_remove(poll) }
        poll = 0
        if let monitor {
            g_file_monitor_cancel(monitor.assumingMemoryBound(to: GFileMonitor.self))
            g_object_unref(monitor)
        }
        monitor = nil
        onRead = nil
        onFlushed = nil
    }

    /// Reads the others' new packets on a worker; one read at a time (a change seen meanwhile
    /// reads again once it is done).
    func read() {
        guard poll != 0 || monitor != nil, let origins = origins?() else { return }
        guard !reading else { readAgain = true; return }
        reading = true
        let folder = review.folder, device = review.device, offsets = review.state.offsets
        WorkerThread.start(name: "shared-review") {
            let incoming = SharedReview.read(folder, device: device, offsets: offsets, origins: origins)
            MainLoop.post(priority: G_PRIORITY_DEFAULT) { [weak self] in
                guard let self else { return }
                self.reading = false
                self.onRead?(incoming)
                if self.readAgain {
                    self.readAgain = false
                    self.read()
                }
            }
        }
    }

    /// Writes the waiting packets on a worker, unless a write is under way (then the packets
    /// that came meanwhile are written once it has ended, after it).
    func writePending() {
        guard writing == nil, let write = review.nextWrite() else { return }
        let ticket = PacketWriteTicket(write)
        writing = ticket
        let pause = Self.testWritePause
        WorkerThread.start(name: "review-write") {
            if pause > 0 { usleep(pause) }
            ticket.complete(write.run())
            MainLoop.post(priority: G_PRIORITY_DEFAULT) { [weak self] in self?.writeEnded(ticket) }
        }
    }

    private func writeEnded(_ ticket: PacketWriteTicket) {
        // A write already waited for (the window closed meanwhile) was taken in then.
        guard writing === ticket else { return }
        writing = nil
        let written = review.finish(ticket.write, problem: ticket.wait())
        keep()
        onFlushed?()
        // Packets made while it was written go next (a failed write waits for the poll).
        if written { writePending() }
    }

    /// Before the window closes: waits for the write under way and writes what still waits,
    /// for at most `seconds` (a share that hangs must not keep the app from quitting). What is
    /// not written by then stays in the review's kept state and is written when the document
    /// is shared again (a write that went through meanwhile is not written twice).
    func finishWrites(within seconds: Int = 5) {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        while true {
            if writing == nil { writePending() }
            guard let ticket = writing, let problem = ticket.wait(until: deadline) else { break }
            writing = nil
            guard review.finish(ticket.write, problem: problem) else { break }
        }
        keep()
    }

    /// `PDF_ANNOTATOR_TEST_REVIEW_WRITE_PAUSE` (microseconds): how long the worker waits before
    /// each packet write, as a slow network folder would, so that UI tests can edit and quit
    /// while one is under way. 0 (no wait) unless set.
    static let testWritePause: UInt32 = {
        guard let raw = getenv("PDF_ANNOTATOR_TEST_REVIEW_WRITE_PAUSE") else { return 0 }
        return UInt32(String(cString: raw)) ?? 0
    }()

    /// Each page's crop box corner (what packet coordinates are shifted by).
    var origins: (() -> [Point])?

    /// Publishes the document's changes soon (once per main-loop turn however many edits).
    func schedulePublish(_ publish: @escaping @MainActor () -> Void) {
        guard !publishPosted else { return }
        publishPosted = true
        MainLoop.post(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self, self.poll != 0 else { return }
            self.publishPosted = false
            publish()
        }
    }

    /// Keeps the review's state in the store.
    func keep() { SharedReviewStore.standard.store(review.state, for: key) }

    /// The state dump's part.
    var snapshot: SharedReviewSnapshot {
        let ledger = review.state.ledger
        return SharedReviewSnapshot(folder: review.state.folder, device: review.device, document: review.documentID, devicesSeen: review.state.offsets,
                                    pendingPackets: review.state.pending.count, problem: review.problem?.message,
                                    changed: ledger.unseen.sorted(), conflicts: ledger.conflicts.sorted(), refusedDevices: refused,
                                    merges: merges, lastMergeMs: lastMergeMs)
    }
}

/// One packet write on a worker: its result, waited for by the window when it closes.
final class PacketWriteTicket: @unchecked Sendable {
    let write: SharedReview.PacketWrite
    private let condition = Condition()
    private var done = false
    private var problem: SharedReviewFolderError?

    init(_ write: SharedReview.PacketWrite) { self.write = write }

    /// Called on the worker with how the write went.
    func complete(_ problem: SharedReviewFolderError?) {
        condition.lock()
        self.problem = problem
        done = true
        condition.broadcast()
        condition.unlock()
    }

    /// How the write went, once it has ended (blocks until then).
    func wait() -> SharedReviewFolderError? {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
        return problem
    }

    /// How the write went, when it ends before `deadline` (the realtime clock): `.some(nil)`
    /// written, `.some(problem)` not; `nil` when it is still under way then.
    func wait(until deadline: timespec) -> SharedReviewFolderError?? {
        condition.lock()
        defer { condition.unlock() }
        while !done { if !condition.wait(until: deadline) && !done { return nil } }
        return .some(problem)
    }
}
