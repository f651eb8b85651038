// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import Geometry

/// A text box typed in place: a text view laid over the page where the box is, in the box's
/// font size at the current zoom, with input methods like any GTK text view. Ctrl+Return or
/// leaving it keeps the text, Escape drops it.
@MainActor
final class TextBoxEditor {
    /// The annotation it edits, or `nil` for a new box (created when the text is kept).
    let annotationID: String?
    /// The box in PDF space, and its page.
    let page: PageIndex
    let rect: Rect
    let style: FreeTextStyle
    let view: UnsafeMutablePointer<GtkWidget>
    /// The editor's own style (its font size follows the zoom), added to the view's context.
    private let provider: GObjectHandle<UnsafeMutablePointer<GtkCssProvider>>
    /// Called once: the text to keep, or `nil` when dropped.
    var onFinish: ((String?) -> Void)?
    private var finished = false

    init(annotationID: String?, page: PageIndex, rect: Rect, style: FreeTextStyle, text: String) {
        self.annotationID = annotationID
        self.page = page
        self.rect = rect
        self.style = style
        view = gtk_text_view_new()
        gtk_text_view_set_wrap_mode(cast(view), GTK_WRAP_WORD_CHAR)
        switch style.alignment {
        case .left: gtk_text_view_set_justification(cast(view), GTK_JUSTIFY_LEFT)
        case .center: gtk_text_view_set_justification(cast(view), GTK_JUSTIFY_CENTER)
        case .right: gtk_text_view_set_justification(cast(view), GTK_JUSTIFY_RIGHT)
        }
        gtk_widget_add_css_class(view, "free-text-editor")
        gtk_widget_set_halign(view, GTK_ALIGN_START)
        gtk_widget_set_valign(view, GTK_ALIGN_START)
        gtk_widget_set_name(view, "text-box-editor")
        ann_accessible_set_label(view, tr("Text box"))
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(cast(view)), text, -1)
        provider = GObjectHandle(adopting: gtk_css_provider_new()!)
        gtk_style_context_add_provider(gtk_widget_get_style_context(view), OpaquePointer(provider.pointer), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))

        let keys = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        for (key, modifiers, keep) in [("Escape", UInt32(0), false), ("Return", GDK_CONTROL_MASK.rawValue, true), ("KP_Enter", GDK_CONTROL_MASK.rawValue, true)] {
            let trigger = gtk_keyval_trigger_new(gdk_keyval_from_name(key), GdkModifierType(rawValue: modifiers))
            let action = WidgetCallbacks.callbackAction { [weak self] in self?.finish(keep: keep) }
            gtk_shortcut_controller_add_shortcut(keys, gtk_shortcut_new(trigger, action))
        }
        gtk_widget_add_controller(view, keys)
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(raw(focus), "leave") { [weak self] in self?.finish(keep: true) }
        gtk_widget_add_controller(view, focus)
    }

    var text: String {
        let buffer = gtk_text_view_get_buffer(cast(view))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return takeString(gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
    }

    /// Lays the editor over `viewRect` (view pixels), its text at the box's size at `zoom`.
    func place(at viewRect: Rect, zoom: Double) {
        gtk_widget_set_margin_start(view, Int32(viewRect.minX.rounded()))
        gtk_widget_set_margin_top(view, Int32(viewRect.minY.rounded()))
        gtk_widget_set_size_request(view, Int32(max(40, viewRect.width).rounded()), Int32(max(20, viewRect.height).rounded()))
        let c = style.textColor
        let css = """
            textview.free-text-editor, textview.free-text-editor text {
              font-family: Helvetica, "Liberation Sans", Arial, sans-serif;
              font-size: \(max(4, style.fontSize * zoom))px;
              color: rgb(\(Int(c.red * 255)), \(Int(c.green * 255)), \(Int(c.blue * 255)));
              background-color: rgba(255, 255, 255, 0.9);
            }
            textview.free-text-editor { outline: 2px solid alpha(@theme_selected_bg_color, 0.8); }
            """
        gtk_css_provider_load_from_data(provider.pointer, css, -1)
    }

    func focus() { gtk_widget_grab_focus(view) }

    func finish(keep: Bool) {
        guard !finished else { return }
        finished = true
        onFinish?(keep ? text : nil)
    }
}
