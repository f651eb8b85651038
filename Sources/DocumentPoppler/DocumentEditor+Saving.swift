// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Geometry

/// One save, in three steps so that the slow one runs on a worker: the editor takes what the
/// save writes (``DocumentEditor/prepareSave(to:overwriteChangedFile:fileSystem:)``, main
/// thread, as cheap as an edit), ``run()`` writes the file atomically and opens it again (any
/// thread: for a 100 MB scan this is the second of disk work that must not freeze the window),
/// and ``DocumentEditor/finishSave(_:)`` continues on the saved file, carrying over every edit
/// made while the file was written (they go into the next save).
public final class SaveJob: @unchecked Sendable {
    /// Where the file is written.
    public let destination: String
    let modeFrom: String
    let password: String?
    let bytes: EditedBytes
    let fileSystem: SaveFileSystem
    /// The undo depth the saved state has, and whether it can still be reached by undo and redo.
    let depth: Int
    var depthReachable = true
    /// Whether the file is written whole (a fresh cross-reference table), not as an update.
    public let writesWhole: Bool
    /// The picture objects the saved file holds.
    let images: Set<ObjectRef>
    /// The annotations the saved file holds, and the pages read only while it was written (as
    /// the file had them): what the journal starts from should no history lead back to it.
    let modelAtSnapshot: AnnotationModel
    var lateLoaded: [PageIndex: [Annotation]] = [:]
    /// Every byte the save writes, in one array (for checks; a copy of the whole file).
    public var bytesToWrite: [UInt8] { bytes.joined() }
    /// What ``run()`` ended with: the saved file opened for editing, or why not.
    public private(set) var outcome: Result<CoreDocument, EditorError>?

    init(destination: String, modeFrom: String, password: String?, bytes: EditedBytes, fileSystem: SaveFileSystem, depth: Int, images: Set<ObjectRef>,
         model: AnnotationModel, writesWhole: Bool = false) {
        self.modelAtSnapshot = model
        self.writesWhole = writesWhole
        self.destination = destination
        self.modeFrom = modeFrom
        self.password = password
        self.bytes = bytes
        self.fileSystem = fileSystem
        self.depth = depth
        self.images = images
    }

    /// Writes the file (temporary file, fsync), opens it again before it replaces the
    /// document (a file that does not read back replaces nothing), then renames it over the
    /// document: any thread, once.
    public func run() {
        var reopened: CoreDocument?
        let password = password
        let written: Result<Void, SaveError> = bytes.update.withUnsafeBytes { update in
            Result { () throws(SaveError) in
                try AtomicSave.write(parts: [bytes.original, update], to: destination, modeFrom: modeFrom, fileSystem: fileSystem) { temporary in
                    // The saved file is checked by reading it back: the next save appends to it.
                    do throws(CoreDocumentError) {
                        reopened = try CoreDocument.open(path: temporary, password: password)
                        return nil
                    } catch {
                        return "the file written does not read back (\(error)); the document is unchanged"
                    }
                }
            }
        }
        do throws(SaveError) {
            try written.get()
        } catch {
            outcome = .failure(.save(error))
            return
        }
        guard let reopened else {
            outcome = .failure(.save(.writeFailed(path: destination, reason: "the file written was not read back")))
            return
        }
        outcome = .success(reopened)
    }
}

