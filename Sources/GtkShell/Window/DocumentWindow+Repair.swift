// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// A repaired copy shown in place of a damaged file: where the file and the copy are, and what
/// the repair may have lost.
struct RepairedDocument {
    /// The damaged file (never written to), and the private folder holding the copy.
    let original: String
    let folder: String
    let copy: String
    /// Whether only the pages could be copied (`mutool merge`): outline and form may be missing.
    let pagesOnly: Bool
    /// The pages (from 1) MuPDF reported errors on while reading the copy; `nil` until checked
    /// (or when it cannot be: a copy that needs a password).
    var failedPages: [Int]?
}

/// A repair under way: the program running now, for the document opened as `generation`.
@MainActor
final class RepairRun {
    let generation: Int
    let folder: String
    var process: RepairProcess?
    init(generation: Int, folder: String) {
        self.generation = generation
        self.folder = folder
    }
}

/// Repair on open: when poppler refuses a file as damaged, MuPDF (``DocumentRepair``) repairs a
/// private copy in separate processes while the window shows a spinner (Cancel stops it), the
/// copy is opened, and a bar says the document was damaged and repaired and what may be
/// missing. The original is only read. Saving a repaired document, or one poppler read only by
/// rebuilding its cross-reference table, writes a whole new file after a question that says
/// why (and that a signature will no longer be valid in it).
extension DocumentWindow {
    /// How long one MuPDF program may run before it is stopped.
    static let repairTimeoutSeconds: UInt32 = 60

    func installRepairActions() {
        addAction("cancel-repair") { [weak self] in self?.cancelRepair() }
        // Save As without the chooser: into the path given (scripts and tests).
        addPathAction("save-as-file") { [weak self] path in
            guard let self, !path.isEmpty else { return }
            if let chooser = self.saveChooser {
                gtk_native_dialog_destroy(cast(chooser.pointer))
                self.saveChooser = nil
                self.pendingDialog = nil
            }
            self.save(as: path)
        }
    }

    // MARK: Repairing

    /// poppler refused `path` (`refusal`), or read it without some of its pages (`refusal`
    /// `nil`): repairs a copy with MuPDF, then opens it. When the repair fails, a refused file
    /// keeps its "cannot open" message, saying repair was tried; one poppler read is shown as
    /// poppler reads it.
    func startRepair(path: String, password: String?, refusal: DocumentOpenError?) {
        let name = Self.displayName(path)
        func failed(_ message: String) {
            if refusal == nil { open(path: path, password: password, repairedCopy: nil, repairTried: true) } else { showRepairFailure(path: path, message: message) }
        }
        guard let mutool = takeString(g_find_program_in_path(DocumentRepair.tool)) else {
            failed((refusal?.userMessage ?? "") + " " + tr("Repairing it was not tried: MuPDF’s mutool (Debian package mupdf-tools) is not installed."))
            return
        }
        guard let folder = DocumentRepair.makePrivateFolder() else {
            failed(repairTriedMessage(path: path, reason: tr("no private temporary folder could be made"), refusal: refusal))
            return
        }
        let copy = DocumentRepair.copyPath(in: folder, for: path)
        let script = folder + "/repair.js"
        if password != nil, AppendingFile(path: script)?.write(Array(DocumentRepair.passwordScript.utf8)) != true {
            DocumentRepair.removePrivateFolder(folder)
            failed(repairTriedMessage(path: path, reason: tr("no private temporary folder could be made"), refusal: refusal))
            return
        }
        let run = RepairRun(generation: openGeneration, folder: folder)
        repairRun = run
        let page = repairingPage
        page.show(title: tr("Repairing “{file}”…", ["file": name]),
                  body: tr("“{file}” is damaged. MuPDF is repairing a copy of it; the file itself is not changed.", ["file": name]))
        setTitle(name, subtitle: "")
        show(.repairing)
        let steps = DocumentRepair.repairSteps(mutool: mutool, original: path, copy: copy, password: password, script: script)
        runRepairSteps(steps[...], run: run, log: "") { [weak self] step, log in
            guard let self, self.repairRun === run else { return }
            self.repairRun = nil
            page.stop()
            guard let step else {
                DocumentRepair.removePrivateFolder(folder)
                if DocumentRepair.needsPassword(log: log) {
                    // MuPDF needs the password poppler did not ask for: asked once, then repaired
                    // with it (asked again only when the one given is wrong).
                    self.passwordPrompt.show(fileName: name, wrongPassword: password != nil)
                    self.show(.password)
                } else {
                    failed(self.repairTriedMessage(path: path, reason: tr("MuPDF could not repair it either"), refusal: refusal))
                }
                self.viewChanged()
                return
            }
            self.repaired = RepairedDocument(original: path, folder: folder, copy: copy, pagesOnly: step.pagesOnly, failedPages: nil)
            self.open(path: path, password: password, repairedCopy: copy)
            guard self.content == .document else {
                self.forgetRepair()
                if refusal == nil { self.open(path: path, password: password, repairedCopy: nil, repairTried: true) }
                return
            }
            self.updateRepairBar()
            self.checkRepairedPages(mutool: mutool, password: password)
        }
    }

