// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// A document tab's label: its title, ellipsized (with the part of its folder that tells it
/// apart from tabs of the same name, ``TabTitles``), its path as the tooltip, and a flat close
/// button named for the document (screen readers say "Close sample.pdf").
@MainActor
final class TabLabel {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let text: UnsafeMutablePointer<GtkWidget>
    private let closeButton: UnsafeMutablePointer<GtkWidget>
    /// The close button was pressed.
    var onClose: (@MainActor () -> Void)?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        // Kept while the tab lives: the notebook drops its label when the tab moves.
        g_object_ref_sink(raw(widget))
        gtk_widget_add_css_class(widget, "document-tab")
        text = gtk_label_new(nil)
        gtk_label_set_ellipsize(cast(text), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_width_chars(cast(text), 8)
        gtk_label_set_max_width_chars(cast(text), 28)
        gtk_widget_set_hexpand(text, 1)
        gtk_box_append(cast(widget), text)
        closeButton = gtk_button_new_from_icon_name("window-close-symbolic")
        gtk_widget_add_css_class(closeButton, "flat")
        gtk_widget_add_css_class(closeButton, "circular")
        gtk_widget_set_focus_on_click(closeButton, 0)
        gtk_widget_set_tooltip_text(closeButton, tr("Close Tab (Ctrl+W)"))
        gtk_box_append(cast(widget), closeButton)
        Signals.connect(raw(closeButton), "clicked") { [weak self] in self?.onClose?() }
    }

    /// What the label shows now (the state dump's `tabLabels`).
    private(set) var shownText = ""

    /// Shows `title` (and names the close button after it), with `tooltip` (the document's
    /// path) over it.
    func set(title: String, tooltip: String? = nil) {
        guard title != shownText || tooltip != shownTooltip else { return }
        shownText = title
        shownTooltip = tooltip
        gtk_label_set_text(cast(text), title)
        gtk_widget_set_tooltip_text(text, tooltip ?? title)
        ann_accessible_set_label(closeButton, tr("Close {document}", ["document": title]))
    }
    private var shownTooltip: String?

    /// Lets go of the label once its tab is closed.
    func release() { g_object_unref(raw(widget)) }
}
