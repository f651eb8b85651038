// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One frame the app's canvas drew, as its frame log (`PDF_ANNOTATOR_FRAME_LOG`) wrote it: so
/// that a run counts exactly its own frames, tile arrivals and drags included.
struct LoggedFrame {
    /// The frame clock's start of the frame (monotonic µs, the bench's clock too).
    var start: Int
    /// From that start to the end of its paint, in ms.
    var milliseconds: Double
    /// `view`, `turn` or `still` (the view did not move).
    var kind: String
    /// Visible tiles still missing when it was painted.
    var missingTiles: Int
    /// The canvas that drew it (a split view's halves each log their frames), `nil` from an
    /// app whose log does not say.
    var canvas: Int? = nil
    /// From the frame clock's start of the frame to the canvas starting to draw it (ms), `nil`
    /// from an app whose log does not say.
    var waited: Double? = nil
    /// How long the canvas took to build it (ms; `nil` as `waited`).
    var built: Double? = nil
}

/// Now on the monotonic clock the app's frame log uses (GLib's `g_get_monotonic_time`), in µs.
func monotonicMicroseconds() -> Int {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec * 1_000_000 + t.tv_nsec / 1_000
}

/// The kinds of the log's lines that are not frames: the main loop's long turns, the selection's
/// changes, the idle turns that make a carry's layers ahead and a carry frame's own making of them.
let notFrames: Set<String> = ["loop", "select", "ahead", "layers"]

/// The frames of the log that started at `from` or later (not the main loop's long turns nor
/// the selection's changes nor the notes on a carry's layers).
func loggedFrames(_ log: URL, from: Int) -> [LoggedFrame] {
    loggedLines(log, from: from).filter { !notFrames.contains($0.kind) }
}

/// The notes on a carry's layers (kinds `ahead` and `layers`) that started at `from` or later.
func loggedLayerNotes(_ log: URL, from: Int) -> [LoggedFrame] {
    loggedLines(log, from: from).filter { $0.kind == "ahead" || $0.kind == "layers" }
}

/// The selection's changes (kind `select`) whose main-loop turn started at `from` or later:
/// each from the start of the turn that handled the input to the selection decided.
func loggedSelections(_ log: URL, from: Int) -> [LoggedFrame] {
    loggedLines(log, from: from).filter { $0.kind == "select" }
}

/// The main loop's turns of 4 ms or more (the app's `MainLoopTurns`, kind `loop`) that started
/// at `from` or later: what it did between two polls, when nothing could be drawn.
func loggedTurns(_ log: URL, from: Int) -> [LoggedFrame] {
    loggedLines(log, from: from).filter { $0.kind == "loop" }
}

private func loggedLines(_ log: URL, from: Int) -> [LoggedFrame] {
    guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ")
        guard parts.count >= 4, let start = Int(parts[0]), let took = Int(parts[1]), let missing = Int(parts[3]), start >= from else { return nil }
        return LoggedFrame(start: start, milliseconds: Double(took) / 1000, kind: String(parts[2]), missingTiles: missing,
                           canvas: parts.count > 4 ? Int(parts[4]) : nil, waited: parts.count > 5 ? Int(parts[5]).map { Double($0) / 1000 } : nil,
                           built: parts.count > 6 ? Int(parts[6]).map { Double($0) / 1000 } : nil)
    }
}

/// The window's frames among `lines`: lines that started together are one frame of the window
/// (each canvas that drew in it wrote one), which took as long as the longest of them.
func windowFrames(_ lines: [LoggedFrame]) -> [LoggedFrame] {
    Dictionary(grouping: lines, by: \.start).values.compactMap { group in group.max { $0.milliseconds < $1.milliseconds } }.sorted { $0.start < $1.start }
}

/// The frame time below which a fraction `q` of the frames lie (nearest rank), nil with none.
func percentile(_ q: Double, _ frames: [LoggedFrame]) -> Double? {
    guard !frames.isEmpty else { return nil }
    let sorted = frames.map(\.milliseconds).sorted()
    return sorted[min(max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1), sorted.count - 1)]
}
