// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The C callbacks GTK keeps besides signals (a drawing area's draw function, a widget's tick
/// callback, a shortcut's callback action), each given its Swift closure in a retained
/// ``CallbackBox`` that GTK releases through the destroy notify when it drops the callback.
///
/// Closures that reach back to their owner capture it weakly, so the box never keeps its owner
/// alive and a callback that outlives the owner does nothing.
@MainActor
enum WidgetCallbacks {
    typealias Draw = @MainActor (_ cr: OpaquePointer, _ width: Double, _ height: Double) -> Void

    /// Makes `draw` the drawing area's draw function, until another replaces it or the area
    /// goes. Wraps `gtk_drawing_area_set_draw_func`.
    static func setDrawFunction(of area: UnsafeMutablePointer<GtkWidget>, _ draw: @escaping Draw) {
        let trampoline: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let fn = CallbackBox<Draw>.from(data)
            guard let cr else { return }
            MainActor.assumeIsolated { fn(cr, Double(width), Double(height)) }
        }
        gtk_drawing_area_set_draw_func(cast(area), trampoline, CallbackBox(draw).retainedPointer, releaseCallbackBox)
    }

    typealias Snapshot = @MainActor (_ snapshot: OpaquePointer, _ width: Double, _ height: Double) -> Void

    /// Makes `build` what makes the frames of a snapshot area (`ann_snapshot_area_new`), until
    /// another replaces it or the area goes. Wraps `ann_snapshot_area_set_func`.
    static func setSnapshotFunction(of area: UnsafeMutablePointer<GtkWidget>, _ build: @escaping Snapshot) {
        let trampoline: AnnSnapshotFunc = { _, snapshot, width, height, data in
            let fn = CallbackBox<Snapshot>.from(data)
            guard let snapshot else { return }
            MainActor.assumeIsolated { fn(snapshot, Double(width), Double(height)) }
        }
        ann_snapshot_area_set_func(area, trampoline, CallbackBox(build).retainedPointer, releaseCallbackBox)
    }

    typealias Tick = @MainActor (_ frameTimeMicroseconds: Int64) -> Bool

    /// Calls `tick` before each frame of `widget` with the frame clock's time until it returns
    /// `false` (or the callback is removed, or the widget goes).
    /// Wraps `gtk_widget_add_tick_callback`.
    /// - Returns: The callback's id, for `gtk_widget_remove_tick_callback`.
    static func addTickCallback(to widget: UnsafeMutablePointer<GtkWidget>, _ tick: @escaping Tick) -> UInt32 {
        let trampoline: GtkTickCallback = { _, clock, data in
            let fn = CallbackBox<Tick>.from(data)
            let frameTime = Int64(gdk_frame_clock_get_frame_time(clock))
            return MainActor.assumeIsolated { fn(frameTime) } ? 1 : 0 // G_SOURCE_CONTINUE : G_SOURCE_REMOVE
        }
        return gtk_widget_add_tick_callback(widget, trampoline, CallbackBox(tick).retainedPointer, releaseCallbackBox)
    }

    typealias Shortcut = @MainActor () -> Void

    /// A shortcut action that runs `activate`; the action owns the closure (handed to a
    /// `gtk_shortcut_new`, which takes the action over). Wraps `gtk_callback_action_new`.
    static func callbackAction(_ activate: @escaping Shortcut) -> OpaquePointer {
        let trampoline: GtkShortcutFunc = { _, _, data in
            let fn = CallbackBox<Shortcut>.from(data)
            MainActor.assumeIsolated { fn() }
            return 1
        }
        return gtk_callback_action_new(trampoline, CallbackBox(activate).retainedPointer, releaseCallbackBox)
    }

    typealias ShortcutAnswer = @MainActor () -> Bool

    /// A shortcut action that runs `activate` and tells GTK whether it used the key (`false`:
    /// the key goes on to the widgets below, as if there were no shortcut). Wraps
    /// `gtk_callback_action_new`.
    static func answeringCallbackAction(_ activate: @escaping ShortcutAnswer) -> OpaquePointer {
        let trampoline: GtkShortcutFunc = { _, _, data in
            let fn = CallbackBox<ShortcutAnswer>.from(data)
            return MainActor.assumeIsolated { fn() } ? 1 : 0
        }
        return gtk_callback_action_new(trampoline, CallbackBox(activate).retainedPointer, releaseCallbackBox)
    }

    typealias Popup = @MainActor (_ button: UnsafeMutablePointer<GtkWidget>) -> Void

    /// Calls `prepare` each time the menu button is about to pop up, before it shows its
    /// popover: how a popover is made only when first needed (the button stays sensitive with
    /// none). Wraps `gtk_menu_button_set_create_popup_func`.
    static func setCreatePopupFunction(of button: UnsafeMutablePointer<GtkWidget>, _ prepare: @escaping Popup) {
        let trampoline: GtkMenuButtonCreatePopupFunc = { button, data in
            let fn = CallbackBox<Popup>.from(data)
            guard let widget: UnsafeMutablePointer<GtkWidget> = cast(button) else { return }
            MainActor.assumeIsolated { fn(widget) }
        }
        gtk_menu_button_set_create_popup_func(cast(button), trampoline, CallbackBox(prepare).retainedPointer, releaseCallbackBox)
    }
}
