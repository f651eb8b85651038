// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Pen and finger input replayed into the real app (X tools cannot fake either), with tools
/// picked over D-Bus as a desktop shell would: palm rejection with the Pen, "Draw with Finger"
/// overriding it, and the pen's eraser end. Judged from the state dump and the saved file.
final class PenAndFingerReplayUITests: XCTestCase {
    /// Page 1 of the sample at fit-width: its lower part (view y 560…680) is empty.
    private let strokeY = 600.0

    private func pen(_ phase: InputPhase, _ x: Double, _ y: Double, _ t: Double, eraser: Bool = false) -> InputEvent {
        InputEvent(kind: .contact(phase), source: eraser ? .eraser : .pen, sequence: InputSequenceID(eraser ? 9 : 7),
                   position: Point(x: x, y: y), time: InputTime(seconds: t), axes: StylusAxes(pressure: 0.6))
    }

    private func finger(_ phase: InputPhase, _ x: Double, _ y: Double, _ t: Double) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(3), position: Point(x: x, y: y),
                   time: InputTime(seconds: t))
    }

    /// A level pen stroke from x 220 to 520 starting at `t`.
    private func penStroke(at t: Double) -> [InputEvent] {
        (0...20).map { (i: Int) -> InputEvent in
            let x: Double = 220 + Double(i) * 15
            return pen(phase(i, of: 20), x, strokeY, t + Double(i) * 0.015)
        }
    }

    private func phase(_ i: Int, of last: Int) -> InputPhase { i == 0 ? .began : (i == last ? .ended : .moved) }

    /// A finger dragged up by 200 px from view y 650 starting at `t`.
    private func fingerDrag(at t: Double) -> [InputEvent] {
        (0...20).map { (i: Int) -> InputEvent in
            let y: Double = 650 - Double(i) * 10
            return finger(phase(i, of: 20), 640, y, t + Double(i) * 0.015)
        }
    }

    private func sample(in session: AppSession, as name: String) throws -> String {
        let path = session.workDir.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }

    /// Launches with `events` to replay (they start once the page is sharp; the first real one
    /// comes seconds later, after `prepare` ran) and returns the first window's state once shown.
    private func launch(_ events: [InputEvent], into path: String, in session: AppSession,
                        prepare: (AppSession) -> Void) throws -> AppSession.Window {
        let recording = session.workDir.appendingPathComponent("input.jsonl")
        try InputRecording(events: [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))] + events).write(to: recording)
        let app = try session.launch(["--replay-input", recording.path, path])
        let shown = try XCTUnwrap(session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true
        }?.windows.first)
        prepare(session)
        return shown
    }

    private func inkCount(in path: String) throws -> Int {
        try SavedPDF(path: path).annotations.filter { $0["/Subtype"] as? String == "/Ink" }.count
    }

    private func save(_ session: AppSession) {
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
    }

    func testWithThePenPickedAFingerAfterAPenScrollsInsteadOfDrawing() throws {
        let session = try AppSession()
        let path = try sample(in: session, as: "palm.pdf")
        let shown = try launch(penStroke(at: 4) + fingerDrag(at: 5), into: path, in: session) { s in
            s.activate("tool", "[<'pen'>]")
            s.waitFor("the Pen is picked") { $0.windows.first?.tool == "pen" }
        }
        let done = try XCTUnwrap(session.waitFor("the pen drew and the finger scrolled") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.undoName == "Ink" && !w.isAnimating
        }?.windows.first)
        XCTAssertEqual(done.annotationEdits, 1, "only the pen drew")
        XCTAssertEqual(done.fingerDraws, false)
        XCTAssertGreaterThan(done.offsetY - shown.offsetY, 100, "the finger scrolled the page up")
        save(session)
        session.quitApps()
        XCTAssertEqual(try inkCount(in: path), 1)
    }

    func testDrawWithFingerLetsTheFingerDrawAfterAPenToo() throws {
        let session = try AppSession()
        let path = try sample(in: session, as: "finger.pdf")
        let shown = try launch(penStroke(at: 4) + fingerDrag(at: 5), into: path, in: session) { s in
            s.activate("tool", "[<'pen'>]")
            s.activate("finger-draws")
            s.waitFor("the Pen is picked and fingers draw") { $0.windows.first.map { $0.tool == "pen" && $0.fingerDraws == true } ?? false }
        }
        let done = try XCTUnwrap(session.waitFor("both drew") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.annotationEdits == 2 && !w.isAnimating
        }?.windows.first)
        XCTAssertEqual(done.offsetY, shown.offsetY, accuracy: 1, "the finger drew instead of scrolling")
        save(session)
        session.quitApps()
        XCTAssertEqual(try inkCount(in: path), 2)
    }

    func testThePensEraserEndErasesTheStrokeItCrossesAndUndoBringsItBack() throws {
        let session = try AppSession()
        let path = try sample(in: session, as: "eraser.pdf")
        // No tool picked: the pen draws at once, its other end erases at once.
        let eraser = (0...10).map { (i: Int) -> InputEvent in
            let y: Double = strokeY - 40 + Double(i) * 8
            return pen(phase(i, of: 10), 370, y, 5 + Double(i) * 0.02, eraser: true)
        }
        _ = try launch(penStroke(at: 4) + eraser, into: path, in: session) { _ in }
        let erased = try XCTUnwrap(session.waitFor("drawn, then erased") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.undoName == "Delete" && w.annotationEdits == 2
        }?.windows.first)
        XCTAssertFalse(erased.annotations.contains { $0.kind == "ink" })
        XCTAssertEqual(erased.tool, "select", "the eraser end leaves no tool picked behind")
        save(session)
        XCTAssertEqual(try inkCount(in: path), 0, "the saved file has no ink")
        session.key("ctrl+z", runs: "undo")
        session.waitFor("Ctrl+Z brings the stroke back") { s in
            s.windows.first.map { w in w.annotations.contains { $0.kind == "ink" } && w.redoName == "Delete" } ?? false
        }
        save(session)
        session.quitApps()
        XCTAssertEqual(try inkCount(in: path), 1)
    }
}
