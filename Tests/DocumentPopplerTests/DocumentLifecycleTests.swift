// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest
@testable import DocumentPoppler

/// The data-safety rules of an open document's life, with no window: the journal's restore
/// question, the save queue, the certified document saved only as a copy, and the questions
/// before closing with changes.
final class DocumentLifecycleTests: XCTestCase {
    typealias Lifecycle = DocumentLifecycle<String>
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    // MARK: Saving

    func testASaveAskedForWhileAnotherIsWrittenWaitsAndRunsAfterItInOrder() {
        var lifecycle = Lifecycle()
        XCTAssertEqual(lifecycle.requestSave(.inPlace(overwriteChangedFile: false), pending: "first", saveRunning: false,
                                             hasUnsavedChanges: true, certifiedAgainstChanges: false), .write)
        XCTAssertEqual(lifecycle.requestSave(.inPlace(overwriteChangedFile: false), pending: "second", saveRunning: true,
                                             hasUnsavedChanges: true, certifiedAgainstChanges: false), .wait)
        XCTAssertEqual(lifecycle.requestSave(.copy(path: "/tmp/copy.pdf"), pending: "third", saveRunning: true,
                                             hasUnsavedChanges: true, certifiedAgainstChanges: false), .wait)
        let waiting = lifecycle.saveEnded()
        XCTAssertEqual(waiting.map(\.pending), ["second", "third"], "in the order asked")
        XCTAssertEqual(waiting.map(\.target), [.inPlace(overwriteChangedFile: false), .copy(path: "/tmp/copy.pdf")])
        XCTAssertTrue(lifecycle.saveEnded().isEmpty, "each waiting save is handed back once")
    }

    func testADocumentSavedWholeIsAskedAboutFirstAndThenWrittenOnlyIntoANewFile() {
        var lifecycle = Lifecycle()
        for target in [Lifecycle.SaveTarget.inPlace(overwriteChangedFile: false), .copy(path: "/tmp/new.pdf")] {
            XCTAssertEqual(lifecycle.requestSave(target, pending: "", saveRunning: false, hasUnsavedChanges: true, certifiedAgainstChanges: false,
                                                 savesWhole: true), .askBeforeSavingWhole, "asked before any whole rewrite")
        }
        XCTAssertEqual(lifecycle.requestSave(.inPlace(overwriteChangedFile: false), pending: "", saveRunning: false, hasUnsavedChanges: true,
                                             certifiedAgainstChanges: false, savesWhole: true, wholeSaveAgreed: true),
                       .saveCopyInstead(reason: .savedWhole), "never over the damaged file")
        XCTAssertEqual(lifecycle.requestSave(.copy(path: "/tmp/new.pdf"), pending: "", saveRunning: false, hasUnsavedChanges: true,
                                             certifiedAgainstChanges: false, savesWhole: true, wholeSaveAgreed: true), .write)
    }

    func testADocumentCertifiedAgainstChangesIsSavedOnlyAsACopy() {
        var lifecycle = Lifecycle()
        XCTAssertEqual(lifecycle.requestSave(.inPlace(overwriteChangedFile: false), pending: "", saveRunning: false,
                                             hasUnsavedChanges: true, certifiedAgainstChanges: true),
                       .saveCopyInstead(reason: .certifiedAgainstChanges))
        XCTAssertEqual(lifecycle.requestSave(.copy(path: "/tmp/copy.pdf"), pending: "", saveRunning: false,
                                             hasUnsavedChanges: true, certifiedAgainstChanges: true), .write, "a copy may be written")
        XCTAssertEqual(lifecycle.requestSave(.inPlace(overwriteChangedFile: false), pending: "", saveRunning: false,
                                             hasUnsavedChanges: false, certifiedAgainstChanges: true), .write,
                       "with nothing changed there is nothing to write over it")
    }

    // MARK: Closing

