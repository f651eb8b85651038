// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A save edits a page's /Annots as the file has it: entries poppler ignores stay where they
/// are, and the update rewrites only the page (or its /Annots array) and the objects the edit
/// owns. Judged with qpdf, not poppler.
final class AnnotsPreservationTests: XCTestCase {
    static let marker = "Added by AnnotsPreservationTests"

    private func note(on page: Int) -> Annotation {
        Annotation(id: "p\(page)-ntest", page: PageIndex(page), subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                   color: .yellow, contents: Self.marker, iconName: "Comment")
    }

    private func addNote(_ editor: DocumentEditor, on page: Int) throws {
        let index = editor.annotations(on: PageIndex(page)).count
        try editor.perform(EditRecord("Add Note", .insert([PlacedAnnotation(note(on: page), at: index)])))
    }

    /// The saved page's entries with the new ones taken out, which must be the original entries.
    private func entriesWithout(_ new: Set<Int>, _ entries: [String]) -> [String] {
        entries.filter { entry in
            guard entry.hasSuffix(" R"), let n = Int(entry.split(separator: " ")[0]) else { return true }
            return !new.contains(n)
        }
    }

    func testAddingANoteKeepsEveryEntryPopplerIgnores() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let folder = try TemporaryFolder()
        let path = try folder.write(OddAnnotsPDF.data(), to: "odd.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try QPDFInspection(path: path, qpdf: qpdf)
        XCTAssertEqual(before.annotsEntries(ofPage: 0).count, OddAnnotsPDF.firstPageEntries.count)

        let editor = try DocumentEditor.open(path: path, password: nil)
        try addNote(editor, on: 0)
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let after = try QPDFInspection(path: path, qpdf: qpdf)
        let new = after.objectNumbers.subtracting(before.objectNumbers)
        XCTAssertFalse(new.isEmpty, "the note is a new object")
        XCTAssertEqual(entriesWithout(new, after.annotsEntries(ofPage: 0)), before.annotsEntries(ofPage: 0),
                       "every original entry is still there, in its order")
        XCTAssertEqual(after.annotsEntries(ofPage: 0).count, before.annotsEntries(ofPage: 0).count + 1, "one entry more: the note")
        let rewritten = IncrementalUpdate.objectNumbers(in: saved, after: original.count)
        XCTAssertEqual(rewritten.intersection(before.objectNumbers), [OddAnnotsPDF.pageObjects[0]],
                       "of the original objects, only the page is rewritten")
        XCTAssertEqual(rewritten.subtracting(before.objectNumbers), new, "every object written is the page or a new one")
        // Pages 2 and 3 still share their array, untouched.
        XCTAssertEqual(after.annotsReference(ofPage: 1), "\(OddAnnotsPDF.sharedAnnotsObject) 0 R")
        XCTAssertEqual(after.annotsReference(ofPage: 2), "\(OddAnnotsPDF.sharedAnnotsObject) 0 R")
    }

    func testANoteOnAPageThatSharesItsAnnotsArrayLeavesTheOtherPageAlone() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let folder = try TemporaryFolder()
        let path = try folder.write(OddAnnotsPDF.data(), to: "shared.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try QPDFInspection(path: path, qpdf: qpdf)

        let editor = try DocumentEditor.open(path: path, password: nil)
        try addNote(editor, on: 1)
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        let after = try QPDFInspection(path: path, qpdf: qpdf)
        let new = after.objectNumbers.subtracting(before.objectNumbers)
        XCTAssertEqual(entriesWithout(new, after.annotsEntries(ofPage: 1)), before.annotsEntries(ofPage: 1))
        XCTAssertEqual(after.annotsEntries(ofPage: 1).count, 2)
        XCTAssertEqual(after.annotsEntries(ofPage: 2), before.annotsEntries(ofPage: 2), "page 3 shows no note of page 2")
        XCTAssertEqual(after.annotsReference(ofPage: 2), "\(OddAnnotsPDF.sharedAnnotsObject) 0 R")
        let rewritten = IncrementalUpdate.objectNumbers(in: saved, after: original.count)
        XCTAssertEqual(rewritten.intersection(before.objectNumbers), [OddAnnotsPDF.pageObjects[1]],
                       "page 2 gets an array of its own; the shared array is not rewritten")
    }

    func testDeletingAnAnnotationRemovesOnlyItsEntry() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let folder = try TemporaryFolder()
        let path = try folder.write(OddAnnotsPDF.data(), to: "delete.pdf")
        let before = try QPDFInspection(path: path, qpdf: qpdf)

