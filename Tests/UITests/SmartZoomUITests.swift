// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Smart zoom: a double tap on a text column zooms it to the view's width; another double tap
/// zooms back out to the page.
final class SmartZoomUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    func testADoubleTapZoomsToTheTextColumnAndASecondOneZoomsBackOut() throws {
        let session = try AppSession()
        try session.launch([sample])
        let probe = try XCTUnwrap(session.waitFor("sample shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        for app in session.apps { app.terminate(); app.waitUntilExit() }
        try? FileManager.default.removeItem(at: session.stateFile)

        let page = try XCTUnwrap(probe.visiblePages.first { $0.page == 1 })
        // A point in page 1's first paragraph (data/README.md: text starts at x 36 pt).
        let p = Point(x: page.x + 150 * probe.zoom, y: page.y + 182 * probe.zoom)
        func tap(_ id: UInt64, at t: Double) -> [InputEvent] {
            [InputEvent(kind: .contact(.began), source: .touchscreen, sequence: InputSequenceID(id), position: p, time: InputTime(seconds: t)),
             InputEvent(kind: .contact(.ended), source: .touchscreen, sequence: InputSequenceID(id), position: p, time: InputTime(seconds: t + 0.05))]
        }
        let events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
            + tap(1, at: 1.0) + tap(2, at: 1.15)   // double tap: zoom in
            + tap(3, at: 2.5) + tap(4, at: 2.65)   // double tap again: back out
        // Two runs: one stops after the first double tap, one replays both.
        func run(_ events: [InputEvent], _ name: String) throws -> AppSession.Window {
            let file = session.workDir.appendingPathComponent(name)
            try InputRecording(events: events).write(to: file)
            try session.launch(["--replay-input", file.path, sample])
            let w = try XCTUnwrap(session.waitFor("replay \(name) finished") { s in
                s.windows.first.map { $0.replayFinished && !$0.isAnimating } ?? false
            }?.windows.first)
            for app in session.apps where app.isRunning { app.terminate(); app.waitUntilExit() }
            try? FileManager.default.removeItem(at: session.stateFile)
            return w
        }
        let zoomedIn = try run(Array(events.prefix(5)), "in.jsonl")
        XCTAssertEqual(zoomedIn.zoomMode, "free")
        XCTAssertGreaterThan(zoomedIn.zoom, probe.zoom * 1.1, "the column fills the view")
        let zoomedOut = try run(events, "inout.jsonl")
        XCTAssertLessThan(zoomedOut.zoom, zoomedIn.zoom * 0.95, "the second double tap zooms back out")
    }
}
