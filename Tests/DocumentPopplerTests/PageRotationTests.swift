// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Turning a page is one undoable edit saved as an incremental update: the page gets its own
/// /Rotate (an inherited one made explicit), the other pages stay as they were, the text stays
/// the page's, and turning it back writes the file's own page dictionary again. Judged with
/// qpdf, pdftotext and MuPDF, not poppler.
final class PageRotationTests: XCTestCase {
    /// Three A5 pages under a /Pages node that says /Rotate 90 (inherited by every page); each
    /// page says its number.
    static func document() -> Data { NumberedPagesPDF.data(pages: 3, rootEntries: "/Rotate 90") }

    /// The width and height of page `page` (1-based) as MuPDF draws it at 72 dpi.
    private func drawnSize(_ path: String, page: Int, in folder: TemporaryFolder) throws -> (Int, Int) {
        let out = folder.path("page\(page).png")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-o", out, path, "\(page)"]).status, 0, "MuPDF draws it")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        func be32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    private func text(_ path: String, page: Int) throws -> String {
        String(decoding: try ExternalTool.data("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTurningAPageWritesItsOwnRotateAndTurningItBackRestoresThePage() throws {
        let qpdf = try ExternalTool.require("qpdf")
        _ = try ExternalTool.require("mutool")
        _ = try ExternalTool.require("pdftotext")
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.document(), to: "turn.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try QPDFInspection(path: path, qpdf: qpdf)
        XCTAssertNil(before.pageDictionary(0)?["/Rotate"], "inherited from /Pages")
        XCTAssertEqual(try drawnSize(path, page: 1, in: folder).0, 595, "turned a quarter: as wide as A5 is tall")

        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(editor.rotation(of: PageIndex(0)), 90)
        try editor.perform(EditRecord("Rotate Page", .rotatePages([PageIndex(0)], quarterTurns: 1)))
        XCTAssertEqual(editor.rotation(of: PageIndex(0)), 180)
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let after = try QPDFInspection(path: path, qpdf: qpdf)
        XCTAssertEqual(after.pages.count, 3)
        XCTAssertEqual(after.pageDictionary(0)?["/Rotate"] as? Int, 180, "page 1 has its own /Rotate now")
        XCTAssertNil(after.pageDictionary(1)?["/Rotate"], "page 2 still inherits")
        XCTAssertEqual(IncrementalUpdate.objectNumbers(in: saved, after: original.count).intersection(before.objectNumbers), [4],
                       "of the original objects only page 1 is rewritten")
        XCTAssertEqual(try drawnSize(path, page: 1, in: folder).0, 420, "page 1 upright (half a turn): A5's width")
        XCTAssertEqual(try drawnSize(path, page: 2, in: folder).0, 595, "page 2 as it was")
        XCTAssertEqual(try text(path, page: 1), "Page number 1", "the text is the page's")
        XCTAssertEqual(try text(path, page: 2), "Page number 2")

        // Undo: the page object is the file's own again.
        try editor.undo()
        XCTAssertEqual(editor.rotation(of: PageIndex(0)), 90)
        try editor.save()
        let undone = try QPDFInspection(path: path, qpdf: qpdf)
        XCTAssertNil(undone.pageDictionary(0)?["/Rotate"], "inherited again, as the file had it")
        XCTAssertEqual(try drawnSize(path, page: 1, in: folder).0, 595)
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
    }

    func testTurningAPageBackKeepsWhatChangedOnItSince() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.document(), to: "since.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        // Turned and back: the file's own page again; then a note, then a turn and back.
        try editor.perform(EditRecord("Rotate", .rotatePages([PageIndex(0)], quarterTurns: 1)))
        try editor.undo()
        let note = Annotation(id: "p0-ntest", page: PageIndex(0), subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                              color: .yellow, contents: "Stays", iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
        try editor.perform(EditRecord("Rotate", .rotatePages([PageIndex(0)], quarterTurns: -1)))
        try editor.perform(EditRecord("Rotate", .rotatePages([PageIndex(0)], quarterTurns: 1)))
        XCTAssertEqual(editor.rotation(of: PageIndex(0)), 90)
        try editor.save()
        let saved = try QPDFInspection(path: path, qpdf: qpdf)
        XCTAssertEqual(saved.annotsEntries(ofPage: 0).count, 1, "the note added after the first turn is still on the page")
        XCTAssertNil(saved.pageDictionary(0)?["/Rotate"], "and the turn is the inherited one again")
    }

    func testFourQuarterTurnsComeBackToTheFilesOwnPage() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.document(), to: "four.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        for _ in 0..<4 { try editor.perform(EditRecord("Rotate Page", .rotatePages([PageIndex(2)], quarterTurns: -1))) }
        XCTAssertEqual(editor.rotation(of: PageIndex(2)), 90)
        XCTAssertEqual(editor.history.undoName, "Rotate Page", "each turn is a step of its own")
    }

    func testARotationIsJournaledAsAnEditOfItsOwn() throws {
        let record = EditRecord("Rotate Pages", .rotatePages([PageIndex(0), PageIndex(4)], quarterTurns: 3))
        let decoded = try JSONDecoder().decode(EditRecord.self, from: JSONEncoder().encode(record))
        XCTAssertEqual(decoded, record)
        XCTAssertEqual(record.edit.inverse, .rotatePages([PageIndex(0), PageIndex(4)], quarterTurns: -3))
        XCTAssertTrue(record.edit.changesPages)
    }
}

/// A signed document's page turned and saved: the signature stays valid for its revision
/// (pdfsig, not poppler-glib, judges), and the document is no longer wholly signed.
final class SignedPageEditTests: XCTestCase {
    func testTurningAPageOfASignedDocumentKeepsItsSignatureValidForItsRevision() throws {
        _ = try ExternalTool.require("pdfsig")
        let source = try DeveloperPDFSet.path("signed-valid-incremental.pdf")
        let folder = try TemporaryFolder()
        let path = folder.path("signed.pdf")
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertTrue(editor.isSigned, "/SigFlags says signatures exist")
        try editor.perform(EditRecord("Rotate Page", .rotatePages([PageIndex(0)], quarterTurns: 1)))
        try editor.save()
        let report = String(decoding: try ExternalTool.data("pdfsig", [path]), as: UTF8.self)
        XCTAssertTrue(report.contains("Signature is Valid"), report)
        XCTAssertFalse(report.contains("Total document signed\n"), "changed after the signature: \(report)")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
    }
}