        let editor = try DocumentEditor.open(path: path, password: nil)
        let list = editor.annotations(on: PageIndex(0))
        let sticky = try XCTUnwrap(list.firstIndex { $0.contents == "A note from elsewhere" })
        try editor.perform(EditRecord("Delete", .remove([PlacedAnnotation(list[sticky], at: sticky)])))
        try editor.save()

        let after = try QPDFInspection(path: path, qpdf: qpdf)
        XCTAssertEqual(after.annotsEntries(ofPage: 0), before.annotsEntries(ofPage: 0).filter { $0 != "7 0 R" },
                       "only the deleted note's reference leaves; the entries poppler ignores stay in order")
    }

    func testInlineAnnotationEditedBecomesAnObjectInItsPlace() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let folder = try TemporaryFolder()
        let path = try folder.write(OddAnnotsPDF.data(), to: "inline.pdf")
        let before = try QPDFInspection(path: path, qpdf: qpdf)

        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 10, dy: 0))])))
        try editor.save()

        let after = try QPDFInspection(path: path, qpdf: qpdf)
        let entries = after.annotsEntries(ofPage: 0)
        var expected = before.annotsEntries(ofPage: 0)
        let inlineSquare = try XCTUnwrap(expected.firstIndex { $0.contains("/Square") })
        XCTAssertEqual(entries.count, expected.count)
        let newRef = entries[inlineSquare]
        XCTAssertTrue(newRef.hasSuffix(" R"), "the moved square is an object now, at the same place: \(newRef)")
        expected[inlineSquare] = newRef
        XCTAssertEqual(entries, expected, "the inline /Text without /Rect beside it stays inline")
    }

    func testUndoingTheNoteBringsBackTheOriginalList() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(OddAnnotsPDF.data(), to: "undo.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let core = try CoreDocument.open(path: path, password: nil)
        let original = core.annotationRefs(on: PageIndex(0))
        try addNote(editor, on: 0)
        XCTAssertEqual(editor.core.annotationRefs(on: PageIndex(0)).count, original.count + 1)
        try editor.undo()
        XCTAssertEqual(editor.core.annotationRefs(on: PageIndex(0)), original)
        try editor.redo()
        try editor.save()
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(reopened.annotations(on: PageIndex(0)).filter { $0.contents == Self.marker }.count, 1)
        XCTAssertEqual(reopened.core.annotationRefs(on: PageIndex(0)).count, original.count + 1)
    }

    /// Every document of the developer set that opens: a note on page 1, Ctrl+S, and qpdf finds
    /// every original /Annots entry of page 1 in its order, and an update that rewrites only the
    /// page (or its /Annots array) besides the objects it adds.
    func testEveryDeveloperDocumentKeepsItsFirstPageEntries() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let entries = try DeveloperPDFSet.manifest().filter { $0.popplerOpens && ($0.pages ?? 0) > 0 }
        let folder = try TemporaryFolder()
        var checked = 0
        for entry in entries {
            let path = folder.path(entry.file)
            try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path(entry.file), toPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let before = try QPDFInspection(path: path, password: entry.password, qpdf: qpdf)
            let editor = try DocumentEditor.open(path: path, password: entry.password)
            try addNote(editor, on: 0)
            let whole = editor.savesWhole
            try editor.save()

            let saved = try Data(contentsOf: URL(fileURLWithPath: path))
            // A file poppler could read only by rebuilding its cross-reference table is saved
            // whole (a fresh table, never an update on a broken chain); every other as an update.
            if !whole {
                XCTAssertEqual(saved.prefix(original.count), original, "\(entry.file): the original bytes stay a prefix")
            }
            let after = try QPDFInspection(path: path, password: entry.password, qpdf: qpdf)
            let new = after.objectNumbers.subtracting(before.objectNumbers)
            XCTAssertEqual(entriesWithout(new, after.annotsEntries(ofPage: 0)), before.annotsEntries(ofPage: 0),
                           "\(entry.file): every original entry of page 1 is still there, in its order")
            XCTAssertEqual(after.annotsEntries(ofPage: 0).count, before.annotsEntries(ofPage: 0).count + 1, "\(entry.file): one entry more")
            var allowed: Set<Int> = []
            if let page = before.pages.first, let n = Int(page.split(separator: " ")[0]) { allowed.insert(n) }
            if let array = before.annotsReference(ofPage: 0), let n = Int(array.split(separator: " ")[0]) { allowed.insert(n) }
            let rewritten = IncrementalUpdate.objectNumbers(in: saved, after: original.count)
            XCTAssertTrue(rewritten.intersection(before.objectNumbers).isSubset(of: allowed),
                          "\(entry.file): of the original objects only page 1 or its array is rewritten, not \(rewritten.intersection(before.objectNumbers).subtracting(allowed).sorted())")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 15, "the developer set has documents that open")
    }
}
