// SPDX-License-Identifier: GPL-3.0-or-later

/// What the canvas's frames cost the main thread of late, from the frame clock's start of a
/// frame to the end of its paint: on a 4K screen under GSK's cairo renderer a frame costs
/// 20–30 ms where it costs 5 at 1080p, and work that asks for frames (tiles arriving) asks
/// less often there.
struct FrameCost {
    /// A moving average (µs); nil before the first frame.
    private(set) var averageMicroseconds: Double?

    /// Frames cheaper than this (µs) are never held back.
    static let cheap = 12_000.0
    /// The longest a tile that arrived waits for its frame (µs).
    static let longestWait = 100_000.0

    mutating func add(microseconds: Int) {
        let cost = Double(max(0, microseconds))
        averageMicroseconds = averageMicroseconds.map { 0.7 * $0 + 0.3 * cost } ?? cost
    }

    /// How long tiles that leave the view incomplete may wait to be shown with others: none
    /// while frames are cheap, else three frames' cost (up to ``longestWait``), so that showing
    /// arrivals takes at most a third of the main thread.
    var arrivalWaitMicroseconds: Int64 {
        guard let average = averageMicroseconds, average >= Self.cheap else { return 0 }
        return Int64(min(Self.longestWait, 3 * average))
    }
}
