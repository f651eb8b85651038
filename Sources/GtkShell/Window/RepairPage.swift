// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

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
