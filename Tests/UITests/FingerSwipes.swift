// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Replayed finger swipes for the drawer tests (DrawerUITests, DrawerEdgeUITests).
enum FingerSwipes {
    /// A finger from `a` to `b` in twelve moves from `t`, resting a moment before it lifts (so
    /// that nothing is flung: where it lets go decides).
    static func swipe(_ id: UInt64, from a: Point, to b: Point, at t: Double) -> [InputEvent] {
        func finger(_ phase: InputPhase, _ p: Point, _ time: Double) -> InputEvent {
            InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: p,
                       time: InputTime(seconds: time))
        }
        var events = [finger(.began, a, t)]
        for i in 1...12 {
            let f = Double(i) / 12
            events.append(finger(.moved, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), t + 0.03 * Double(i)))
        }
        events.append(finger(.ended, b, t + 0.03 * 12 + 0.3))
        return events
    }

    /// Three swipes of the same shape (more across than up, `across` along the edge's inward
    /// direction), for a page view whose drawer is `width` wide and whose pulling edge is at x
    /// `edge` (`inward` +1 from the left edge, -1 from the right): from the edge past halfway;
    /// back on the drawer to well under halfway; then from 300 px in. The pointer enters first.
    static func openCloseAndScroll(edge: Double, inward: Double, width: Double, across: Double, up: Double) -> [InputEvent] {
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        let x = { (fromEdge: Double) in edge + inward * fromEdge }
        events += swipe(1, from: Point(x: x(4), y: 500), to: Point(x: x(4 + across), y: 500 - up), at: 1)
        events += swipe(2, from: Point(x: x(width - 20), y: 400), to: Point(x: x(20), y: 400), at: 3)
        events += swipe(3, from: Point(x: x(300), y: 500), to: Point(x: x(300 + across), y: 500 - up), at: 5)
        return events
    }
}

extension AppSession {
    /// Replays `events` into `document` and checks what DrawerUITests and DrawerEdgeUITests both
    /// prove: the first swipe opened the drawer (counted as it settled, so that a loaded machine
    /// that reads the dump late still sees it), and once the replay is done the drawer is shut
    /// and the page scrolled by the last swipe only (about its travel `up`) from `before`.
    func replayDrawerSwipes(_ events: [InputEvent], into document: String, before: AppSession.Window, up: Double,
                            environment: [String: String] = [:], name: String = "drawer.jsonl",
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let recording = workDir.appendingPathComponent(name)
        try InputRecording(events: events).write(to: recording)
        try launch(["--replay-input", recording.path, document], environment: environment)
        let opened = try XCTUnwrap(waitFor("the edge swipe opened the drawer", file: file, line: line) { s in
            (s.windows.first?.drawer?.timesOpened ?? 0) >= 1
        }?.windows.first, file: file, line: line)
        XCTAssertEqual(opened.drawer?.timesOpened, 1, file: file, line: line)
        let after = try XCTUnwrap(waitFor("replay finished, the drawer closed and the page scrolled", file: file, line: line) { s in
            s.windows.first.map { w in
                w.replayFinished && !w.isAnimating && w.drawer?.open == false && w.drawer?.progress == 0
                    && w.offsetY > before.offsetY + up / 2
            } ?? false
        }?.windows.first, file: file, line: line)
        XCTAssertEqual(after.drawer?.timesOpened, 1, "opened by the edge swipe only, not by the swipe further in", file: file, line: line)
        // The edge swipe moved the drawer, not the page: only the last swipe scrolled, by about
        // its own travel up (less the distance a pan takes to begin).
        XCTAssertEqual(after.offsetY - before.offsetY, up, accuracy: 30, "scrolled once, by the third swipe", file: file, line: line)
        quitApps()
    }
}
