// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import DocumentPoppler
import FoundationEssentials
import Platform

/// Importing a certificate to sign with (`win.import-certificate`): a PKCS#12 file (.p12, .pfx)
/// goes into the user's NSS database, its password asked only when it has one (and again, saying
/// so, when it was wrong); then the signing dialog opens with it. "" opens a file chooser; a
/// path imports that file.
extension DocumentWindow {
    func installCertificateImportAction() {
        addStringAction("import-certificate") { [weak self] path in
            guard let self else { return }
            if path.isEmpty { self.chooseCertificateFile() } else { self.importCertificate(path, password: "", asked: false) }
        }
    }

    private func chooseCertificateFile() {
        guard let native = gtk_file_chooser_native_new(tr("Import a Certificate"), cast(window), GTK_FILE_CHOOSER_ACTION_OPEN,
                                                       tr("_Import"), tr("_Cancel")) else { return }
        let handle = GObjectHandle(adopting: native)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("Certificates with their keys (PKCS #12: .p12, .pfx)"))
        for pattern in ["*.p12", "*.pfx", "*.P12", "*.PFX"] { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_filter_add_mime_type(filter, "application/x-pkcs12")
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(raw(filter))
        gtk_native_dialog_set_modal(cast(native), 1)
        pendingDialog = "import-certificate"
        application?.stateChanged()
        Signals.connect(raw(native), "response", int: { [weak self] response in
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(handle.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            _ = handle
            self?.pendingDialog = nil
            if let path { self?.importCertificate(path, password: "", asked: false) }
        })
        gtk_native_dialog_show(cast(native))
        certificateChooser = handle
    }

    /// Imports on a worker; a file with a password asks for it (`asked`: it was asked already).
    func importCertificate(_ path: String, password: String, asked: Bool) {
        let folder = CertificateImport.userDatabaseFolder
        WorkerThread.start(name: "import-certificate") {
            var failure: CertificateImportError?
            do throws(CertificateImportError) { try CertificateImport.importFile(path, password: password, into: folder) } catch { failure = error }
            if failure == nil { DigitalSigning.reopen() }
            MainLoop.post { [weak self] in self?.imported(path, failure: failure, asked: asked) }
        }
    }

    private func imported(_ path: String, failure: CertificateImportError?, asked: Bool) {
        switch failure {
        case nil:
            certificateChooser = nil
            showSigningDialog(field: signingFieldAfterImport)
        case .wrongPassword?:
            askCertificatePassword(path, wrong: asked)
        case .notACertificateFile?:
            showMessage(kind: "import-failed", title: tr("Not Imported"),
                        body: tr("“{file}” is not a certificate file (PKCS #12, .p12 or .pfx).", ["file": Self.displayName(path)]))
        case .toolMissing?:
            showMessage(kind: "import-failed", title: tr("Not Imported"),
                        body: tr("Importing a certificate needs NSS's pk12util (the libnss3-tools package)."))
        case .failed(let reason)?:
            showMessage(kind: "import-failed", title: tr("Not Imported"), body: tr("The certificate could not be imported: {reason}.", ["reason": reason]))
        }
    }

    /// The certificate file's password (dialog kind `certificate-password`).
    private func askCertificatePassword(_ path: String, wrong: Bool) {
        let dialog = gtk_window_new()!
        gtk_window_set_title(cast(dialog), tr("Certificate Password"))
        gtk_window_set_transient_for(cast(dialog), cast(window))
        gtk_window_set_modal(cast(dialog), 1)
        gtk_window_set_default_size(cast(dialog), 380, -1)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)!
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { margin(box, 18) }
        let label = gtk_label_new(wrong ? tr("That password is not right. Try again:")
                                        : tr("“{file}” is protected by a password:", ["file": Self.displayName(path)]))!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        if wrong { gtk_widget_add_css_class(label, "error") }
        let entry = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(cast(entry), 1)
        ann_accessible_set_label(entry, tr("The certificate file's password"))
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        let go = gtk_button_new_with_mnemonic(tr("_Import"))!
        gtk_widget_add_css_class(go, "suggested-action")
        gtk_box_append(cast(buttons), cancel)
        gtk_box_append(cast(buttons), go)
        for w in [label, entry, buttons] { gtk_box_append(cast(box), w) }
        gtk_window_set_child(cast(dialog), box)
        gtk_window_set_default_widget(cast(dialog), go)
        pendingDialog = "certificate-password"
        application?.stateChanged()
        let finish: @MainActor (Bool) -> Void = { [weak self] importing in
            let secret = string(gtk_editable_get_text(cast(entry))) ?? ""
            gtk_window_destroy(cast(dialog))
            self?.pendingDialog = nil
            self?.application?.stateChanged()
            if importing { self?.importCertificate(path, password: secret, asked: true) }
        }
        Signals.connect(raw(cancel), "clicked") { finish(false) }
        closeOnEscape(dialog) { finish(false) }
        Signals.connect(raw(go), "clicked") { finish(true) }
        Signals.connect(raw(entry), "activate") { finish(true) }
        gtk_window_present(cast(dialog))
        gtk_widget_grab_focus(entry)
    }
}
