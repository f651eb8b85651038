// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import InteractionEngine
import Geometry
import Platform

/// The engine clock on the GTK side: GLib's monotonic time.
final class MonotonicClock: EngineClock {
    var now: InputTime { InputTime(seconds: Double(g_get_monotonic_time()) / 1_000_000) }
}

/// `--record-input FILE`: writes every engine event the canvas handles to FILE in the
/// versioned JSON Lines format of ``InteractionEngine/InputRecording``, flushed per event so a
/// crash keeps everything up to it. The header's metadata carries the input settings in force
/// (`inputSettings`, JSON), which `--replay-input` applies in place of the user's.
@MainActor
enum InputRecording {
    static func attach(file: String, to canvas: PdfCanvas) {
        // The input settings in force go with the recording: it replays as it felt.
        var metadata = ["app": "pdf-annotator"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let settings = try? encoder.encode(InputSettingsStore.shared.settings) {
            metadata["inputSettings"] = String(decoding: settings, as: UTF8.self)
        }
        let writer = InputRecordingWriter(header: InputRecordingHeader(metadata: metadata))
        let header = writer.headerLine.hasSuffix("\n") ? writer.headerLine : writer.headerLine + "\n"
        guard let recording = AppendingFile(path: file), recording.write(Array(header.utf8)) else {
            StandardError.write("pdf-annotator: cannot write the input recording “\(file)”")
            return
        }
        let previous = canvas.onInputEvent
        canvas.onInputEvent = { event in
            previous?(event)
            let line = writer.line(for: event)
            recording.write(Array((line.hasSuffix("\n") ? line : line + "\n").utf8))
        }
    }
}

/// `--replay-input FILE`: feeds a recording into a canvas through the same entry point as live
/// GTK input, at the recording's original pace, starting once the document is on screen.
@MainActor
enum InputReplay {
    static func start(file: String, into canvas: PdfCanvas) {
        guard let recording = loadRecording(file) else { return }
        // A recording made with input settings replays with them, not with the user's.
        if let text = recording.header.metadata["inputSettings"],
           let settings = try? JSONDecoder().decode(InputSettings.self, from: Data(text.utf8)) {
            canvas.applyInputSettings(settings, fromRecording: true)
        }
        let scheduler = InputReplayScheduler(events: recording.events, clock: MonotonicClock())
        waitForLayout(canvas) {
            scheduler.start()
            // A stalled main loop may let a timer or a frame run before the pump: they take
            // the due events first (a hold or a long press is timed from the last event).
            canvas.deliverDueReplayedInput = { for event in scheduler.dueEvents() { canvas.handle(event) } }
            pump(scheduler, canvas)
        }
    }

    /// The recording in `file`, or `nil` (said on standard error) when it cannot be read.
    static func loadRecording(_ file: String) -> InteractionEngine.InputRecording? {
        do {
            return try InteractionEngine.InputRecording(contentsOf: URL(fileURLWithPath: file))
        } catch {
            StandardError.write("pdf-annotator: cannot replay “\(file)”: \(error)")
            return nil
        }
    }

    /// Starts `body` once the canvas has a size and a document (the first frames are laid out)
    /// that can be edited as a user would find it (the window says when: ``PdfCanvas/readyForInput``).
    private static func waitForLayout(_ canvas: PdfCanvas, _ body: @escaping @MainActor () -> Void) {
        if canvas.viewport.size.width > 0, canvas.pageCount > 0, canvas.tiles.missingVisible == 0, canvas.readyForInput?() ?? true {
            body()
        } else {
            MainLoop.after(milliseconds: 50) { waitForLayout(canvas, body) }
        }
    }

