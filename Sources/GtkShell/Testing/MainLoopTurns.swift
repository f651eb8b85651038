// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Glibc

/// With `PDF_ANNOTATOR_FRAME_LOG` set, every turn of the main loop that kept it away from its
/// poll for 4 ms or more is written to the frame log as `<start µs> <took µs> loop 0`: the time
/// between the poll's return and the next poll is what the loop spent dispatching (input,
/// frames, idle work, an edit's commit), so the longest such turn is the longest time the page
/// could not have been drawn or scrolled. `frame-bench`'s lasso run reports the longest one
/// after the release. The default main context's poll function is wrapped once; nothing is
/// installed without the variable.
///
/// - Warning: call ``installFromEnvironment()`` on the main thread.
enum MainLoopTurns {
    /// Turns shorter than this (µs) are not written.
    static let threshold = 4000
    nonisolated(unsafe) private static var original: GPollFunc?
    nonisolated(unsafe) private static var file: UnsafeMutablePointer<FILE>?
    nonisolated(unsafe) private static var polledAt = 0
    nonisolated(unsafe) private static var installed = false

    /// When the turn under way began (monotonic µs: its poll returned), 0 before the first.
    static var turnStartedAt: Int { polledAt }

    /// Wraps the default main context's poll function when the frame log is asked for.
    static func installFromEnvironment() {
        guard !installed, let path = getenv("PDF_ANNOTATOR_FRAME_LOG"), let file = fopen(path, "a") else { return }
        installed = true
        setvbuf(file, nil, _IOLBF, 0)
        Self.file = file
        original = g_main_context_get_poll_func(nil)
        g_main_context_set_poll_func(nil) { fds, count, timeout in
            let now = g_get_monotonic_time()
            if MainLoopTurns.polledAt > 0, now - MainLoopTurns.polledAt >= MainLoopTurns.threshold, let file = MainLoopTurns.file {
                fputs("\(MainLoopTurns.polledAt) \(now - MainLoopTurns.polledAt) loop 0\n", file)
            }
            let result = MainLoopTurns.original?(fds, count, timeout) ?? 0
            MainLoopTurns.polledAt = g_get_monotonic_time()
            return result
        }
    }
}
