// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Pages put into a document (a blank page, duplicates, pages of another PDF) are one undoable
/// step each, saved as an incremental update; extracting pages writes a fresh, compact file.
/// Judged from the saved files with qpdf, pdftotext and MuPDF.
final class PageInsertionTests: XCTestCase {
    private var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool"); _ = try ExternalTool.require("pdftotext")
        folder = try TemporaryFolder()
    }

    private func texts(_ path: String) throws -> [String] {
        let count = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pages.count
        return try (1...count).map { page in
            String(decoding: try ExternalTool.data("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    private func assertSound(_ path: String, over original: Data?, file: StaticString = #filePath, line: UInt = #line) throws {
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        if let original { XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix", file: file, line: line) }
        let check = try ExternalTool.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, "qpdf --check: \(check.output)", file: file, line: line)
        let count = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pages.count
        for page in 1...count {
            XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-o", "/dev/null", path, "\(page)"]).status, 0,
                           "MuPDF draws page \(page)", file: file, line: line)
        }
    }

    private func numbered(_ name: String) throws -> (path: String, original: Data) {
        let path = try folder.write(PageOrderTests.document(), to: name)
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testABlankPageTakesItsNeighboursSizeAndTurnAndUndoTakesItOut() throws {
        let (path, original) = try numbered("blank.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let insert = try editor.insertingBlankPage(at: 2)
        try editor.perform(EditRecord("Insert Page", insert))
        XCTAssertEqual(editor.pageCount, 6)
        XCTAssertEqual(editor.annotations(on: PageIndex(2)), [], "a blank page has no annotations")
        XCTAssertEqual(editor.rotation(of: PageIndex(2)), 90, "turned like page 2, which it follows")
        try editor.save()
        try assertSound(path, over: original)
        XCTAssertEqual(try texts(path), ["Page number 1", "Page number 2", "", "Page number 3", "Page number 4", "Page number 5"])
        let saved = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual(saved.pageDictionary(2)?["/Rotate"] as? Int, 90)
        XCTAssertEqual((saved.pageDictionary(2)?["/MediaBox"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, [0, 0, 420, 595],
                       "the size of the page before it")

        try editor.undo()
        try editor.save()
        try assertSound(path, over: original)
        XCTAssertEqual(try texts(path), (1...5).map { "Page number \($0)" }, "undo takes the blank page out")
        try editor.redo()
        XCTAssertEqual(editor.pageCount, 6, "redo after the save that dropped the page's object makes it again")
        try editor.save()
        XCTAssertEqual(try texts(path), ["Page number 1", "Page number 2", "", "Page number 3", "Page number 4", "Page number 5"])
    }

    func testDuplicatesShareContentAndCopyAnnotationsWhichFollowUndoAndRedo() throws {
        let (path, original) = try numbered("duplicate.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let note = Annotation(id: "p1-ntest", page: PageIndex(1), subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                              color: .yellow, contents: "On page two", iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
        try editor.perform(EditRecord("Duplicate Pages", try editor.duplicating([PageIndex(0), PageIndex(1)])))
        XCTAssertEqual(editor.pageCount, 7)
        let copies = editor.annotations(on: PageIndex(3))
        XCTAssertEqual(copies.map(\.contents), ["On page two"], "the copy of page two has its note")
        XCTAssertNotEqual(copies.first?.id, note.id, "as an annotation of its own")
        try editor.save()
        try assertSound(path, over: original)
        XCTAssertEqual(try texts(path), ["Page number 1", "Page number 2", "Page number 1", "Page number 2",
                                         "Page number 3", "Page number 4", "Page number 5"])
        let saved = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual(saved.annotsEntries(ofPage: 3).count, 1)
        XCTAssertNotEqual(saved.annotsEntries(ofPage: 3), saved.annotsEntries(ofPage: 1), "the copy's note is another object")
        XCTAssertEqual(saved.pageDictionary(3)?["/Contents"] as? String, saved.pageDictionary(1)?["/Contents"] as? String,
                       "the content stream is shared, not copied")
        XCTAssertEqual(saved.pageDictionary(3)?["/Rotate"] as? Int, 90, "the inherited turn is written on the copy")

        // Undo, then a view refresh drops the copies' objects; redo makes them again, ids kept.
        let copyID = try XCTUnwrap(copies.first?.id)
        try editor.undo()
        _ = try editor.rendered()
        XCTAssertEqual(editor.pageCount, 5)
        XCTAssertNil(editor.annotation(copyID))
        try editor.redo()
        XCTAssertEqual(editor.annotation(copyID)?.page, PageIndex(3), "the copy's note is back under its id")
        let moved = copies[0].moved(by: Vector(dx: 10, dy: 0))
        try editor.perform(EditRecord("Move", .replace(before: [copies[0]], after: [moved])))
        try editor.save()
        try assertSound(path, over: original)
        XCTAssertEqual(try texts(path).count, 7)
        XCTAssertEqual(try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).annotsEntries(ofPage: 3).count, 1,
                       "one note on the copy, moved in place")
    }

    func testPagesOfAnotherFileComeWithTheirResourcesStillCompressed() throws {
        let source = try DeveloperPDFSet.path("scanned-ocr-6p.pdf")
        let (path, original) = try numbered("import.pdf")
        let sourceTexts = try texts(source)
        let editor = try DocumentEditor.open(path: path, password: nil)
        try editor.perform(EditRecord("Insert Pages", try editor.importing(pages: [0, 2], from: source, password: nil, at: 1)))
        XCTAssertEqual(editor.pageCount, 7)
        try editor.save()
        try assertSound(path, over: original)
        let now = try texts(path)
        XCTAssertEqual(now[0], "Page number 1")
        XCTAssertEqual(now[1], sourceTexts[0], "the first imported page shows the source's first page")
        XCTAssertEqual(now[2], sourceTexts[2])
        XCTAssertEqual(Array(now[3...]), (2...5).map { "Page number \($0)" })
        let sourceSize = try Data(contentsOf: URL(fileURLWithPath: source)).count
        let added = try Data(contentsOf: URL(fileURLWithPath: path)).count - original.count
        XCTAssertLessThan(added, sourceSize, "two of six scanned pages cost less than the whole source: streams copied as stored")
        XCTAssertGreaterThan(added, sourceSize / 12, "and the scans did come along")

        try editor.undo()
        try editor.save()
        XCTAssertEqual(try texts(path), (1...5).map { "Page number \($0)" })
    }

    func testAnEncryptedFilesPagesNeedItsPasswordAndComeDecrypted() throws {
        let source = try DeveloperPDFSet.path("encrypted-userpw-libreoffice.pdf")
        let (path, original) = try numbered("encrypted-import.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertThrowsError(try editor.importing(from: source, password: nil, at: 5)) { error in
            guard case EditorError.library(.open(let problem)) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(problem.needsPassword, "asks for the password")
        }
        XCTAssertThrowsError(try editor.importing(from: source, password: "wrong", at: 5))
        XCTAssertEqual(editor.pageCount, 5, "nothing changed")
        try editor.perform(EditRecord("Insert Pages", try editor.importing(from: source, password: "openpassword", at: 5)))
        try editor.save()
        try assertSound(path, over: original)
        let expected = String(decoding: try ExternalTool.data("pdftotext", ["-upw", "openpassword", source, "-"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(try texts(path).last, expected, "the page reads as it did in its own file")
    }

    func testExtractWritesOnlyWhatTheChosenPagesNeed() throws {
        let (path, original) = try numbered("extract.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let note = Annotation(id: "p1-ntest", page: PageIndex(1), subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                              color: .yellow, contents: "On page two", iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
        let bytes = try editor.extracting([PageIndex(3), PageIndex(1)])
        let out = try folder.write(Data(bytes), to: "out.pdf")
        try assertSound(out, over: nil)
        XCTAssertFalse(Data(bytes).starts(with: original), "a fresh file, not an update")
        XCTAssertEqual(try texts(out), ["Page number 4", "Page number 2"], "the chosen pages in the order asked")
        let extracted = try QPDFInspection(path: out, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual(extracted.annotsEntries(ofPage: 1).count, 1, "the unsaved note came along")
        XCTAssertEqual(extracted.pageDictionary(1)?["/Rotate"] as? Int, 90, "page 2's inherited turn is its own now")
        XCTAssertLessThanOrEqual(extracted.objectNumbers.count, 12, "catalog, tree, info, two pages, two contents, a font, a note and its appearance")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "the original is unchanged")
        XCTAssertEqual(editor.pageCount, 5)
    }

    func testAPageTakenOutBySaveAndPutBackByUndoIsJournaled() throws {
        let (path, _) = try numbered("undo-after-save.pdf")
        let journal = EditJournal(url: folder.url.appendingPathComponent("after-save.jsonl"))
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal
            try editor.perform(EditRecord("Delete Page", try XCTUnwrap(editor.removal(ofPages: [PageIndex(3)]))))
            try editor.save()
            editor.restartJournalAfterSave()
            try editor.undo()
            XCTAssertEqual(editor.pageCount, 5)
        }
        XCTAssertEqual(try texts(path).count, 4, "the file on disk has the page out")
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(try XCTUnwrap(journal.read()))
        XCTAssertEqual(restored.pageCount, 5, "the journal puts the page back on the saved file")
        try restored.save()
        XCTAssertEqual(try texts(path), (1...5).map { "Page number \($0)" })
    }

    func testAJournalReplayMakesInsertedPagesAgain() throws {
        let (path, _) = try numbered("journal.pdf")
        let journal = EditJournal(url: folder.url.appendingPathComponent("journal.jsonl"))
        var expected: [Annotation] = []
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal
            let note = Annotation(id: "p0-ntest", page: PageIndex(0), subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                                  color: .yellow, contents: "First", iconName: "Comment")
            try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
            try editor.perform(EditRecord("Duplicate", try editor.duplicating([PageIndex(0)])))
            try editor.perform(EditRecord("Insert Page", try editor.insertingBlankPage(at: 0)))
            expected = editor.annotations(on: PageIndex(2))
            XCTAssertEqual(expected.map(\.contents), ["First"])
        }
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(try XCTUnwrap(journal.read()))
        XCTAssertEqual(restored.pageCount, 7)
        XCTAssertEqual(restored.annotations(on: PageIndex(2)), expected, "the duplicate's note, same id, same place")
        try restored.save()
        XCTAssertEqual(try texts(path), ["", "Page number 1", "Page number 1", "Page number 2", "Page number 3", "Page number 4", "Page number 5"])
    }
}
