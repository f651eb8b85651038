// SPDX-License-Identifier: GPL-3.0-or-later

/// How long the frames of an animation took: from the start of each frame (the frame clock's
/// update, where the animation steps) to the end of its paint (GTK has rendered it), and from
/// the start of one frame to the start of the next within a run. Kept for the last 2,000
/// frames; the page curl benchmark and the state dump read it.
struct FrameTimes {
    /// Milliseconds from a frame's start to its paint's end.
    private(set) var frameMilliseconds: [Double] = []
    /// Milliseconds from the start of one frame to the start of the next of the same run.
    private(set) var intervalMilliseconds: [Double] = []
    private var lastStart: Int?
    static let kept = 2000

    /// A frame that started at `start` and was painted `frameMicroseconds` later. Frames more
    /// than 100 ms apart belong to different runs (no interval between them).
    mutating func record(frameMicroseconds: Int, at start: Int) {
        frameMilliseconds.append(Double(frameMicroseconds) / 1000)
        if let lastStart, start - lastStart < 100_000 { intervalMilliseconds.append(Double(start - lastStart) / 1000) }
        lastStart = start
        if frameMilliseconds.count > Self.kept { frameMilliseconds.removeFirst(frameMilliseconds.count - Self.kept) }
        if intervalMilliseconds.count > Self.kept { intervalMilliseconds.removeFirst(intervalMilliseconds.count - Self.kept) }
    }

    /// The value below which a fraction `q` of the samples lie (nearest rank), `nil` with none.
    static func percentile(_ q: Double, of samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(0, rank), sorted.count - 1)]
    }
}
