// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest
@testable import DocumentPoppler

/// An edit costs what it changes: what it produces for the screen and for a save is the
/// update alone (the file's own bytes are shared, never copied), and poppler-glib shows the
/// edited document read from those two parts.
final class EditCostTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    /// A one-page document padded with an unused stream of `padding` bytes (a scan's weight).
    private func document(padding: Int, name: String) throws -> String {
        var pdf = MinimalPDF(pages: [.init(width: 400, height: 500)]).data()
        // An incremental update adding one large object nothing uses: the file grows, the
        // pages stay the same.
        let text = String(decoding: pdf, as: UTF8.self)
        let startxref = Int(text.components(separatedBy: "startxref\n").last!.split(separator: "\n")[0])!
        let objectOffset = pdf.count
        var update = Data("99 0 obj\n<< /Length \(padding) >>\nstream\n".utf8)
        update.append(Data(repeating: 0x41, count: padding))
        update.append(Data("\nendstream\nendobj\n".utf8))
        let xref = objectOffset + update.count
        update.append(Data("xref\n99 1\n\(String(format: "%010d", objectOffset)) 00000 n \ntrailer\n<< /Size 100 /Root 1 0 R /Info 4 0 R /Prev \(startxref) >>\nstartxref\n\(xref)\n%%EOF\n".utf8))
        pdf.append(update)
        return try folder.write(pdf, to: name)
    }

    private func square() -> Annotation {
        Annotation(id: "p0-nsquare", page: PageIndex(0), subtype: .square, rect: Rect(x: 50, y: 50, width: 100, height: 60), color: .red)
    }

    func testTheUpdateOfAnEditDoesNotGrowWithTheFile() throws {
        var updates: [Int: Int] = [:]
        for size in [1 << 20, 10 << 20] {
            let path = try document(padding: size, name: "padded-\(size).pdf")
            let editor = try DocumentEditor.open(path: path, password: nil)
            _ = editor.annotations(on: PageIndex(0))
            try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(square(), at: 0)])))
            let edited = try editor.rendered()
            XCTAssertGreaterThan(edited.original.count, size, "the file's own bytes are there, shared")
            updates[size] = edited.update.count
        }
        let small = try XCTUnwrap(updates[1 << 20]), large = try XCTUnwrap(updates[10 << 20])
        XCTAssertLessThan(small, 4_000)
        XCTAssertLessThanOrEqual(abs(large - small), 16, "the same edit writes the same update (offsets have a digit more) on a file ten times larger")
    }

    func testALargeFileIsEditedFromAPrivateCopyThatNothingElseChanges() throws {
        // 20 MB: over the size from which the editor maps a private copy instead of reading
        // the file into memory.
        let path = try document(padding: 20 << 20, name: "large.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        // Another program rewrites the file in place (same inode), cutting it short.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1_000)
        try handle.close()
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(square(), at: 0)])))
        let edited = try editor.rendered()
        XCTAssertEqual(edited.original.count, original.count, "the editor still has every byte it opened")
        XCTAssertEqual(Data(edited.original.suffix(4096)), original.suffix(4096))
        try editor.save(overwriteChangedFile: true)
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the save builds on the bytes that were opened")
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).count, 1)
        if ExternalTool.path(of: "qpdf") != nil {
            XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        }
    }

    func testTheTwoPartsAreExactlyTheFileASaveWrites() throws {
        let path = try document(padding: 100_000, name: "parts.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(square(), at: 0)])))
        let edited = try editor.rendered()
        let whole = try editor.core.savedBytes()
        XCTAssertEqual(Array(edited.original), Array(whole.prefix(edited.original.count)), "the original bytes, as opened")
        // The trailer's /ID holds the time in seconds: compare all but a save a second later.
        XCTAssertEqual(edited.joined().count, whole.count)
        try editor.save()
        let saved = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(saved.count, edited.count, "the save wrote the original and the update, nothing else")
        XCTAssertEqual(Array(saved.prefix(edited.original.count)), Array(edited.original))
    }

    func testPopplerShowsTheEditReadFromTheSharedPartsAndTheUpdate() throws {
        let path = try document(padding: 200_000, name: "shown.pdf")
        let view = try PopplerDocument.open(path: path, password: nil)
        XCTAssertTrue(view.annotations(on: PageIndex(0)).isEmpty)
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(square(), at: 0)])))
        let shown = try view.reloaded(from: editor.rendered())
        let annotations = shown.annotations(on: PageIndex(0))
        XCTAssertEqual(annotations.count, 1, "the square is read from the update")
        XCTAssertEqual(shown.pageCount, 1)
        XCTAssertNotNil(shown.renderImage(page: PageIndex(0), scale: 1), "and the page draws from the two parts")
    }
}