extension DocumentEditor {
    /// Takes what a save writes now: the original bytes (shared) and the update. Returns `nil`
    /// when there is nothing to save and the target is the file itself. Main thread, like
    /// every editor call; then call ``SaveJob/run()`` on any thread and ``finishSave(_:)``
    /// back on this one. Edits may go on meanwhile.
    public func prepareSave(to target: String? = nil, overwriteChangedFile: Bool = false,
                            fileSystem: SaveFileSystem = .system) throws(EditorError) -> SaveJob? {
        guard saveInProgress == nil else { throw .save(.writeFailed(path: target ?? path, reason: "a save is already running")) }
        let destination = target ?? path
        let inPlace = destination == path
        if inPlace && !history.hasUnsavedChanges && !core.isModified { return nil }
        // The editor builds on the bytes it opened (held in memory), so replacing a file another
        // program changed, in place or by a rename, is safe once the user agrees.
        if inPlace, !overwriteChangedFile, let stamp = diskStamp, FileStamp(path: path) != stamp {
            throw .save(.changedOnDisk(path: path))
        }
        // A move still being written into the file's objects is finished first.
        try finishPendingWrites()
        let bytes: EditedBytes
        // A repaired copy, or a file poppler read only by rebuilding its table: written whole,
        // never as an update on a cross-reference chain other readers must repair again.
        let whole = savesWhole
        do {
            try dropOrphans()
            bytes = try whole ? core.rewrittenBytes() : core.editedBytes()
        } catch {
            throw .library(error)
        }
        core.mark()
        savedStateDifference = nil
        // Should the app die once the file is replaced but before the journal is started again
        // for it, the journal says which of its steps that file lacks.
        if let journal, journalStarted {
            journal.append(JournalSaveMark(savedAs: FileFingerprint.of(bytes), aliases: impliedAliases()))
            // A replay from the saved file starts with no history: an undo or redo of an edit
            // made before this mark is journaled as a new edit (its inverse, or it again).
            mirroredUndo = 0
            mirroredRedo = 0
        }
        let job = SaveJob(destination: destination, modeFrom: path, password: password, bytes: bytes, fileSystem: fileSystem,
                          depth: history.undoStack.count, images: Set(imageRefs.values), model: model, writesWhole: whole)
        saveInProgress = job
        return job
    }

    /// Continues on the file a finished ``SaveJob`` wrote: the edits made while it ran are
    /// carried into it (and stay unsaved), the journal is started again for the saved file
    /// with exactly those edits. When the save failed, nothing changes and the error is thrown:
    /// the edits are all still here and in the journal.
    public func finishSave(_ job: SaveJob) throws(EditorError) {
        guard saveInProgress === job else { return }
        saveInProgress = nil
        let saved: CoreDocument
        switch job.outcome {
        case .success(let document)?: saved = document
        case .failure(let error)?: throw error
        case nil: throw .save(.writeFailed(path: job.destination, reason: "the save did not run"))
        }
        // The ids the saved file implies, read from it before the later edits come in.
        let edited = core
        core = saved
        // The saved file numbers the pages in their order now.
        let organised = pageOrder
        adoptSavedPageOrder()
        recomputeAliases()
        do {
            try saved.takeChanges(from: edited)
        } catch {
            // The file is saved, but this session cannot go on from it: keep the one it had.
            core = edited
            pageOrder = organised
            throw .library(error)
        }
        path = job.destination
        // The file written whole has a sound table of its own: later saves add to it.
        if job.writesWhole { wholeSaveRequested = false }
        savedImageRefs = job.images
        diskStamp = FileStamp(path: job.destination)
        idsOnDisk = Set(refs.keys)
        history.markSaved(depth: job.depthReachable ? job.depth : nil)
        // An undo below the saved state followed by a new edit: no history leads from the file
        // to the current state, so the journal holds the difference instead.
        savedStateDifference = job.depthReachable ? nil : model.edits(from: job.modelAtSnapshot, unloaded: job.lateLoaded)
            .map { EditRecord("Changes Made While Saving", $0) }
        restartJournalAfterSave()
    }

    /// After a save, the journal holds what leads from the saved file to the current state:
    /// nothing (removed), or the edits made while the save ran.
    public func restartJournalAfterSave() {
        finishGroupMove()
        guard history.hasUnsavedChanges, let journal, let edits = savedStateDifference ?? history.editsSinceSave, !edits.isEmpty else {
            discardJournal()
            return
        }
        // Replaced at once: a crash now finds the old journal (with its save mark) or this one.
        journal.rewrite(header: journalHeader(), steps: edits.map { JournalLine(step: .do, record: $0) })
        journalStarted = true
        // The replay's history is those records: the top of the undo stack when they are on it.
        let onStack = edits.count <= history.undoStack.count && Array(history.undoStack.suffix(edits.count)) == edits
        mirroredUndo = onStack ? edits.count : 0
        mirroredRedo = 0
    }
}
