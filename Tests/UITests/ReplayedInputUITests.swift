// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Touch and touchpad input, which X tools cannot synthesise, replayed into the real app with
/// `--replay-input` through the same entry point as live GTK events.
final class ReplayedInputUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    private func replay(_ events: [InputEvent], in session: AppSession) throws -> (before: AppSession.Window, after: AppSession.Window) {
        let file = session.workDir.appendingPathComponent("input.jsonl")
        // A neutral marker event half a second ahead of the gesture: the state dumped after it
        // is the state before the gesture.
        let first = events.map(\.time).min() ?? .zero
        let marker = InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: first.seconds - 0.5))
        try InputRecording(events: [marker] + events).write(to: file)
        try session.launch(["--replay-input", file.path, sample])
        let before = try XCTUnwrap(session.waitFor("replay started") { s in
            guard let w = s.windows.first else { return false }
            return w.content == "document" && w.handledInputEvents == 1
        }?.windows.first)
        let after = try XCTUnwrap(session.waitFor("replay finished and settled") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && !w.isAnimating
        }?.windows.first)
        return (before, after)
    }

    private func touch(_ phase: InputPhase, _ id: UInt64, _ x: Double, _ y: Double, _ t: Double) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: Point(x: x, y: y), time: InputTime(seconds: t))
    }

    func testOneFingerFlingScrollsFurtherThanTheFingerMoved() throws {
        let session = try AppSession()
        // A quick upward flick of 300 px in 100 ms, then the finger lifts.
        var events = [touch(.began, 1, 500, 600, 1.0)]
        for i in 1...10 { events.append(touch(.moved, 1, 500, 600 - Double(i) * 30, 1.0 + Double(i) * 0.01)) }
        events.append(touch(.ended, 1, 500, 300, 1.105))
        let (before, after) = try replay(events, in: session)
        XCTAssertEqual(before.offsetY, 0)
        XCTAssertGreaterThan(after.offsetY, 300 + 100, "momentum should carry the view beyond the finger's 300 px")
        XCTAssertEqual(after.handledInputEvents, events.count + 1)
    }

    func testTwoFingerPinchZoomsAboutTheFingers() throws {
        let session = try AppSession()
        // Fingers 100 px apart spread to 200 px around (500, 300).
        var events = [touch(.began, 1, 450, 300, 1.0), touch(.began, 2, 550, 300, 1.0)]
        for i in 1...10 {
            let half = 50 + Double(i) * 5
            events.append(touch(.moved, 1, 500 - half, 300, 1.0 + Double(i) * 0.02))
            events.append(touch(.moved, 2, 500 + half, 300, 1.0 + Double(i) * 0.02 + 0.001))
        }
        events.append(touch(.ended, 1, 400, 300, 1.3))
        events.append(touch(.ended, 2, 600, 300, 1.3))
        let (before, after) = try replay(events, in: session)
        XCTAssertEqual(after.zoom / before.zoom, 2, accuracy: 0.05)
        XCTAssertEqual(after.zoomMode, "free")
        // The document point that was under the fingers' midpoint is still under it.
        let page = try XCTUnwrap(before.visiblePages.first)
        let pagePointX = (500 - page.x) / before.zoom, pagePointY = (300 - page.y) / before.zoom
        let pageAfter = try XCTUnwrap(after.visiblePages.first { $0.page == page.page })
        XCTAssertEqual(pageAfter.x + pagePointX * after.zoom, 500, accuracy: 2)
        XCTAssertEqual(pageAfter.y + pagePointY * after.zoom, 300, accuracy: 2)
    }

    func testTouchpadPinchZoomsByItsScale() throws {
        let session = try AppSession()
        func pinch(_ phase: InputPhase, _ scale: Double, _ t: Double) -> InputEvent {
            InputEvent(kind: .touchpadPinch(phase, scale: scale, angleDelta: 0, fingers: 2), source: .touchpad,
                       position: Point(x: 400, y: 300), time: InputTime(seconds: t))
        }
        let events = [pinch(.began, 1, 1), pinch(.moved, 1.2, 1.02), pinch(.moved, 1.5, 1.04), pinch(.ended, 1.5, 1.06)]
        let (before, after) = try replay(events, in: session)
        XCTAssertEqual(after.zoom / before.zoom, 1.5, accuracy: 0.01)
    }
}

/// What `--record-input` writes, `--replay-input` plays back to the same result.
final class RecordAndReplayUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    func testARecordedSessionReplaysToTheSameView() throws {
        let session = try AppSession()
        let recording = session.workDir.appendingPathComponent("session.jsonl")
        try session.launch(["--record-input", recording.path, sample])
        let state = try XCTUnwrap(session.waitFor("sample shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        })
        let w = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + w.viewWidth / 2))", "\(Int(origin.y + w.canvasY + w.viewHeight / 2))")
        session.xdotool("click", "1")
        session.xdotool("key", "Page_Down")
        session.xdotool("key", "Page_Down")
        // A screenful is the view's height less 48 px (PdfCanvas.apply(.scrollScreens)).
        let twoScreens = 2 * (w.viewHeight - 48)
        let paged = try XCTUnwrap(session.waitFor("paged down twice") { ($0.windows.first?.offsetY ?? 0) >= twoScreens - 0.5 }?.windows.first)
        session.xdotool("click", "5")
        // The wheel detent is the last input: once it shows, everything was handled (and recorded).
        let live = try XCTUnwrap(session.waitFor("one wheel detent further") { s in
            (s.windows.first?.offsetY ?? 0) > paged.offsetY + 1
        }?.windows.first)
        for app in session.apps { app.terminate(); app.waitUntilExit() }
        try? FileManager.default.removeItem(at: session.stateFile)

        let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
        XCTAssertTrue(lines.first?.contains("\"pdf-annotator-input\"") == true, "versioned header first")
        let replayed = try XCTUnwrap(InputRecording(contentsOf: recording).events)
        XCTAssertGreaterThanOrEqual(replayed.count, 4)

        try session.launch(["--replay-input", recording.path, sample])
        let after = try XCTUnwrap(session.waitFor("replay finished") { s in
            s.windows.first.map { $0.replayFinished && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(after.offsetY, live.offsetY, accuracy: 0.5)
        XCTAssertEqual(after.currentPage, live.currentPage)
    }
}
