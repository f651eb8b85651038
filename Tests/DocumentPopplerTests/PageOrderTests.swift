// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Moving and deleting pages are undoable edits saved as incremental updates that rewrite the
/// page tree: the original bytes stay a prefix, every page shows the text of the page that
/// should be there, annotations travel with their pages, a page under a nested /Pages node
/// keeps what it inherited, and undo puts the file's pages back as they were. Judged with
/// qpdf, pdftotext and MuPDF, not poppler.
final class PageOrderTests: XCTestCase {
    /// Five A5 pages in a nested tree: pages 1–2 under a node that gives them the font and a
    /// quarter turn, page 3 under the root (its own font), pages 4–5 under another node.
    static func document() -> Data {
        let font = "<< /Font << /F1 3 0 R >> >>"
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R 7 0 R 8 0 R] /Count 5 >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 /Resources \(font) /Rotate 90 /MediaBox [0 0 420 595] >>",
            "<< /Type /Page /Parent 4 0 R /Contents 11 0 R >>",
            "<< /Type /Page /Parent 4 0 R /Contents 12 0 R >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources \(font) /Contents 13 0 R >>",
            "<< /Type /Pages /Parent 2 0 R /Kids [9 0 R 10 0 R] /Count 2 /Resources \(font) /MediaBox [0 0 420 595] >>",
            "<< /Type /Page /Parent 8 0 R /Contents 14 0 R >>",
            "<< /Type /Page /Parent 8 0 R /Contents 15 0 R >>",
        ]
        for n in 1...5 {
            let text = "BT /F1 24 Tf 60 500 Td (Page number \(n)) Tj ET"
            objects.append("<< /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream")
        }
        return NumberedObjectsPDF.data(objects: objects)
    }

    private func texts(_ path: String) throws -> [String] {
        let count = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pages.count
        return try (1...count).map { page in
            String(decoding: try ExternalTool.data("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    private func assertSoundUpdate(_ path: String, over original: Data, file: StaticString = #filePath, line: UInt = #line) throws {
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix", file: file, line: line)
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0, "qpdf --check", file: file, line: line)
        let count = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pages.count
        for page in 1...count {
            XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-o", "/dev/null", path, "\(page)"]).status, 0,
                           "MuPDF draws page \(page)", file: file, line: line)
        }
    }

    func testMovingTheLastPageFirstAndUndoingIt() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool"); _ = try ExternalTool.require("pdftotext")
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.document(), to: "move.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(try texts(path), (1...5).map { "Page number \($0)" })

        let editor = try DocumentEditor.open(path: path, password: nil)
        let move = try XCTUnwrap(editor.move(pages: [PageIndex(4)], before: 0))
        XCTAssertEqual(move, .reorderPages(order: [4, 0, 1, 2, 3]))
        try editor.perform(EditRecord("Move Page", move))
        XCTAssertEqual(editor.pageCount, 5)
        try editor.save()
        try assertSoundUpdate(path, over: original)
        XCTAssertEqual(try texts(path), ["Page number 5", "Page number 1", "Page number 2", "Page number 3", "Page number 4"],
                       "each page shows the page that should be there")
        let moved = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual(moved.pageDictionary(1)?["/Rotate"] as? Int, 90, "page 1 kept the turn its node gave it")

        try editor.undo()
        try editor.save()
        try assertSoundUpdate(path, over: original)
        XCTAssertEqual(try texts(path), (1...5).map { "Page number \($0)" }, "undo puts every page back")
        let undone = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual((undone.pageDictionary(0)?["/Rotate"] as? Int) ?? 90, 90,
                       "page 1 still turned a quarter (inherited, or written on it by the move)")
        XCTAssertNil(undone.pageDictionary(2)?["/Rotate"], "page 3 as it was")
    }

    func testDeletingPagesTakesTheirAnnotationsAlongAndUndoBringsThemBack() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool"); _ = try ExternalTool.require("pdftotext")
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.document(), to: "delete.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        let note = Annotation(id: "p1-ntest", page: PageIndex(1), subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                              color: .yellow, contents: "On page two", iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
        let onFour = Annotation(id: "p4-ntest", page: PageIndex(4), subtype: .text, rect: Rect(x: 30, y: 30, width: 20, height: 20),
                                color: .yellow, contents: "On page five", iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(onFour, at: 0)])))

        let removal = try XCTUnwrap(editor.removal(ofPages: [PageIndex(1), PageIndex(3)]))
        try editor.perform(EditRecord("Delete Pages", removal))
        XCTAssertEqual(editor.pageCount, 3)
        XCTAssertNil(editor.annotation("p1-ntest"), "the note went with its page")
        XCTAssertEqual(editor.annotation("p4-ntest")?.page, PageIndex(2), "page 5's note is on the third page now")
        // Saved as a copy: the document goes on from its own file, with the pages out.
        let copy = folder.path("copy.pdf")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let copyEditor = try DocumentEditor.open(path: copy, password: nil)
        try copyEditor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
        let copyRemoval = try XCTUnwrap(copyEditor.removal(ofPages: [PageIndex(1), PageIndex(3)]))
        try copyEditor.perform(EditRecord("Delete Pages", copyRemoval))
        try copyEditor.save()
        try assertSoundUpdate(copy, over: original)
        XCTAssertEqual(try texts(copy), ["Page number 1", "Page number 3", "Page number 5"])
        // Undo after the save that took them out puts them back: their objects are still in the
        // file, with their annotations.
        try copyEditor.undo()
        XCTAssertEqual(copyEditor.pageCount, 5)
        XCTAssertEqual(copyEditor.annotation("p1-ntest")?.page, PageIndex(1))
        try copyEditor.save()
        try assertSoundUpdate(copy, over: original)
        XCTAssertEqual(try texts(copy), (1...5).map { "Page number \($0)" }, "every page back, in place")
        XCTAssertEqual(try QPDFInspection(path: copy, qpdf: try ExternalTool.require("qpdf")).pageDictionary(1)?["/Rotate"] as? Int, 90,
                       "page two still turned as its node turned it")
        XCTAssertEqual(try DocumentEditor.open(path: copy, password: nil).annotations(on: PageIndex(1)).map(\.contents), ["On page two"],
                       "with its note")

        try editor.undo()
        XCTAssertEqual(editor.pageCount, 5)
        XCTAssertEqual(editor.annotation("p1-ntest")?.page, PageIndex(1), "back on page two")
        XCTAssertEqual(editor.annotation("p4-ntest")?.page, PageIndex(4))
        try editor.save()
        try assertSoundUpdate(path, over: original)
        XCTAssertEqual(try texts(path), (1...5).map { "Page number \($0)" })
        let restored = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual(restored.annotsEntries(ofPage: 1).count, 1, "page two's note is in its /Annots")
        XCTAssertNil(editor.removal(ofPages: (0..<5).map(PageIndex.init)), "a document keeps at least one page")
    }

    func testANoteOnAPageTakenOutComesBackWithItAfterTheViewRefreshed() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.document(), to: "refreshed.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let note = Annotation(id: "p1-ntest", page: PageIndex(1), subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                              color: .yellow, contents: "On page two", iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
        _ = try editor.rendered()
        try editor.perform(EditRecord("Delete Page", try XCTUnwrap(editor.removal(ofPages: [PageIndex(1)]))))
        // The view shows the edit: what nothing reaches any more is dropped.
        _ = try editor.rendered()
        try editor.undo()
        _ = try editor.rendered()
        try editor.save()
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let saved = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        let entries = saved.annotsEntries(ofPage: 1)
        XCTAssertEqual(entries.count, 1, "page two lists its note")
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(reopened.annotations(on: PageIndex(1)).map(\.contents), ["On page two"], "and the note is there")
    }

    func testPageEditsAreJournaledWithTheirInverse() throws {
        let removed = RemovedPage(index: PageIndex(2), object: "7 0", annotations: [], wasLoaded: false)
        for edit in [AnnotationEdit.reorderPages(order: [2, 0, 1]), .removePages([removed])] {
            let record = EditRecord("Pages", edit)
            XCTAssertEqual(try JSONDecoder().decode(EditRecord.self, from: JSONEncoder().encode(record)), record)
            XCTAssertEqual(edit.inverse.inverse, edit)
        }
        XCTAssertEqual(AnnotationEdit.reorderPages(order: [2, 0, 1]).inverse, .reorderPages(order: [1, 2, 0]))
    }
}
