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
        let events = FingerSwipes.openCloseAndScroll(edge: right, inward: -1, width: width, across: across, up: up)
        try session.replayDrawerSwipes(events, into: sample, before: before, up: up, environment: hebrew, name: "drawer-rtl.jsonl")
    }

    func testEscapeClosesTheOpenDrawerAndGivesTheKeyboardBackToThePage() throws {
        try AppSession.skipUnderWayland("presses Shift+F6 and Escape with xdotool")
        let session = try AppSession()
        let before = try probe(session, environment: [:])
        let width = try XCTUnwrap(before.drawer?.width)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        events += FingerSwipes.swipe(1, from: Point(x: 4, y: 500), to: Point(x: 4 + max(width * 0.75, 200), y: 480), at: 1)
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
