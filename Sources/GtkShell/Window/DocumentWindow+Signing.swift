// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import FoundationEssentials
import Geometry
import Platform

/// Signing with a certificate (`win.sign-digitally`, the main menu's Sign Digitally…): a dialog
/// picks a certificate from the user's NSS database, asks for its password only now, and takes
/// a reason and a place (remembered); the signature goes into a new file (a Save dialog,
/// "-signed" suggested), invisible or shown at the foot of the page in view with the signer's
/// name and the date. The document and its file stay as they are. With a path as its
/// parameter the action signs there at once with the first certificate (scripts, tests).
extension DocumentWindow {
    /// What the signing dialog remembers between uses.
    struct SigningChoices: Codable {
        var reason = ""
        var location = ""
        var visible = true
        /// Where a visible signature goes: at the foot of the page in view, or in a box the user
        /// draws (`"box"`).
        var placement = "foot"
        /// Whether a visible signature shows the kept handwritten signature beside the text.
        var handwriting = true

        init() {}
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            reason = try c.decodeIfPresent(String.self, forKey: .reason) ?? ""
            location = try c.decodeIfPresent(String.self, forKey: .location) ?? ""
            visible = try c.decodeIfPresent(Bool.self, forKey: .visible) ?? true
            handwriting = try c.decodeIfPresent(Bool.self, forKey: .handwriting) ?? true
            placement = try c.decodeIfPresent(String.self, forKey: .placement) ?? "foot"
        }
    }

    private static let signingChoices = UserFile<SigningChoices>.data("signing.json")

    func installSigningAction() {
        addStringAction("sign-digitally", enabled: false) { [weak self] target in
            guard let self else { return }
            if target.isEmpty {
                self.showSigningDialog()
            } else if let certificate = DigitalSigning.certificates().first {
                let choices = Self.signingChoices.read() ?? SigningChoices()
                if choices.visible, choices.placement == "box" {
                    self.drawSignatureBox { [weak self] box in
                        self?.signDigitally(into: target, with: certificate, password: nil, choices: choices, box: box)
                    }
                } else {
                    self.signDigitally(into: target, with: certificate, password: nil, choices: choices)
                }
            } else {
                self.noCertificate(field: nil)
            }
        }
        // `win.sign-field-digitally` (an empty signature field's name): the dialog, signing
        // that field in place.
        addStringAction("sign-field-digitally") { [weak self] name in
            guard let self, !name.isEmpty else { return }
            self.showSigningDialog(field: name)
        }
        // `win.sign-field-digitally-into` (field, path): signs that field into the path at
        // once with the first certificate and the remembered choices (scripts, tests).
        let pairType = g_variant_type_new("(ss)")
        let into = g_simple_action_new("sign-field-digitally-into", pairType)!
        g_variant_type_free(pairType)
        Signals.connect(raw(into), "activate", pointer: { [weak self] value in
            guard let self, let value else { return }
            func child(_ i: Int) -> String? {
                guard let item = g_variant_get_child_value(OpaquePointer(value), gsize(i)) else { return nil }
                defer { g_variant_unref(item) }
                return string(g_variant_get_string(item, nil))
            }
            guard let field = child(0), let target = child(1), !target.isEmpty else { return }
            guard let certificate = DigitalSigning.certificates().first else { self.noCertificate(field: field); return }
            self.signDigitally(into: target, with: certificate, password: nil, choices: Self.signingChoices.read() ?? SigningChoices(), field: field)
        })
        g_action_map_add_action(actionMap, into)
        g_object_unref(raw(into))
    }

    /// Escape runs `close` in `dialog`, as it closes any dialog.
    func closeOnEscape(_ dialog: UnsafeMutablePointer<GtkWidget>, _ close: @escaping @MainActor () -> Void) {
        let shortcuts = gtk_shortcut_controller_new()!
        let escape = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name("Escape"), GdkModifierType(rawValue: 0)),
                                      WidgetCallbacks.callbackAction(close))!
        gtk_shortcut_controller_add_shortcut(shortcuts, escape)
        gtk_widget_add_controller(dialog, shortcuts)
    }

    /// Activates one of the window's actions with a string parameter.
    func activateAction(_ name: String, _ parameter: String) {
        g_action_group_activate_action(actionMap, name, g_variant_new_string(parameter))
    }

    /// No certificate can sign: say where they live and offer to import one.
    private func noCertificate(field: String?) {
        ask(kind: "no-certificate", type: GTK_MESSAGE_INFO, title: tr("No Certificate to Sign With"),
            body: tr("Signing needs a certificate with its private key in your NSS database (~/.pki/nssdb), where Firefox and GNOME keep theirs. A certificate file (.p12 or .pfx) can be imported there."),
            buttons: [(tr("_Close"), GTK_RESPONSE_CLOSE.rawValue), (tr("_Import a Certificate…"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_ACCEPT.rawValue) { [weak self] answer in
            guard answer == GTK_RESPONSE_ACCEPT.rawValue else { return }
            self?.signingFieldAfterImport = field
            self?.activateAction("import-certificate", "")
        }
    }

    /// The dialog: certificate, password, reason, place, whether the signature shows (in the
    /// empty signature field `field`, when one is given) and with the handwritten signature.
    func showSigningDialog(field: String? = nil) {
        guard editorOpenOrWait({ [weak self] in self?.showSigningDialog(field: field) }) else { return }
        guard content == .document, editing != nil else { return }
        let certificates = DigitalSigning.certificates()
        guard !certificates.isEmpty else { noCertificate(field: field); return }
        var choices = Self.signingChoices.read() ?? SigningChoices()
        let dialog = gtk_window_new()!
        gtk_window_set_title(cast(dialog), tr("Sign Digitally"))
        gtk_window_set_transient_for(cast(dialog), cast(window))
        gtk_window_set_modal(cast(dialog), 1)
        gtk_window_set_default_size(cast(dialog), 420, -1)
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 8)
        gtk_grid_set_column_spacing(cast(grid), 12)
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { margin(grid, 18) }
        func row(_ label: String, _ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int32) {
            let title = gtk_label_new_with_mnemonic(label)!
            gtk_label_set_xalign(cast(title), 1)
            gtk_label_set_mnemonic_widget(cast(title), widget)
            gtk_widget_set_hexpand(widget, 1)
            gtk_grid_attach(cast(grid), title, 0, index, 1, 1)
            gtk_grid_attach(cast(grid), widget, 1, index, 1, 1)
        }
        let names = certificates.map { $0.commonName.isEmpty ? $0.nickname : "\($0.commonName) (\($0.nickname))" }
        let pointers = names.map { strdup($0) } + [nil]
        let picker = pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0)! }
        }
        pointers.forEach { free($0) }
        let certificateRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_hexpand(picker, 1)
        gtk_box_append(cast(certificateRow), picker)
        let importButton = gtk_button_new_with_mnemonic(tr("_Import…"))!
        gtk_widget_set_tooltip_text(importButton, tr("Import a certificate file (.p12 or .pfx) into your NSS database"))
        gtk_box_append(cast(certificateRow), importButton)
        row(tr("_Certificate"), certificateRow, 0)
        gtk_label_set_mnemonic_widget(cast(gtk_grid_get_child_at(cast(grid), 0, 0)), picker)
        let password = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(cast(password), 1)
        row(tr("_Password"), password, 1)
        let reason = gtk_entry_new()!
        gtk_editable_set_text(cast(reason), choices.reason)
        gtk_entry_set_placeholder_text(cast(reason), tr("I agree to this document"))
        row(tr("_Reason"), reason, 2)
        let location = gtk_entry_new()!
        gtk_editable_set_text(cast(location), choices.location)
        row(tr("_Location"), location, 3)
        // Where the signature shows: nowhere, at the foot of the page in view, or in a box the
        // user draws. A field has its place on the page: the signature shows there.
        let places = [tr("Nowhere (an invisible signature)"), tr("At the foot of the page in view"), tr("In a box I draw on the page")]
        let placePointers = places.map { strdup($0) } + [nil]
        let visible = placePointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0)! }
        }
        placePointers.forEach { free($0) }
        gtk_drop_down_set_selected(cast(visible), !choices.visible ? 0 : choices.placement == "box" ? 2 : 1)
        if field == nil { row(tr("_Shows"), visible, 4) }
        let kept = chosenSignature ?? SignatureStore.standard.all().first
        let handwriting = gtk_check_button_new_with_mnemonic(tr("Show my _handwritten signature beside it"))!
        gtk_check_button_set_active(cast(handwriting), choices.handwriting && kept != nil ? 1 : 0)
        gtk_widget_set_sensitive(handwriting, kept != nil ? 1 : 0)
        if kept == nil { gtk_widget_set_tooltip_text(handwriting, tr("Keep a handwritten signature first (New Handwritten Signature…)")) }
        gtk_grid_attach(cast(grid), handwriting, 1, 5, 1, 1)
        let note = gtk_label_new(tr("The signature goes into a new file; this document stays as it is."))!
        gtk_label_set_wrap(cast(note), 1)
        gtk_label_set_xalign(cast(note), 0)
        gtk_widget_add_css_class(note, "dim-label")
        gtk_grid_attach(cast(grid), note, 0, 6, 2, 1)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        let sign = gtk_button_new_with_mnemonic(tr("_Sign…"))!
        gtk_widget_add_css_class(sign, "suggested-action")
        gtk_box_append(cast(buttons), cancel)
        gtk_box_append(cast(buttons), sign)
        gtk_grid_attach(cast(grid), buttons, 0, 7, 2, 1)
        gtk_window_set_child(cast(dialog), grid)
        gtk_window_set_default_widget(cast(dialog), sign)
        pendingDialog = "sign-digitally"
        application?.stateChanged()
        Signals.connect(raw(cancel), "clicked") { [weak self] in
            gtk_window_destroy(cast(dialog))
            self?.pendingDialog = nil
        }
        closeOnEscape(dialog) { [weak self] in
            gtk_window_destroy(cast(dialog))
            self?.pendingDialog = nil
            self?.application?.stateChanged()
        }
        Signals.connect(raw(importButton), "clicked") { [weak self] in
            gtk_window_destroy(cast(dialog))
            self?.pendingDialog = nil
            self?.signingFieldAfterImport = field
            self?.activateAction("import-certificate", "")
        }
        Signals.connect(raw(sign), "clicked") { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cast(picker)))
            let secret = string(gtk_editable_get_text(cast(password))).flatMap { $0.isEmpty ? nil : $0 }
            choices.reason = string(gtk_editable_get_text(cast(reason))) ?? ""
            choices.location = string(gtk_editable_get_text(cast(location))) ?? ""
            let place = gtk_drop_down_get_selected(cast(visible))
            choices.visible = place != 0
            if place != 0 { choices.placement = place == 2 ? "box" : "foot" }
            if kept != nil { choices.handwriting = gtk_check_button_get_active(cast(handwriting)) != 0 }
            Self.signingChoices.write(choices)
            gtk_window_destroy(cast(dialog))
            self.pendingDialog = nil
            guard certificates.indices.contains(index) else { return }
            let sign: @MainActor ((page: PageIndex, rect: Rect)?) -> Void = { [weak self] box in
                self?.chooseSignedFile { [weak self] target in
                    self?.signDigitally(into: target, with: certificates[index], password: secret, choices: choices, field: field, box: box)
                }
            }
            if field == nil, choices.visible, choices.placement == "box" { self.drawSignatureBox(sign) } else { sign(nil) }
        }
        gtk_window_present(cast(dialog))
    }

    /// Waits for a box drawn with the Rectangle tool (the style row says so; another tool or
    /// Escape gives up), then hands it over and goes back to Select. A box too small for a
    /// signature is drawn again.
    func drawSignatureBox(_ drawn: @escaping @MainActor ((page: PageIndex, rect: Rect)) -> Void) {
        canvas.onBoxDrawn = nil
        selectTool("rectangle")
        canvas.onBoxDrawn = { [weak self] page, rect in
            guard let self else { return }
            guard rect.width >= 24, rect.height >= 12 else {
                gtk_widget_error_bell(self.window)
                self.drawSignatureBox(drawn)
                return
            }
            self.selectTool("select")
            drawn((page, rect))
        }
        showStyle(of: .square)
        application?.stateChanged()
    }

    /// The Save dialog for the signed file ("<name>-signed.pdf").
    private func chooseSignedFile(_ chosen: @escaping @MainActor (String) -> Void) {
        choosePDFFile(title: tr("Save the Signed Document"), accept: tr("_Save"), saving: true, suggestedName: documentStem + "-signed.pdf",
                      kind: "sign-save", chosen)
    }

    /// Signs the document as it shows now into `target` (the cryptography on a worker); says
    /// how it went.
    func signDigitally(into target: String, with certificate: SigningCertificate, password: String?, choices: SigningChoices,
                       field existing: String? = nil, box: (page: PageIndex, rect: Rect)? = nil) {
        guard editorOpenOrWait({ [weak self] in
            self?.signDigitally(into: target, with: certificate, password: password, choices: choices, field: existing, box: box)
        }) else { return }
        guard let editor = editing?.editor, target != editor.path else {
            showMessage(kind: "signing-failed", title: tr("Not Signed"), body: tr("The signed document must be a new file."))
            return
        }
        commitFormTyping()
        var field = (1...).lazy.map { "Signature\($0)" }.first { !Set(editor.formFields().map(\.name)).contains($0) } ?? "Signature"
        var page = canvas.currentPage ?? PageIndex(0)
        var rect: Rect?
        if let existing {
            // The empty field signed in place: the signature shows in its box.
            guard let widget = editor.formField(named: existing)?.widgets.first else {
                showMessage(kind: "signing-failed", title: tr("Not Signed"), body: tr("The document has no signature field “{field}”.", ["field": existing]))
                return
            }
            (field, page, rect) = (existing, widget.page, widget.rect)
        } else if let box {
            // A new field in the box the user drew.
            (page, rect) = (box.page, box.rect)
        } else if choices.visible, let shown = document?.displaySizes[safe: page.rawValue] {
            // The foot of the page, on the right, where a signature goes on a letter (in the
            // page's own space: a quarter-turned page shows its sides swapped).
            let turned = editor.rotation(of: page) % 180 != 0
            let size = turned ? Size(width: shown.height, height: shown.width) : shown
            rect = Rect(x: max(18, size.width - 250), y: 36, width: min(220, size.width - 36), height: 54)
        }
        // The kept handwritten signature, shown on the signature's left.
        var handwriting: Annotation?
        if rect != nil, choices.handwriting, let kept = chosenSignature ?? SignatureStore.standard.all().first {
            let picture = kept.picture == nil ? nil : SignatureStore.standard.picture(of: kept)
            handwriting = kept.placed(on: page, centeredAt: .zero, picture: picture,
                                      stamp: CreationStamp(id: "signing", author: "", date: ""))
        }
        let signer = certificate.commonName.isEmpty ? certificate.nickname : certificate.commonName
        let source: String
        do { source = try editor.signingSource() } catch {
            showMessage(kind: "signing-failed", title: tr("Not Signed"), body: tr("The document could not be signed: {reason}.", ["reason": error.reason]))
            return
        }
        let request = DigitalSigning.Request(source: source, password: editor.password, target: target, certificate: certificate.nickname,
                                             certificatePassword: password, field: field, page: page, rect: rect,
                                             text: tr("Digitally signed by {signer}", ["signer": signer]) + "\n"
                                                 + tr("Date: {date}", ["date": Self.signingDate()]),
                                             reason: choices.reason.isEmpty ? nil : choices.reason,
                                             location: choices.location.isEmpty ? nil : choices.location,
                                             handwriting: handwriting, existingField: existing != nil)
        // The cryptography on a worker: the window keeps answering meanwhile.
        WorkerThread.start(name: "sign") {
            let failure: String?
            do throws(SigningError) { try DigitalSigning.signEdited(request); failure = nil } catch { failure = error.reason }
            MainLoop.post { [weak self] in self?.signed(into: target, failure: failure) }
        }
    }

    private func signed(into target: String, failure: String?) {
        if let failure {
            showMessage(kind: "signing-failed", title: tr("Not Signed"), body: tr("The document could not be signed: {reason}.", ["reason": failure]))
            return
        }
        let name = Self.displayName(target)
        ask(kind: "signed", type: GTK_MESSAGE_INFO, title: tr("Signed"),
            body: tr("The signed document is “{file}”. This document is unchanged.", ["file": name]),
            buttons: [(tr("_Close"), GTK_RESPONSE_CLOSE.rawValue), (tr("_Open"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_CLOSE.rawValue) { [weak self] answer in
            if answer == GTK_RESPONSE_ACCEPT.rawValue { self?.application?.open(path: target, preferring: nil) }
        }
    }

    private func commitFormTyping() { canvas.forms.commitTyping() }

    /// Now, as the signature's appearance says it: "2026-11-26 13:55 UTC+01:00".
    static func signingDate() -> String {
        guard let now = g_date_time_new_now_local() else { return "" }
        defer { g_date_time_unref(now) }
        guard let text = g_date_time_format(now, "%Y-%m-%d %H:%M UTC%:z") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// Handwritten signatures: `win.new-signature` opens the pad; a signature kept there becomes
/// the one the Sign tool (G) places with a click, like a stamp, as an /Ink marked as a signature
/// that moves and resizes like any annotation. `win.use-signature` (a kept signature's name)
/// picks another.
extension DocumentWindow {
    func installHandwrittenSignatureActions() {
        addAction("new-signature") { [weak self] in self?.showSignaturePad() }
        installSignFieldAction()
        installTypeInFieldAction()
        addStringAction("use-signature") { [weak self] name in
            guard let self, !name.isEmpty,
                  let signature = SignatureStore.standard.all().first(where: { $0.name == name }) else { return }
            self.chosenSignature = signature
            self.selectTool("sign")
        }
        // `win.keep-signature-picture` with a picture's path: kept as a signature (its paper
        // taken away), as the pad's From a Picture does; the Sign tool picks it.
        addStringAction("keep-signature-picture") { [weak self] path in
            guard let self, !path.isEmpty,
                  case .success(let loaded) = StampPicture.load(path: path) else { return }
            let name = Self.displayName(path)
            let signature = HandwrittenSignature(id: UUID().uuidString, name: name, strokes: [], padSize: SignaturePad.size,
                                                 baseline: SignaturePad.baseline)
            self.chosenSignature = SignatureStore.standard.keep(signature, picture: loaded.withoutBackground())
            self.selectTool("sign")
        }
    }

    /// `win.sign-field` (a signature field's name): the kept signature placed in the field's box.
    func installSignFieldAction() {
        addStringAction("sign-field") { [weak self] name in
            guard let self, !name.isEmpty,
                  let widget = self.editing?.editor.formField(named: name)?.widgets.first else { return }
            guard let signature = self.chosenSignature ?? SignatureStore.standard.all().first else {
                self.showSignaturePad()
                return
            }
            let picture = signature.picture == nil ? nil : SignatureStore.standard.picture(of: signature)
            _ = self.canvas.session.place(signature, picture: picture, on: widget.page, in: widget.rect)
        }
        // An empty signature field clicked or tapped: a menu of the ways to sign it, at it.
        canvas.forms.onSignatureFieldTapped = { [weak self] field, widget in
            guard let self else { return }
            guard let box = self.canvas.forms.viewRect(of: widget) else { return }
            let point = Point(x: box.midX, y: box.maxY)
            if field.kind == .signature {
                self.popUpMenu([(tr("Sign _Here"), "win.sign-field::\(field.name)"), (tr("New _Handwritten Signature…"), "win.new-signature"),
                                (tr("Sign _Digitally…"), "win.sign-field-digitally::\(field.name)")], at: point)
            } else {
                // A text field named for a signature: sign over it, or type in it after all.
                self.popUpMenu([(tr("Sign _Here"), "win.sign-field::\(field.name)"), (tr("_Type in It"), "win.type-in-field::\(field.name)"),
                                (tr("New _Handwritten Signature…"), "win.new-signature")], at: point)
            }
        }
    }

    /// `win.type-in-field` (a text field's name): its editor, as a click on any other text field.
    func installTypeInFieldAction() {
        addStringAction("type-in-field") { [weak self] name in
            guard let self, !name.isEmpty else { return }
            self.canvas.forms.typeInField(named: name)
        }
    }

    /// The signature pad; a signature kept is stored and the Sign tool picks it.
    func showSignaturePad() {
        guard signaturePad == nil else { return }
        let pad = SignaturePad(parent: window)
        pad.onKeep = { [weak self] signature, picture in
            self?.chosenSignature = SignatureStore.standard.keep(signature, picture: picture)
            MainLoop.post { self?.selectTool("sign") }
        }
        pad.onClose = { [weak self] in
            self?.signaturePad = nil
            self?.pendingDialog = nil
            self?.application?.stateChanged()
        }
        pad.onChange = { [weak self] in self?.application?.stateChanged() }
        signaturePad = pad
        pendingDialog = "signature-pad"
        application?.stateChanged()
        pad.present()
    }
}
