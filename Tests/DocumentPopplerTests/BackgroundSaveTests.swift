// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A save runs on a worker while the user goes on editing: what it writes is the state when it
/// began, the edits made meanwhile stay (unsaved, journaled against the saved file) and go
/// into the next save.
final class BackgroundSaveTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    private func document() throws -> String {
        try folder.write(MinimalPDF(pages: [.init(width: 400, height: 500), .init(width: 400, height: 500)]).data(), to: "doc.pdf")
    }

    private func journal(for path: String) -> EditJournal {
        EditJournal(url: folder.url.appendingPathComponent("journal-\(EditJournal.key(for: path)).jsonl"))
    }

    private func square(_ id: String, x: Double, page: Int = 0) -> Annotation {
        Annotation(id: id, page: PageIndex(page), subtype: .square, rect: Rect(x: x, y: 100, width: 60, height: 40), color: .red)
    }

    private func insert(_ a: Annotation, into editor: DocumentEditor) throws {
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(a, at: editor.annotations(on: a.page).count)])))
    }

    /// Runs `job` on another thread and waits for it, as the shell does (without the wait).
    private func runOnWorker(_ job: SaveJob) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { job.run(); done.signal() }
        done.wait()
    }

    func testEditsMadeWhileTheFileIsWrittenStayAndGoIntoTheNextSave() throws {
        let path = try document()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.journal = journal(for: path)
        let first = square("p0-nfirst", x: 20)
        try insert(first, into: editor)
        let job = try XCTUnwrap(try editor.prepareSave())
        // While the worker writes: a new rectangle on page 2, and the first one moved.
        let second = square("p1-nsecond", x: 200, page: 1)
        try insert(second, into: editor)
        let moved = first.moved(by: Vector(dx: 50, dy: 0))
        try editor.perform(EditRecord("Move", .replace(before: [first], after: [moved])))
        runOnWorker(job)
        try editor.finishSave(job)

        XCTAssertTrue(editor.hasUnsavedChanges, "the edits made during the save are not saved yet")
        XCTAssertEqual(editor.history.undoName, "Move")
        let onDisk = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(onDisk.annotations(on: PageIndex(0)).map(\.rect), [first.rect], "the file holds the state the save began with")
        XCTAssertTrue(onDisk.annotations(on: PageIndex(1)).isEmpty)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(original.count)), Array(original))
        // The journal now describes the saved file and the two later edits.
        let contents = try XCTUnwrap(journal(for: path).read())
        XCTAssertTrue(EditJournal.matches(contents.header, file: path))
        XCTAssertEqual(contents.lines.map(\.record.name), ["Rectangle", "Move"])

        try editor.save()
        XCTAssertFalse(editor.hasUnsavedChanges)
        XCTAssertFalse(journal(for: path).exists)
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(reopened.annotations(on: PageIndex(0)).map(\.rect), [moved.rect])
        XCTAssertEqual(reopened.annotations(on: PageIndex(1)).map(\.rect), [second.rect])
        if let qpdf = ExternalTool.path(of: "qpdf") {
            XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0, qpdf)
        }
    }

    func testACrashAfterTheSaveRestoresTheEditsMadeWhileItRan() throws {
        let path = try document()
        var expected: [Annotation] = []
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal(for: path)
            let first = square("p0-nfirst", x: 20)
            try insert(first, into: editor)
            let job = try XCTUnwrap(try editor.prepareSave())
            try insert(square("p0-nlater", x: 150), into: editor)
            runOnWorker(job)
            try editor.finishSave(job)
            expected = editor.annotations(on: PageIndex(0))
            // The app dies here.
        }
        let contents = try XCTUnwrap(journal(for: path).read())
        XCTAssertTrue(EditJournal.matches(contents.header, file: path))
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.annotations(on: PageIndex(0)).map(\.rect), expected.map(\.rect))
    }

    func testACrashAfterTheFileIsReplacedButBeforeTheJournalIsRestartedLosesNothing() throws {
        let path = try document()
        var expected: [Annotation] = []
        let first = square("p0-nfirst", x: 20)
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal(for: path)
            try insert(first, into: editor)
            let job = try XCTUnwrap(try editor.prepareSave())
            try editor.perform(EditRecord("Move", .replace(before: [first], after: [first.moved(by: Vector(dx: 40, dy: 0))])))
            runOnWorker(job)
            expected = editor.annotations(on: PageIndex(0))
            // The app dies here: the new file is in place, finishSave never ran.
        }
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).map(\.rect), [first.rect])
        let read = try XCTUnwrap(journal(for: path).read())
        XCTAssertFalse(EditJournal.matches(read.header, file: path), "the journal was started for the file before the save")
        let contents = try XCTUnwrap(read.applying(to: path), "its save mark names the file now in place")
        XCTAssertEqual(contents.lines.map(\.record.name), ["Move"], "only the step the saved file lacks")
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.annotations(on: PageIndex(0)).map(\.rect), expected.map(\.rect))
        XCTAssertEqual(restored.annotations(on: PageIndex(0)).map(\.id), expected.map(\.id), "the ids the steps use")
    }

    func testAnUndoWhileTheFileIsWrittenReplaysOnTheSavedFileAfterACrash() throws {
        let path = try document()
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal(for: path)
            try insert(square("p0-na", x: 20), into: editor)
            let job = try XCTUnwrap(try editor.prepareSave())
            try editor.undo()
            runOnWorker(job)
            // The app dies before finishSave: the file holds the rectangle, the editor does not.
        }
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).count, 1)
        let contents = try XCTUnwrap(try XCTUnwrap(journal(for: path).read()).applying(to: path))
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertTrue(restored.annotations(on: PageIndex(0)).isEmpty, "the undo made while the file was written is replayed on it")
    }

    func testUndoingBelowTheSavedStateWhileItIsWrittenLeavesThatAsTheUnsavedChange() throws {
        let path = try document()
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.journal = journal(for: path)
        try insert(square("p0-na", x: 20), into: editor)
        try insert(square("p0-nb", x: 120), into: editor)
        let job = try XCTUnwrap(try editor.prepareSave())
        try editor.undo()
        try editor.undo()
        runOnWorker(job)
        try editor.finishSave(job)
        XCTAssertTrue(editor.hasUnsavedChanges, "the file has two rectangles, the editor none")
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).count, 2)
        let contents = try XCTUnwrap(journal(for: path).read())
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertTrue(restored.annotations(on: PageIndex(0)).isEmpty, "the journal takes the saved file back to no rectangle")
        try editor.redo()
        XCTAssertTrue(editor.hasUnsavedChanges, "one redo short of the saved state")
        try editor.redo()
        XCTAssertFalse(editor.hasUnsavedChanges, "redone to the saved state")
    }

    func testAnUndoBelowTheSavedStateAndANewEditWhileItIsWrittenAreJournaledAsTheirDifference() throws {
        let path = try document()
        var expected: [Annotation] = []
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal(for: path)
            try insert(square("p0-na", x: 20), into: editor)
            try insert(square("p0-nb", x: 120), into: editor)
            let job = try XCTUnwrap(try editor.prepareSave())
            try editor.undo()
            try insert(square("p1-nc", x: 60, page: 1), into: editor)
            runOnWorker(job)
            try editor.finishSave(job)
            XCTAssertTrue(editor.hasUnsavedChanges)
            expected = editor.annotations(on: PageIndex(0)) + editor.annotations(on: PageIndex(1))
            // The app dies here: the file has a and b, the editor a and c.
        }
        let contents = try XCTUnwrap(try XCTUnwrap(journal(for: path).read()).applying(to: path))
        XCTAssertFalse(contents.lines.isEmpty, "the journal holds the way from the saved file to the state")
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual((restored.annotations(on: PageIndex(0)) + restored.annotations(on: PageIndex(1))).map(\.rect), expected.map(\.rect))
    }

    /// A file with a cross-reference stream: the update a save appends numbers its own
    /// cross-reference stream with the next free number, the number an object made during the
    /// save also takes. That object is still the session's own afterwards: undone, it is not
    /// written.
    func testAnObjectMadeDuringASaveUnderTheUpdatesStreamNumberIsNotWrittenOnceUndone() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let plain = try document()
        let path = folder.path("streams.pdf")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--object-streams=generate", plain, path]).status, 0)
        let editor = try DocumentEditor.open(path: path, password: nil)
        try insert(square("p0-na", x: 20), into: editor)
        let job = try XCTUnwrap(try editor.prepareSave())
        try insert(square("p0-nb", x: 120), into: editor)
        runOnWorker(job)
        try editor.finishSave(job)
        let afterFirstSave = try Data(contentsOf: URL(fileURLWithPath: path)).count
        try editor.undo()
        try editor.save()
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let inspection = try QPDFInspection(path: path, qpdf: qpdf)
        let page = try XCTUnwrap(inspection.pages.first.flatMap { Int($0.split(separator: " ")[0]) })
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        // The update's own cross-reference stream is an object too.
        let xrefStream = saved.range(of: Data("startxref".utf8), options: .backwards).flatMap { range -> Int? in
            let offset = Int(String(decoding: saved[range.upperBound...].prefix(24), as: UTF8.self).split(whereSeparator: \.isWhitespace).first ?? "") ?? -1
            guard offset >= 0, offset < saved.count else { return nil }
            return Int(String(decoding: saved[offset...].prefix(12), as: UTF8.self).split(separator: " ").first ?? "")
        }
        let written = IncrementalUpdate.objectNumbers(in: saved, after: afterFirstSave).subtracting(xrefStream.map { [$0] } ?? [])
        XCTAssertTrue(written.subtracting([page]).isEmpty,
                      "the undo's update writes the page's list and nothing of the undone rectangle: \(written.sorted())")
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).count, 1)
    }

    func testAWrittenFileThatDoesNotReadBackReplacesNothing() throws {
        let path = try document()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        try insert(square("p0-na", x: 20), into: editor)
        // A disk that garbles what it is given: every byte written comes back as zeros.
        let garbling = SaveFileSystem(write: { fd, bytes, count in
            let zeros = [UInt8](repeating: 0, count: count)
            return zeros.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, count) }
        }, fsync: { fd in Glibc.fsync(fd) }, rename: { from, to in Glibc.rename(from, to) })
        XCTAssertThrowsError(try editor.save(fileSystem: garbling)) { error in
            guard case .save(.writeFailed)? = error as? EditorError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "the document is as it was")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".doc.pdf") }
        XCTAssertTrue(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
        XCTAssertTrue(editor.hasUnsavedChanges)
        try editor.save()
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).count, 1)
    }

    func testAFailedWriteKeepsEveryEditAndTheNextSaveWritesThem() throws {
        let path = try document()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        try insert(square("p0-na", x: 20), into: editor)
        let full = SaveFileSystem(write: { _, _, _ in errno = ENOSPC; return -1 }, fsync: { _ in 0 }, rename: { _, _ in 0 })
        let job = try XCTUnwrap(try editor.prepareSave(fileSystem: full))
        try insert(square("p0-nb", x: 120), into: editor)
        runOnWorker(job)
        XCTAssertThrowsError(try editor.finishSave(job)) { error in
            XCTAssertEqual(error as? EditorError, .save(.diskFull(path: path)))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "the file is untouched")
        XCTAssertTrue(editor.hasUnsavedChanges)
        XCTAssertNil(editor.saveInProgress)
        try editor.save()
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).count, 2)
    }
}
