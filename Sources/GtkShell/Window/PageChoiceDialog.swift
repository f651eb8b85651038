// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// A small modal dialog that asks how to do a page operation: labelled rows of choices, then
/// Cancel and the operation's button (the default), every control at least 44 px high for a
/// finger. Escape and Cancel close it; the operation's button runs `accept` and closes it.
@MainActor
final class PageChoiceDialog {
    let window: UnsafeMutablePointer<GtkWidget>
    private let grid: UnsafeMutablePointer<GtkWidget>
    private var rows: Int32 = 0
    let acceptButton: UnsafeMutablePointer<GtkWidget>
    private let cancelButton: UnsafeMutablePointer<GtkWidget>
    /// Whether the dialog went (its buttons answer once).
    private var done = false

    /// The height of a control a finger uses (GNOME's HIG).
    static let touchHeight: Int32 = 44

    init(title: String, accept: String, over parent: UnsafeMutablePointer<GtkWidget>) {
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), title)
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_resizable(cast(window), 0)
        grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 12)
        gtk_grid_set_column_spacing(cast(grid), 12)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { margin(grid, 18) }
        cancelButton = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        acceptButton = gtk_button_new_with_mnemonic(accept)!
        gtk_widget_add_css_class(acceptButton, "suggested-action")
        for b in [cancelButton, acceptButton] { gtk_widget_set_size_request(b, 96, Self.touchHeight) }
        gtk_window_set_child(cast(window), grid)
        gtk_window_set_default_widget(cast(window), acceptButton)
    }

    /// A row: a label (with a mnemonic) naming `widget` (or the control in it that the
    /// mnemonic reaches, `mnemonicTarget`).
    func addRow(_ label: String, _ widget: UnsafeMutablePointer<GtkWidget>, mnemonicTarget: UnsafeMutablePointer<GtkWidget>? = nil) {
        let title = gtk_label_new_with_mnemonic(label)!
        gtk_label_set_xalign(cast(title), 1)
        gtk_label_set_mnemonic_widget(cast(title), mnemonicTarget ?? widget)
        gtk_widget_set_valign(title, GTK_ALIGN_CENTER)
        gtk_widget_set_hexpand(widget, 1)
        gtk_grid_attach(cast(grid), title, 0, rows, 1, 1)
        gtk_grid_attach(cast(grid), widget, 1, rows, 1, 1)
        rows += 1
    }

    /// A line of explanation across the dialog, dimmed.
    func addNote(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let note = gtk_label_new(text)!
        gtk_label_set_wrap(cast(note), 1)
        gtk_label_set_max_width_chars(cast(note), 40)
        gtk_label_set_xalign(cast(note), 0)
        gtk_widget_add_css_class(note, "dim-label")
        gtk_grid_attach(cast(grid), note, 0, rows, 2, 1)
        rows += 1
        return note
    }

    /// One of several toggle buttons side by side (linked), touch-sized; the first is active.
    static func choiceRow(_ labels: [String], accessibleLabel: String) -> (row: UnsafeMutablePointer<GtkWidget>, buttons: [UnsafeMutablePointer<GtkWidget>]) {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(row, "linked")
        ann_accessible_set_label(row, accessibleLabel)
        var buttons: [UnsafeMutablePointer<GtkWidget>] = []
        for label in labels {
            let b = gtk_toggle_button_new_with_mnemonic(label)!
            gtk_widget_set_size_request(b, 72, touchHeight)
            gtk_widget_set_hexpand(b, 1)
            if let first = buttons.first { gtk_toggle_button_set_group(cast(b), cast(first)) }
            gtk_box_append(cast(row), b)
            buttons.append(b)
        }
        if let first = buttons.first { gtk_toggle_button_set_active(cast(first), 1) }
        return (row, buttons)
    }

    /// A drop-down of `labels`, touch-sized.
    static func dropDown(_ labels: [String]) -> UnsafeMutablePointer<GtkWidget> {
        let pointers = labels.map { strdup($0) } + [nil]
        let picker = pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0)! }
        }
        pointers.forEach { free($0) }
        gtk_widget_set_size_request(picker, -1, touchHeight)
        return picker
    }

    /// Adds the buttons and shows the dialog: `accept` runs on the operation's button (and
    /// Return), `closed` whenever the dialog goes, after `accept` when it ran.
    func present(accept: @escaping @MainActor () -> Void, closed: @escaping @MainActor () -> Void) {
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 6)
        gtk_box_append(cast(buttons), cancelButton)
        gtk_box_append(cast(buttons), acceptButton)
        gtk_grid_attach(cast(grid), buttons, 0, rows, 2, 1)
        let close: @MainActor () -> Void = { [self] in
            guard !done else { return }
            done = true
            gtk_window_destroy(cast(window))
            closed()
        }
        Signals.connect(raw(cancelButton), "clicked") { close() }
        Signals.connect(raw(acceptButton), "clicked") { [self] in
            guard !done else { return }
            accept()
            close()
        }
        Signals.connectReturningBool(raw(window), "close-request") { [self] in
            if !done {
                done = true
                closed()
            }
            return false
        }
        let shortcuts = gtk_shortcut_controller_new()!
        let escape = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name("Escape"), GdkModifierType(rawValue: 0)),
                                      WidgetCallbacks.callbackAction(close))!
        gtk_shortcut_controller_add_shortcut(shortcuts, escape)
        gtk_widget_add_controller(window, shortcuts)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(acceptButton)
    }
}
