// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// The sidebar drawer's edges in the real app, driven by replayed fingers: under a right-to-left
/// interface (Hebrew: GTK's text direction) it comes from the page view's right edge, a swipe
/// back rightwards closes it and the same swipe begun further in scrolls the page; Escape closes
/// an open drawer and gives the keyboard back to the page. Judged from the state dump (`drawer`,
/// `textDirection`, `focusRegion` and the view's offset).
final class DrawerEdgeUITests: XCTestCase {
    private let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
    private let hebrew = ["LANGUAGE": "he", "LANG": "he_IL.UTF-8", "LC_ALL": "he_IL.UTF-8"]

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

    /// The window once its drawer can be pulled, opened with `environment`; the app is quit.
    private func probe(_ session: AppSession, environment: [String: String]) throws -> AppSession.Window {
        try session.launch([sample], environment: environment)
        let window = try XCTUnwrap(session.waitFor("the document shown, a drawer available") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.drawer?.available == true } ?? false
        }?.windows.first)
        session.quitApps()
        return window
    }

    func testUnderARightToLeftInterfaceTheDrawerComesFromTheRightEdgeAndASwipeFurtherInScrolls() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/locale/he/LC_MESSAGES/gtk40.mo") else {
            throw XCTSkip("GTK's Hebrew catalog (which tells GTK the language is right-to-left) is not installed")
        }
        let session = try AppSession()
        let before = try probe(session, environment: hebrew)
        XCTAssertEqual(before.textDirection, "rtl")
        let width = try XCTUnwrap(before.drawer?.width), right = before.viewWidth
        // The mirror of the left-to-right swipes: from the right edge leftwards past halfway;
        // back rightwards on the drawer; then from 300 px in from the right.
        let across = max(width * 0.75, 200), up = across * 0.8
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        events += swipe(1, from: Point(x: right - 4, y: 500), to: Point(x: right - 4 - across, y: 500 - up), at: 1)
        events += swipe(2, from: Point(x: right - width + 20, y: 400), to: Point(x: right - 20, y: 400), at: 3)
        events += swipe(3, from: Point(x: right - 300, y: 500), to: Point(x: right - 300 - across, y: 500 - up), at: 5)
        let recording = session.workDir.appendingPathComponent("drawer-rtl.jsonl")
        try InputRecording(events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, sample], environment: hebrew)
        let opened = try XCTUnwrap(session.waitFor("the swipe from the right edge opened the drawer") { s in
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
        XCTAssertEqual(after.offsetY - before.offsetY, up, accuracy: 30, "scrolled once, by the third swipe")
        session.quitApps()
    }

    func testEscapeClosesTheOpenDrawerAndGivesTheKeyboardBackToThePage() throws {
        try AppSession.skipUnderWayland("presses Shift+F6 and Escape with xdotool")
        let session = try AppSession()
        let before = try probe(session, environment: [:])
        let width = try XCTUnwrap(before.drawer?.width)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        events += swipe(1, from: Point(x: 4, y: 500), to: Point(x: 4 + max(width * 0.75, 200), y: 480), at: 1)
        let recording = session.workDir.appendingPathComponent("drawer-open.jsonl")
        try InputRecording(events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, sample])
        session.waitFor("the drawer open and still, the page with the keyboard") { s in
            s.windows.first.map { w in
                w.replayFinished && w.drawer?.open == true && w.drawer?.progress == 1 && w.focusRegion == "page"
            } ?? false
        }
        // The keyboard into the sidebar in the drawer (the region before the page).
        session.xdotool("key", "shift+F6")
        session.waitFor("the sidebar in the drawer has the keyboard") { $0.windows.first?.focusRegion == "sidebar" }
        session.xdotool("key", "Escape")
        let closed = try XCTUnwrap(session.waitFor("Escape closed the drawer, the page has the keyboard") { s in
            s.windows.first.map { w in
                w.drawer?.open == false && w.drawer?.progress == 0 && w.focusRegion == "page" && w.canvasHasFocus
            } ?? false
        }?.windows.first)
        XCTAssertFalse(closed.sidebarShown, "the sidebar went back to its hidden place beside the page")
        XCTAssertEqual(closed.drawer?.available, true, "and can be pulled again")
        session.quitApps()
    }
}
