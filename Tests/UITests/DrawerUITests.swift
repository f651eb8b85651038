// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// The sidebar as a drawer, driven by replayed fingers into the real app: a swipe from the page
/// view's left edge (the window's, with the sidebar hidden) opens the drawer, a swipe back on it
/// closes it, and the same swipe begun further in scrolls the page. Judged from the state dump
/// (`drawer`, and the view's offset).
final class DrawerUITests: XCTestCase {
    /// A finger from `a` to `b` in twelve moves from `t`, resting a moment before it lifts (so
    /// that nothing is flung: where it lets go decides).
    private func swipe(_ id: UInt64, from a: Point, to b: Point, at t: Double) -> [InputEvent] {
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

    func testAFingerSwipeFromTheLeftEdgeOpensTheDrawerASwipeBackClosesItAndOneFurtherInScrolls() throws {
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let before = try session.probe(sample) { $0.drawer?.available == true }
        let width = try XCTUnwrap(before.drawer?.width)
        // The same shape each time: more across than up. From the edge it pulls the drawer out
        // past halfway; then back on the drawer to well under halfway; then from 300 px in.
        let across = max(width * 0.75, 200), up = across * 0.8
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        events += swipe(1, from: Point(x: 4, y: 500), to: Point(x: 4 + across, y: 500 - up), at: 1)
        events += swipe(2, from: Point(x: width - 20, y: 400), to: Point(x: 20, y: 400), at: 3)
        events += swipe(3, from: Point(x: 300, y: 500), to: Point(x: 300 + across, y: 500 - up), at: 5)
        let recording = session.workDir.appendingPathComponent("drawer.jsonl")
        try InputRecording(events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, sample])
        // Counted as it settles, so a loaded machine that reads the dump late still sees it.
        let opened = try XCTUnwrap(session.waitFor("the edge swipe opened the drawer") { s in
            (s.windows.first?.drawer?.timesOpened ?? 0) >= 1
        }?.windows.first)
        XCTAssertEqual(opened.drawer?.timesOpened, 1)
        let after = try XCTUnwrap(session.waitFor("replay finished, the drawer closed and the page scrolled") { s in
            s.windows.first.map { w in
                w.replayFinished && !w.isAnimating && w.drawer?.open == false && w.drawer?.progress == 0
                    && w.offsetY > before.offsetY + up / 2
            } ?? false
        }?.windows.first)
        XCTAssertEqual(after.drawer?.timesOpened, 1, "opened by the edge swipe only, not by the swipe further in")
        // The edge swipe moved the drawer, not the page: only the last swipe scrolled, by about
        // its own travel up (less the distance a pan takes to begin).
        XCTAssertEqual(after.offsetY - before.offsetY, up, accuracy: 30, "scrolled once, by the third swipe")
        session.quitApps()
    }
}
