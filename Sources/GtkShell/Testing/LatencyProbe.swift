// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials

/// Measures the time from an input contact event to the frame that paints it (the ink latency
/// benchmark's probe): the first event since the last frame starts the clock; the canvas's next
/// frame takes it in, and the clock stops when GTK has painted that frame (the frame clock's
/// after-paint), so a renderer that draws after the canvas has built its nodes (GL) is timed
/// in full. Active only when `PDF_ANNOTATOR_LATENCY_FILE` names a file, which gets
/// one latency in microseconds per line when a replay ends.
@MainActor
final class LatencyProbe {
    let path: String
    private var pendingSince: Int64?
    private var inFrameSince: Int64?
    private var samples: [Int64] = []

    init(path: String) { self.path = path }

    static func fromEnvironment() -> LatencyProbe? {
        ProcessInfo.processInfo.environment["PDF_ANNOTATOR_LATENCY_FILE"].map(LatencyProbe.init(path:))
    }

    func inputArrived() {
        if pendingSince == nil { pendingSince = Int64(g_get_monotonic_time()) }
    }

    /// The canvas has built (or drawn) a frame: the input waiting so far is in it.
    func frameBuilt() {
        guard let start = pendingSince else { return }
        inFrameSince = min(start, inFrameSince ?? start)
        pendingSince = nil
    }

    /// GTK has painted the frame the canvas built.
    func framePainted() {
        guard let start = inFrameSince else { return }
        samples.append(Int64(g_get_monotonic_time()) - start)
        inFrameSince = nil
    }

    func write() {
        let text = samples.map(String.init).joined(separator: "\n") + "\n"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
}
