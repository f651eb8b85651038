// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentLayout
import DocumentSession
import DocumentPoppler
import FoundationEssentials
import Geometry
import Platform

/// Editing in the window: the editor made when the first edit begins, undo and redo, Save
/// and Save As, the journal's restore question, and the question before closing with unsaved
/// changes.
extension DocumentWindow {
    /// Gets the shown document ready for editing without making its editor (a second parse of
    /// the file, tens of MiB, that a reader who only reads never needs): asks about the
    /// journal's unsaved changes (from the journal alone) once the main loop is idle, and after
    /// the first frame reads on a worker what poppler-glib misreads (a PDF 2.0 UTF-8 title) or
    /// does not read (the reading direction), when the file may hold it. The editor is made by
    /// ``whenEditorReady(_:)``.
    func prepareEditing(path: String, password: String?, renderSource: RenderSource) {
        let generation = openGeneration
        editorMaking = EditorMaking(path: path, password: password, renderSource: renderSource, generation: generation)
        canvas.whenEditorReady = { [weak self] then in self?.whenEditorReady(then) }
        canvas.readyForInput = { [weak self] in self.map { $0.editing != nil || $0.editingSettled || !$0.canEdit } ?? true }
        let metadata = document?.metadata ?? DocumentMetadata()
        MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            guard let self, self.openGeneration == generation, self.content == .document else { return }
            self.offerToRestore(path: path, password: password)
            // Save, Save As and the page actions are on: they have the editor made when used.
            self.editStateChanged()
        }
        // The first frame shows neither: the file is read for them once it is painted.
        afterFirstFrame { [weak self] in self?.readFileFacts(path: path, password: password, metadata: metadata, generation: generation) }
    }

    /// Reads on a worker what poppler-glib misreads (a PDF 2.0 UTF-8 title) or does not read
    /// (the reading direction), when the file may hold it.
    private func readFileFacts(path: String, password: String?, metadata: DocumentMetadata, generation: Int) {
        let misread = DocumentEditor.misreads(metadata)
        WorkerThread.start(name: "file-facts") {
            guard misread || PDFFileScan(path: path).directionMayNeedParsing,
                  let facts = DocumentEditor.facts(path: path, password: password, over: metadata) else { return }
            let read = ReadFacts(facts)
            MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in self?.factsRead(read.facts, path: path, generation: generation) }
        }
    }

    /// What the file's own bytes say of its title and reading direction.
    private func factsRead(_ facts: FileFacts, path: String, generation: Int) {
        guard openGeneration == generation, content == .document, let doc = document else { return }
        // The title as the file's own bytes say it (poppler-glib 22.12 misreads PDF 2.0's UTF-8).
        if let title = facts.metadata.title, title != doc.metadata.title {
            setTitle(title, subtitle: DocumentWindow.displayName(path))
            editStateChanged()
        }
        // A right-to-left document read for the first time is laid out right to left.
        if facts.rightToLeft, !hasStoredPlace {
            canvas.setLayoutSettings(LayoutSettings(pageLayout: facts.pageLayout, rightToLeft: true))
            syncViewActions()
        }
    }

    /// Runs `then` once the document's editor is open: at once when it is, else after it is
    /// made on a worker (started now, unless it is being made), with every other piece of work
    /// that waits for it, in order. Nothing runs when the editor cannot be made.
    func whenEditorReady(_ then: @escaping @MainActor () -> Void) {
        if editing != nil { then(); return }
        guard content == .document, let making = editorMaking, making.generation == openGeneration, !making.failed else { return }
        making.waiting.append(then)
        guard !making.started else { return }
        making.started = true
        application?.stateChanged()
        let path = making.path, password = making.password, generation = making.generation
        // Made on a worker: reading a document (or copying a large one aside) takes time the
        // window spends answering input (the stroke that asked for it is drawn meanwhile).
        WorkerThread.start(name: "editor-open") {
            let opened = OpenedEditor(try? DocumentEditor.open(path: path, password: password))
            MainLoop.post(priority: G_PRIORITY_DEFAULT) { [weak self] in self?.editorOpened(opened.editor, generation: generation) }
        }
    }

    /// Starts editing with the editor a worker made, unless another document is shown now; the
    /// edits made meanwhile are applied (and journaled) first, then the work that waited.
    private func editorOpened(_ opened: DocumentEditor?, generation: Int) {
        guard openGeneration == generation, content == .document, let making = editorMaking, making.generation == generation else { return }
        guard let editor = opened else {
            StandardError.write("pdf-annotator: \(making.path) opens for reading only")
            making.failed = true
            making.waiting = []
            canvas.apply(canvas.session.editorUnavailable())
            editStateChanged()
            return
        }
        StartupTrace.mark("editor opened (poppler core, on a worker, for the first edit)")
        // The journal the restore question settled on (a document that needs a password has
        // its journal encrypted with a key derived from it): the first edit is its first step.
        if case .keep(let journal) = making.journal { editor.journal = journal }
        // A repaired copy is saved whole, into a new file.
        if let shown = repaired, shown.copy == making.path { editor.wholeSaveRequested = true }
        let session = EditingSession(editor: editor, renderSource: making.renderSource, renderQueue: nil)
        session.onHistoryChanged = { [weak self] in self?.editStateChanged() }
        session.onPagesMoved = { [weak self] places in
            self?.bookmarksFollow(places)
            self?.recognitionFollows(places)
        }
        session.holdBack = { [weak self] record in self?.holdBackIfCertified(record) ?? false }
        session.mayHoldBack = { [weak self] in self.map { $0.certifiedAgainstChanges && !$0.certifiedWarningShown } ?? false }
        editorMaking = nil
        editing = session
        primaryCanvas.attach(session)
        splitEditorOpened(session)
        for work in making.waiting { work() }
        editStateChanged()
    }

    /// The journal the editor keeps, once the restore question is settled: given to the editor
    /// when it is open, else when it is made.
    private func settleJournal(_ journal: EditJournal?) {
        if let editor = editing?.editor { editor.journal = journal } else { editorMaking?.journal = journal.map { .keep($0) } ?? .none }
        application?.stateChanged()
    }

    /// Whether the document can be edited now without its editor: it is settled that the editor
    /// is made when the first edit begins (the pages shown are read and none needs it, the
    /// journal's question is answered, and the editor is not being made).
    var editingSettled: Bool {
        guard content == .document, let making = editorMaking, making.generation == openGeneration, !making.failed, !making.started,
              making.journal != .undecided else { return false }
        return !canvas.content.exactPageInfo.isEmpty && canvas.reader.readsPending == 0
    }

    /// Looks for a journal of unsaved changes to this file and asks whether to restore them
    /// (Restore is the default: Return restores), from the journal alone: the editor is made
    /// only to restore them. A journal written for another state of the file is moved aside,
    /// and the user is told.
    func offerToRestore(path: String, password: String?) {
        let journal = EditJournal.forDocument(at: journalKey(for: path))
        // A document that needs a password has its journal encrypted with a key derived from
        // that password: its contents are never written in plain text.
        journal.password = password
        let name = Self.displayName(path)
        /// A journal that cannot be applied is kept aside (never applied, never lost) and the
        /// user is told why and where it is.
        func keepAside(kind: String, _ why: String) {
            let kept = journal.moveAside()
            settleJournal(journal)
            showMessage(kind: kind, title: tr("Unsaved Changes Not Restored"),
                        body: why + (kept.map { " They were kept in \($0.path)." } ?? ""))
        }
        let (step, found) = DocumentLifecycle<SaveCompletion>.restoreStep(for: journal.read(), path: path)
        let count: Int
        switch step {
        case .startJournal:
            settleJournal(journal)
            return
        case .keepAside(.otherPassword):
            // Encrypted with another password (the document's other one, say).
            keepAside(kind: "journal-locked",
                      "The unsaved changes to “\(name)” were kept with another password than the one you gave, so they could not be read.")
            return
        case .keepAside(.fileChanged):
            keepAside(kind: "journal-stale", "“\(name)” was changed since your last unsaved changes to it, so they were not applied.")
            return
        case .ask(let changes):
            count = changes
        }
        guard let contents = found else { settleJournal(journal); return }
        let generation = openGeneration
        ask(kind: "restore", type: GTK_MESSAGE_QUESTION, title: tr("Restore Unsaved Changes?"),
            body: trn("One change to “{file}” had not been saved when the app last closed.", "{count} changes to “{file}” had not been saved when the app last closed.", count, ["count": String(count), "file": name]),
            buttons: [(tr("_Discard"), GTK_RESPONSE_REJECT.rawValue), (tr("_Restore"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_ACCEPT.rawValue, destructiveResponse: GTK_RESPONSE_REJECT.rawValue) { [weak self] response in
            guard let self, self.openGeneration == generation, self.content == .document else { return }
            let answer: DocumentLifecycle<SaveCompletion>.RestoreAnswer = response == GTK_RESPONSE_ACCEPT.rawValue ? .restore
                : response == GTK_RESPONSE_REJECT.rawValue ? .discard : .undecided
            switch DocumentLifecycle<SaveCompletion>.journalFate(after: answer) {
            case .restoreAndAdopt:
                // Only now is the editor made: the changes are applied to it.
                self.whenEditorReady { [weak self] in
                    guard let self, let session = self.editing else { return }
                    let editor = session.editor
                    do {
                        try editor.restore(contents)
                        editor.adoptJournal(journal, steps: contents.lines)
                    } catch {
                        journal.moveAside()
                        editor.journal = journal
                        self.showMessage(kind: "restore-failed", title: tr("Changes Could Not Be Restored"),
                                         body: tr("The unsaved changes to “{file}” do not fit the file ({reason}). They were kept aside.", ["file": name, "reason": "\(error)"]))
                    }
                    // Restored page edits: the view reads every page of the new version again.
                    let edits = contents.lines.map(\.record.edit)
                    session.changed(Set((0..<editor.pageCount).map(PageIndex.init)), reshaped: edits.contains { $0.changesPages },
                                    reordered: edits.contains { $0.reordersPages })
                    self.editStateChanged()
                }
            case .remove:
                journal.remove()
                self.settleJournal(journal)
            case .keepForNextTime:
                // Closed without an answer: keep the journal for next time, journal nothing new.
                self.settleJournal(nil)
            }
            self.editStateChanged()
        }
    }

    // MARK: State

    /// Whether the editor is open; when it is not, has it made and runs `again` once it is
    /// (an action that needs it, asked for before the first edit).
    func editorOpenOrWait(_ again: @escaping @MainActor () -> Void) -> Bool {
        if editing != nil { return true }
        whenEditorReady(again)
        return false
    }

    /// Whether the shown document can be edited: its editor is open, or can be made.
    var canEdit: Bool {
        editing != nil || (content == .document && editorMaking.map { !$0.failed && $0.generation == openGeneration } == true)
    }

    /// Actions that need the editor: when it is not made yet, they make it first and run once
    /// it is open (the editor is made at the first edit, not at open).
    static var editorActions: Set<String> { Set(pageActions + ["save-as", "save-as-file"] + xfdfActions) }

    /// `handler` for the action `name`, made to wait for the editor when the action needs it.
    func waitingForEditor(_ name: String, _ handler: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        guard Self.editorActions.contains(name) else { return handler }
        return { [weak self] in
            guard let self, self.editing == nil else { handler(); return }
            self.whenEditorReady(handler)
        }
    }

    /// Title, actions and menu labels after an edit, undo, redo or save.
    func editStateChanged() {
        let unsaved = editing?.hasUnsavedChanges ?? false
        // The list follows edits page by page (updateAnnotationList); it is listed whole when
        // the editor it shows is new.
        if annotationListEditor !== editing?.editor { refreshAnnotationList() }
        setActionEnabled("undo", editing?.undoName != nil)
        setActionEnabled("redo", editing?.redoName != nil)
        // On once a document is shown: actions that need the editor have it made first.
        setActionEnabled("save", canEdit)
        setActionEnabled("save-as", canEdit)
        setActionEnabled("save-as-file", canEdit)
        for name in Self.pageActions + Self.xfdfActions { setActionEnabled(name, canEdit) }
        updateEditMenu()
        let title = (unsaved ? "*" : "") + baseTitle
        if shownTitle != title {
            showTitle(title)
            gtk_label_set_text(cast(titleLabel), title)
        }
        // What changed goes to a shared review's folder.
        sharedReviewEdited()
        // The edit history changed (undo and redo names, unsaved changes): the dump says so.
        application?.stateChanged()
    }

    func setActionEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(actionMap, name) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// The Edit menu names what Undo and Redo would do ("Undo Move").
    func updateEditMenu() {
        guard let menu = editMenu?.pointer else { return }
        let undo = editing?.undoName.map { tr("_Undo {step}", ["step": StepNames.shown($0)]) } ?? tr("_Undo")
        let redo = editing?.redoName.map { tr("_Redo {step}", ["step": StepNames.shown($0)]) } ?? tr("_Redo")
        guard undo != editMenuLabels.undo || redo != editMenuLabels.redo else { return }
        editMenuLabels = (undo, redo)
        g_menu_remove(menu, 0)
        g_menu_insert(menu, 0, undo, "win.undo")
        g_menu_remove(menu, 1)
        g_menu_insert(menu, 1, redo, "win.redo")
    }

    // MARK: Undo and redo

    func undo() {
        // What is being typed into a field is kept first: Undo then takes it back.
        canvas.forms.closeEditors(keep: true)
        guard let session = editing, transformIdle, let record = session.undo() else { return }
        reveal(session.editor.pages(changedBy: record.edit))
    }

    func redo() {
        canvas.forms.closeEditors(keep: true)
        guard let session = editing, transformIdle, let record = session.redo() else { return }
        reveal(session.editor.pages(changedBy: record.edit))
    }

    /// Brings an undone or redone change into view when none of its pages is on screen.
    func reveal(_ pages: Set<PageIndex>) {
        let visible = Set(canvas.view.shownPages)
        guard visible.isDisjoint(with: pages), let first = pages.min() else { return }
        canvas.goTo(page: first)
    }

    /// No move or resize is in progress (undo in the middle of a drag would fight it).
    var transformIdle: Bool { canvas.previews.transforms.isEmpty }

    // MARK: Saving

    /// Ctrl+S: saves in place; on a failure says why and offers Save As. Calls `completion`
    /// with whether the document is saved. The file is written on a worker (a 100 MB scan
    /// takes a second of disk work): the window goes on answering, and edits made meanwhile
    /// go into the next save. Ctrl+S while a save runs saves again once it is done.
    func save(overwriteChangedFile: Bool = false, completion: (@MainActor (Bool) -> Void)? = nil) {
        // Ctrl+S while a field is being typed saves what is typed (the field stays open).
        canvas.forms.commitTyping()
        guard let session = editing else {
            // Edits waiting for the editor are saved once it is made; with none, nothing changed.
            if editorMaking?.started == true, !canvas.session.waitingForEditor.isEmpty {
                whenEditorReady { [weak self] in self?.save(overwriteChangedFile: overwriteChangedFile, completion: completion) }
            } else {
                completion?(canEdit)
            }
            return
        }
        switch lifecycle.requestSave(.inPlace(overwriteChangedFile: overwriteChangedFile), pending: completion,
                                     saveRunning: session.editor.saveInProgress != nil, hasUnsavedChanges: session.hasUnsavedChanges,
                                     certifiedAgainstChanges: certifiedAgainstChanges, savesWhole: session.editor.savesWhole,
                                     wholeSaveAgreed: wholeSaveAgreed) {
        case .saveCopyInstead(.certifiedAgainstChanges):
            // A document certified against changes is never written over: its edits go to a copy.
            saveAs(reason: tr("certified against changes"), completion: completion)
            return
        case .saveCopyInstead(.savedWhole):
            // A damaged or repaired document is written whole into a new file, never over it.
            saveAs(reason: tr("a new file for a damaged document"), suggestedName: wholeSaveSuggestedName, completion: completion)
            return
        case .askBeforeSavingWhole:
            askBeforeSavingWhole(inPlace: true, completion: completion) { [weak self] in
                self?.save(overwriteChangedFile: overwriteChangedFile, completion: completion)
            }
            return
        case .wait:
            return
        case .write:
            break
        }
        do {
            guard let job = try session.editor.prepareSave(overwriteChangedFile: overwriteChangedFile) else {
                saveError = nil
                editStateChanged()
                completion?(true)
                return
            }
            runSave(job, in: session) { [weak self] error in
                guard let self else { return }
                if let error {
                    self.handleSaveFailure(error, completion: completion)
                } else {
                    self.saveError = nil
                    self.editStateChanged()
                    // A signed document's signatures say what the saved file changed since.
                    if !self.signatureReports.isEmpty, let path = self.path { self.checkSignatures(path: path, password: session.editor.password) }
                    completion?(true)
                }
            }
        } catch {
            handleSaveFailure(error, completion: completion)
        }
    }

    /// Writes `job` on a worker thread and finishes it back on the main loop, then runs the
    /// saves asked for meanwhile and a close that waited for it.
    func runSave(_ job: SaveJob, in session: EditingSession, then done: @escaping @MainActor (EditorError?) -> Void) {
        application?.stateChanged()
        let pause = Self.testSavePause
        WorkerThread.start(name: "save") {
            if pause > 0 { usleep(pause) }
            job.run()
            MainLoop.post(priority: G_PRIORITY_DEFAULT) { [weak self] in
                var failure: EditorError?
                do throws(EditorError) { try session.editor.finishSave(job) } catch { failure = error }
                done(failure)
                guard let self else { return }
                if failure == nil, !session.hasUnsavedChanges { self.recognitionFileSaved() }
                self.application?.stateChanged()
                for next in self.lifecycle.saveEnded() {
                    switch next.target {
                    case .inPlace(let overwrite): self.save(overwriteChangedFile: overwrite, completion: next.pending)
                    case .copy(let path): self.save(as: path, completion: next.pending)
                    }
                }
                if self.lifecycle.closesNow(saveRunning: session.editor.saveInProgress != nil) {
                    self.continueClosing()
                }
            }
        }
    }

    /// `PDF_ANNOTATOR_TEST_SAVE_PAUSE` (microseconds): how long the save worker waits before it
    /// writes, so that UI tests can edit while a save runs. 0 (no wait) unless set.
    static let testSavePause: UInt32 = {
        guard let raw = getenv("PDF_ANNOTATOR_TEST_SAVE_PAUSE") else { return 0 }
        return UInt32(String(cString: raw)) ?? 0
    }()

    func handleSaveFailure(_ error: EditorError, completion: (@MainActor (Bool) -> Void)?) {
        let name = Self.displayName(editing?.editor.path ?? path ?? "")
        switch error {
        case .save(.changedOnDisk):
            saveError = SaveError.changedOnDisk(path: editing?.editor.path ?? "").userMessage
            ask(kind: "changed-on-disk", type: GTK_MESSAGE_WARNING, title: tr("File Changed on Disk"),
                body: saveError!, buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("Save _As…"), 1), (tr("_Replace"), GTK_RESPONSE_ACCEPT.rawValue)],
                defaultResponse: GTK_RESPONSE_CANCEL.rawValue, destructiveResponse: GTK_RESPONSE_ACCEPT.rawValue) { [weak self] response in
                if response == GTK_RESPONSE_ACCEPT.rawValue { self?.save(overwriteChangedFile: true, completion: completion) }
                else if response == 1 { self?.saveAs(completion: completion) }
                else { completion?(false) }
            }
        case .save(let failure) where failure == .readOnlyFile(path: failure.path) || failure == .readOnlyFolder(path: failure.path):
            // Nothing can be written there: go straight to choosing another place, as GNOME apps do.
            saveError = failure.userMessage
            saveAs(reason: failure.userMessage, completion: completion)
        case .save(let failure):
            saveError = failure.userMessage
            ask(kind: "save-failed", type: GTK_MESSAGE_ERROR, title: tr("Could Not Save “{file}”", ["file": name]), body: failure.userMessage,
                buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("Save _As…"), GTK_RESPONSE_ACCEPT.rawValue)],
                defaultResponse: GTK_RESPONSE_ACCEPT.rawValue) { [weak self] response in
                if response == GTK_RESPONSE_ACCEPT.rawValue { self?.saveAs(completion: completion) } else { completion?(false) }
            }
        default:
            saveError = "“\(name)” could not be saved (\(error)). The file is unchanged and your changes are kept."
            ask(kind: "save-failed", type: GTK_MESSAGE_ERROR, title: tr("Could Not Save “{file}”", ["file": name]), body: saveError!,
                buttons: [(tr("_Close"), GTK_RESPONSE_CANCEL.rawValue)], defaultResponse: GTK_RESPONSE_CANCEL.rawValue) { _ in
                completion?(false)
            }
        }
    }

    /// Ctrl+Shift+S: asks for a new name with the native chooser, then saves there and goes on
    /// editing that file.
    func saveAs(reason: String? = nil, suggestedName: String? = nil, completion: (@MainActor (Bool) -> Void)? = nil) {
        canvas.forms.commitTyping()
        let title = reason.map { tr("Save a Copy — {reason}", ["reason": $0]) } ?? tr("Save a Copy")
        guard editing != nil, saveChooser == nil,
              let native = gtk_file_chooser_native_new(title, cast(window), GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel")
        else { completion?(false); return }
        saveChooser = GObjectHandle(adopting: native)
        let filter = ann_pdf_file_filter()
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(raw(filter))
        gtk_native_dialog_set_modal(cast(native), 1)
        gtk_file_chooser_set_current_name(native, suggestedName ?? Self.displayName(editing?.editor.path ?? "document.pdf"))
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self, let chooser = self.saveChooser else { return }
            self.pendingDialog = nil
            var target: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                target = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            self.saveChooser = nil
            guard let target else { completion?(false); return }
            self.save(as: target, completion: completion)
        })
        pendingDialog = "save-as"
        gtk_native_dialog_show(cast(native))
    }

    /// Saves into `target` and continues editing it (what Save As does once a name is chosen).
    func save(as target: String, completion: (@MainActor (Bool) -> Void)? = nil) {
        guard let session = editing else { completion?(false); return }
        switch lifecycle.requestSave(.copy(path: target), pending: completion, saveRunning: session.editor.saveInProgress != nil,
                                     hasUnsavedChanges: session.hasUnsavedChanges, certifiedAgainstChanges: certifiedAgainstChanges,
                                     savesWhole: session.editor.savesWhole, wholeSaveAgreed: wholeSaveAgreed) {
        case .write: break
        case .askBeforeSavingWhole:
            askBeforeSavingWhole(inPlace: false, completion: completion) { [weak self] in self?.save(as: target, completion: completion) }
            return
        case .wait, .saveCopyInstead: return
        }
        do {
            guard let job = try session.editor.prepareSave(to: target) else { completion?(true); return }
            runSave(job, in: session) { [weak self] error in
                guard let self else { return }
                if let error {
                    self.handleSaveFailure(error, completion: completion)
                    return
                }
                // The edits made while it was written are journaled for the new file.
                let journal = EditJournal.forDocument(at: target)
                journal.password = session.editor.password
                let previous = session.editor.journal
                session.editor.journal = journal
                session.editor.restartJournalAfterSave()
                if previous?.url != journal.url { previous?.remove() }
                self.path = target
                self.baseTitle = Self.displayName(target)
                self.saveError = nil
                self.editStateChanged()
                self.checkSignatures(path: target, password: session.editor.password)
                completion?(true)
            }
        } catch {
            handleSaveFailure(error, completion: completion)
        }
    }

    // MARK: Closing

    /// Called by close-request: `true` lets the window close. With unsaved changes it asks
    /// Save / Discard / Cancel first (Save is the default) and closes once answered.
    func mayClose() -> Bool {
        // Typing into a field counts as a change to save or discard.
        if !lifecycle.closeConfirmed { canvas.forms.commitTyping() }
        // Edits made before the editor arrived are on their way into it: the window closes
        // once they are there, so that the question below asks about them too.
        if editing == nil, !canvas.session.waitingForEditor.isEmpty, let making = editorMaking, making.started, !making.failed {
            whenEditorReady { [weak self] in
                guard let self else { return }
                self.continueClosing()
            }
            return false
        }
        let session = editing
        switch lifecycle.requestClose(saveRunning: session?.editor.saveInProgress != nil, hasUnsavedChanges: session?.hasUnsavedChanges == true,
                                      questionOpen: pendingDialog != nil) {
        case .close: return true
        case .waitForSave, .keepOpen: return false
        case .askToSave: break
        }
        guard let session else { return true }
        let name = Self.displayName(session.editor.path)
        ask(kind: "close", type: GTK_MESSAGE_QUESTION, title: tr("Save Changes to “{file}” Before Closing?", ["file": name]),
            body: tr("If you don’t save, your changes will be lost."),
            buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("_Discard"), GTK_RESPONSE_REJECT.rawValue), (tr("_Save"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_ACCEPT.rawValue, destructiveResponse: GTK_RESPONSE_REJECT.rawValue) { [weak self] response in
            guard let self else { return }
            let answer: DocumentLifecycle<SaveCompletion>.CloseAnswer = response == GTK_RESPONSE_ACCEPT.rawValue ? .save
                : response == GTK_RESPONSE_REJECT.rawValue ? .discard : .cancel
            switch self.lifecycle.answerClose(answer) {
            case .saveThenClose:
                self.save { [weak self] saved in
                    guard let self, self.lifecycle.saveEndedForClose(saved: saved) else { return }
                    self.continueClosing()
                }
            case .discardAndClose:
                session.editor.discardJournal()
                self.continueClosing()
            case .keepOpen:
                break
            }
        }
        return false
    }

    // MARK: Notes

    /// Opens the note's text for writing; Done makes the change one undoable edit.
    func editNote(_ note: Annotation) {
        guard noteEditor == nil else { return }
        let kind = note.subtype == .freeText ? "Text" : "Note"
        // Its thread above the text, and Reply… for a note already written.
        let editor = NoteEditor(parent: window, title: note.contents == nil ? "New \(kind)" : kind, text: note.contents ?? "",
                                noteID: note.id, thread: noteThreadEntries(of: note), canReply: note.contents != nil)
        editor.onFinish = { [weak self] text in
            guard let self else { return }
            self.noteEditor = nil
            self.pendingDialog = nil
            if let text { self.canvas.session.setText(text, ofAnnotation: note.id) }
            gtk_widget_grab_focus(self.canvas.area)
        }
        editor.onReply = { [weak self] in self?.writeReply(to: note) }
        noteEditor = editor
        pendingDialog = "note"
        editor.present()
        // The note and the replies its window shows are seen: no longer marked changed by
        // another reviewer.
        if let source = editing?.editor {
            sharedReviewSeen([note] + AnnotationThreads(source.annotations(on: note.page)).thread(of: note.id).map(\.reply))
        }
    }

    /// The replies shown in `note`'s window: its thread as the editor has it, the user's own
    /// marked so (they offer Edit… and Delete).
    func noteThreadEntries(of note: Annotation) -> [NoteEditor.Entry] {
        guard let editor = editing?.editor else { return [] }
        return AnnotationThreads(editor.annotations(on: note.page)).thread(of: note.id).map { r in
            NoteEditor.Entry(id: r.reply.id, author: r.reply.author ?? "",
                             date: r.reply.modified.flatMap { LocaleFormat.dateTime(pdfDate: $0) } ?? "",
                             text: r.reply.contents ?? "", depth: r.depth, isOwn: canvas.composer.isOwnReply(r.reply))
        }
    }

    // MARK: Dialogs

    /// A modal question; `kind` names it in the state dump while it is open.
    func ask(kind: String, type: GtkMessageType, title: String, body: String, buttons: [(String, Int32)],
             defaultResponse: Int32, destructiveResponse: Int32? = nil, _ answer: @escaping @MainActor (Int32) -> Void) {
        guard let dialog = ann_message_dialog_new(cast(window), type, title, body) else { return }
        for (label, response) in buttons {
            guard let button = gtk_dialog_add_button(cast(dialog), label, response) else { continue }
            // The GNOME look: the default action stands out, one that loses work is red.
            if response == destructiveResponse {
                gtk_widget_add_css_class(button, "destructive-action")
            } else if response == defaultResponse && response != GTK_RESPONSE_CANCEL.rawValue && buttons.count > 1 {
                gtk_widget_add_css_class(button, "suggested-action")
            }
        }
        gtk_dialog_set_default_response(cast(dialog), defaultResponse)
        pendingDialog = kind
        Signals.connect(raw(dialog), "response", int: { [weak self] response in
            gtk_window_destroy(cast(dialog))
            self?.pendingDialog = nil
            answer(response)
        })
        gtk_window_present(cast(dialog))
        if let button = gtk_dialog_get_widget_for_response(cast(dialog), defaultResponse) { gtk_widget_grab_focus(button) }
    }

    func showMessage(kind: String, title: String, body: String) {
        ask(kind: kind, type: GTK_MESSAGE_INFO, title: title, body: body, buttons: [(tr("_OK"), GTK_RESPONSE_OK.rawValue)],
            defaultResponse: GTK_RESPONSE_OK.rawValue) { _ in }
    }
}

