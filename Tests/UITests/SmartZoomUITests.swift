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
        let probe = try session.probe(sample)

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
        let zoomedIn = try session.replay(Array(events.prefix(5)), into: sample, name: "in.jsonl")
        XCTAssertEqual(zoomedIn.zoomMode, "free")
        XCTAssertGreaterThan(zoomedIn.zoom, probe.zoom * 1.1, "the column fills the view")
        let zoomedOut = try session.replay(events, into: sample, name: "inout.jsonl")
        XCTAssertLessThan(zoomedOut.zoom, zoomedIn.zoom * 0.95, "the second double tap zooms back out")
    }
}
