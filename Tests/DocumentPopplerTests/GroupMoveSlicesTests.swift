// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A lasso's Move of many strokes let go (``DocumentEditor/performGroupMove(_:)``) is journaled
/// and named for undo at once and made in the model a slice at a time: once its slices are done
/// the document, its undo step and its saved file are those of the same move performed whole;
/// whatever reads or edits the document between the slices finds the whole move; one undo puts
/// every stroke back; and the journal written at the release rebuilds it after a kill.
final class GroupMoveSlicesTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    let page = PageIndex(0)

    /// An editor on a copy of a small document named `name`, with `count` ink strokes (half of
    /// them without a name of their own), and the strokes as it holds them.
    private func editor(_ name: String, strokes count: Int, threshold: Int?) throws -> (DocumentEditor, [Annotation]) {
        let path = folder.path(name)
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-square-circle-noap.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.deferredWriteThreshold = threshold
        editor.journal = EditJournal(url: folder.url.appendingPathComponent("journal-\(name).jsonl"))
        let first = editor.annotations(on: page).count
        let strokes = (0..<count).map { i -> Annotation in
            let x = 40 + Double(i % 20) * 12, y = 200 + Double(i / 20) * 14
            let points = (0..<16).map { Point(x: x + Double($0) * 0.6, y: y + 3 * sin(Double($0) / 2)) }
            var a = Annotation(id: "p0-n\(String(0x1000 + i, radix: 16))", page: page, subtype: .ink,
                               rect: Rect(x: x - 1, y: y - 4, width: 11, height: 8), borderWidth: 1, geometry: .ink([InkStroke(points: points)]))
            a.uniqueName = i % 2 == 0 ? nil : "stroke-\(i)"
            return a
        }
        try editor.perform(EditRecord("Ink", .insert(strokes.enumerated().map { PlacedAnnotation($1, at: first + $0) })))
        return (editor, strokes.compactMap { editor.annotation($0.id) })
    }

    private func groupMove(of strokes: [Annotation]) -> GroupMove {
        var names: [String: String] = [:]
        for a in strokes where a.uniqueName == nil { names[a.id] = "uuid-" + a.id }
        return GroupMove(name: "Move", page: page, ids: strokes.map(\.id), delta: Vector(dx: 23.51, dy: -17.25),
                         modified: "D:20261203140000Z", names: names)
    }

    func testASlicedGroupMoveLeavesTheDocumentAsTheWholeMoveAndOneUndoRestoresEveryStroke() throws {
        let (sliced, strokes) = try editor("sliced.pdf", strokes: 300, threshold: 24)
        let (whole, same) = try editor("whole.pdf", strokes: 300, threshold: nil)
        XCTAssertEqual(strokes, same)
        let original = sliced.model
        let move = groupMove(of: strokes)

        try sliced.performGroupMove(move)
        // At once: named for undo, and journaled (a kill now loses nothing).
        XCTAssertEqual(sliced.history.undoName, "Move")
        XCTAssertTrue(sliced.hasGroupMoveInProgress, "the model takes the strokes later, in slices")
        let journaled = try XCTUnwrap(sliced.journal?.read())
        XCTAssertEqual(journaled.lines.count, 2, "the strokes and the move")
        XCTAssertEqual(journaled.lines.last?.move?.ids, strokes.map(\.id), "the move's line is written at the release")

        // The shell's slices: a few strokes' objects (or about a hundred strokes in the model) a call.
        var calls = 0
        while sliced.hasPendingWrites {
            try sliced.writePending(atMost: 4)
            calls += 1
            XCTAssertLessThan(calls, 10_000)
        }
        XCTAssertGreaterThan(calls, 2, "made in slices")
        XCTAssertFalse(sliced.hasGroupMoveInProgress)

        let record = try XCTUnwrap(move.record(in: whole))
        try whole.perform(record)
        XCTAssertEqual(sliced.model, whole.model, "the same annotations as the move made whole")
        XCTAssertEqual(sliced.history.undoStack.last, whole.history.undoStack.last, "the same undo step")
        for a in strokes {
            let moved = try XCTUnwrap(sliced.annotation(a.id))
            XCTAssertEqual(moved.rect.minX, a.rect.minX + 23.51, accuracy: 1e-3)
            XCTAssertEqual(moved.uniqueName, a.uniqueName ?? "uuid-" + a.id)
        }

        // The saved files hold the same strokes.
        try sliced.save()
        try whole.save()
        let a = try DocumentEditor.open(path: sliced.path, password: nil).annotations(on: page)
        let b = try DocumentEditor.open(path: whole.path, password: nil).annotations(on: page)
        XCTAssertEqual(a.count, b.count)
        for (x, y) in zip(a, b) {
            XCTAssertEqual(x.id, y.id)
            XCTAssertEqual(x.rect, y.rect)
            XCTAssertEqual(x.geometry, y.geometry)
            XCTAssertEqual(x.uniqueName, y.uniqueName)
        }

        // One undo puts every stroke back.
        try sliced.undo()
        XCTAssertEqual(sliced.model, original, "every stroke where it was")
        XCTAssertEqual(sliced.history.undoName, "Ink")
    }

    func testWhatReadsOrEditsBetweenTheSlicesFindsTheWholeMoveAndTheJournalRebuildsIt() throws {
        let (editor, strokes) = try editor("between.pdf", strokes: 120, threshold: 24)
        let original = editor.model
        let move = groupMove(of: strokes)
        try editor.performGroupMove(move)
        XCTAssertTrue(editor.hasGroupMoveInProgress)
        // A read finds the whole move.
        let last = try XCTUnwrap(editor.annotation(strokes[strokes.count - 1].id))
        XCTAssertEqual(last, move.moved(strokes[strokes.count - 1]))
        XCTAssertFalse(editor.hasGroupMoveInProgress)

        // Undo at once, before a single object was written: every stroke back.
        try editor.performGroupMove(groupMove(of: strokes))
        try editor.undo()
        XCTAssertEqual(editor.model.annotations(on: page).filter { a in strokes.contains { $0.id == a.id } }.map(\.rect),
                       strokes.map { move.moved($0).rect }, "the first move stays, the second is undone")
        try editor.undo()
        XCTAssertEqual(editor.model, original)
        try editor.redo()
        let expected = editor.model
        try editor.finishPendingWrites()

        // The app killed now: the journal rebuilds the document and its history.
        let contents = try XCTUnwrap(editor.journal?.read())
        let restored = try DocumentEditor.open(path: editor.path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.model.annotations(on: page), expected.annotations(on: page))
        XCTAssertEqual(restored.history.undoName, "Move")
        XCTAssertEqual(restored.history.redoName, "Move")
        try restored.undo()
        XCTAssertEqual(restored.model.annotations(on: page), original.annotations(on: page))
    }
}
