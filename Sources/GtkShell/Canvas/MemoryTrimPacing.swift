// SPDX-License-Identifier: GPL-3.0-or-later

/// When the trim of freed memory that follows the last tile's arrival (``TileFeed``) may run:
/// once the canvas has drawn no frame for ``quietMicroseconds``. glibc's trim holds each heap's
/// lock while it gives the heap's free pages back, which a frame's allocations on the main thread
/// would wait for: a precaution, not a measured cause (the slow frame of a lasso carry that this
/// was first suspected of came from text recognition, ``ReaderMotion``). At rest the last frame
/// is the one that showed the last tile, a second before the trim is due, so a reader's trim is
/// not moved. Also paces the reading of pages found textless (`DocumentWindow.restBeforeReading`).
enum MemoryTrimPacing {
    /// How long (µs) the canvas must have drawn no frame before the trim runs.
    static let quietMicroseconds: Int64 = 500_000

    /// How long (ms) a trim due `now` waits when the canvas last started a frame at
    /// `lastFrame` (monotonic µs, 0 for never): `nil` when it may run now.
    static func wait(now: Int64, lastFrame: Int64) -> UInt32? {
        wait(now: now, lastFrame: lastFrame, quiet: quietMicroseconds)
    }

    /// How long (ms) work due `now` waits for the canvas to have drawn no frame for `quiet` µs
    /// when it last started one at `lastFrame` (0 for never): `nil` when it may run now.
    static func wait(now: Int64, lastFrame: Int64, quiet: Int64) -> UInt32? {
        let since = now - lastFrame
        guard lastFrame > 0, since < quiet else { return nil }
        return UInt32((quiet - since + 999) / 1000)
    }
}
