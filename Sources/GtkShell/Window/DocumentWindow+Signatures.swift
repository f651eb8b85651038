// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import FoundationEssentials
import Platform

/// A signed document's signatures, checked on a worker as `pdfsig` checks them (opening never
/// waits for it) when the document is shown and after each save: the bar under the header says
/// what they mean, and the sidebar's Signatures page lists each one (signer, time, signature and
/// certificate, what changed after signing, reason, place) with a button that opens the signed
/// revision, read-only, in a window of its own.
extension DocumentWindow {
    /// `win.open-signed-version` (a signature field's name): the document as that signature
    /// signed it, read-only, in a new window (the Signatures page's button).
    func installSignatureActions() {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new("open-signed-version", type)!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            guard let self, let value, let field = string(g_variant_get_string(OpaquePointer(value), nil)),
                  let report = self.signatureReports.first(where: { $0.field == field }), report.signedLength > 0 else { return }
            self.openSignedRevision(length: report.signedLength, field: field)
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    /// Checks the signatures of the file on disk at `path`; the bar says "checking" first when
    /// there are any.
    func checkSignatures(path: String, password: String?) {
        signatureCheckGeneration += 1
        let generation = signatureCheckGeneration
        WorkerThread.start(name: "signatures") {
            // A file that names no signature field is not parsed again to find none.
            guard PDFFileScan(path: path).signaturesMayNeedParsing else {
                MainLoop.post { [weak self] in self?.signaturesChecked([], generation: generation) }
                return
            }
            // The fields first (fast), so the bar shows at once; then the cryptography.
            let fields = (try? CoreDocument.open(path: path, password: password)).map { SignatureCheck.fields(in: $0) } ?? []
            let checking = fields.map {
                SignatureReport(field: $0.name, status: .checking, certificate: .notVerified, coversWholeFile: false, signedLength: $0.signedLength,
                                reason: $0.reason, location: $0.location, certification: $0.certification)
            }
            let first = SignatureReports(checking)
            MainLoop.post { [weak self] in self?.signaturesChecked(first.reports, generation: generation) }
            guard !fields.isEmpty else { return }
            let done = SignatureReports(SignatureCheck.check(path: path, password: password))
            MainLoop.post { [weak self] in self?.signaturesChecked(done.reports, generation: generation) }
        }
    }

    /// Whether a certification signature allows no change: saving writes a copy.
    var certifiedAgainstChanges: Bool { SignatureVerdict(signatureReports)?.noChangesAllowed == true }

    /// Before the first edit of a document certified against changes: asks whether to edit a
    /// copy (saving then writes one; the certified file stays as it is) and applies the edit
    /// only if the user agrees. Asked once per document.
    func holdBackIfCertified(_ record: EditRecord) -> Bool {
        guard certifiedAgainstChanges, !certifiedWarningShown else { return false }
        ask(kind: "certified-document", type: GTK_MESSAGE_WARNING, title: tr("This Document Allows No Changes"),
            body: tr("Its author certified it against any change. You can still edit it: saving then writes a copy, and the certified file stays as it is."),
            buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("_Edit a Copy"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_CANCEL.rawValue) { [weak self] answer in
            guard let self, answer == GTK_RESPONSE_ACCEPT.rawValue else { return }
            self.certifiedWarningShown = true
            _ = self.canvas.commit(record)
        }
        return true
    }

    private func signaturesChecked(_ reports: [SignatureReport], generation: Int) {
        guard generation == signatureCheckGeneration else { return }
        signatureReports = reports
        signatureBar?.show(SignatureVerdict(reports))
        showSignatureList()
        application?.stateChanged()
    }

    /// The sidebar's Signatures page: one row per signature.
    func buildSignatureList() -> UnsafeMutablePointer<GtkWidget> {
        let (list, scroller) = SidebarList(name: tr("Signatures"), whenEmpty: tr("This document is not signed."),
                                           selection: GTK_SELECTION_NONE).parts
        signatureList = list
        return scroller
    }

    func showSignatureList() {
        guard let list = signatureList else { return }
        while let row = gtk_list_box_get_row_at_index(cast(list), 0) {
            gtk_list_box_remove(cast(list), UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
        }
        for report in signatureReports {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)!
            gtk_widget_set_margin_start(box, 8)
            gtk_widget_set_margin_end(box, 8)
            gtk_widget_set_margin_top(box, 6)
            gtk_widget_set_margin_bottom(box, 6)
            func line(_ text: String, _ css: String? = nil) {
                let label = gtk_label_new(text)!
                gtk_label_set_xalign(cast(label), 0)
                gtk_label_set_wrap(cast(label), 1)
                gtk_label_set_selectable(cast(label), 1)
                if let css { gtk_widget_add_css_class(label, css) }
                gtk_box_append(cast(box), label)
            }
            line(report.signer ?? report.field, "heading")
            line(SignatureBar.words(report.status))
            if report.status != .checking { line(Self.sentence(SignatureBar.words(report.certificate))) }
            if let time = report.signingTime { line(tr("Signed {time}", ["time": Self.readableTime(time)]), "dim-label") }
            if report.status != .checking {
                if report.coversWholeFile {
                    line(tr("Covers the whole document"))
                } else {
                    let changes = report.changesAfter.isEmpty ? tr("nothing that shows") : report.changesAfter.map(SignatureBar.words).joined(separator: ", ")
                    line(tr("Changed after signing: {changes}", ["changes": changes]))
                }
            }
            if let reason = report.reason, !reason.isEmpty { line(tr("Reason: {reason}", ["reason": reason]), "dim-label") }
            if let location = report.location, !location.isEmpty { line(tr("Location: {location}", ["location": location]), "dim-label") }
            line(tr("Field: {field}", ["field": report.field]), "dim-label")
            if !report.coversWholeFile, report.signedLength > 0 {
                let open = gtk_button_new_with_mnemonic(tr("_Open Signed Version"))!
                gtk_widget_set_halign(open, GTK_ALIGN_START)
                gtk_widget_set_tooltip_text(open, tr("The document as it was signed, read-only, in a new window"))
                let length = report.signedLength, field = report.field
                Signals.connect(raw(open), "clicked") { [weak self] in self?.openSignedRevision(length: length, field: field) }
                gtk_box_append(cast(box), open)
            }
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_child(cast(row), box)
            gtk_list_box_append(cast(list), row)
        }
    }

    /// `text` with its first letter a capital (a phrase of the bar as a line of its own).
    static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// "2019-09-27T11:54:52+09:00" as "2019-09-27 11:54:52 +09:00".
    static func readableTime(_ iso: String) -> String {
        // In the user's time zone and the locale's way of writing dates.
        if let local = LocaleFormat.dateTime(iso8601: iso) { return local }
        var text = iso.replacing("T", with: " ")
        if let plus = text.lastIndex(where: { $0 == "+" || $0 == "-" }), plus > text.index(text.startIndex, offsetBy: min(10, text.count)) {
            text.insert(" ", at: plus)
        }
        return text
    }

    /// Opens the file's first `length` bytes (what a signature signed) in a new window, from a
    /// read-only copy in the cache folder.
    func openSignedRevision(length: Int, field: String) {
        let stem = documentStem
        let folder = UserFile<Bool>.cacheFolder + "/signed-versions"
        guard let source = path,
              let copy = SignatureCheck.writeRevision(of: source, length: length,
                                                      named: tr("{name} (as signed, {field}).pdf", ["name": stem, "field": field]), in: folder) else {
            showMessage(kind: "signed-version-failed", title: tr("The Signed Version Could Not Be Opened"),
                        body: tr("Its copy could not be written to the cache folder."))
            return
        }
        application?.open(path: copy, preferring: nil)
    }
}

/// Reports handed from the check's worker to the main thread.
final class SignatureReports: @unchecked Sendable {
    let reports: [SignatureReport]
    init(_ reports: [SignatureReport]) { self.reports = reports }
}
