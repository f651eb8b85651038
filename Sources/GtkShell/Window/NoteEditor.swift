// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// A small window to write a sticky note's text: opened when a note is placed or an existing
/// one is double-clicked; Done (Ctrl+Return) keeps the text, Cancel or Escape leaves it as it
/// was. Above the text, the note's thread: each reply with its author, date and text, the
/// user's own with Edit… and Delete (`win.edit-reply`, `win.delete-reply` of the window it
/// belongs to, with the reply's id); Reply… keeps the text and asks for a reply.
@MainActor
final class NoteEditor {
    let window: UnsafeMutablePointer<GtkWidget>
    private let textView: UnsafeMutablePointer<GtkWidget>
    /// The note whose text this writes (`nil` for a reply's text).
    let noteID: String?
    /// The replies shown above the text.
    private(set) var thread: [Entry]
    /// What holds the thread's rows (`nil` without a thread).
    private var threadList: UnsafeMutablePointer<GtkWidget>?
    /// Called once with the text when the user chose Done, or `nil` when they cancelled.
    var onFinish: ((String?) -> Void)?
    /// Called after ``onFinish`` when the user chose Reply… (the text kept).
    var onReply: (() -> Void)?
    private var finished = false

    /// One reply shown above the text: its editor id, who, when (as shown), what, how deep in
    /// the thread, and whether it is the user's own (which offers Edit… and Delete).
    struct Entry {
        var id: String
        var author: String
        var date: String
        var text: String
        var depth: Int
        var isOwn: Bool
    }

    init(parent: UnsafeMutablePointer<GtkWidget>, title: String, text: String, noteID: String? = nil, thread: [Entry] = [],
         canReply: Bool = false) {
        self.noteID = noteID
        self.thread = thread
        window = gtk_window_new()
        // The thread's buttons act through the document window's actions.
        gtk_widget_insert_action_group(window, "win", OpaquePointer(parent))
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
        let reply = canReply ? gtk_button_new_with_mnemonic(tr("_Reply…")) : nil
        if let reply {
            gtk_widget_set_name(reply, "note-reply")
            gtk_header_bar_pack_end(cast(header), reply)
        }
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
        if thread.isEmpty {
            gtk_window_set_child(cast(window), scroller)
        } else {
            gtk_window_set_default_size(cast(window), 400, 420)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            let list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
            threadList = list
            Self.fill(list, with: thread)
            gtk_box_append(cast(box), Self.threadView(list))
            gtk_box_append(cast(box), scroller)
            gtk_window_set_child(cast(window), box)
        }

        Signals.connect(raw(cancel), "clicked") { [weak self] in self?.finish(nil) }
        if let reply {
            Signals.connect(raw(reply), "clicked") { [weak self] in
                guard let self else { return }
                self.finish(self.text)
                self.onReply?()
            }
        }
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

    /// The replies, one label each (a screen reader reads them in order), indented by depth, in
    /// a list of their own that scrolls.
    private static func threadView(_ list: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        gtk_widget_set_name(list, "note-thread")
        ann_accessible_set_label(list, tr("Replies"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_scrolled_window_set_min_content_height(cast(scroller), 60)
        gtk_scrolled_window_set_max_content_height(cast(scroller), 200)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_widget_set_margin_top(scroller, 8)
        return scroller
    }

    /// One row per reply: its label, and under the user's own Edit… and Delete.
    private static func fill(_ list: UnsafeMutablePointer<GtkWidget>, with thread: [Entry]) {
        while let child = gtk_widget_get_first_child(list) { gtk_box_remove(cast(list), child) }
        for entry in thread {
            let label = gtk_label_new(nil)!
            func escape(_ s: String) -> String { takeString(g_markup_escape_text(s, -1)) ?? "" }
            let head = [entry.author, entry.date].filter { !$0.isEmpty }.map(escape).joined(separator: " · ")
            gtk_label_set_markup(cast(label), "<span size=\"small\" alpha=\"65%\">\(head)</span>\n\(escape(entry.text))")
            gtk_label_set_xalign(cast(label), 0)
            gtk_label_set_wrap(cast(label), 1)
            let indent = Int32(8 + 18 * min(max(entry.depth - 1, 0), 6))
            gtk_widget_set_margin_start(label, indent)
            gtk_widget_set_margin_end(label, 8)
            gtk_box_append(cast(list), label)
            guard entry.isOwn else { continue }
            let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_widget_set_margin_start(buttons, indent)
            for (title, action, name, accessible) in [
                (tr("_Edit…"), "win.edit-reply", "note-edit-reply", tr("Edit your reply")),
                (tr("_Delete"), "win.delete-reply", "note-delete-reply", tr("Delete your reply")),
            ] {
                let button = gtk_button_new_with_mnemonic(title)!
                gtk_widget_set_name(button, name)
                gtk_widget_add_css_class(button, "flat")
                ann_accessible_set_label(button, accessible)
                gtk_actionable_set_action_name(cast(button), action)
                gtk_actionable_set_action_target_value(cast(button), g_variant_new_string(entry.id))
                gtk_box_append(cast(buttons), button)
            }
            gtk_box_append(cast(list), buttons)
        }
    }

    /// Shows `thread` instead of the replies shown (after one was deleted); the text stays.
    func setThread(_ thread: [Entry]) {
        self.thread = thread
        guard let threadList else { return }
        Self.fill(threadList, with: thread)
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
