// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest
@testable import DocumentPoppler

/// The journal of unsaved edits: what a crash leaves behind is enough to rebuild the edits.
final class JournalTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    func document() throws -> String {
        let target = folder.path("doc.pdf")
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-square-circle-noap.pdf"), toPath: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        return target
    }

    func journal(for path: String) -> EditJournal {
        EditJournal(url: folder.url.appendingPathComponent("journal-\(EditJournal.key(for: path)).jsonl"))
    }

    func testAnEditorDroppedWithoutSavingCanBeRebuiltFromItsJournal() throws {
        let path = try document()
        var expected: AnnotationModel
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal(for: path)
            let list = editor.annotations(on: PageIndex(0))
            try editor.perform(EditRecord("Move", .replace(before: [list[0]], after: [list[0].moved(by: Vector(dx: 3, dy: 4))])))
            try editor.perform(EditRecord("Delete", .remove(editor.model.removal(of: [list[1].id]))))
            try editor.undo()
            try editor.redo()
            try editor.perform(EditRecord("Resize", .replace(before: [editor.annotation(list[0].id)!],
                                                             after: [editor.annotation(list[0].id)!.resized(to: Rect(x: 20, y: 20, width: 40, height: 10))])))
            try editor.undo()
            expected = editor.model
            // The editor goes away without a save, as in a crash.
        }
        let contents = try XCTUnwrap(journal(for: path).read())
        XCTAssertTrue(EditJournal.matches(contents.header, file: path))
        XCTAssertEqual(contents.lines.map(\.step), [.do, .do, .undo, .redo, .do, .undo])
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.model.annotations(on: PageIndex(0)), expected.annotations(on: PageIndex(0)))
        XCTAssertEqual(restored.history.undoName, "Delete")
        XCTAssertEqual(restored.history.redoName, "Resize")
        // Saving the restored edits writes them, and removes the journal.
        restored.adoptJournal(journal(for: path), steps: contents.lines)
        try restored.save()
        XCTAssertFalse(journal(for: path).exists)
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(reopened.annotations(on: PageIndex(0)).map(\.rect), expected.annotations(on: PageIndex(0)).map(\.rect))
    }

    func testAGroupMoveIsJournaledAsIdsAndOneDisplacementAndAKillAfterItRestoresEveryPosition() throws {
        let path = try document()
        var expected: AnnotationModel
        var moved: [Annotation] = []
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal(for: path)
            let page = PageIndex(0), first = editor.annotations(on: page).count
            // Twenty strokes of forty points each, then all of them moved as a lasso moves them.
            let strokes = (0..<20).map { i -> Annotation in
                let x = 60 + Double(i % 5) * 40, y = 300 + Double(i / 5) * 30
                let points = (0..<40).map { Point(x: x + Double($0) * 0.7, y: y + 5 * sin(Double($0) / 3)) }
                return Annotation(id: "ink\(i)", page: page, subtype: .ink, rect: Rect(x: x - 1, y: y - 6, width: 30, height: 12),
                                  borderWidth: 1.5, geometry: .ink([InkStroke(points: points)]))
            }
            try editor.perform(EditRecord("Ink", .insert(strokes.enumerated().map { PlacedAnnotation($1, at: first + $0) })))
            let before = strokes.compactMap { editor.annotation($0.id) }
            let after = before.map { a -> Annotation in
                var m = a.moved(by: Vector(dx: 41.37, dy: -12.05))
                m.modified = "D:20261203040000Z"
                if m.uniqueName == nil { m.uniqueName = "name-" + a.id }
                return m
            }
            try editor.perform(EditRecord("Move", .replace(before: before, after: after)))
            try editor.undo()
            try editor.redo()
            moved = strokes.compactMap { editor.annotation($0.id) }
            expected = editor.model
            // The editor goes away without a save, as when the app is killed.
        }
        let contents = try XCTUnwrap(journal(for: path).read())
        XCTAssertEqual(contents.lines.map(\.step), [.do, .do, .undo, .redo])
        let move = try XCTUnwrap(contents.lines[1].move, "the move is journaled as a group move")
        XCTAssertEqual(move.ids.count, 20)
        XCTAssertEqual(move.dx, 41.37, accuracy: 1e-9)
        let text = try String(contentsOf: journal(for: path).url, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(text.count, 5, "a header and four steps")
        XCTAssertFalse(text[2].contains("\"ink\""), "no stroke's points in the move's line")
        XCTAssertLessThan(text[2].count * 10, text[1].count, "the move's line is a small part of the strokes' own")
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.model.annotations(on: PageIndex(0)), expected.annotations(on: PageIndex(0)))
        XCTAssertEqual(moved.compactMap { restored.annotation($0.id) }, moved, "every stroke where the move put it")
        XCTAssertEqual(restored.history.undoName, "Move")
        // One undo of the restored move puts every stroke back.
        try restored.undo()
        for a in moved {
            let back = try XCTUnwrap(restored.annotation(a.id))
            XCTAssertEqual(back.rect.minX, a.rect.minX - 41.37, accuracy: 1e-3)
            XCTAssertEqual(back.rect.minY, a.rect.minY + 12.05, accuracy: 1e-3)
        }
    }

    func testAJournalForAnotherStateOfTheFileDoesNotMatch() throws {
        let path = try document()
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.journal = journal(for: path)
        let a = editor.annotations(on: PageIndex(0))[0]
        try editor.perform(EditRecord("Move", .replace(before: [a], after: [a.moved(by: Vector(dx: 1, dy: 1))])))
        // Another program rewrites the document.
        try Data(contentsOf: URL(fileURLWithPath: try DeveloperPDFSet.path("annots-text-highlight-ink.pdf"))).write(to: URL(fileURLWithPath: path))
        let contents = try XCTUnwrap(journal(for: path).read())
        XCTAssertFalse(EditJournal.matches(contents.header, file: path))
        let aside = try XCTUnwrap(journal(for: path).moveAside())
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside.path), "kept for the user, not applied")
        XCTAssertFalse(journal(for: path).exists)
    }

    func testEditsAfterASaveRestoreOnTopOfTheSavedFileEvenWhenIdsMoved() throws {
        let path = try document()
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.journal = journal(for: path)
        let list = editor.annotations(on: PageIndex(0))
        // Deleting the first annotation shifts the positions (and so the file ids) of the rest.
        try editor.perform(EditRecord("Delete", .remove(editor.model.removal(of: [list[0].id]))))
        try editor.save()
        XCTAssertFalse(journal(for: path).exists, "a save removes the journal")
        let last = try XCTUnwrap(editor.annotations(on: PageIndex(0)).last)
        try editor.perform(EditRecord("Move", .replace(before: [last], after: [last.moved(by: Vector(dx: 9, dy: 9))])))
        let expected = editor.model.annotations(on: PageIndex(0))
        let contents = try XCTUnwrap(journal(for: path).read())
        XCTAssertFalse(contents.header.aliases.isEmpty, "ids that moved are mapped")
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.model.annotations(on: PageIndex(0)), expected)
    }

    func testUndoingPastASaveIsJournaledAsNewEditsThatReplay() throws {
        let path = try document()
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.journal = journal(for: path)
        let a = editor.annotations(on: PageIndex(0))[0]
        try editor.perform(EditRecord("Move", .replace(before: [a], after: [a.moved(by: Vector(dx: 4, dy: 4))])))
        try editor.save()
        // Undo the saved move, redo it, undo it again: the state differs from the saved file.
        try editor.undo()
        try editor.redo()
        try editor.undo()
        let b = editor.annotations(on: PageIndex(0))[1]
        try editor.perform(EditRecord("Move", .replace(before: [b], after: [b.moved(by: Vector(dx: -2, dy: 7))])))
        let expected = editor.model.annotations(on: PageIndex(0))
        let contents = try XCTUnwrap(journal(for: path).read())
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.model.annotations(on: PageIndex(0)), expected)
    }

    func testATornLastLineIsIgnored() throws {
        let path = try document()
        let editor = try DocumentEditor.open(path: path, password: nil)
        let j = journal(for: path)
        editor.journal = j
        let a = editor.annotations(on: PageIndex(0))[0]
        try editor.perform(EditRecord("Move", .replace(before: [a], after: [a.moved(by: Vector(dx: 1, dy: 1))])))
        let handle = try FileHandle(forWritingTo: j.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"step\":\"do\",\"rec".utf8))
        try handle.close()
        XCTAssertEqual(j.read()?.lines.count, 1)
    }
}
