// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import StateSnapshot
import InteractionEngine
import XCTest

/// Finger and pen input replayed into the real app while an annotation is selected (X tools
/// cannot fake either): a swipe scrolls and keeps the selection, from empty space or from
/// another annotation; a hold lifts the selection and, lifted in place, opens its menu; a pen
/// drag on the selected square moves it, and the saved /Rect says so (judged with qpdf).
final class SelectionTouchReplayUITests: XCTestCase {
    /// Three A5 pages; page 1 has two squares another program drew: A high on the page, B low.
    static func document() -> Data {
        let page = "0.95 g 40 40 340 515 re f"
        let look = "0 0 1 RG 3 w 2 2 136 96 re S"
        return HandWrittenPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R 9 0 R 10 0 R] /Count 3 >>",
            "<< /Length \(page.utf8.count) >>\nstream\n\(page)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R /Annots [5 0 R 7 0 R] >>",
            "<< /Type /Annot /Subtype /Square /NM (A) /Rect [60 400 200 500] /C [0 0 1] /F 4 /AP << /N 6 0 R >> >>",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 140 100] /Length \(look.utf8.count) >>\nstream\n\(look)\nendstream",
            "<< /Type /Annot /Subtype /Square /NM (B) /Rect [220 150 360 250] /C [0 0 1] /F 4 /AP << /N 8 0 R >> >>",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 140 100] /Length \(look.utf8.count) >>\nstream\n\(look)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R >>",
        ])
    }

    private struct Layout {
        var a: Rect, b: Rect, page: Rect
        var empty: Point { Point(x: page.minX + page.width * 0.85, y: (a.maxY + b.minY) / 2) }
    }

    private func finger(_ phase: InputPhase, _ p: Point, _ t: Double, _ id: UInt64 = 3) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: p, time: InputTime(seconds: t))
    }

    private func pen(_ phase: InputPhase, _ p: Point, _ t: Double) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(7), position: p, time: InputTime(seconds: t),
                   axes: StylusAxes(pressure: 0.6))
    }

    private func tap(_ p: Point, at t: Double) -> [InputEvent] {
        [finger(.began, p, t), finger(.ended, p, t + 0.05)]
    }

    /// A contact from `a` by `by` in twenty steps 15 ms apart, starting at `t`.
    private func drag(_ make: (InputPhase, Point, Double) -> InputEvent, from a: Point, by: Vector, at t: Double) -> [InputEvent] {
        (0...20).map { i in
            let phase: InputPhase = i == 0 ? .began : (i == 20 ? .ended : .moved)
            return make(phase, a + by * (Double(i) / 20), t + Double(i) * 0.015)
        }
    }

    private func rect(_ a: AnnotationSnapshot) -> Rect { Rect(x: a.x, y: a.y, width: a.width, height: a.height) }

    /// Where the squares show at the window's first view (the same in every launch).
    private func layout(of path: String) throws -> Layout {
        let session = try AppSession()
        _ = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("both squares shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.annotations.filter { $0.kind == "square" }.count == 2 } ?? false
        }?.windows.first)
        session.quitApps()
        let squares = shown.annotations.filter { $0.kind == "square" }.sorted { $0.y < $1.y }
        let page = try XCTUnwrap(shown.visiblePages.first { $0.page == 1 })
        return Layout(a: rect(squares[0]), b: rect(squares[1]), page: Rect(x: page.x, y: page.y, width: page.width, height: page.height))
    }

    private func document(in session: AppSession, _ name: String) throws -> String {
        let path = session.workDir.appendingPathComponent(name).path
        try Self.document().write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Launches with `events` replayed once the page is sharp; the first window's state once shown.
    private func launch(_ events: [InputEvent], _ path: String, _ session: AppSession) throws -> AppSession.Window {
        let recording = session.workDir.appendingPathComponent("input.jsonl")
        try InputRecording(events: [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))] + events).write(to: recording)
        let app = try session.launch(["--replay-input", recording.path, path])
        return try XCTUnwrap(session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable
        }?.windows.first)
    }

    private func selectedID(_ w: AppSession.Window) -> String? {
        w.selectedAnnotation
    }

    func testWithASelectionASwipeFromEmptySpaceScrollsAndKeepsIt() throws {
        let session = try AppSession()
        let path = try document(in: session, "swipe.pdf")
        let at = try layout(of: path)
        let events = tap(at.a.center, at: 4) + drag({ self.finger($0, $1, $2) }, from: at.empty, by: Vector(dx: 0, dy: -200), at: 5)
        let shown = try launch(events, path, session)
        let done = try XCTUnwrap(session.waitFor("tapped, then swiped") { s in
            s.windows.first.map { $0.replayFinished && !$0.isAnimating } ?? false
        }?.windows.first)
        let a = try XCTUnwrap(shown.annotations.first { rect($0) == at.a }?.id)
        XCTAssertEqual(selectedID(done), a, "the swipe kept the selection")
        XCTAssertGreaterThan(done.offsetY - shown.offsetY, 100, "the swipe scrolled")
        XCTAssertEqual(done.annotationEdits, 0, "nothing moved")
    }

    func testWithASelectionASwipeFromAnotherAnnotationScrollsAndMovesNothing() throws {
        let session = try AppSession()
        let path = try document(in: session, "swipe-b.pdf")
        let at = try layout(of: path)
        let events = tap(at.a.center, at: 4) + drag({ self.finger($0, $1, $2) }, from: at.b.center, by: Vector(dx: 0, dy: -200), at: 5)
        let shown = try launch(events, path, session)
        let done = try XCTUnwrap(session.waitFor("tapped, then swiped") { s in
            s.windows.first.map { $0.replayFinished && !$0.isAnimating } ?? false
        }?.windows.first)
        let a = try XCTUnwrap(shown.annotations.first { rect($0) == at.a }?.id)
        XCTAssertEqual(selectedID(done), a, "B was not selected")
        XCTAssertGreaterThan(done.offsetY - shown.offsetY, 100, "the swipe scrolled")
        XCTAssertEqual(done.annotationEdits, 0, "nothing moved")
        XCTAssertNil(done.undoName)
    }

    func testAHoldOnTheSelectionLiftsItAndLiftedInPlaceOpensItsMenu() throws {
        let session = try AppSession()
        let path = try document(in: session, "hold.pdf")
        let at = try layout(of: path)
        let events = tap(at.a.center, at: 4) + [finger(.began, at.a.center, 5), finger(.ended, at.a.center, 6)]
        let shown = try launch(events, path, session)
        let done = try XCTUnwrap(session.waitFor("held, and its menu open") { s in
            s.windows.first.map { $0.replayFinished && $0.contextMenu != nil } ?? false
        }?.windows.first)
        let a = try XCTUnwrap(shown.annotations.first { rect($0) == at.a }?.id)
        XCTAssertEqual(selectedID(done), a)
        XCTAssertTrue(done.contextMenu?.contains { $0.contains("Delete") } == true, "the annotation's menu: \(done.contextMenu ?? [])")
        XCTAssertEqual(done.annotationEdits, 0, "the hold moved nothing")
        XCTAssertNil(done.liftedAnnotation, "let down when the finger lifted")
    }

    func testAPenDragOnTheSelectedSquareMovesItAndTheSavedRectSaysSo() throws {
        let session = try AppSession()
        let path = try document(in: session, "pen-move.pdf")
        let at = try layout(of: path)
        let shift = Vector(dx: 60, dy: 40)
        let events = tap(at.a.center, at: 4) + drag(pen, from: at.a.center, by: shift, at: 5)
        let shown = try launch(events, path, session)
        let done = try XCTUnwrap(session.waitFor("moved by the pen") { s in
            s.windows.first.map { $0.replayFinished && $0.annotationEdits == 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(done.undoName, "Move", "the pen moved it rather than drawing")
        XCTAssertTrue(done.penDrawsAtOnce)
        let a = try XCTUnwrap(shown.annotations.first { rect($0) == at.a }?.id)
        let moved = try XCTUnwrap(done.annotations.first { $0.id == a })
        XCTAssertEqual(moved.x - at.a.minX, shift.dx, accuracy: 1)
        XCTAssertEqual(moved.y - at.a.minY, shift.dy, accuracy: 1)
        session.key("ctrl+s", runs: "save")
        _ = try XCTUnwrap(session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false })
        session.quitApps()
        let saved = try SavedPDF(path: path)
        let square = try XCTUnwrap(saved.annotations(onPage: 0).first { ($0["/NM"] as? String) == "u:A" || ($0["/NM"] as? String) == "A" },
                                   "square A in page 1's /Annots: \(saved.annotations(onPage: 0))")
        let r = try XCTUnwrap((square["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        let scale = at.page.width / 420
        XCTAssertEqual(r[0], 60 + shift.dx / scale, accuracy: 1, "/Rect moved right by the drag: \(r)")
        XCTAssertEqual(r[3], 500 - shift.dy / scale, accuracy: 1, "and down: \(r)")
        XCTAssertEqual(saved.annotations(onPage: 0).filter { ($0["/Subtype"] as? String) == "/Ink" }.count, 0, "no ink")
        let check = try ExternalTools.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, String(decoding: check.output, as: UTF8.self))
    }
}
