// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Platform

/// When the reader last moved a view (a scroll, a zoom, a page turn) or a canvas drew a frame
/// (a lasso carry, a stroke, tiles arriving), so that background work gives way while the view
/// moves or the user works it: text recognition keeps a core busy for seconds a page, and on
/// two cores that cost the reader's frames their time (issue 36: wheel frames while
/// recognising; issue 33: a lasso carry's frames over a page being read). The main thread
/// marks moves and frames; workers wait a little while they are recent.
final class ReaderMotion: @unchecked Sendable {
    static let shared = ReaderMotion()
    /// How long after the last move the view still counts as moving (µs).
    static let settle = 200_000
    /// The longest one wait lasts (µs), after which work goes on for ``workBetweenWaits`` before
    /// it waits again: a view kept moving without a pause still lets work on.
    static let longestWait = 2_000_000
    static let workBetweenWaits = 1_000_000
    private let lock = Lock()
    private var lastMove = Int.min / 2
    /// Until when workers go on without waiting (after a wait that lasted the longest).
    private var freeUntil = Int.min / 2

    /// The view moved now (main thread).
    func moved() {
        let now = Self.now()
        lock.withLock { lastMove = now }
    }

    /// Sleeps while the view has moved within ``settle``, for at most ``longestWait`` (workers).
    func giveWay() {
        let began = Self.now()
        while true {
            let (last, free) = lock.withLock { (lastMove, freeUntil) }
            let now = Self.now()
            guard now >= free, now - last < Self.settle else { return }
            guard now - began < Self.longestWait else {
                lock.withLock { freeUntil = now + Self.workBetweenWaits }
                return
            }
            usleep(10_000)
        }
    }

    private static func now() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t.tv_sec * 1_000_000 + t.tv_nsec / 1_000
    }
}
