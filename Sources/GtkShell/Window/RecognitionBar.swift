// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The bar under the header while Recognize Text runs: what it is doing ("Recognizing text:
/// page 3 of 12"), a progress bar and Cancel (`win.cancel-recognition`).
@MainActor
final class RecognitionBar {
    let revealer: UnsafeMutablePointer<GtkWidget>
    /// The bar's label and progress bar, once it has shown (its widgets are made then: the
    /// first frame of a document styles and measures only the empty revealer).
    private var parts: (label: UnsafeMutablePointer<GtkWidget>, progress: UnsafeMutablePointer<GtkWidget>)?

    init() {
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(cast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    }

    /// Whether the bar's widgets were made (it has shown once).
    var isMade: Bool { parts != nil }

    private func made() -> (label: UnsafeMutablePointer<GtkWidget>, progress: UnsafeMutablePointer<GtkWidget>) {
        if let parts { return parts }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "recognition-bar")
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(box, 6) }
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(cast(label), 0)
        let progress = gtk_progress_bar_new()!
        gtk_widget_set_hexpand(progress, 1)
        gtk_widget_set_valign(progress, GTK_ALIGN_CENTER)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        gtk_actionable_set_action_name(cast(cancel), "win.cancel-recognition")
        for w in [label, progress, cancel] { gtk_box_append(cast(box), w) }
        gtk_revealer_set_child(cast(revealer), box)
        ann_accessible_set_label(box, tr("Text Recognition"))
        let made = (label: label, progress: progress)
        parts = made
        return made
    }

    /// Shows `done` of `total` pages done; hides the bar for `nil`.
    func show(done: Int, of total: Int?) {
        guard let total, total > 0 else {
            gtk_revealer_set_reveal_child(cast(revealer), 0)
            return
        }
        let (label, progress) = made()
        gtk_label_set_text(cast(label), tr("Recognizing text: page {page} of {count}", ["page": String(min(done + 1, total)), "count": String(total)]))
        gtk_progress_bar_set_fraction(cast(progress), Double(done) / Double(total))
        gtk_revealer_set_reveal_child(cast(revealer), 1)
    }
}
