// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Geometry

/// Whether a tab pressed in the strip and let go at some point leaves its window: let go well
/// above or below the strip, it does (a sideways drag along the strip only reorders). Pure, so
/// that the rule is tested without a display.
struct TabDragOut: Equatable {
    /// How far past the tab's label, up or down, it must be let go to leave (logical px).
    static let distance = 40.0

    /// The pressed tab's label in the notebook's coordinates.
    var label: Rect

    /// Whether letting go at `point` (the notebook's coordinates) takes the tab out.
    func leaves(at point: Point) -> Bool {
        point.y < label.minY - Self.distance || point.y > label.maxY + Self.distance
    }
}

/// Dragging a tab out of the strip on X11. There GTK 4.8's own tab drag cannot be used (a tab
/// dropped on the root window hangs, see ``TabWindow/tabsDetach``), so tabs are not detachable
/// and this gesture, beside the notebook's reordering, watches a press on a tab's label: let go
/// well above or below the strip, inside the window or outside it, the tab moves into a window
/// of its own (what Move Tab to New Window does). Elsewhere GTK's own drag does it.
extension TabWindow {
    func installDragOut() {
        guard !Self.tabsDetach, let drag = gtk_gesture_drag_new() else { return }
        gtk_gesture_single_set_button(drag, 1)
        // Beside the notebook's own press, never in place of it: reordering goes on.
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        Signals.connect(raw(drag), "drag-begin", xy: { [weak self] x, y in
            self?.pressTab(at: Point(x: x, y: y))
        })
        Signals.connect(raw(drag), "drag-end", xy: { [weak self, drag] dx, dy in
            guard let self, let pressed = self.pressedTab else { return }
            self.pressedTab = nil
            var x = 0.0, y = 0.0
            guard gtk_gesture_drag_get_start_point(drag, &x, &y) != 0,
                  pressed.rule.leaves(at: Point(x: x + dx, y: y + dy)) else { return }
            // After the notebook has finished its own release of the tab.
            MainLoop.post { [weak self, weak tab = pressed.tab] in
                guard let self, let tab, tab.host === self else { return }
                self.moveToNewWindow(tab)
            }
        })
        gtk_widget_add_controller(notebook, drag)
    }

    /// The tab whose label is under `point` (the notebook's coordinates), while the strip shows.
    private func pressTab(at point: Point) {
        pressedTab = nil
        guard gtk_notebook_get_show_tabs(cast(notebook)) != 0 else { return }
        for tab in tabs {
            guard let label = labelFrame(of: tab), label.contains(point) else { continue }
            pressedTab = (tab, TabDragOut(label: label))
            return
        }
    }

    /// `tab`'s label in the notebook's coordinates (nil while it is not laid out).
    func labelFrame(of tab: DocumentWindow, in target: UnsafeMutablePointer<GtkWidget>? = nil) -> Rect? {
        var r = graphene_rect_t()
        guard gtk_widget_get_mapped(tab.tabLabel.widget) != 0,
              gtk_widget_compute_bounds(tab.tabLabel.widget, target ?? notebook, &r) != 0 else { return nil }
        return Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}