    func testClosingWithChangesAsksAndOnlyASuccessfulSaveOrDiscardCloses() {
        var lifecycle = Lifecycle()
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: false, questionOpen: false), .close)
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: false), .askToSave)
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: true), .keepOpen,
                       "one question at a time")
        XCTAssertEqual(lifecycle.answerClose(.cancel), .keepOpen)
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: false), .askToSave,
                       "Cancel keeps asking next time")
        XCTAssertEqual(lifecycle.answerClose(.save), .saveThenClose)
        XCTAssertFalse(lifecycle.saveEndedForClose(saved: false), "a failed save keeps the window and its changes")
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: false), .askToSave)
        XCTAssertEqual(lifecycle.answerClose(.save), .saveThenClose)
        XCTAssertTrue(lifecycle.saveEndedForClose(saved: true))
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: false), .close,
                       "answered: the close goes through")
    }

    func testDiscardClosesAndAnotherDocumentAsksAgain() {
        var lifecycle = Lifecycle()
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: false), .askToSave)
        XCTAssertEqual(lifecycle.answerClose(.discard), .discardAndClose)
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: false), .close)
        lifecycle.documentReplaced()
        XCTAssertEqual(lifecycle.requestClose(saveRunning: false, hasUnsavedChanges: true, questionOpen: false), .askToSave)
    }

    func testAWindowClosedWhileASaveIsWrittenClosesOnceNoSaveRuns() {
        var lifecycle = Lifecycle()
        XCTAssertEqual(lifecycle.requestClose(saveRunning: true, hasUnsavedChanges: true, questionOpen: false), .waitForSave)
        _ = lifecycle.requestSave(.inPlace(overwriteChangedFile: false), pending: "queued", saveRunning: true, hasUnsavedChanges: true,
                                  certifiedAgainstChanges: false)
        XCTAssertEqual(lifecycle.saveEnded().map(\.pending), ["queued"])
        XCTAssertFalse(lifecycle.closesNow(saveRunning: true), "the queued save runs first")
        XCTAssertTrue(lifecycle.closesNow(saveRunning: false), "then the window closes")
        XCTAssertFalse(lifecycle.closesNow(saveRunning: false), "once")
    }

    // MARK: The journal

    private func editedDocument() throws -> (path: String, journal: EditJournal) {
        let path = folder.path("doc.pdf")
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-square-circle-noap.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let journal = EditJournal(url: folder.url.appendingPathComponent("journal.jsonl"))
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.journal = journal
        let list = editor.annotations(on: PageIndex(0))
        try editor.perform(EditRecord("Move", .replace(before: [list[0]], after: [list[0].moved(by: Vector(dx: 3, dy: 4))])))
        try editor.perform(EditRecord("Delete", .remove(editor.model.removal(of: [list[1].id]))))
        return (path, journal)
    }

    func testAJournalForTheFileAsItIsAsksToRestoreItsChanges() throws {
        let (path, journal) = try editedDocument()
        let (step, contents) = Lifecycle.restoreStep(for: journal.read(), path: path)
        XCTAssertEqual(step, .ask(changes: 2))
        XCTAssertEqual(contents?.lines.count, 2)
        XCTAssertEqual(Lifecycle.journalFate(after: .restore), .restoreAndAdopt)
        XCTAssertEqual(Lifecycle.journalFate(after: .discard), .remove)
        XCTAssertEqual(Lifecycle.journalFate(after: .undecided), .keepForNextTime, "no answer loses nothing")
    }

    func testAJournalForAnotherStateOfTheFileIsKeptAside() throws {
        let (path, journal) = try editedDocument()
        // Another program changed the file since.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("\n% changed elsewhere\n".utf8))
        handle.closeFile()
        XCTAssertEqual(Lifecycle.restoreStep(for: journal.read(), path: path).step, .keepAside(.fileChanged))
    }

    func testAJournalWithUnreadableStepsIsKeptAsideAndNoJournalStartsOne() throws {
        let (path, journal) = try editedDocument()
        var locked = try XCTUnwrap(journal.read())
        locked.isReadable = false
        XCTAssertEqual(Lifecycle.restoreStep(for: locked, path: path).step, .keepAside(.otherPassword))
        XCTAssertEqual(Lifecycle.restoreStep(for: nil, path: path).step, .startJournal)
    }
}
