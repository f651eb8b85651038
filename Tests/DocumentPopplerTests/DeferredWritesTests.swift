// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A large move (a lasso's Move of many strokes) costs the main thread the model's change only:
/// its strokes are written into the file's objects a bounded slice at a time, and whatever
/// reads those objects (a save, a render, another edit) finds every stroke at its new place.
final class DeferredWritesTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    let page = PageIndex(0)
    let slice = 24
    let delta = Vector(dx: 23.5, dy: -17.25)

    /// The editor on a copy of a small document, with `count` ink strokes written into it.
    private func editor(strokes count: Int, threshold: Int?, name: String = "doc.pdf") throws -> (DocumentEditor, [Annotation]) {
        let path = folder.path(name)
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-square-circle-noap.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        editor.deferredWriteThreshold = threshold
        let first = editor.annotations(on: page).count
        let strokes = (0..<count).map { i -> Annotation in
            let x = 40 + Double(i % 20) * 12, y = 200 + Double(i / 20) * 14
            let points = (0..<16).map { Point(x: x + Double($0) * 0.6, y: y + 3 * sin(Double($0) / 2)) }
            return Annotation(id: "p0-n\(String(0x1000 + i, radix: 16))", page: page, subtype: .ink,
                              rect: Rect(x: x - 1, y: y - 4, width: 11, height: 8), borderWidth: 1, geometry: .ink([InkStroke(points: points)]))
        }
        // Written whole: an insertion is never deferred.
        try editor.perform(EditRecord("Ink", .insert(strokes.enumerated().map { PlacedAnnotation($1, at: first + $0) })))
        XCTAssertEqual(editor.pendingWriteCount, 0)
        return (editor, strokes.compactMap { editor.annotation($0.id) })
    }

    private func move(_ editor: DocumentEditor, _ strokes: [Annotation]) throws -> [Annotation] {
        let after = strokes.map { $0.moved(by: delta) }
        try editor.perform(EditRecord("Move", .replace(before: strokes, after: after)))
        return after
    }

    /// The /Rect of every /Ink annotation on page 1 of the saved file, as qpdf reads it, sorted.
    private func savedInkRects(_ path: String) throws -> [[Double]] {
        let qpdf = try XCTUnwrap(ExternalTool.path(of: "qpdf"))
        let file = try QPDFInspection(path: path, qpdf: qpdf)
        var rects: [[Double]] = []
        for entry in file.annotsEntries(ofPage: 0) {
            let ref = entry.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard let d = file.objects[ref] as? [String: Any], d["/Subtype"] as? String == "/Ink",
                  let r = d["/Rect"] as? [Any] else { continue }
            rects.append(r.compactMap { ($0 as? NSNumber)?.doubleValue })
        }
        return rects.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
    }

    private func fileRects(_ list: [Annotation], origin: Point) -> [[Double]] {
        list.map { [$0.rect.minX + origin.x, $0.rect.minY + origin.y, $0.rect.maxX + origin.x, $0.rect.maxY + origin.y] }
            .sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
    }

    private func assertSame(_ a: [[Double]], _ b: [[Double]], _ message: String, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, message, line: line)
        for (r, s) in zip(a, b) {
            for (x, y) in zip(r, s) { XCTAssertEqual(x, y, accuracy: 2e-3, message, line: line) }
        }
    }

    func testALargeMoveIsInTheModelAtOnceAndWrittenInSlicesOfAtMostTheSliceSize() throws {
        try XCTSkipIf(ExternalTool.path(of: "qpdf") == nil, "qpdf is not installed")
        let (editor, strokes) = try editor(strokes: 200, threshold: slice)
        let moved = try move(editor, strokes)
        // The main thread's part: the model, undo and the journal; no stroke's object yet.
        XCTAssertEqual(editor.pendingWriteCount, strokes.count, "every moved stroke waits to be written")
        XCTAssertEqual(moved.compactMap { editor.annotation($0.id) }, moved, "the model has every stroke at its new place")
        XCTAssertEqual(editor.history.undoName, "Move")
        // Then a slice a turn, none larger than asked.
        var slices = 0
        while editor.hasPendingWrites {
            let before = editor.pendingWriteCount
            let left = try editor.writePending(atMost: slice)
            XCTAssertLessThanOrEqual(before - left, slice, "a slice writes at most \(slice) strokes")
            XCTAssertGreaterThan(before - left, 0)
            slices += 1
        }
        XCTAssertEqual(slices, (strokes.count + slice - 1) / slice)
        try editor.save()
        assertSame(try savedInkRects(editor.path), fileRects(moved, origin: editor.cropOrigin(of: page)),
                   "the saved file has every stroke at its new place")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", editor.path]).status, 0)
    }

    func testASaveRightAfterALargeMoveWritesEveryStrokeAtItsNewPlace() throws {
        try XCTSkipIf(ExternalTool.path(of: "qpdf") == nil, "qpdf is not installed")
        let (editor, strokes) = try editor(strokes: 120, threshold: slice)
        let moved = try move(editor, strokes)
        try editor.writePending(atMost: slice)
        XCTAssertEqual(editor.pendingWriteCount, strokes.count - slice)
        // The save finishes the rest before it takes the bytes.
        try editor.save()
        XCTAssertFalse(editor.hasPendingWrites)
        assertSame(try savedInkRects(editor.path), fileRects(moved, origin: editor.cropOrigin(of: page)),
                   "every moved stroke in the save, the unwritten ones too")
        let reopened = try DocumentEditor.open(path: editor.path, password: nil)
        let inks = reopened.annotations(on: page).filter { $0.subtype == .ink }
        assertSame(fileRects(inks, origin: .zero), fileRects(moved, origin: .zero), "poppler reads them there too")
        // The strokes' points moved with their rectangles.
        func firstPoint(_ a: Annotation) -> Point? {
            guard case .ink(let lists) = a.geometry else { return nil }
            return lists.first?.points.first
        }
        let savedFirsts = inks.compactMap(firstPoint)
        for a in moved {
            let want = try XCTUnwrap(firstPoint(a))
            XCTAssertLessThan(savedFirsts.map { $0.distance(to: want) }.min() ?? .infinity, 2e-3, "a saved stroke starts at \(want)")
        }
    }

    func testAnUndoBeforeTheSlicesAreWrittenIsImmediateAndTheSaveHasTheStrokesBack() throws {
        try XCTSkipIf(ExternalTool.path(of: "qpdf") == nil, "qpdf is not installed")
        let (editor, strokes) = try editor(strokes: 100, threshold: slice)
        _ = try move(editor, strokes)
        try editor.undo()
        XCTAssertEqual(strokes.compactMap { editor.annotation($0.id) }, strokes, "undo puts every stroke back at once")
        XCTAssertEqual(editor.pendingWriteCount, strokes.count, "each stroke waits once, written as the model has it")
        try editor.redo()
        try editor.undo()
        XCTAssertEqual(editor.pendingWriteCount, strokes.count)
        try editor.save()
        assertSame(try savedInkRects(editor.path), fileRects(strokes, origin: editor.cropOrigin(of: page)),
                   "the save has the strokes where the undo put them")
    }

    func testAnotherEditOrARenderWritesWhatIsLeftFirst() throws {
        let (editor, strokes) = try editor(strokes: 60, threshold: slice)
        _ = try move(editor, strokes)
        try editor.writePending(atMost: 10)
        try editor.perform(EditRecord("Delete", .remove(editor.model.removal(of: [strokes[0].id]))))
        XCTAssertFalse(editor.hasPendingWrites, "an edit that is not a large move finds every object written")
        _ = try move(editor, Array(strokes.dropFirst()).compactMap { editor.annotation($0.id) })
        XCTAssertEqual(editor.pendingWriteCount, strokes.count - 1)
        _ = try editor.rendered()
        XCTAssertFalse(editor.hasPendingWrites, "a render of the edits finds every object written")
    }

    func testSmallMovesAndEditorsWithoutAThresholdWriteAtOnce() throws {
        let (editor, strokes) = try editor(strokes: 30, threshold: slice)
        _ = try move(editor, Array(strokes.prefix(slice - 1)))
        XCTAssertFalse(editor.hasPendingWrites, "a move of fewer than the threshold is written whole")
        let (plain, more) = try self.editor(strokes: 40, threshold: nil, name: "plain.pdf")
        _ = try move(plain, more)
        XCTAssertFalse(plain.hasPendingWrites, "no threshold, nothing deferred")
    }
}
