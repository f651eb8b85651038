// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// A small window to write a sticky note's text: opened when a note is placed or an existing
/// one is double-clicked; Done (Ctrl+Return) keeps the text, Cancel or Escape leaves it as it
/// was.
@MainActor
final class NoteEditor {
    let window: UnsafeMutablePointer<GtkWidget>
    private let textView: UnsafeMutablePointer<GtkWidget>
    /// Called once with the text when the user chose Done, or `nil` when they cancelled.
    var onFinish: ((String?) -> Void)?
    private var finished = false

    init(parent: UnsafeMutablePointer<GtkWidget>, title: String, text: String) {
        window = gtk_window_new()
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_default_size(cast(window), 360, 220)
        gtk_window_set_title(cast(window), title)
        gtk_widget_set_name(window, "note-editor")

        let header = gtk_header_bar_new()!
        gtk_header_bar_set_show_title_buttons(cast(header), 0)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        let done = gtk_button_new_with_mnemonic(tr("_Done"))!
        gtk_widget_add_css_class(done, "suggested-action")
        gtk_header_bar_pack_start(cast(header), cancel)
        gtk_header_bar_pack_end(cast(header), done)
        gtk_window_set_titlebar(cast(window), header)

        textView = gtk_text_view_new()
        gtk_text_view_set_wrap_mode(cast(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(cast(textView), 8)
        gtk_text_view_set_right_margin(cast(textView), 8)
        gtk_text_view_set_top_margin(cast(textView), 8)
        ann_accessible_set_label(textView, tr("Note text"))
        let buffer = gtk_text_view_get_buffer(cast(textView))
        gtk_text_buffer_set_text(buffer, text, -1)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(cast(scroller), textView)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_window_set_child(cast(window), scroller)

        Signals.connect(raw(cancel), "clicked") { [weak self] in self?.finish(nil) }
        Signals.connect(raw(done), "clicked") { [weak self] in self?.finish(self?.text) }
        Signals.connectReturningBool(raw(window), "close-request") { [weak self] in
            self?.finish(nil)
            return false
        }
        // Escape cancels, Ctrl+Return is Done (Return alone starts a new line).
        let keys = gtk_shortcut_controller_new()!
        for (key, modifiers, isDone) in [("Escape", 0, false), ("Return", Int(GDK_CONTROL_MASK.rawValue), true)] {
            let trigger = gtk_keyval_trigger_new(gdk_keyval_from_name(key), GdkModifierType(rawValue: UInt32(modifiers)))
            let action = WidgetCallbacks.callbackAction { [weak self] in
                guard let self else { return }
                self.finish(isDone ? self.text : nil)
            }
            gtk_shortcut_controller_add_shortcut(keys, gtk_shortcut_new(trigger, action))
        }
        // Before the text view, which would take Return and Escape for itself.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(window, keys)
    }

    var text: String {
        let buffer = gtk_text_view_get_buffer(cast(textView))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return takeString(gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
    }

    func present() {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(textView)
    }

    func finish(_ result: String?) {
        guard !finished else { return }
        finished = true
        onFinish?(result)
        gtk_window_destroy(cast(window))
    }
}
