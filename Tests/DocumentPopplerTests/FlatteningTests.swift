// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Flattening a signature into its page (one undoable step): the page draws it, as MuPDF shows,
/// and it is no annotation any more; undo makes it one again and gives the page back its own
/// content, as the file had it.
final class FlatteningTests: XCTestCase {
    private let signature: HandwrittenSignature = {
        let stroke = InkStroke(points: (0..<30).map { Point(x: 10 + Double($0) * 6, y: 50 + Double($0 % 3) * 4) },
                               pressures: (0..<30).map { _ in 0.8 })
        return HandwrittenSignature(id: "s", name: "Ada", strokes: [stroke], padSize: Size(width: 300, height: 100), baseline: 60)
    }()

    private func signedEditor(_ folder: TemporaryFolder) throws -> (DocumentEditor, String, Annotation) {
        let path = try folder.write(NumberedPagesPDF.data(pages: 2), to: "contract.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let ink = try XCTUnwrap(signature.annotation(on: PageIndex(0), centeredAt: Point(x: 210, y: 120), height: 30,
                                                   style: AnnotationStyle(color: RGBColor(red: 0, green: 0, blue: 0), width: 6),
                                                   stamp: CreationStamp(id: "p0-n1", author: "Ada", date: "D:20261126")))
        try editor.perform(EditRecord("Signature", .insert([PlacedAnnotation(ink, at: 0)])))
        return (editor, path, ink)
    }

    /// Dark pixels of MuPDF's drawing of page 1 (gray, 72 dpi) around where the signature is:
    /// centred at x 210, 120 points up a 595-point page.
    private func darkPixelsWhereSigned(_ path: String, _ folder: TemporaryFolder) throws -> Int {
        let out = folder.path("page.pnm")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", out, path, "1"]).status, 0)
        let image = try PNMImage(path: out)
        var dark = 0
        for y in (595 - 150)...(595 - 90) { for x in 100...320 where image.isInk(x: x, y: y) { dark += 1 } }
        return dark
    }

    func testAFlattenedSignatureIsDrawnByItsPageAndIsNoLongerAnAnnotation() throws {
        let qpdf = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        let folder = try TemporaryFolder()
        let (editor, path, ink) = try signedEditor(folder)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try editor.perform(EditRecord("Flatten", .flatten(editor.removal(of: [ink.id]))))
        XCTAssertTrue(editor.annotations(on: PageIndex(0)).isEmpty, "no annotation left on the page")
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update: the original bytes kept")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let file = try QPDFInspection(path: path, qpdf: qpdf)
        XCTAssertTrue(file.annotsEntries(ofPage: 0).isEmpty, "no /Annots entry")
        let page = try XCTUnwrap(file.pageDictionary(0))
        XCTAssertEqual((page["/Contents"] as? [Any])?.count, 3, "q, the page's own stream, Q and the drawing")
        let forms = try XCTUnwrap(((page["/Resources"] as? [String: Any])?["/XObject"] as? [String: Any]))
        XCTAssertNotNil(forms["/AnnotatorFlat1"], "the signature's appearance is one of the page's forms")
        XCTAssertGreaterThan(try darkPixelsWhereSigned(path, folder), 100, "MuPDF draws it as part of the page")
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertTrue(reopened.annotations(on: PageIndex(0)).isEmpty, "reopened, it is not an annotation")
        XCTAssertEqual(reopened.annotations(on: PageIndex(1)).count, 0)
    }

    func testUndoingAFlattenMakesItAnAnnotationAgainAndGivesThePageItsOwnContent() throws {
        let qpdf = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        let folder = try TemporaryFolder()
        let (editor, path, ink) = try signedEditor(folder)
        let before = try XCTUnwrap(QPDFInspection(path: path, qpdf: qpdf).pageDictionary(0))
        try editor.perform(EditRecord("Flatten", .flatten(editor.removal(of: [ink.id]))))
        try editor.save()
        XCTAssertEqual(try editor.undo()?.name, "Flatten")
        XCTAssertEqual(editor.annotations(on: PageIndex(0)).map(\.id), [ink.id], "an annotation again")
        try editor.save()

        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let file = try QPDFInspection(path: path, qpdf: qpdf)
        let page = try XCTUnwrap(file.pageDictionary(0))
        XCTAssertEqual(QPDFInspection.canonical(page["/Contents"] as Any), QPDFInspection.canonical(before["/Contents"] as Any),
                       "the page's own content, as the file had it")
        XCTAssertEqual(QPDFInspection.canonical(page["/Resources"] as Any), QPDFInspection.canonical(before["/Resources"] as Any))
        XCTAssertEqual(file.annotsEntries(ofPage: 0).count, 1, "listed in /Annots again")
        XCTAssertGreaterThan(try darkPixelsWhereSigned(path, folder), 100, "drawn as an annotation")
        // Redo flattens it again.
        XCTAssertEqual(try editor.redo()?.name, "Flatten")
        XCTAssertTrue(editor.annotations(on: PageIndex(0)).isEmpty)
    }

    func testAnAnnotationWithoutAnAppearanceIsNotFlattened() throws {
        let folder = try TemporaryFolder()
        let (editor, _, ink) = try signedEditor(folder)
        var bare = ink
        bare.appearance = .absent
        try editor.perform(EditRecord("Strip", .replace(before: [ink], after: [bare])))
        XCTAssertThrowsError(try editor.perform(EditRecord("Flatten", .flatten(editor.removal(of: [ink.id])))))
        XCTAssertEqual(editor.annotations(on: PageIndex(0)).count, 1, "still there, as it was")
    }

    func testAFlattenInTheJournalIsRedrawnWhenTheSessionIsRestored() throws {
        _ = try ExternalTool.require("mutool")
        let folder = try TemporaryFolder()
        let path = try folder.write(NumberedPagesPDF.data(pages: 1), to: "lost.pdf")
        let journal = EditJournal(url: folder.url.appendingPathComponent("journal-\(EditJournal.key(for: path)).jsonl"))
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal
            let ink = try XCTUnwrap(signature.annotation(on: PageIndex(0), centeredAt: Point(x: 210, y: 120), height: 30,
                                                       style: AnnotationStyle(color: .black, width: 6),
                                                       stamp: CreationStamp(id: "p0-n1", author: "Ada", date: "D:20261126")))
            try editor.perform(EditRecord("Signature", .insert([PlacedAnnotation(ink, at: 0)])))
            try editor.perform(EditRecord("Flatten", .flatten(editor.removal(of: [ink.id]))))
            // Gone without a save, as in a crash.
        }
        let contents = try XCTUnwrap(journal.read())
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.history.undoName, "Flatten")
        XCTAssertTrue(restored.annotations(on: PageIndex(0)).isEmpty)
        restored.adoptJournal(journal, steps: contents.lines)
        try restored.save()
        XCTAssertGreaterThan(try darkPixelsWhereSigned(path, folder), 100, "the page draws the signature again")
    }
}
