// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry

/// Pages that come from or go to other files, and pages made anew, each one undoable step:
/// `win.insert-blank-page` puts an empty page after the pages to organise (the size and turn of
/// the last of them); `win.duplicate-pages` puts a copy of them after the last; `win.insert-pages`
/// (a file's path, or "" for a chooser) puts every page of another PDF after them, asking for its
/// password when it has one; `win.extract-pages` (a destination path, or "" for a Save dialog)
/// writes them to a new, compact PDF and leaves this document as it is, their form fields kept
/// as fields; `win.extract-pages-flattened` does the same with the fields drawn into the pages
/// (the Save dialog offers both when the document has fields).
extension DocumentWindow {
    func installPageFileActions() {
        addAction("insert-blank-page", enabled: false) { [weak self] in self?.insertBlankPage() }
        installNotePageAction()
        installWritingRoomAction()
        addAction("duplicate-pages", enabled: false) { [weak self] in self?.duplicatePages() }
        addPathAction("insert-pages") { [weak self] path in
            guard let self else { return }
            if path.isEmpty {
                self.choosePDFFile(title: tr("Insert Pages From"), accept: tr("_Insert"), saving: false, kind: "insert-pages") { [weak self] in
                    self?.insertPages(from: $0, password: nil)
                }
            }
            else { self.insertPages(from: path, password: nil) }
        }
        addPathAction("extract-pages") { [weak self] path in
            guard let self else { return }
            if path.isEmpty { self.chooseExtractDestination() } else { self.extractPages(to: path) }
        }
        addPathAction("extract-pages-flattened") { [weak self] path in
            guard let self else { return }
            if path.isEmpty { self.chooseExtractDestination(flattening: true) } else { self.extractPages(to: path, formFields: .flattened) }
        }
    }

    /// The actions of this file, on while the document can be edited.
    static let pageFileActions = ["insert-blank-page", "insert-note-page", "add-writing-room", "duplicate-pages", "insert-pages", "extract-pages",
                                  "extract-pages-flattened"]

