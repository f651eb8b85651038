// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentSession
import Geometry
import InteractionEngine

/// Fingers on the Pages grid, through ``PageGridTouch``: live touches come from a touch-only
/// drag gesture in the grid's capture phase (so a long press can claim the finger from the
/// grid's scrolling and item clicks), replayed ones from ``InputReplay``; both take the same
/// path, and every decision is applied here.
extension ThumbnailPanel {
    func installTouchGesture() {
        let gesture = gtk_gesture_drag_new()!
        gtk_gesture_single_set_touch_only(gesture, 1)
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        touchGesture = gesture
        var start = Point.zero
        Signals.connect(raw(gesture), "drag-begin", xy: { [weak self] x, y in
            start = Point(x: x, y: y)
            self?.liveTouch(.began, at: start)
        })
        Signals.connect(raw(gesture), "drag-update", xy: { [weak self] dx, dy in
            self?.liveTouch(.moved, at: Point(x: start.x + dx, y: start.y + dy))
        })
        Signals.connect(raw(gesture), "drag-end", xy: { [weak self] dx, dy in
            self?.liveTouch(.ended, at: Point(x: start.x + dx, y: start.y + dy))
        })
        Signals.connect(raw(gesture), "cancel", pointer: { [weak self] _ in self?.liveTouch(.cancelled, at: start) })
        gtk_widget_add_controller(grid, gesture)
    }

    /// A live touch, in the grid's coordinates.
    private func liveTouch(_ phase: InputPhase, at point: Point) {
        guard let gesture = touchGesture else { return }
        let current = gtk_gesture_single_get_current_sequence(gesture)
        let sequence: UInt64 = current.map { UInt64(UInt(bitPattern: Int(bitPattern: $0))) } ?? 1
        let time = InputTime(seconds: Double(g_get_monotonic_time()) / 1_000_000)
        handleTouch(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(sequence), position: point, time: time), live: true)
    }

    /// Follows a touch event (grid coordinates) and applies what it means.
    func handleTouch(_ event: InputEvent, live: Bool) {
        lastTouch = (event.time, g_get_monotonic_time())
        apply(touch.handle(event) { [weak self] point in self?.page(at: point) }, live: live)
        scheduleTouchTick(live: live)
    }

    /// Calls the recognizer's clock when a long press would be due.
    private func scheduleTouchTick(live: Bool) {
        guard let deadline = touch.deadline, let last = lastTouch, !touchTimerPending else { return }
        touchTimerPending = true
        let elapsed = Double(g_get_monotonic_time() - last.wall) / 1000
        let wait: Double = max(1, (deadline - last.time) * 1000 - elapsed)
        MainLoop.after(milliseconds: UInt32(wait.rounded(.up))) { [weak self] in
            guard let self else { return }
            self.touchTimerPending = false
            guard let last = self.lastTouch else { return }
            let seconds = Double(g_get_monotonic_time() - last.wall) / 1_000_000
            let now = last.time + seconds
            self.apply(self.touch.tick(now: now), live: live)
            self.scheduleTouchTick(live: live)
        }
    }

    /// The page whose thumbnail is under a point of the grid.
    private func page(at point: Point) -> PageIndex? {
        thumbnailFrames.first { $0.frame.contains(point) }?.page
    }

    private func apply(_ decisions: [PageGridTouch.Decision], live: Bool) {
        for decision in decisions {
            switch decision {
            case .claim:
                if live, let gesture = touchGesture { gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED) }
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
