// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import Geometry
import InteractionEngine

/// With `PDF_ANNOTATOR_DUMP_PROGRESS=1` (the UI tests set it) the state dump says how far the app
/// has got with what it was given: how many frames each window has painted (`framesPainted`),
/// whether one was painted after the app's last state change (`painted`: the screen shows what
/// the dump says), and where the last pointer, pen or finger event the page view handled was
/// (`lastInputPosition`). A test that reads the screen, or that must not let go of a button before
/// the last move was seen, waits for these instead of sleeping. A dump written before that
/// paint asks for one (a redraw of the window, which GTK folds into a frame already due), and
/// the paint writes the dump again; each input event the page view handles writes it too. Off
/// by default: benchmarks that read the dump keep their frames and writes as they are.
@MainActor
final class ScreenProgress {
    static let enabled = ProcessInfo.processInfo.environment["PDF_ANNOTATOR_DUMP_PROGRESS"] == "1"

    private final class Window {
        var frames = 0
        /// The state change the last paint came after.
        var paintedChange = -1
        var clock: OpaquePointer?
        var lastInput: Point?
    }
    private var windows: [UnsafeMutablePointer<GtkWidget>: Window] = [:]
    /// Counts the app's state changes.
    private var change = 0
    /// Set when a dump found a window not painted since the last change.
    private var writeAfterPaint = false
    /// Asks for the dump to be written again (not a state change).
    var onProgress: (@MainActor () -> Void)?

    func stateChanged() { change += 1 }

    private func entry(_ window: UnsafeMutablePointer<GtkWidget>) -> Window {
        if let entry = windows[window] { return entry }
        let entry = Window()
        windows[window] = entry
        return entry
    }

    /// Follows the input events `canvas` handles in `window`.
    func follow(_ canvas: PdfCanvas, in window: UnsafeMutablePointer<GtkWidget>) {
        let previous = canvas.onInputEvent
        canvas.onInputEvent = { [weak self] event in
            previous?(event)
            guard let self else { return }
            switch event.kind {
            case .contact, .hover: break
            case .scroll, .touchpadPinch, .touchpadSwipe, .touchpadHold, .key, .enter, .leave, .proximity: return
            }
            self.entry(window).lastInput = event.position
            // Written once the event is handled (the write waits for the main loop to idle).
            self.onProgress?()
        }
    }

    /// How many frames `window` painted, whether one came after the last state change (when
    /// none did, asks for one), and where the last input it handled was.
    func report(_ window: UnsafeMutablePointer<GtkWidget>) -> (frames: Int, painted: Bool, lastInput: Point?) {
        let entry = entry(window)
        if let clock = gtk_widget_get_frame_clock(window), clock != entry.clock {
            entry.clock = clock
            Signals.connect(raw(clock), "after-paint", whileAlive: raw(window)!) { [weak self, weak entry] in
                guard let self, let entry else { return }
                entry.frames += 1
                entry.paintedChange = self.change
                if self.writeAfterPaint {
                    self.writeAfterPaint = false
                    self.onProgress?()
                }
            }
        }
        let painted = entry.paintedChange == change
        if !painted, entry.clock != nil {
            writeAfterPaint = true
            gtk_widget_queue_draw(window)
        }
        return (entry.frames, painted, entry.lastInput)
    }

    /// Forgets a closed window.
    func forget(_ window: UnsafeMutablePointer<GtkWidget>) { windows[window] = nil }
}
