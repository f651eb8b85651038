// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// A warning bar under the header that slides down with one sentence and, optionally, one
/// button: the look the signature bar set. The shared review's folder problems and the repaired
/// copy of a damaged document each use one; what each says is decided by its window.
@MainActor
final class NoticeBar {
    /// A button at the bar's end that runs a window action.
    struct Button {
        let mnemonic: String
        let action: String
    }

    let revealer: UnsafeMutablePointer<GtkWidget>
    private let iconName: String
    private let accessibleLabel: String
    private let button: Button?
    /// The bar's label, once the bar has shown (its widgets are made then: the first frame of
    /// a document styles and measures only the empty revealer).
    private var label: UnsafeMutablePointer<GtkWidget>?
    /// What the bar says while it shows (the state dump reads it, e.g. `repairBar`).
    private(set) var shownText: String?

    init(iconName: String, accessibleLabel: String, button: Button? = nil) {
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(cast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        self.iconName = iconName
        self.accessibleLabel = accessibleLabel
        self.button = button
    }

    /// Whether the bar's widgets were made (it has shown once).
    var isMade: Bool { label != nil }

    private func madeLabel() -> UnsafeMutablePointer<GtkWidget> {
        if let label { return label }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "signature-bar")
        gtk_widget_add_css_class(box, "warning")
        let icon = gtk_image_new_from_icon_name(iconName)!
        let label = gtk_label_new(nil)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        var children = [icon, label]
        if let button {
            let widget = gtk_button_new_with_mnemonic(button.mnemonic)!
            gtk_actionable_set_action_name(cast(widget), button.action)
            gtk_widget_add_css_class(widget, "flat")
            children.append(widget)
        }
        for w in children { gtk_box_append(cast(box), w) }
        gtk_revealer_set_child(cast(revealer), box)
        ann_accessible_set_label(box, accessibleLabel)
        self.label = label
        return label
    }

    /// The bar that says when a shared review's folder cannot be used (gone, unmounted,
    /// refusing writes) and that nothing is lost, with Stop Sharing.
    static func sharedReview() -> NoticeBar {
        NoticeBar(iconName: "folder-remote-symbolic", accessibleLabel: tr("Shared Review"),
                  button: Button(mnemonic: tr("Stop _Sharing"), action: "win.stop-sharing"))
    }

    /// The bar shown while a repaired copy of a damaged document is open: that it was repaired,
    /// that the file itself is unchanged, what may be missing, and that saving writes a new file.
    static func repair() -> NoticeBar {
        NoticeBar(iconName: "dialog-warning-symbolic", accessibleLabel: tr("Repaired Document"))
    }

    /// Shows `text` (hides the bar for `nil`).
    func show(_ text: String?) {
        guard text != shownText else { return }
        shownText = text
        if let text { gtk_label_set_text(cast(madeLabel()), text) }
        gtk_revealer_set_reveal_child(cast(revealer), text == nil ? 0 : 1)
    }
}
