// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Platform

/// The first present, step by step, in the start-up trace (`PDF_ANNOTATOR_TRACE`): the window
/// realized (its style computed, its X window made) and mapped (its size measured, every font
/// the first frame shows loaded, the X window mapped), then the first frame's phases on its
/// frame clock. Each mark is at the end of GTK's own work for its step: GTK's handlers run first.
extension DocumentWindow {
    private static var presentTraced = false

    /// Marks the steps of the first window presented (only while tracing, once a process).
    func tracePresentSteps() {
        guard StartupTrace.isOn, !Self.presentTraced else { return }
        Self.presentTraced = true
        let window = self.window
        Signals.connect(raw(window), "realize") {
            StartupTrace.mark("  present: window realized")
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            for phase in ["before-paint", "layout", "paint"] {
                Signals.connect(raw(clock), phase, whileAlive: raw(window)!) { StartupTrace.mark("  frame clock: \(phase) done") }
            }
        }
        Signals.connect(raw(window), "map") { StartupTrace.mark("  present: window mapped (measured, fonts loaded)") }
    }
}
