// SPDX-License-Identifier: GPL-3.0-or-later

/// The rules that keep the user's work safe through an open document's life, with no widget:
/// the journal's restore question when the document opens, the save queue (one save written
/// at a time, the ones asked for meanwhile after it, a certified document saved only as a
/// copy), and the questions before closing with changes. The window shows the dialogs and runs
/// the editor's saves; what to ask, when to write, and when the window may close are decided
/// here, so that tests reach them without a display.
///
/// `Pending` is what the window keeps with each save it asked for while another was written
/// (its completion, say): handed back, in order, when that save ends.
public struct DocumentLifecycle<Pending> {
    /// Where a save goes: over the file, or into a new one (Save As), which editing then follows.
    public enum SaveTarget: Equatable, Sendable {
        case inPlace(overwriteChangedFile: Bool)
        case copy(path: String)
    }

    /// What a save asked for does now.
    public enum SaveStep: Equatable, Sendable {
        /// Write it (the editor prepares the job; it may find nothing to write).
        case write
        /// Another save is being written: this one waits for it.
        case wait
        /// Never over this file: choose another one (a document certified against changes, or
        /// one a save writes whole).
        case saveCopyInstead(reason: CopyReason)
        /// The save writes the document whole (a damaged or repaired file): ask first, saying
        /// why, then ask for this save again with the answer.
        case askBeforeSavingWhole
    }

    /// Why a save must go to another file.
    public enum CopyReason: Equatable, Sendable {
        case certifiedAgainstChanges
        /// The file is damaged (or shown from a repaired copy): it is written whole into a new
        /// file, and the damaged one stays as it is.
        case savedWhole
    }

    /// What a request to close the window does now.
    public enum CloseStep: Equatable, Sendable {
        /// Nothing is unsaved (or the user already answered): close.
        case close
        /// A save is being written: close (or ask) once it is done.
        case waitForSave
        /// Ask Save / Discard / Cancel (Save the default).
        case askToSave
        /// A question is already open: keep the window, ask nothing more.
        case keepOpen
    }

    /// The user's answer to the close question.
    public enum CloseAnswer: Equatable, Sendable { case save, discard, cancel }

    /// What the answer to the close question does.
    public enum AfterCloseAnswer: Equatable, Sendable {
        /// Save; close once the save succeeded (``saveEndedForClose(saved:)``).
        case saveThenClose
        /// Throw the unsaved changes and their journal away, and close.
        case discardAndClose
        /// Keep the window open, changes and all.
        case keepOpen
    }

    /// What to do about a journal of unsaved changes found when the document opened.
    public enum RestoreStep: Equatable, Sendable {
        /// No journal: start a new one.
        case startJournal
        /// Ask whether to restore `changes` changes (Restore the default).
        case ask(changes: Int)
        /// The journal cannot be applied: keep it aside (never applied, never lost) and say why.
        case keepAside(JournalProblem)
    }

    /// Why a journal cannot be applied to the file as it is.
    public enum JournalProblem: Equatable, Sendable {
        /// Written with another password than the one given: its steps cannot be read.
        case otherPassword
        /// The file changed since the changes were made (not by a save of ours).
        case fileChanged
    }

    /// The user's answer to the restore question.
    public enum RestoreAnswer: Equatable, Sendable { case restore, discard, undecided }

    /// What becomes of the journal after the restore question.
    public enum JournalFate: Equatable, Sendable {
        /// Restore its steps, then go on journaling into it.
        case restoreAndAdopt
        /// Remove it and journal anew.
        case remove
        /// Closed without an answer: keep it for next time and journal nothing new.
        case keepForNextTime
    }

    /// The saves asked for while one was written, in order.
    public private(set) var waiting: [(target: SaveTarget, pending: Pending)] = []
    /// Whether the window closes once the save being written is done.
    public private(set) var closesAfterSave = false
    /// Whether the user answered the close question (or nothing needed asking): the next close
    /// request closes.
    public private(set) var closeConfirmed = false

    public init() {}

    // MARK: Saving

    /// A save asked for (Ctrl+S, Save As's chosen file, the close question's Save).
    /// `savesWhole`: the save writes the document whole (``DocumentEditor/savesWhole``), which
    /// is asked about first (`wholeSaveAgreed` once answered) and never goes over the file.
    public mutating func requestSave(_ target: SaveTarget, pending: Pending, saveRunning: Bool, hasUnsavedChanges: Bool,
                                     certifiedAgainstChanges: Bool, savesWhole: Bool = false, wholeSaveAgreed: Bool = false) -> SaveStep {
        if savesWhole, !wholeSaveAgreed { return .askBeforeSavingWhole }
        if case .inPlace = target, savesWhole { return .saveCopyInstead(reason: .savedWhole) }
        if case .inPlace = target, certifiedAgainstChanges, hasUnsavedChanges {
            return .saveCopyInstead(reason: .certifiedAgainstChanges)
        }
        if saveRunning {
            waiting.append((target, pending))
            return .wait
        }
        return .write
    }

    /// A save was written (or failed): the saves that waited for it, in order, to ask for again.
    public mutating func saveEnded() -> [(target: SaveTarget, pending: Pending)] {
        let next = waiting
        waiting = []
        return next
    }

    /// After a save ended and the waiting ones were asked for again: whether the window closes
    /// now (it was asked to while a save ran, and none runs any more).
    public mutating func closesNow(saveRunning: Bool) -> Bool {
        guard closesAfterSave, !saveRunning else { return false }
        closesAfterSave = false
        return true
    }

    // MARK: Closing

    /// The window was asked to close.
    public mutating func requestClose(saveRunning: Bool, hasUnsavedChanges: Bool, questionOpen: Bool) -> CloseStep {
        if saveRunning {
            // A save being written finishes first; the window closes (or asks) after it.
            closesAfterSave = true
            return .waitForSave
        }
        guard !closeConfirmed, hasUnsavedChanges else { return .close }
        return questionOpen ? .keepOpen : .askToSave
    }

    /// The user answered the close question.
    public mutating func answerClose(_ answer: CloseAnswer) -> AfterCloseAnswer {
        switch answer {
        case .save: return .saveThenClose
        case .discard:
            closeConfirmed = true
            return .discardAndClose
        case .cancel: return .keepOpen
        }
    }

    /// The save the close question asked for ended: whether the window closes now (only when
    /// the document was saved; a failed save keeps it open with its changes).
    public mutating func saveEndedForClose(saved: Bool) -> Bool {
        if saved { closeConfirmed = true }
        return saved
    }

    /// Another document is shown in the window: a close asks again when it has changes.
    public mutating func documentReplaced() {
        closeConfirmed = false
    }

    // MARK: The journal

    /// What to do about the journal found for the file at `path` when it opens (`nil`: none).
    /// The restore steps are those for the file as it is: all of them, or those a save had not
    /// written yet; `contents` is what to restore when the step is ``RestoreStep/ask(changes:)``.
    public static func restoreStep(for read: JournalContents?, path: String) -> (step: RestoreStep, contents: JournalContents?) {
        guard let read else { return (.startJournal, nil) }
        guard read.isReadable else { return (.keepAside(.otherPassword), nil) }
        guard let contents = read.applying(to: path) else { return (.keepAside(.fileChanged), nil) }
        return (.ask(changes: contents.lines.count), contents)
    }

    /// What the answer to the restore question does with the journal.
    public static func journalFate(after answer: RestoreAnswer) -> JournalFate {
        switch answer {
        case .restore: return .restoreAndAdopt
        case .discard: return .remove
        case .undecided: return .keepForNextTime
        }
    }
}
