// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document

/// The bar under the header of a signed document: one line that says who signed and what the
/// signatures mean now (valid, changed after signing, altered, certificate not trusted), with
/// an icon and colour for how good that is, and a button to the sidebar's list of signatures.
/// Its contents are made the first time it shows: the first frame of a document (most are not
/// signed) styles and measures only the empty revealer.
@MainActor
final class SignatureBar {
    let revealer: UnsafeMutablePointer<GtkWidget>
    /// The bar's widgets, once it has shown.
    private var parts: (box: UnsafeMutablePointer<GtkWidget>, icon: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>)?
    /// What the bar says while it shows (the state dump reads it).
    private(set) var shownText: String?

    init() {
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(cast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    }

    /// Whether the bar's widgets were made (it has shown once).
    var isMade: Bool { parts != nil }

    private func made() -> (box: UnsafeMutablePointer<GtkWidget>, icon: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>) {
        if let parts { return parts }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "signature-bar")
        let icon = gtk_image_new_from_icon_name("security-high-symbolic")!
        let label = gtk_label_new(nil)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        let details = gtk_button_new_with_mnemonic(tr("_Signatures"))!
        gtk_actionable_set_action_name(cast(details), "win.sidebar-page")
        gtk_actionable_set_action_target_value(cast(details), g_variant_new_string("signatures"))
        gtk_widget_set_tooltip_text(details, tr("Show every signature in the sidebar"))
        gtk_widget_add_css_class(details, "flat")
        for w in [icon, label, details] { gtk_box_append(cast(box), w) }
        gtk_revealer_set_child(cast(revealer), box)
        ann_accessible_set_label(box, tr("Signatures"))
        let made = (box: box, icon: icon, label: label)
        parts = made
        return made
    }

    /// Shows what `verdict` says (hides the bar for `nil`: no signature).
    func show(_ verdict: SignatureVerdict?) {
        guard let verdict else {
            shownText = nil
            if let box = parts?.box { for tone in ["checking", "good", "warning", "bad"] { gtk_widget_remove_css_class(box, tone) } }
            gtk_revealer_set_reveal_child(cast(revealer), 0)
            return
        }
        let (box, icon, label) = made()
        for tone in ["checking", "good", "warning", "bad"] { gtk_widget_remove_css_class(box, tone) }
        let text = Self.text(for: verdict)
        shownText = text
        gtk_label_set_text(cast(label), text)
        gtk_widget_add_css_class(box, verdict.tone.rawValue)
        let name = switch verdict.tone {
        case .checking: "security-high-symbolic"
        case .good: "emblem-ok-symbolic"
        case .warning: "dialog-warning-symbolic"
        case .bad: "dialog-error-symbolic"
        }
        gtk_image_set_from_icon_name(cast(icon), name)
        gtk_revealer_set_reveal_child(cast(revealer), 1)
    }

    /// The line for a verdict, in the user's language.
    static func text(for verdict: SignatureVerdict) -> String {
        let signed: String = switch verdict.signers.count {
        case 0: tr("Signed")
        case 1: tr("Signed by {signer}", ["signer": verdict.signers[0]])
        case 2: tr("Signed by {first} and {second}", ["first": verdict.signers[0], "second": verdict.signers[1]])
        default: trn("Signed by {first} and {count} other", "Signed by {first} and {count} others", verdict.signers.count - 1,
                     ["first": verdict.signers[0]])
        }
        switch verdict.soundness {
        case .checking:
            return tr("{signed} — checking…", ["signed": signed])
        case .altered:
            return tr("{signed} — invalid: the document was altered", ["signed": signed])
        case .unreadable:
            return tr("{signed} — the signature could not be checked", ["signed": signed])
        case .valid:
            var line = tr("{signed} — valid", ["signed": signed])
            if !verdict.changesAfter.isEmpty {
                line = tr("{line}, changed after signing: {changes}", ["line": line, "changes": verdict.changesAfter.map(words).joined(separator: ", ")])
            }
            if let problem = verdict.certificateProblem {
                line = tr("{line}; {certificate}", ["line": line, "certificate": words(problem)])
            }
            if verdict.noChangesAllowed {
                line = tr("{line}; certified against changes: saving makes a copy", ["line": line])
            }
            return line
        }
    }

    static func words(_ change: SignatureReport.Change) -> String {
        switch change {
        case .annotations: tr("annotations added")
        case .formValues: tr("form filled in")
        case .pages: tr("pages changed")
        case .other: tr("other changes")
        }
    }

    static func words(_ certificate: SignatureReport.Certificate) -> String {
        switch certificate {
        case .trusted: tr("certificate trusted")
        case .expired: tr("certificate expired")
        case .revoked: tr("certificate revoked")
        case .notVerified: tr("certificate not checked")
        case .untrustedIssuer, .unknownIssuer, .unknown: tr("certificate not trusted")
        }
    }

    static func words(_ status: SignatureReport.Status) -> String {
        switch status {
        case .checking: tr("Checking…")
        case .valid: tr("Signature valid")
        case .invalid, .digestMismatch: tr("Invalid: the signed document was altered")
        case .decodingError: tr("The signature cannot be read")
        case .notVerified, .unknown: tr("The signature could not be checked")
        }
    }
}
