// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import Platform

/// GTK wiring of the canvas: draw function, size, raw input, scrollbars and the frame clock.
extension PdfCanvas {
    func installCallbacks() {
        if CanvasFrames.usesSnapshots {
            WidgetCallbacks.setSnapshotFunction(of: area) { [weak self] snapshot, width, height in
                self?.snapshot(snapshot, width: width, height: height)
            }
        } else {
            WidgetCallbacks.setDrawFunction(of: area) { [weak self] cr, width, height in
                self?.draw(cr, width: width, height: height)
            }
        }

        Signals.connect(raw(area), "resize", size: { [weak self] w, h in self?.resized(width: Double(w), height: Double(h)) })

        // Keyboard focus coming and going is part of what the state dump reports.
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(raw(focus), "enter") { [weak self] in self?.onViewChanged?() }
        Signals.connect(raw(focus), "leave") { [weak self] in self?.onViewChanged?() }
        gtk_widget_add_controller(area, focus)

        let legacy = gtk_event_controller_legacy_new()
        Signals.connect(raw(legacy), "event", pointerReturningBool: { [weak self] event in
            guard let self, let event else { return false }
            return self.handleGdkEvent(event)
        })
        gtk_widget_add_controller(area, legacy)

        // GTK 4 delivers crossing events to motion controllers, not to the legacy one.
        let motion = gtk_event_controller_motion_new()
        Signals.connect(raw(motion), "leave") { [weak self] in self?.pointerLeft() }
        gtk_widget_add_controller(area, motion)

        scrollbars.scrolled = { [weak self] offset in self?.changeView { $0.scroll(to: offset) } }
    }

    /// Translates a GDK event and hands it to ``handle(_:)``.
    /// Returns whether GTK should stop propagating it.
    func handleGdkEvent(_ event: OpaquePointer) -> Bool {
        let raw = GdkEventReader.read(event) { [area] sx, sy in WidgetCoordinates.fromSurface(area, sx, sy) }
        // Keys with Ctrl/Alt go to the window's shortcuts (zoom, open) via the action system.
        if raw.kind == .keyPress || raw.kind == .keyRelease, !raw.modifiers.isDisjoint(with: [.control, .alt]) { return false }
        if raw.device == .pen || raw.device == .eraser { notePen(from: event) }
        // Motion GTK folded into this event (it came within one frame) first, oldest first.
        for past in GdkEventReader.history(of: event, like: raw, toWidget: { [area] sx, sy in WidgetCoordinates.fromSurface(area, sx, sy) }) {
            if let input = translator.translate(past) { handle(input) }
        }
        guard let input = translator.translate(raw) else { return raw.pointerEmulated }
        let kept = handle(input)
        switch input.kind {
        case .key: return kept
        case .enter, .leave, .proximity: return false
        default: return true
        }
    }

    /// The pointer left the canvas: hover effects end.
    func pointerLeft() {
        handle(InputEvent(kind: .leave, source: .mouse, time: clock.now))
    }


    /// A new widget size keeps the reader's place (ViewSession's `resize(to:)`).
    func resized(width: Double, height: Double) {
        allocating = true
        defer { allocating = false }
        StartupTrace.mark("canvas resized to \(Int(width))×\(Int(height))")
        // Where the page area now sits in the window: a bar shown or hidden beside it moves it,
        // and the pages stay where they were on screen.
        let origin = WidgetCoordinates.originInWindow(area)
        let shift = origin.flatMap { new in areaOrigin.map { new - $0 } } ?? .zero
        areaOrigin = origin
        changeView { $0.resize(to: Size(width: width, height: height), movedBy: shift) }
    }


    /// Drives momentum from the frame clock until it settles.
    func startTicking() {
        guard tickCallbackID == 0 else { return }
        tickCallbackID = WidgetCallbacks.addTickCallback(to: area) { [weak self] frameTime in
            self?.tick(frameTimeMicroseconds: frameTime) ?? false
        }
    }

    /// Whether momentum, a pointer effect or a spread settling is still moving (frames keep
    /// coming until it stops).
    var isAnimating: Bool {
        interaction.needsTicks || session.pointerEffects?.needsAnotherFrame == true || tickCallbackID != 0 || view.isAnimating
    }

    /// One frame: momentum and pointer-effect animation; returns whether to keep ticking.
    func tick(frameTimeMicroseconds: Int64) -> Bool {
        deliverDueReplayedInput?()
        let eventTime = clock.eventTime(monotonicMicroseconds: frameTimeMicroseconds)
        apply(session.tick(at: eventTime))
        let effects = interaction.pointerFrame(at: eventTime)
        session.pointerEffects = effects
        gtk_widget_queue_draw(area)
        if session.needsFrames || effects.needsAnotherFrame { return true }
        tickCallbackID = 0
        // Momentum has run out: one spread at a time settles soon.
        changeView { $0.momentumEnded() }
        return false
    }

    /// Arms a GLib timeout for the engine's next timer (long press, double-tap window).
    func scheduleEngineTimer() {
        if engineTimer != 0 { g_source_remove(engineTimer); engineTimer = 0 }
        guard let deadline = interaction.nextDeadline else { return }
        let delay = max(0, deadline - clock.now)
        engineTimer = MainLoop.after(milliseconds: UInt32((delay * 1000).rounded(.up)) + 1) { [weak self] in
            guard let self else { return }
            self.engineTimer = 0
            self.deliverDueReplayedInput?()
            let effects = self.session.fireTimers()
            self.apply(effects)
            // A hold lifted or a press showed: the window's state says so.
            if !effects.isEmpty { self.onViewChanged?() }
            self.scheduleEngineTimer()
        }
    }
}
