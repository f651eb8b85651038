// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Glibc
import Platform

/// Hands values to a thread of its own that writes them out one at a time, so that the main
/// loop never waits for encoding or the disk. Only the newest value matters: values are written
/// in the order they were handed over, and one handed over while another is written replaces any
/// still waiting, so what was written last is never older than what was written before it. The
/// state dump and the open tabs' list are written through one.
///
/// - Warning: ``submit(_:)``, ``flush(withinSeconds:)``, ``written`` and
///   ``lastCostMicroseconds`` may be called from any thread; `write` runs on the writer's thread.
final class NewestValueWriter<Value>: @unchecked Sendable {
    private let threadName: String
    private let priorityDrop: Int32
    private let write: (Value) -> Void
    private let condition = Condition()
    // Guarded by `condition`.
    private var waiting: Value?
    private var writing = false
    private var started = false
    private var costMicroseconds = 0
    private var writtenCount = 0

    /// - Parameters:
    ///   - threadName: the writer thread's name (as debuggers and `top -H` show it).
    ///   - priorityDrop: how much lower than the app's the thread's priority is (the frames go
    ///     first).
    ///   - write: writes one value (on the writer's thread).
    init(threadName: String, priorityDrop: Int32 = 0, write: @escaping (Value) -> Void) {
        self.threadName = threadName
        self.priorityDrop = priorityDrop
        self.write = write
    }

    /// Hands `value` over to be written (replacing one handed over and not yet taken).
    func submit(_ value: Value) {
        condition.lock()
        waiting = value
        if !started {
            started = true
            WorkerThread.start(name: threadName) { [self] in run() }
        }
        condition.signal()
        condition.unlock()
    }

    /// How many values were written so far.
    var written: Int {
        condition.lock()
        defer { condition.unlock() }
        return writtenCount
    }

    /// What writing the last value took (µs of the writer's thread, wall time).
    var lastCostMicroseconds: Int {
        condition.lock()
        defer { condition.unlock() }
        return costMicroseconds
    }

    /// Waits until every value handed over is written, at most `seconds`; returns whether it is
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
        if priorityDrop > 0 { WorkerThread.lowerPriority(by: priorityDrop) }
        while true {
            condition.lock()
            while waiting == nil { condition.wait() }
            let next = waiting!
            waiting = nil
            writing = true
            condition.unlock()
            let began = g_get_monotonic_time()
            write(next)
            let cost = Int(g_get_monotonic_time() - began)
            condition.lock()
            writing = false
            writtenCount += 1
            costMicroseconds = cost
            condition.broadcast()
            condition.unlock()
        }
    }
}