    /// A window action that takes a string (a path; "" asks with a chooser).
    func addPathAction(_ name: String, _ handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new(name, type)!
        g_variant_type_free(type)
        g_simple_action_set_enabled(action, 0)
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            let argument = value.flatMap { string(g_variant_get_string(OpaquePointer($0), nil)) } ?? ""
            self?.waitingForEditor(name) { handler(argument) }()
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    /// Where new pages go: after the last page to organise.
    private var insertionIndex: Int { (pagesToOrganise.map(\.rawValue).max() ?? -1) + 1 }

    func insertBlankPage() {
        guard content == .document, let editor = editing?.editor else { return }
        let index = insertionIndex
        organisePages { [weak self] in
            guard let self else { return }
            do {
                let edit = try editor.insertingBlankPage(at: index)
                if self.canvas.commit(EditRecord("Insert Blank Page", edit)) { self.pageToShowAfterReshape = PageIndex(index) }
            } catch {
                self.pageOperationFailed(tr("The page could not be inserted"), error)
            }
        }
    }

    func duplicatePages() {
        let pages = pagesToOrganise
        guard content == .document, let editor = editing?.editor, let last = pages.map(\.rawValue).max() else { return }
        organisePages { [weak self] in
            guard let self else { return }
            do {
                let edit = try editor.duplicating(pages)
                if self.canvas.commit(EditRecord(pages.count == 1 ? "Duplicate Page" : "Duplicate Pages", edit)) {
                    self.pageToShowAfterReshape = PageIndex(last + 1)
                }
            } catch {
                self.pageOperationFailed(tr("The pages could not be duplicated"), error)
            }
        }
    }

    /// Inserts every page of the PDF at `path` after the pages to organise; asks for the
    /// file's password when it needs one (again, saying so, when it was wrong).
    func insertPages(from path: String, password: String?, at place: Int? = nil, then inserted: (@MainActor (Int) -> Void)? = nil) {
        guard editorOpenOrWait({ [weak self] in self?.insertPages(from: path, password: password, at: place, then: inserted) }) else { return }
        guard content == .document, let editor = editing?.editor else { return }
        let index = place ?? insertionIndex
        organisePages { [weak self] in
            guard let self else { return }
            do throws(EditorError) {
                let edit = try editor.importing(from: path, password: password, at: index)
                let count = if case .restorePages(let pages) = edit { pages.count } else { 0 }
                if self.canvas.commit(EditRecord(count == 1 ? "Insert Page" : "Insert Pages", edit)) {
                    self.pageToShowAfterReshape = PageIndex(index)
                    inserted?(count)
                }
            } catch .library(.open(let problem)) where problem.needsPassword {
                self.askImportPassword(for: path, wrong: password != nil, at: index, then: inserted)
            } catch .library(.open(let problem)) {
                self.pageOperationFailed(tr("The pages could not be inserted"), message: problem.userMessage)
            } catch {
                self.pageOperationFailed(tr("The pages could not be inserted"), error)
            }
        }
    }

    /// The password question for a file whose pages are being inserted.
    private func askImportPassword(for path: String, wrong: Bool, at index: Int, then inserted: (@MainActor (Int) -> Void)?) {
        let name = Self.displayName(path)
        let body = wrong ? tr("That password is not correct. Try again.") : tr("Enter the password of “{file}” to insert its pages.", ["file": name])
        guard let dialog = ann_message_dialog_new(cast(window), GTK_MESSAGE_QUESTION, tr("“{file}” Is Locked", ["file": name]), body) else { return }
        let entry = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(cast(entry), 1)
        ann_accessible_set_label(entry, tr("Password of {file}", ["file": name]))
        gtk_widget_set_margin_start(entry, 24)
        gtk_widget_set_margin_end(entry, 24)
        if let area = gtk_message_dialog_get_message_area(cast(dialog)) { gtk_box_append(cast(area), entry) }
        _ = gtk_dialog_add_button(cast(dialog), tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue)
        if let unlock = gtk_dialog_add_button(cast(dialog), tr("_Insert"), GTK_RESPONSE_ACCEPT.rawValue) {
            gtk_widget_add_css_class(unlock, "suggested-action")
        }
        gtk_dialog_set_default_response(cast(dialog), GTK_RESPONSE_ACCEPT.rawValue)
        Signals.connect(raw(entry), "activate") { gtk_dialog_response(cast(dialog), GTK_RESPONSE_ACCEPT.rawValue) }
        pendingDialog = "insert-pages-password"
        Signals.connect(raw(dialog), "response", int: { [weak self] response in
            let password = string(gtk_editable_get_text(cast(entry))) ?? ""
            gtk_window_destroy(cast(dialog))
            guard let self else { return }
            self.pendingDialog = nil
            if response == GTK_RESPONSE_ACCEPT.rawValue { self.insertPages(from: path, password: password, at: index, then: inserted) }
        })
        gtk_window_present(cast(dialog))
        gtk_widget_grab_focus(entry)
    }

    /// Writes the pages to organise to a new PDF at `target` (this document is not changed).
    func extractPages(to target: String, formFields: ExtractedFormFields = .kept) {
        let pages = pagesToOrganise.sorted()
        guard content == .document, let editor = editing?.editor, !pages.isEmpty else { return }
        canvas.forms.commitTyping()
        do {
            let bytes = try editor.extracting(pages, formFields: formFields)
            try AtomicSave.write(bytes, to: target, modeFrom: editor.path)
        } catch {
            pageOperationFailed(tr("The pages could not be extracted"), error)
            return
        }
        let name = Self.displayName(target)
        let body = pages.count == 1
            ? tr("Page {page} is in “{file}”. This document is unchanged.", ["page": String(pages[0].displayNumber), "file": name])
            : trn("{count} page is in “{file}”. This document is unchanged.", "{count} pages are in “{file}”. This document is unchanged.",
                  pages.count, ["file": name])
        ask(kind: "pages-extracted", type: GTK_MESSAGE_INFO, title: tr("Pages Extracted"), body: body,
            buttons: [(tr("_Close"), GTK_RESPONSE_CLOSE.rawValue), (tr("_Open"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_CLOSE.rawValue) { [weak self] answer in
            if answer == GTK_RESPONSE_ACCEPT.rawValue { self?.application?.open(path: target, preferring: nil) }
        }
    }

    /// The Save dialog for an extract, named after the document and its pages.
    private func chooseExtractDestination(flattening: Bool = false) {
        let pages = pagesToOrganise.sorted()
        guard let editor = editing?.editor, !pages.isEmpty else { return }
        let range = pages.count == 1 ? tr("page {page}", ["page": String(pages[0].displayNumber)])
            : pages.last!.rawValue - pages[0].rawValue + 1 == pages.count
            ? tr("pages {first}-{last}", ["first": String(pages[0].displayNumber), "last": String(pages.last!.displayNumber)])
            : trn("{count} page", "{count} pages", pages.count)
        // A document with fields: the dialog asks whether they stay fields or are drawn in.
        let choice = editor.formFields().isEmpty ? nil
            : FileChoice(label: tr("Form fields"), options: [("keep", tr("Keep as fields")), ("flatten", tr("Flatten into the pages"))],
                         initial: flattening ? "flatten" : "keep")
        choosePDFFile(title: tr("Extract Pages"), accept: tr("_Extract"), saving: true, suggestedName: "\(documentStem) (\(range)).pdf",
                      kind: "extract-pages", choice: choice) { [weak self] target, option in
            self?.extractPages(to: target, formFields: option == "flatten" || (option == nil && flattening) ? .flattened : .kept)
        }
    }

    func pageOperationFailed(_ title: String, _ error: any Error) {
        let message: String
        switch error {
        case let error as SaveError: message = error.userMessage
        case EditorError.save(let error): message = error.userMessage
        case EditorError.library(.open(let problem)): message = problem.userMessage
        case EditorError.library(.write): message = tr("It could not be written (the disk may be full).")
        case EditorError.library(.rejected(let what)), EditorError.edit(.missing(let what)):
            message = tr("Something in the file could not be copied: {what}.", ["what": what])
        default: message = "\(error)"
        }
        pageOperationFailed(title, message: message)
    }

    private func pageOperationFailed(_ title: String, message: String) {
        ask(kind: "page-operation-failed", type: GTK_MESSAGE_ERROR, title: title, body: message,
            buttons: [(tr("_Close"), GTK_RESPONSE_CLOSE.rawValue)], defaultResponse: GTK_RESPONSE_CLOSE.rawValue) { _ in }
    }
}
