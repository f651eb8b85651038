// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentSession
import Geometry
import InteractionEngine

/// Fingers on the Pages grid, through ``PageGridTouch``. Live touches are read raw, as the page
/// view reads its input (``GdkEventReader`` and ``EventTranslator``: each finger its own
/// sequence, each event its own time), by an event controller on the grid's scrolled window in
/// the capture phase: it sees every touch on the grid before GTK's gestures there do, also once
/// one of them (the scrolled window's kinetic scrolling) has taken the finger. Replayed touches
/// come from ``InputReplay`` into the same ``handleTouch(_:live:)``, so the recognizer sees the
/// same events live as replayed; the long press's timer runs on the events' time line
/// (``EventTimelineClock``), and every decision is applied here.
///
/// The controller only reads: every event goes on to GTK. When the grid takes a finger (a long
/// press, or any finger in selection mode) it claims the finger's sequence through a touch-only
/// gesture that decides nothing itself; GTK then cancels the grid's item clicks and rubber band
/// for that finger and denies it to the scrolled window's kinetic scrolling, so nothing scrolls
/// or clicks under a long-press drag.
extension ThumbnailPanel {
    func installTouchInput() {
        let events = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(events, GTK_PHASE_CAPTURE)
        Signals.connect(raw(events), "event", pointerReturningBool: { [weak self] event in
            guard let self, let event else { return false }
            self.liveEvent(event)
            return false
        })
        // Added after the scrolled window's own controllers: it runs before them.
        gtk_widget_add_controller(widget, events)

        let claim = gtk_gesture_drag_new()!
        gtk_gesture_single_set_touch_only(claim, 1)
        gtk_event_controller_set_propagation_phase(claim, GTK_PHASE_CAPTURE)
        // A claim asked for on a finger's first event (selection mode) is made once the gesture
        // has the finger, which is just after the controller above read that event.
        Signals.connect(raw(claim), "begin", pointer: { [weak self] _ in self?.claimPendingSequence() })
        // Cancelled: the scrolled window's kinetic scrolling claimed the finger first.
        Signals.connect(raw(claim), "cancel", pointer: { [weak self] sequence in
            guard let self, let sequence else { return }
            self.touch.gridTook(InputSequenceID(UInt64(UInt(bitPattern: sequence))))
            self.scheduleTouchTimer(live: true)
        })
        gtk_widget_add_controller(grid, claim)
        claimGesture = claim
    }

    /// A live GDK event on the grid's scrolled window: its touches go to the recognizer.
    private func liveEvent(_ event: OpaquePointer) {
        let kind = gdk_event_get_event_type(event)
        guard kind == GDK_TOUCH_BEGIN || kind == GDK_TOUCH_UPDATE || kind == GDK_TOUCH_END || kind == GDK_TOUCH_CANCEL else { return }
        let raw = GdkEventReader.read(event) { [grid] x, y in WidgetCoordinates.fromSurface(grid, x, y) }
        guard let input = touchTranslator.translate(raw), input.source == .touchscreen else { return }
        handleTouch(input, live: true)
    }

    /// Follows a touch event (grid coordinates) and applies what it means.
    func handleTouch(_ event: InputEvent, live: Bool) {
        touchClock.anchor(eventTime: event.time, monotonicMicroseconds: Int64(g_get_monotonic_time()))
        apply(touch.handle(event) { [weak self] point in self?.page(at: point) }, live: live)
        // A finger lifted before its claim was made: no later finger is claimed in its place.
        if touch.contact == nil { pendingClaim = nil }
        scheduleTouchTimer(live: live)
    }

    /// Calls the recognizer's clock when a long press would be due (on the events' time line).
    func scheduleTouchTimer(live: Bool) {
        if touchTimer != 0 { g_source_remove(touchTimer); touchTimer = 0 }
        guard let deadline = touch.deadline else { return }
        let delay = max(0, deadline - touchClock.now)
        touchTimer = MainLoop.after(milliseconds: UInt32((delay * 1000).rounded(.up)) + 1) { [weak self] in
            guard let self else { return }
            self.touchTimer = 0
            self.apply(self.touch.tick(now: self.touchClock.now), live: live)
            self.scheduleTouchTimer(live: live)
        }
    }

    /// Takes the recognizer's finger from GTK's gestures (live only: a replayed finger has no
    /// GTK sequence).
    private func claimTouch() {
        guard let contact = touch.contact else { return }
        pendingClaim = contact
        claimPendingSequence()
    }

    private func claimPendingSequence() {
        guard let contact = pendingClaim, let gesture = claimGesture,
              let current = gtk_gesture_single_get_current_sequence(gesture),
              UInt64(UInt(bitPattern: Int(bitPattern: current))) == contact.rawValue else { return }
        pendingClaim = nil
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
    }

    /// The page whose thumbnail is under a point of the grid.
    private func page(at point: Point) -> PageIndex? {
        thumbnailFrames.first { $0.frame.contains(point) }?.page
    }

    private func apply(_ decisions: [PageGridTouch.Decision], live: Bool) {
        for decision in decisions {
            switch decision {
            case .claim:
                if live { claimTouch() }
            case .tap(let page):
                setSelection([page])
                onActivate?(page)
            case .select(let page):
                let selecting = gtk_widget_has_css_class(grid, "selecting") != 0
                setSelection(selecting ? Array(Set(selectedPages + [page])) : [page])
                gtk_widget_add_css_class(grid, "selecting")
            case .toggle(let page):
                var pages = Set(selectedPages)
                if pages.remove(page) == nil { pages.insert(page) }
                setSelection(Array(pages))
                if pages.isEmpty {
                    touch.selecting = false
                    gtk_widget_remove_css_class(grid, "selecting")
                }
            case .scroll(let dy):
                if let adjustment = gtk_scrolled_window_get_vadjustment(cast(widget)) {
                    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + dy)
                }
            case .drag(let point):
                dragMoved(to: point)
            case .drop(let point):
                let drop = PageGridDrop.at(point, frames: thumbnailFrames)
                let pages = selectedPages
                dragEnded()
                if let drop, drop.moves(pages) { onMovePages?(pages, drop.gap) }
            case .cancelDrag:
                dragEnded()
            case .menu(let point):
                var x = 0.0, y = 0.0
                _ = gtk_widget_translate_coordinates(grid, widget, point.x, point.y, &x, &y)
                onContextMenu?(Point(x: x, y: y))
            }
        }
    }

    /// Selects exactly `pages` without going to one (the panel's own change).
    private func setSelection(_ pages: [PageIndex]) {
        settingSelection = true
        gtk_selection_model_unselect_all(selection)
        for page in pages.sorted() { gtk_selection_model_select_item(selection, UInt32(page.rawValue), 0) }
        settingSelection = false
        onChange?()
    }
}
