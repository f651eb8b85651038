// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import Glibc
import Platform
import StateSnapshot

/// Encodes the state dump as JSON and writes it to its file on a thread of its own, so that the
/// main loop only gathers the values (``StateDump``). Encoding a page of 2,000 annotations was
/// four fifths of a dump's cost, some 30 ms of the main loop per write on a loaded machine.
///
/// Dumps are written in the order they were handed over; one handed over while another is
/// written replaces any still waiting (only the newest matters), so the file always holds a
/// whole dump, never an older one after a newer.
///
/// - Warning: ``submit(_:)``, ``flush(withinSeconds:)`` and ``lastCostMicroseconds`` may be called
///   from any thread; the writing happens on the thread `state-dump`.
final class StateDumpWriter: @unchecked Sendable {
    private let path: String
    private let condition = Condition()
    // Guarded by `condition`.
    private var waiting: StateSnapshot?
    private var writing = false
    private var started = false
    private var costMicroseconds = 0
    private var writtenCount = 0

    init(path: String) { self.path = path }

    /// Hands `snapshot` over to be written (replacing one handed over and not yet taken).
    func submit(_ snapshot: StateSnapshot) {
        condition.lock()
        waiting = snapshot
        if !started {
            started = true
            WorkerThread.start(name: "state-dump") { [self] in run() }
        }
        condition.signal()
        condition.unlock()
    }

    /// What encoding and writing the last dump took (µs of the writer's thread, wall time).
    var lastCostMicroseconds: Int {
        condition.lock()
        defer { condition.unlock() }
        return costMicroseconds
    }

    /// How many dumps were written so far.
    var written: Int {
        condition.lock()
        defer { condition.unlock() }
        return writtenCount
    }

    /// Waits until every dump handed over is in the file, at most `seconds`; returns whether it is
    /// (the app calls it as it shuts down, so that its last state is not lost).
    @discardableResult
    func flush(withinSeconds seconds: Int = 2) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        condition.lock()
        defer { condition.unlock() }
        while waiting != nil || writing {
            if !condition.wait(until: deadline) { return waiting == nil && !writing }
        }
        return true
    }

    private func run() {
        // The frames go first: the dump is for tests and benchmarks.
        WorkerThread.lowerPriority(by: 5)
        while true {
            condition.lock()
            while waiting == nil { condition.wait() }
            let next = waiting!
            waiting = nil
            writing = true
            condition.unlock()
            let began = g_get_monotonic_time()
            Self.write(next, to: path)
            let cost = Int(g_get_monotonic_time() - began)
            condition.lock()
            writing = false
            writtenCount += 1
            costMicroseconds = cost
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Writes `body` to `path` as sorted, indented JSON: written to a file beside it and renamed,
    /// without a sync, so that readers see the whole old dump or the whole new one (a sync to
    /// disk after every frame held the writes up to the disk's pace).
    private static func write(_ body: StateSnapshot, to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(body) else { return }
        let tmp = path + ".tmp"
        if AppendingFile(path: tmp)?.write(Array(data)) == true {
            _ = rename(tmp, path)
        }
    }
}
