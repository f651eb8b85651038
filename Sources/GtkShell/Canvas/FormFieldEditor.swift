// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import Geometry

/// A text field typed in place: an entry (a text view for a multi-line field) laid over the
/// field's box in the field's font size at the current zoom, hiding what a password field
/// holds and taking no more than /MaxLen characters. Tab and Shift+Tab keep the text and move
/// on, Return keeps it (Ctrl+Return in a multi-line field), leaving the field keeps it, Escape
/// puts back what the field held.
@MainActor
final class FormFieldEditor {
    /// Where the typing goes after the text is kept.
    enum Move { case stay, next, previous }

    let field: FormField
    let widget: FormWidget
    let view: UnsafeMutablePointer<GtkWidget>
    private let isMultiline: Bool
    /// The editor's own style (its font size follows the zoom), added to the view's context.
    private let provider: GObjectHandle<UnsafeMutablePointer<GtkCssProvider>>
    /// Called once: the text to keep (or `nil` when Escape dropped it), and where to go next.
    var onFinish: ((String?, Move) -> Void)?
    private var finished = false

    init(field: FormField, widget: FormWidget) {
        self.field = field
        self.widget = widget
        isMultiline = field.flags.contains(.multiline) && !field.flags.contains(.comb)
        let initial = field.value.map { v -> String in if case .text(let s) = v { return s } else { return v.displayText } } ?? ""
        if isMultiline {
            view = gtk_text_view_new()
            gtk_text_view_set_wrap_mode(cast(view), GTK_WRAP_WORD_CHAR)
            gtk_text_buffer_set_text(gtk_text_view_get_buffer(cast(view)), initial, -1)
            switch field.textStyle.alignment {
            case .left: gtk_text_view_set_justification(cast(view), GTK_JUSTIFY_LEFT)
            case .center: gtk_text_view_set_justification(cast(view), GTK_JUSTIFY_CENTER)
            case .right: gtk_text_view_set_justification(cast(view), GTK_JUSTIFY_RIGHT)
            }
        } else {
            view = gtk_entry_new()
            let entry: UnsafeMutablePointer<GtkEntry>? = cast(view)
            if let limit = field.maxLength { gtk_entry_set_max_length(entry, Int32(limit)) }
            if field.flags.contains(.password) {
                gtk_entry_set_visibility(entry, 0)
                gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_PASSWORD)
            }
            gtk_entry_set_alignment(entry, field.textStyle.alignment == .center ? 0.5 : field.textStyle.alignment == .right ? 1 : 0)
            gtk_editable_set_text(OpaquePointer(view), initial)
        }
        gtk_widget_add_css_class(view, "form-field-editor")
        gtk_widget_set_halign(view, GTK_ALIGN_START)
        gtk_widget_set_valign(view, GTK_ALIGN_START)
        gtk_widget_set_name(view, "form-field-editor")
        ann_accessible_set_label(view, field.label ?? field.name)
        provider = GObjectHandle(adopting: gtk_css_provider_new()!)
        gtk_style_context_add_provider(gtk_widget_get_style_context(view), OpaquePointer(provider.pointer), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))

        let keys = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        let control = GDK_CONTROL_MASK.rawValue, shift = GDK_SHIFT_MASK.rawValue
        // Each key: whether it keeps the text, and where the typing goes.
        let drop = (keep: false, move: Move.stay), keepHere = (keep: true, move: Move.stay)
        let next = (keep: true, move: Move.next), previous = (keep: true, move: Move.previous)
        var bindings: [(String, UInt32, (keep: Bool, move: Move))] = [
            ("Escape", 0, drop), ("Tab", 0, next), ("ISO_Left_Tab", shift, previous),
            ("Tab", shift, previous), ("ISO_Left_Tab", 0, previous),
        ]
        if isMultiline {
            bindings += [("Return", control, keepHere), ("KP_Enter", control, keepHere)]
        } else {
            bindings += [("Return", 0, keepHere), ("KP_Enter", 0, keepHere)]
        }
        for (key, modifiers, outcome) in bindings {
            let trigger = gtk_keyval_trigger_new(gdk_keyval_from_name(key), GdkModifierType(rawValue: modifiers))
            let action = WidgetCallbacks.callbackAction { [weak self] in self?.finish(keep: outcome.keep, move: outcome.move) }
            gtk_shortcut_controller_add_shortcut(keys, gtk_shortcut_new(trigger, action))
        }
        gtk_widget_add_controller(view, keys)
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(raw(focus), "leave") { [weak self] () -> Void in
            guard let self else { return }
            // Focus moving inside the editor (an entry's inner text) is not leaving it.
            if gtk_event_controller_focus_contains_focus(focus) == 0 { self.finish(keep: true, move: .stay) }
        }
        gtk_widget_add_controller(view, focus)
    }

    /// What is typed now.
    var text: String {
        if isMultiline {
            let buffer = gtk_text_view_get_buffer(cast(view))
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            return takeString(gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
        }
        return String(cString: gtk_editable_get_text(OpaquePointer(view)))
    }

    /// The font size the field shows its text in, in points: its /DA size, or for "fit" a size
    /// that fills a single line's box (12 on several lines).
    var fontSize: Double {
        if field.textStyle.fontSize > 0 { return field.textStyle.fontSize }
        let turned = widget.look.rotation == 90 || widget.look.rotation == 270
        let height = turned ? widget.rect.width : widget.rect.height
        return isMultiline ? 12 : max(4, min(height * 0.7, 24))
    }

    /// Lays the editor over `viewRect` (view pixels), its text at the field's size at `zoom`.
    func place(at viewRect: Rect, zoom: Double) {
        gtk_widget_set_margin_start(view, Int32(viewRect.minX.rounded()))
        gtk_widget_set_margin_top(view, Int32(viewRect.minY.rounded()))
        gtk_widget_set_size_request(view, Int32(max(24, viewRect.width).rounded()), Int32(max(12, viewRect.height).rounded()))
        let c = field.textStyle.color
        let node = isMultiline ? "textview" : "entry"
        let css = """
            \(node).form-field-editor, \(node).form-field-editor text {
              font-family: Helvetica, "Liberation Sans", Arial, sans-serif;
              font-size: \(max(4, fontSize * zoom))px;
              color: rgb(\(Int(c.red * 255)), \(Int(c.green * 255)), \(Int(c.blue * 255)));
              background-color: rgb(255, 255, 255);
              min-height: 0; padding-top: 0; padding-bottom: 0;
            }
            \(node).form-field-editor { outline: 2px solid alpha(@theme_selected_bg_color, 0.9); border-radius: 0; }
            """
        gtk_css_provider_load_from_data(provider.pointer, css, -1)
    }

    func focus() {
        gtk_widget_grab_focus(view)
        if !isMultiline { gtk_editable_select_region(OpaquePointer(view), 0, -1) }
    }

    func finish(keep: Bool, move: Move) {
        guard !finished else { return }
        finished = true
        onFinish?(keep ? text : nil, move)
    }
}
