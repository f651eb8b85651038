// SPDX-License-Identifier: GPL-3.0-or-later
import Platform

/// Holds the work a document's first frame does not need (reading the pages it shows: their
/// text, links and images, on the render worker) until that frame is painted. Read meanwhile,
/// they took a core from GTK painting the frame and from the X server taking it in (perf: 3–6 ms
/// of poppler's parsing during the first frame's paint). Only a canvas on screen holds work back:
/// one that is not (a tab not shown, a canvas without a window) runs it at once, and a first
/// frame that does not come within ``fallbackMilliseconds`` lets it go anyway.
///
/// - Warning: main thread only.
@MainActor
final class FirstFrameGate {
    /// How long work waits for a first frame that does not come.
    static let fallbackMilliseconds: UInt32 = 1500
    private var waiting: [@MainActor () -> Void] = []
    /// Whether a document's first frame is still to be painted.
    private(set) var isClosed = false
    /// Counts the documents shown, so that an old document's fallback opens nothing.
    private var generation = 0

    /// How much work waits for the first frame.
    var held: Int { waiting.count }

    /// A document is shown: its work waits for its first frame (what an earlier one left waiting
    /// goes).
    func close() {
        isClosed = true
        waiting = []
        generation += 1
    }

    /// Runs `work` now, or once the first frame is painted if the gate is closed and that frame
    /// is coming (`onScreen`: the canvas is mapped).
    func run(onScreen: Bool, _ work: @escaping @MainActor () -> Void) {
        guard isClosed, onScreen else { return work() }
        if waiting.isEmpty {
            let shown = generation
            _ = MainLoop.after(milliseconds: Self.fallbackMilliseconds) { [weak self] in
                guard let self, self.generation == shown else { return }
                self.open()
            }
        }
        waiting.append(work)
    }

    /// The first frame is painted (or did not come): what waited runs, in the order it came.
    func open() {
        isClosed = false
        let work = waiting
        waiting = []
        for job in work { job() }
    }
}