/// An editor opened on a worker, handed to the main thread (which alone uses it from then on).
final class OpenedEditor: @unchecked Sendable {
    let editor: DocumentEditor?
    init(_ editor: DocumentEditor?) { self.editor = editor }
}

/// File facts read on a worker, handed to the main thread.
final class ReadFacts: @unchecked Sendable {
    let facts: FileFacts
    init(_ facts: FileFacts) { self.facts = facts }
}

/// The shown document's editor while it is not made: what making it needs, whether a worker is
/// making it, the work that waits for it (in order), and the journal it is to keep.
@MainActor
final class EditorMaking {
    /// The journal the editor keeps, as the restore question settled it.
    enum Journal: Equatable {
        /// The question has not been asked or answered yet.
        case undecided
        case keep(EditJournal)
        /// Journal nothing (the journal found is kept for next time).
        case none

        static func == (a: Journal, b: Journal) -> Bool {
            switch (a, b) {
            case (.undecided, .undecided), (.none, .none): return true
            case (.keep(let x), .keep(let y)): return x === y
            default: return false
            }
        }
    }

    let path: String
    let password: String?
    let renderSource: RenderSource
    /// The window's open generation it belongs to.
    let generation: Int
    var started = false
    var failed = false
    var waiting: [@MainActor () -> Void] = []
    var journal = Journal.undecided

    init(path: String, password: String?, renderSource: RenderSource, generation: Int) {
        self.path = path
        self.password = password
        self.renderSource = renderSource
        self.generation = generation
    }
}
