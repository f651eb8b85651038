// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Text selection through the engine: a replayed long press then drag with a finger.
final class TextSelectionUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    func testALongPressThenDragSelectsTheWordsUnderTheFinger() throws {
        let session = try AppSession()
        let probe = try session.probe(sample)

        // data/README.md: page 1's title block (x 36–288, y 36–100 pt) reads "Page 1".
        let page = try XCTUnwrap(probe.visiblePages.first { $0.page == 1 })
        func view(_ x: Double, _ y: Double) -> Point { Point(x: page.x + x * probe.zoom, y: page.y + y * probe.zoom) }
        func touch(_ phase: InputPhase, _ p: Point, _ t: Double) -> InputEvent {
            InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(9), position: p, time: InputTime(seconds: t))
        }
        let start = view(58, 70), end = view(180, 70)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)), touch(.began, start, 1.0)]
        // Hold still for a second (a long press), then drag to the end of the title.
        events.append(touch(.moved, start, 1.9))
        for i in 1...10 {
            let f = Double(i) / 10
            events.append(touch(.moved, Point(x: start.x + (end.x - start.x) * f, y: start.y), 2.0 + f * 0.3))
        }
        events.append(touch(.ended, end, 2.4))
        let after = try session.replay(events, into: sample)
        let text = try XCTUnwrap(after.selectedText, "a selection exists")
        XCTAssertTrue(text.contains("age 1") || text.contains("Page 1"), "selected: \(text)")
        XCTAssertEqual(after.offsetY, probe.offsetY, "the drag selected text instead of scrolling")
    }
}
