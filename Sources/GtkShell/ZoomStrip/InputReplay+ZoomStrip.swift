// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import InteractionEngine

extension InputReplay {
    /// The header's `metadata` key that names what a recording's events are aimed at; with
    /// ``zoomStripTarget`` they go to the zoom strip, positions in its writing area's logical
    /// pixels. Without it they go to the page view, as always.
    static let targetKey = "target"
    static let zoomStripTarget = "zoomStrip"

    /// Whether the recording in `file` is aimed at the zoom strip.
    static func targetsZoomStrip(_ file: String) -> Bool {
        loadRecording(file)?.header.metadata[targetKey] == zoomStripTarget
    }

    /// `--replay-input FILE` of a recording aimed at the zoom strip: once the document is ready
    /// for input and the strip shows with its box drawn (a test shows it and places the box
    /// with `win.zoom-strip-box`), the events go through ``ZoomStripView/handle(_:)``, the
    /// entry point of live input in the strip, at the recording's pace.
    static func start(file: String, intoZoomStripOf window: DocumentWindow) {
        guard let recording = loadRecording(file) else { return }
        if let text = recording.header.metadata["inputSettings"],
           let settings = try? JSONDecoder().decode(InputSettings.self, from: Data(text.utf8)) {
            window.canvas.applyInputSettings(settings, fromRecording: true)
        }
        func waitForStrip() {
            let canvas = window.canvas
            guard canvas.viewport.size.width > 0, canvas.pageCount > 0, canvas.readyForInput?() ?? true,
                  let strip = window.zoomStrip, strip.isShown, strip.pictureIsCurrent, gtk_widget_get_mapped(strip.area) != 0 else {
                MainLoop.after(milliseconds: 50) { waitForStrip() }
                return
            }
            let scheduler = InputReplayScheduler(events: recording.events, clock: MonotonicClock())
            scheduler.start()
            pump(scheduler, strip, window)
        }
        waitForStrip()
    }

    private static func pump(_ scheduler: InputReplayScheduler, _ strip: ZoomStripView, _ window: DocumentWindow) {
        for event in scheduler.dueEvents() { strip.handle(event) }
        if let delay = scheduler.delayUntilNextEvent {
            MainLoop.after(milliseconds: UInt32(max(1, (delay * 1000).rounded()))) { pump(scheduler, strip, window) }
        } else {
            strip.replayFinished = true
            if window.canvas.replaysRecordedSettings {
                window.canvas.replaysRecordedSettings = false
                window.canvas.applyInputSettings(InputSettingsStore.shared.settings)
            }
            window.application?.stateChanged()
        }
    }
}