    /// Runs `steps` in order until one succeeds and wrote the copy; `done` gets that step (or
    /// `nil`: none did, or the run was cancelled) and everything the programs said.
    private func runRepairSteps(_ steps: ArraySlice<DocumentRepair.Step>, run: RepairRun, log: String,
                                done: @escaping @MainActor (DocumentRepair.Step?, String) -> Void) {
        guard let step = steps.first, let copy = step.output, repairRun === run else { done(nil, log); return }
        run.process = RepairProcess.run(step, timeoutSeconds: Self.repairTimeoutSeconds) { [weak self] status, output in
            guard let self else { return }
            let said = log + output
            var info = stat()
            if status == 0, stat(copy, &info) == 0, info.st_size > 0 {
                done(step, said)
            } else {
                unlink(copy)
                // A document that needs a password: the next program (merge) would copy what it
                // cannot decrypt. The password is asked for instead.
                if DocumentRepair.needsPassword(log: output) { done(nil, said); return }
                self.runRepairSteps(steps.dropFirst(), run: run, log: said, done: done)
            }
        }
    }

    /// Reads every page of the repaired copy with MuPDF in a separate process; the pages it
    /// reports errors on are named in the bar.
    private func checkRepairedPages(mutool: String, password: String?) {
        guard let shown = repaired, let step = DocumentRepair.pageCheck(mutool: mutool, copy: shown.copy, password: password) else { return }
        let generation = openGeneration
        let run = RepairRun(generation: generation, folder: shown.folder)
        repairRun = run
        run.process = RepairProcess.run(step, timeoutSeconds: Self.repairTimeoutSeconds) { [weak self] status, output in
            guard let self, self.repairRun === run else { return }
            self.repairRun = nil
            guard self.openGeneration == generation, self.repaired?.copy == shown.copy else { return }
            self.repaired?.failedPages = status == nil ? nil : DocumentRepair.failedPages(fromDrawLog: output)
            self.updateRepairBar()
        }
    }

    /// What the repair bar says for the repaired copy shown.
    func updateRepairBar() {
        guard let shown = repaired, content == .document else { repairBar?.show(nil); return }
        let name = Self.displayName(shown.original)
        var text = tr("“{file}” was damaged and has been repaired: this is a repaired copy, the file itself is unchanged. Saving writes a new file.", ["file": name])
        if shown.pagesOnly { text += " " + tr("Only its pages could be recovered: its outline and form fields may be missing.") }
        if let failed = shown.failedPages, !failed.isEmpty {
            let list = failed.map(String.init).joined(separator: ", ")
            text += " " + trn("Page {pages} could not be read whole and may be missing content.", "Pages {pages} could not be read whole and may be missing content.",
                              failed.count, ["pages": list])
        }
        repairBar?.show(text)
    }

