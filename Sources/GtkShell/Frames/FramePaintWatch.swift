// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Platform
import Rendering

/// Watches the canvas's frames until GTK has painted them: what each frame cost (which decides
/// whether arriving tiles wait for others), the frame times of turns and of a moving view (for
/// the state dump and the benchmarks), the input-to-paint latency of strokes, and the first
/// frame of a document (the start-up trace, and the window's cue that the page is on screen).
///
/// - Warning: main thread only.
@MainActor
final class FramePaintWatch {
    private let area: UnsafeMutablePointer<GtkWidget>
    /// What the canvas counts and times for the state dump, tests and benchmarks only.
    var diagnostics = CanvasDiagnostics()
    /// Input-to-frame latency of pen and pointer strokes, recorded when the app runs with
    /// `PDF_ANNOTATOR_LATENCY_FILE` (the ink latency benchmark).
    let latency = LatencyProbe.fromEnvironment()
    /// Every frame the canvas drew, with `PDF_ANNOTATOR_FRAME_LOG` (`frame-bench`'s runs).
    private let frameLog = FrameLog.fromEnvironment()
    /// The visible tiles still missing (for the frame log).
    var missingTiles: () -> Int = { 0 }
    /// The canvas's number in the process, from 1 in the order they were made: how the frame
    /// log and the state dump's `split` views tell a split view's halves apart.
    let canvasNumber: Int
    private static var canvasesMade = 0
    /// When the frame under way started drawing the canvas (monotonic µs), until GTK has painted it.
    private var frameStartedAt: Int64?
    /// When the frame clock began the cycle under way (its `before-paint`, monotonic µs): the
    /// start a frame's time is counted from. GTK's own frame time is smoothed towards the
    /// refresh rate and can lie up to half a frame either side of the cycle's real start.
    private var cycleStartedAt: Int?
    /// How long the canvas took to build the frame under way (µs: its model and nodes), for the frame log.
    private var buildMicroseconds: Int?
    /// What a frame cost, from the start of the canvas's drawing to the end of GTK's paint (µs).
    var frameCost: (Int) -> Void = { _ in }
    /// Called once a document's first frame is on screen.
    var onFirstFramePainted: (() -> Void)?

    init(area: UnsafeMutablePointer<GtkWidget>) {
        self.area = area
        Self.canvasesMade += 1
        canvasNumber = Self.canvasesMade
        MainLoopTurns.installFromEnvironment()
    }

    /// The canvas started drawing a frame at `now` (monotonic µs), after any first render.
    func frameStarted(at now: Int64) {
        watch()
        // Background work gives way to the frames of a carry or a stroke as to a moving view.
        ReaderMotion.shared.moved()
        diagnostics.framesDrawn += 1
        frameStartedAt = now
    }

    /// The frame is built: what it showed, for its timing once painted.
    func frameBuilt(_ painted: CanvasFrames.Painted, viewport: Viewport) {
        if let started = frameStartedAt { buildMicroseconds = Int(Int64(g_get_monotonic_time()) - started) }
        switch painted {
        case .turn:
            diagnostics.framePainting = .turn
            // A page turn is tens of frames in a row: its frames reach the X server through
            // shared memory at 1080p too (``FrameSharedMemory``).
            FrameSharedMemory.animationFrame()
        case .view:
            if diagnostics.lastDrawnViewport != viewport {
                if diagnostics.lastDrawnViewport != nil { diagnostics.framePainting = .view }
                diagnostics.lastDrawnViewport = viewport
            }
        }
        latency?.frameBuilt()
    }

    /// The selection changed (a lasso's decided): with the frame log, a `select` line from the
    /// start of the main loop's turn that handled it (the lift's event) until now.
    func selectionChanged() {
        guard let frameLog, MainLoopTurns.turnStartedAt > 0 else { return }
        let now = Int(g_get_monotonic_time())
        frameLog.record(start: MainLoopTurns.turnStartedAt, took: now - MainLoopTurns.turnStartedAt, kind: "select", missingTiles: 0, canvas: canvasNumber)
    }

    /// Times each frame that draws a page turn or a moved view: from the frame clock's start of
    /// the frame to the end of its paint (what the frame cost, GTK's rendering included).
    private func watch() {
        guard !diagnostics.watchesFramePaint, let clock = gtk_widget_get_frame_clock(area) else { return }
        diagnostics.watchesFramePaint = true
        // The frame clock is the window's: the handlers go with the page area.
        Signals.connect(raw(clock), "before-paint", whileAlive: raw(area)!) { [weak self] in
            self?.cycleStartedAt = Int(g_get_monotonic_time())
        }
        Signals.connect(raw(clock), "after-paint", whileAlive: raw(area)!) { [weak self, clock] in
            guard let self else { return }
            // The first frame watched began before the handler was connected: GTK's time for it.
            let start = cycleStartedAt ?? Int(gdk_frame_clock_get_frame_time(clock))
            cycleStartedAt = nil
            painted(cycleStart: start)
        }
    }

    private func painted(cycleStart start: Int) {
        latency?.framePainted()
        if diagnostics.firstPaintTraced == false {
            diagnostics.firstPaintTraced = true
            StartupTrace.mark("page 1 painted (after-paint)")
            onFirstFramePainted?()
            // What follows the first paint (more frames, a title) is part of the trace too.
            if StartupTrace.isOn { MainLoop.after(milliseconds: 700) { StartupTrace.report() } }
        } else if StartupTrace.isOn {
            StartupTrace.mark("frame painted")
        }
        let drewCanvas = frameStartedAt != nil
        // From the frame clock's start of the frame to the canvas starting to draw it.
        let waited = frameStartedAt.map { max(0, Int($0) - start) } ?? 0
        defer { buildMicroseconds = nil }
        if drewCanvas, missingTiles() > 0 { diagnostics.framesDrawnMissingTiles += 1 }
        if let started = frameStartedAt {
            frameStartedAt = nil
            frameCost(Int(Int64(g_get_monotonic_time()) - started))
        }
        let painting = diagnostics.framePainting
        if drewCanvas, let frameLog {
            let kind = switch painting { case .turn: "turn"; case .view: "view"; case nil: "still" }
            frameLog.record(start: start, took: Int(g_get_monotonic_time()) - start, kind: kind, missingTiles: missingTiles(), canvas: canvasNumber,
                            waited: waited, built: buildMicroseconds ?? 0)
        }
        guard let kind = painting else { return }
        diagnostics.framePainting = nil
        let took = Int(g_get_monotonic_time()) - start
        switch kind {
        case .turn: diagnostics.turnFrames.record(frameMicroseconds: took, at: start)
        case .view: diagnostics.viewFrames.record(frameMicroseconds: took, at: start)
        }
    }
}
