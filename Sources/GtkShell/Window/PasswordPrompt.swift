// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The inline prompt an encrypted document shows: a password entry, Unlock and Cancel, and a
/// line that says when the last attempt was wrong.
@MainActor
final class PasswordPrompt {
    let page = StatusPage(iconName: "dialog-password-symbolic", cssClass: "password-page")
    let entry: UnsafeMutablePointer<GtkWidget>
    private let error: UnsafeMutablePointer<GtkWidget>
    var onUnlock: ((String) -> Void)?
    var onCancel: (() -> Void)?

    init() {
        entry = gtk_password_entry_new()
        gtk_password_entry_set_show_peek_icon(cast(entry), 1)
        gtk_widget_set_size_request(entry, 280, -1)
        ann_accessible_set_label(entry, tr("Document password"))
        error = gtk_label_new(nil)
        gtk_widget_add_css_class(error, "error")
        gtk_widget_set_visible(error, 0)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        let unlock = gtk_button_new_with_mnemonic(tr("_Unlock"))!
        gtk_widget_add_css_class(unlock, "suggested-action")
        gtk_box_append(cast(buttons), cancel)
        gtk_box_append(cast(buttons), unlock)
        for w in [entry, error, buttons] { gtk_box_append(cast(page.extras), w) }
        Signals.connect(raw(unlock), "clicked") { [weak self] in self?.submit() }
        Signals.connect(raw(entry), "activate") { [weak self] in self?.submit() }
        Signals.connect(raw(cancel), "clicked") { [weak self] in self?.onCancel?() }
    }

    /// Prepares the prompt for `fileName`; `wrongPassword` shows the retry message.
    func show(fileName: String, wrongPassword: Bool) {
        page.set(title: tr("“{file}” is locked", ["file": fileName]), body: tr("Enter the password to open this document."))
        gtk_editable_set_text(cast(entry), "")
        gtk_label_set_text(cast(error), wrongPassword ? "That password is not correct. Try again." : "")
        gtk_widget_set_visible(error, wrongPassword ? 1 : 0)
        gtk_widget_grab_focus(entry)
    }

    var errorText: String? {
        gtk_widget_get_visible(error) != 0 ? string(gtk_label_get_text(cast(error))) : nil
    }

    private func submit() {
        let text = string(gtk_editable_get_text(cast(entry))) ?? ""
        onUnlock?(text)
    }
}