    /// Stops the repair under way (Cancel): the file is not opened.
    func cancelRepair() {
        guard let run = repairRun else { return }
        repairRun = nil
        run.process?.cancel()
        repairingPage.stop()
        if content == .repairing {
            DocumentRepair.removePrivateFolder(run.folder)
            let name = Self.displayName(path ?? "")
            showRepairFailure(path: path ?? "", message: tr("Repairing “{file}” was cancelled. The file is damaged and was not opened.", ["file": name]))
            viewChanged()
        }
    }

    /// Ends the repair of the document shown so far and removes its private copy.
    func forgetRepair() {
        if let run = repairRun {
            repairRun = nil
            run.process?.cancel()
            DocumentRepair.removePrivateFolder(run.folder)
        }
        if let shown = repaired { DocumentRepair.removePrivateFolder(shown.folder) }
        repaired = nil
        repairBar?.show(nil)
    }

    /// The "cannot open" message for a file poppler refused, saying that repair was tried.
    func repairTriedMessage(path: String, reason: String, refusal: DocumentOpenError? = nil) -> String {
        if case .notAPDF? = refusal {
            return DocumentOpenError.notAPDF(path: path).userMessage + " " + tr("Repairing a copy with MuPDF was tried: {reason}.", ["reason": reason])
        }
        let name = Self.displayName(path)
        return tr("“{file}” is damaged and could not be opened. Repairing a copy with MuPDF was tried: {reason}. The file itself is unchanged.",
                  ["file": name, "reason": reason])
    }

    private func showRepairFailure(path: String, message: String) {
        let name = Self.displayName(path)
        errorMessage = message
        errorPage.set(title: tr("Could Not Open “{file}”", ["file": name]), body: message)
        show(.error)
    }

    /// The repairing page, made the first time a repair runs.
    var repairingPage: RepairPage {
        if let repairPage { return repairPage }
        let page = RepairPage()
        gtk_stack_add_named(cast(stack), page.page.widget, Content.repairing.rawValue)
        repairPage = page
        return page
    }

    /// The file a journal is kept under: the damaged original for its repaired copy.
    func journalKey(for file: String) -> String {
        guard let shown = repaired, shown.copy == file else { return file }
        return shown.original
    }

    // MARK: Saving whole

    /// Whether the next save writes the document whole (the state dump's `rewriteOnSave`).
    var rewritesOnSave: Bool {
        if let editor = editing?.editor { return editor.savesWhole }
        return repaired != nil && content == .document
    }

    /// Asks before the first save that writes the document whole, saying why (a damaged or
    /// repaired file, the damaged file left as it is) and, for a signed document, that its
    /// signature will no longer be valid in the new file. `agreed` runs on the accepting answer.
    func askBeforeSavingWhole(inPlace: Bool, completion: (@MainActor (Bool) -> Void)?, agreed: @escaping @MainActor () -> Void) {
        let name = Self.displayName(repaired?.original ?? path ?? "")
        var body = repaired != nil
            ? tr("“{file}” was damaged and is shown from a repaired copy. Saving writes a whole new file with a fresh cross-reference table, so that every reader sees your changes; the damaged file stays as it is.", ["file": name])
            : tr("“{file}” is damaged: its cross-reference table had to be rebuilt to read it. Saving adds nothing to the damaged table: it writes a whole new file with a fresh one, so that every reader sees your changes; the damaged file stays as it is.", ["file": name])
        if editing?.editor.isSigned == true || !signatureReports.isEmpty {
            body += " " + tr("The document is digitally signed: in the new file its signature will no longer be valid (the damaged file keeps it).")
        }
        if inPlace { body += " " + tr("Choose where to save the new file.") }
        ask(kind: "save-whole", type: GTK_MESSAGE_QUESTION, title: tr("Save as a New File?"), body: body,
            buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (inPlace ? tr("Save _As…") : tr("_Save"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_ACCEPT.rawValue) { [weak self] response in
            guard let self else { return }
            guard response == GTK_RESPONSE_ACCEPT.rawValue else { completion?(false); return }
            self.wholeSaveAgreed = true
            agreed()
        }
    }

    /// The name the first save of a repaired document suggests: "NAME-repaired.pdf".
    var wholeSaveSuggestedName: String { DocumentRepair.suggestedName(for: repaired?.original ?? path ?? "document.pdf") }
}
