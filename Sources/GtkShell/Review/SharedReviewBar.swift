// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The bar under the header that says when a shared review's folder cannot be used (gone,
/// unmounted, refusing writes) and that nothing is lost, with a Stop Sharing button.
@MainActor
final class SharedReviewBar {
    let revealer: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    /// What the bar says while it shows (the state dump reads it through the review's problem).
    private(set) var shownText: String?

    init() {
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(cast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "signature-bar")
        gtk_widget_add_css_class(box, "warning")
        let icon = gtk_image_new_from_icon_name("folder-remote-symbolic")!
        label = gtk_label_new(nil)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        let stop = gtk_button_new_with_mnemonic(tr("Stop _Sharing"))!
        gtk_actionable_set_action_name(cast(stop), "win.stop-sharing")
        gtk_widget_add_css_class(stop, "flat")
        for w in [icon, label, stop] { gtk_box_append(cast(box), w) }
        gtk_revealer_set_child(cast(revealer), box)
        ann_accessible_set_label(box, tr("Shared Review"))
    }

    /// Shows `text` (hides the bar for `nil`).
    func show(_ text: String?) {
        guard text != shownText else { return }
        shownText = text
        if let text { gtk_label_set_text(cast(label), text) }
        gtk_revealer_set_reveal_child(cast(revealer), text == nil ? 0 : 1)
    }
}
