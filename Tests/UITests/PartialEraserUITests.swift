// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// The pen's eraser end set (in the recording's settings) to erase parts of strokes: replayed
/// across the middle of a stroke the pen just drew, it leaves two /Ink annotations made of the
/// stroke's points outside the eraser, in one undoable step; undo gives the one stroke back.
final class PartialEraserUITests: XCTestCase {
    /// Every /InkList point of page 1's /Ink annotations, per annotation, as qpdf reads the file.
    private func inkPoints(_ path: String) throws -> [[Point]] {
        try SavedPDF(path: path).annotations.filter { $0["/Subtype"] as? String == "/Ink" }.map { ink in
            let list = try XCTUnwrap(ink["/InkList"] as? [[Any]], "an /InkList")
            XCTAssertEqual(list.count, 1, "one stroke")
            let numbers = list[0].compactMap { ($0 as? NSNumber)?.doubleValue }
            return stride(from: 0, to: numbers.count - 1, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
        }
    }

    func testAnEraserEndAcrossAStrokeLeavesTwoInksOfItsPointsOutsideTheEraser() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("erase.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        // A level pen stroke across page 1's empty lower part, then the eraser end down across
        // its middle. The stroke is in the document the moment it lifts, so the eraser finds it
        // whether or not the page has been drawn with it yet.
        var settings = InputSettings()
        settings.defaultPen.eraserEnd = .eraseParts
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        for i in 0...40 {
            let phase: InputPhase = i == 0 ? .began : (i == 40 ? .ended : .moved)
            events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: Point(x: 200 + Double(i) * 12, y: 650),
                                     time: InputTime(seconds: 1 + Double(i) * 0.01), axes: StylusAxes(pressure: 0.2 + 0.6 * Double(i) / 40)))
        }
        for i in 0...10 {
            let phase: InputPhase = i == 0 ? .began : (i == 10 ? .ended : .moved)
            events.append(InputEvent(kind: .contact(phase), source: .eraser, sequence: .pointer, position: Point(x: 443, y: 610 + Double(i) * 8),
                                     time: InputTime(seconds: 1.8 + Double(i) * 0.01), axes: StylusAxes(pressure: 0.6)))
        }
        let recording = session.workDir.appendingPathComponent("erase.jsonl")
        let metadata = ["inputSettings": String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)]
        try InputRecording(header: InputRecordingHeader(metadata: metadata), events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        let erased = try XCTUnwrap(session.waitFor("the eraser cut the stroke in one step") { s in
            s.windows.first.map { w in w.replayFinished && w.undoName == "Erase" && w.annotations.filter { $0.kind == "ink" }.count == 2 } ?? false
        }?.windows.first, "annotations: \(session.state()?.windows.first?.annotations.map(\.kind) ?? [])")
        XCTAssertEqual(erased.annotationEdits, 2, "the stroke, then one step for the whole eraser contact")

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        let cut = session.workDir.appendingPathComponent("cut.pdf").path
        try FileManager.default.copyItem(atPath: path, toPath: cut)

        // Undo: the one stroke again, saved.
        session.key("ctrl+z", runs: "undo")
        let undone = session.waitFor("undo gave the stroke back") { s in
            s.windows.first.map { w in w.undoName == "Ink" && w.annotations.filter { $0.kind == "ink" }.count == 1 } ?? false
        }
        XCTAssertNotNil(undone)
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved again") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()

        let cutBytes = try Data(contentsOf: URL(fileURLWithPath: cut))
        XCTAssertEqual(cutBytes.prefix(original.count), original, "an incremental update")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", cut]).status, 0)
        let stroke = try XCTUnwrap(try inkPoints(path).first, "the stroke, back after undo")
        XCTAssertEqual(try inkPoints(path).count, 1)
        let pieces = try inkPoints(cut).sorted { $0[0].x < $1[0].x }
        XCTAssertEqual(pieces.count, 2, "two /Ink annotations")
        guard pieces.count == 2 else { return }
        let left = pieces[0], right = pieces[1]
        let from = try XCTUnwrap(left.last).x, to = try XCTUnwrap(right.first).x
        // The eraser took a short stretch from the middle: a few points wide, no more.
        XCTAssertGreaterThan(to, from)
        XCTAssertLessThan(to - from, 30)
        // Each piece is the stroke's own points on its side of the eraser, then (or after) the cut.
        func same(_ a: [Point], _ b: [Point]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-3 && abs($0.y - $1.y) < 1e-3 }
        }
        XCTAssertTrue(same(Array(left.dropLast()), stroke.filter { $0.x < from }), "left: \(left) of \(stroke)")
        XCTAssertTrue(same(Array(right.dropFirst()), stroke.filter { $0.x > to }), "right: \(right) of \(stroke)")
        XCTAssertGreaterThan(stroke.filter { $0.x > from && $0.x < to }.count, 0, "some of the stroke's points were erased")
    }
}
