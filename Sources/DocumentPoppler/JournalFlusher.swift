// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Platform

/// Flushes a journal's lines to disk (fsync) on a worker thread, so that the main loop only
/// writes them. A line is in the kernel once written, so a crash of the app or `kill -9` loses
/// nothing of it; the flush only guards against the machine itself going down, and took 1 to
/// 12 ms on a shared disk, in the turn of the main loop that made the edit (a lasso's Move of
/// 1,566 strokes included). Each flush works on a duplicate of the journal's descriptor, so the
/// journal may close or replace its file meanwhile.
final class JournalFlusher: @unchecked Sendable {
    private let state = Condition()
    /// Duplicates of descriptors whose lines wait to be flushed, oldest first.
    private var waiting: [Int32] = []
    private var running = false

    /// Flushes what was written to `fd` so far, on the worker; at once when it cannot be
    /// duplicated.
    func flush(_ fd: Int32) {
        let copy = dup(fd)
        guard copy >= 0 else {
            fsync(fd)
            return
        }
        state.lock()
        waiting.append(copy)
        let start = !running
        running = true
        state.unlock()
        if start { WorkerThread.start(name: "journal-sync") { [self] in run() } }
    }

    /// Returns once every flush asked for before is done (before a rename relies on it).
    func wait() {
        state.lock()
        while running { state.wait() }
        state.unlock()
    }

    private func run() {
        while true {
            state.lock()
            let batch = waiting
            waiting = []
            if batch.isEmpty {
                running = false
                state.broadcast()
                state.unlock()
                return
            }
            state.unlock()
            for fd in batch {
                fsync(fd)
                close(fd)
            }
        }
    }
}