    private static func pump(_ scheduler: InputReplayScheduler, _ canvas: PdfCanvas) {
        for event in scheduler.dueEvents() { canvas.handle(event) }
        if let delay = scheduler.delayUntilNextEvent {
            MainLoop.after(milliseconds: UInt32(max(1, (delay * 1000).rounded()))) { pump(scheduler, canvas) }
        } else {
            canvas.deliverDueReplayedInput = nil
            canvas.diagnostics.replayFinished = true
            // The recording's input settings end with it: the user's apply again.
            if canvas.replaysRecordedSettings {
                canvas.replaysRecordedSettings = false
                canvas.applyInputSettings(InputSettingsStore.shared.settings)
            }
            canvas.latency?.write()
            canvas.onViewChanged?()
        }
    }
}

extension InputReplay {
    /// `--replay-grid-input FILE`: feeds a recording's touches into the first window's Pages
    /// grid at the recording's pace, once the grid shows thumbnails. Positions are in the
    /// window surface's logical pixels, as the state dump gives `thumbnailFrames`.
    static func start(file: String, intoPagesGridOf window: DocumentWindow) {
        guard let recording = loadRecording(file) else { return }
        // Once the grid is laid out for good: thumbnails drawn and their frames the same on two
        // looks 50 ms apart (on a loaded machine the layout settles late, and a touch aimed at
        // a thumbnail must find it there).
        var lastFrames: [Rect]?
        func waitForGrid() {
            guard let grid = window.thumbnails, gtk_widget_get_mapped(grid.grid) != 0, !grid.thumbnailFrames.isEmpty,
                  grid.paintedPages.count >= grid.visiblePages.count else {
                MainLoop.after(milliseconds: 50) { waitForGrid() }
                return
            }
            let frames = grid.thumbnailFrames.map(\.frame)
            guard frames == lastFrames else {
                lastFrames = frames
                MainLoop.after(milliseconds: 50) { waitForGrid() }
                return
            }
            let scheduler = InputReplayScheduler(events: recording.events, clock: MonotonicClock())
            scheduler.start()
            pump(scheduler, grid, window)
        }
        waitForGrid()
    }

    private static func pump(_ scheduler: InputReplayScheduler, _ grid: ThumbnailPanel, _ window: DocumentWindow) {
        var surfaceX = 0.0, surfaceY = 0.0
        if let native = gtk_widget_get_native(window.window) { gtk_native_get_surface_transform(native, &surfaceX, &surfaceY) }
        for var event in scheduler.dueEvents() {
            var x = 0.0, y = 0.0
            _ = gtk_widget_translate_coordinates(window.window, grid.grid, event.position.x - surfaceX, event.position.y - surfaceY, &x, &y)
            event.position = Point(x: x, y: y)
            grid.handleTouch(event, live: false)
        }
        if let delay = scheduler.delayUntilNextEvent {
            MainLoop.after(milliseconds: UInt32(max(1, (delay * 1000).rounded()))) { pump(scheduler, grid, window) }
        } else {
            grid.replayFinished = true
            grid.onChange?()
        }
    }
}

extension InputReplay {
    /// `--replay-pad-input FILE`: feeds a recording's contacts (pen with its pressure, finger or
    /// mouse; positions in the pad's own coordinates) into the first signature pad the first
    /// window opens, at the recording's pace, through the same stroke entry points as live drags.
    static func start(file: String, intoSignaturePadOf window: DocumentWindow) {
        guard let recording = loadRecording(file) else { return }
        func waitForPad() {
            guard let pad = window.signaturePad, gtk_widget_get_mapped(pad.window) != 0 else {
                MainLoop.after(milliseconds: 50) { waitForPad() }
                return
            }
            let scheduler = InputReplayScheduler(events: recording.events, clock: MonotonicClock())
            scheduler.start()
            pump(scheduler, pad, window)
        }
        waitForPad()
    }

    private static func pump(_ scheduler: InputReplayScheduler, _ pad: SignaturePad, _ window: DocumentWindow) {
        for event in scheduler.dueEvents() {
            // A mouse or a finger has no pressure: it draws at full width, as live.
            let pressure = event.axes.pressure ?? 1
            switch event.kind {
            case .contact(.began): pad.beginStroke(at: event.position, pressure: pressure)
            case .contact(.moved): pad.continueStroke(to: event.position, pressure: pressure)
            case .contact(.ended), .contact(.cancelled): pad.finishStroke()
            case .hover, .enter, .leave, .scroll, .touchpadPinch, .touchpadSwipe, .touchpadHold, .key, .proximity: break
            }
        }
        if let delay = scheduler.delayUntilNextEvent {
            MainLoop.after(milliseconds: UInt32(max(1, (delay * 1000).rounded()))) { pump(scheduler, pad, window) }
        } else {
            pad.replayFinished = true
            window.application?.stateChanged()
        }
    }
}
