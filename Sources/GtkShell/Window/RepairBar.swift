// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The bar under the header while a repaired copy of a damaged document is shown: that the
/// document was damaged and repaired, that the file itself is unchanged, what may be missing
/// (pages that failed to render, named), and that saving writes a new file. The signature
/// bar's look.
@MainActor
final class RepairBar {
    let revealer: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    /// What the bar says while it shows (the state dump's `repairBar`).
    private(set) var shownText: String?

    init() {
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(cast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "signature-bar")
        gtk_widget_add_css_class(box, "warning")
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        label = gtk_label_new(nil)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        for w in [icon, label] { gtk_box_append(cast(box), w) }
        gtk_revealer_set_child(cast(revealer), box)
        ann_accessible_set_label(box, tr("Repaired Document"))
    }

    /// Shows `text` (hides the bar for `nil`).
    func show(_ text: String?) {
        guard text != shownText else { return }
        shownText = text
        if let text { gtk_label_set_text(cast(label), text) }
        gtk_revealer_set_reveal_child(cast(revealer), text == nil ? 0 : 1)
    }
}

/// The page a window shows while MuPDF repairs a copy of a damaged document: what happens, a
/// spinner, and Cancel (`win.cancel-repair`).
@MainActor
final class RepairPage {
    let page = StatusPage(iconName: "document-revert-symbolic", cssClass: "repair-page")
    private let spinner: UnsafeMutablePointer<GtkWidget>

    init() {
        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_box_append(cast(page.extras), spinner)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        gtk_widget_add_css_class(cancel, "pill")
        gtk_actionable_set_action_name(cast(cancel), "win.cancel-repair")
        gtk_box_append(cast(page.extras), cancel)
        page.primaryButton = cancel
    }

    /// Says what is being done; the spinner turns while the page shows.
    func show(title: String, body: String) {
        page.set(title: title, body: body)
        gtk_spinner_start(cast(spinner))
    }

    func stop() { gtk_spinner_stop(cast(spinner)) }
}
