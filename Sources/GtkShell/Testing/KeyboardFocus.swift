// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The keyboard focus as the state dump gives it (`focusedWidget`, `focusedText`): the control
/// holding the keyboard in a window, or in a dialog over it while that dialog is the active
/// window (a file chooser, a question), and what is typed in it. A test waits for these instead
/// of pausing after a key: the focus moved, the dialog took the keyboard, the text arrived.
@MainActor
enum KeyboardFocus {
    /// The widget with the keyboard focus in the active dialog over `window` (transient for it),
    /// else in `window` itself.
    static func widget(over window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var node = list
        while let n = node {
            if let data = n.pointee.data {
                let top = data.assumingMemoryBound(to: GtkWidget.self)
                if top != window, gtk_window_is_active(cast(top)) != 0, isOver(top, window) {
                    return gtk_root_get_focus(OpaquePointer(top))
                }
            }
            node = n.pointee.next
        }
        return gtk_root_get_focus(OpaquePointer(window))
    }

    /// Whether `top` is transient for `window`, directly or through other dialogs.
    private static func isOver(_ top: UnsafeMutablePointer<GtkWidget>, _ window: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var parent: UnsafeMutablePointer<GtkWindow>? = gtk_window_get_transient_for(cast(top))
        while let p = parent {
            if OpaquePointer(p) == OpaquePointer(window) { return true }
            parent = gtk_window_get_transient_for(p)
        }
        return false
    }

    /// The control's GTK type and its name (`GtkToggleButton#tool-pen`); without a name, its
    /// tooltip or label in quotes. An entry's text area is named as its entry
    /// (`GtkFileChooserEntry`, not `GtkText`).
    static func describe(_ focus: UnsafeMutablePointer<GtkWidget>) -> String {
        var widget = focus
        if isA(widget, gtk_text_get_type()), let parent = gtk_widget_get_parent(widget), isA(parent, gtk_editable_get_type()) {
            widget = parent
        }
        let type = g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))).map { String(cString: $0) } ?? "GtkWidget"
        if let name = gtk_widget_get_name(widget).map({ String(cString: $0) }), name != type { return "\(type)#\(name)" }
        if let tip = gtk_widget_get_tooltip_text(widget) { return "\(type) \"\(String(cString: tip))\"" }
        if isA(widget, gtk_button_get_type()), let label = gtk_button_get_label(cast(widget)) { return "\(type) \"\(String(cString: label))\"" }
        return type
    }

    /// What is typed in the control, when it is one to type in (an entry, a text view); `nil`
    /// for a hidden one (a password).
    static func text(of focus: UnsafeMutablePointer<GtkWidget>) -> String? {
        if isA(focus, gtk_text_get_type()), gtk_text_get_visibility(cast(focus)) == 0 { return nil }
        if isA(focus, gtk_editable_get_type()) {
            return gtk_editable_get_text(OpaquePointer(focus)).map { String(cString: $0) }
        }
        if isA(focus, gtk_text_view_get_type()), let buffer = gtk_text_view_get_buffer(cast(focus)) {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        return nil
    }

    static func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)), type) != 0
    }
}

/// Rewrites the state dump when the keyboard focus moves in any of the app's windows (dialogs
/// included), when a window becomes active or stops being so, and when the text of the
/// control holding the keyboard changes: none of these is otherwise a state change the app
/// reports. Only made when the app writes a state dump.
@MainActor
final class FocusWatch {
    private let changed: @MainActor () -> Void
    private static let watched = "ann-focus-watched"

    init(_ changed: @escaping @MainActor () -> Void) {
        self.changed = changed
        guard let toplevels = gtk_window_get_toplevels() else { return }
        watchWindows(in: toplevels)
        Signals.connect(raw(toplevels), "items-changed", itemsChanged: { [weak self] _, _, _ in self?.watchWindows(in: toplevels) })
    }

    private func watchWindows(in model: OpaquePointer) {
        for i in 0..<g_list_model_get_n_items(model) {
            guard let window = g_list_model_get_item(model, i) else { continue }
            defer { g_object_unref(window) }
            guard markFirstWatch(window) else { continue }
            Signals.connect(window, "notify::focus-widget", pointer: { [weak self] _ in self?.focusMoved(in: window) })
            Signals.connect(window, "notify::is-active", pointer: { [weak self] _ in self?.changed() })
        }
    }

    private func focusMoved(in window: UnsafeMutableRawPointer) {
        if let focus = gtk_root_get_focus(OpaquePointer(window)) { watchText(of: focus) }
        changed()
    }

    private func watchText(of focus: UnsafeMutablePointer<GtkWidget>) {
        var source: UnsafeMutableRawPointer?
        if KeyboardFocus.isA(focus, gtk_editable_get_type()) {
            source = UnsafeMutableRawPointer(focus)
        } else if KeyboardFocus.isA(focus, gtk_text_view_get_type()), let buffer = gtk_text_view_get_buffer(cast(focus)) {
            source = UnsafeMutableRawPointer(buffer)
        }
        guard let source, markFirstWatch(source) else { return }
        Signals.connect(source, "changed") { [weak self] in self?.changed() }
    }

    /// Marks `object` as watched; `false` when it already was (the mark dies with the object).
    private func markFirstWatch(_ object: UnsafeMutableRawPointer) -> Bool {
        let gobject = object.assumingMemoryBound(to: GObject.self)
        guard g_object_get_data(gobject, Self.watched) == nil else { return false }
        g_object_set_data(gobject, Self.watched, UnsafeMutableRawPointer(bitPattern: 1))
        return true
    }
}
