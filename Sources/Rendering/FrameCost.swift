// SPDX-License-Identifier: GPL-3.0-or-later

/// What a view's frames cost the main thread of late, and so how long tiles that arrive may
/// wait to be shown (a rule of tile display; the shell times the frames). On a 4K screen at 2×
/// under GSK's cairo renderer a frame cost 20–30 ms when the view was one cairo node (10 since
/// each tile is one), where it costs 5 at 1080p, and a frame for each tile as it came took the
/// two cores from the worker drawing the rest of the view.
public struct FrameCost: Sendable {
    /// A moving average (µs); nil before the first frame.
    public private(set) var averageMicroseconds: Double?

    /// Frames cheaper than this (µs) never hold a tile back.
    public static let cheapMicroseconds = 12_000.0
    /// The longest a tile that arrived waits for its frame (µs).
    public static let longestWaitMicroseconds = 100_000.0

    public init() {}

    /// A frame took `microseconds`, from the view's drawing to the end of the toolkit's paint.
    public mutating func add(microseconds: Int) {
        let cost = Double(max(0, microseconds))
        averageMicroseconds = averageMicroseconds.map { 0.7 * $0 + 0.3 * cost } ?? cost
    }

    /// How long tiles may wait to be shown together: none while frames are cheap, else three
    /// frames' cost (up to ``longestWaitMicroseconds``), so that showing arrivals takes at most
    /// a third of the main thread.
    public var arrivalWaitMicroseconds: Int64 {
        guard let average = averageMicroseconds, average >= Self.cheapMicroseconds else { return 0 }
        return Int64(min(Self.longestWaitMicroseconds, 3 * average))
    }

    /// When a tile that arrived at `now` (µs) is shown: `nil` at once (it completes the view, or
    /// no arrival was shown for the whole wait), else after the returned µs, with whatever else
    /// arrives meanwhile. `lastShown` is when arrived tiles were last shown (by any frame).
    public func arrivalDelay(now: Int64, lastShown: Int64, completesView: Bool) -> Int64? {
        let wait = arrivalWaitMicroseconds
        let since = now - lastShown
        if completesView || since >= wait { return nil }
        return wait - since
    }
}
