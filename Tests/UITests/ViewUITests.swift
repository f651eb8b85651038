// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The View menu's layouts and colours as a reader uses them: two pages side by side, the cover
/// alone, scrolling sideways (right to left too), night pages, reading mode; switching keeps the
/// reader on the same page, and the document's layout is there again after a restart.
final class ViewUITests: XCTestCase {
    /// Launches the app on `path` and waits for its first page drawn.
    @discardableResult
    private func launchShown(_ path: String, in session: AppSession) throws -> Process {
        let app = try session.launch([path])
        session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0
        }
        return app
    }

    func testLayoutsKeepThePageScrollAlongTheReadingDirectionAndAreRememberedPerDocument() throws {
        try AppSession.skipUnderWayland("types a page number and presses Page Down, Escape and Ctrl+Q with xdotool, moves its pointer to hide it, and reads night pages from a screenshot")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("view.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        let app = try launchShown(path, in: session)
        session.activate("spread-mode", "[<'double'>]")
        let double = try XCTUnwrap(session.waitFor("two pages side by side") { s in
            s.windows.first.map { $0.spreadMode == "double" && $0.visiblePages.contains { $0.page == 2 } } ?? false
        }?.windows.first)
        let one = try XCTUnwrap(double.visiblePages.first { $0.page == 1 }), two = try XCTUnwrap(double.visiblePages.first { $0.page == 2 })
        XCTAssertLessThan(one.x + one.width, two.x + 1, "page 2 beside page 1")
        XCTAssertEqual(double.currentPage, 1)

        // Page 5, then the cover alone: still page 5.
        session.xdotool("key", "ctrl+l", "ctrl+a")
        session.xdotool("type", "5")
        session.xdotool("key", "Return")
        session.waitFor("page 5") { $0.windows.first?.currentPage == 5 }
        session.activate("spread-mode", "[<'book'>]")
        let book = try XCTUnwrap(session.waitFor("the cover alone, pages 4 and 5 together") { s in
            s.windows.first.map { $0.spreadMode == "book" && $0.visibleSpreads?.contains(2) == true } ?? false
        }?.windows.first)
        XCTAssertTrue([4, 5].contains(book.currentPage), "the reader stays on the spread of page 5: \(book.currentPage)")

        // Sideways: Page Down moves right; bound on the right, it moves left.
        session.activate("spread-mode", "[<'single'>]")
        session.activate("scroll-sideways")
        session.activate("fit-page")
        let sideways = try XCTUnwrap(session.waitFor("scrolling sideways") { s in
            s.windows.first.map { $0.scrollDirection == "horizontal" && $0.zoomMode == "fitPage" } ?? false
        }?.windows.first)
        session.xdotool("key", "Page_Down")
        let right = try XCTUnwrap(session.waitFor("Page Down went right") { s in (s.windows.first?.offsetX ?? 0) > sideways.offsetX + 50 }?.windows.first)
        XCTAssertEqual(right.offsetY, sideways.offsetY, accuracy: 1)
        session.activate("right-to-left")
        let rtl = try XCTUnwrap(session.waitFor("bound on the right") { $0.windows.first?.rightToLeft == true }?.windows.first)
        session.xdotool("key", "Page_Down")
        session.waitFor("Page Down went left") { s in (s.windows.first?.offsetX ?? .infinity) < rtl.offsetX - 50 }

        // Night pages: the page in view is drawn dark.
        session.activate("page-colours", "[<'night'>]")
        let w = try XCTUnwrap(session.waitForPainted("night pages drawn") { s in
            s.windows.first.map { $0.pageColours == "night" && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let shot = try session.screenshot()
        let corner = shot.pixel(x: Int(origin.x + w.canvasX + page.x + 8), y: Int(origin.y + w.canvasY + max(0, page.y) + 8))
        XCTAssertLessThan(corner.r + corner.g + corner.b, 200, "paper is dark at night: \(corner)")

        // Reading mode hides the bars; Escape on the page brings them back.
        session.activate("reading-mode")
        session.waitFor("reading mode") { $0.windows.first?.readingMode == true }
        // The pointer resting over the page hides after two seconds, and shows when it moves.
        let cx = Int(origin.x + w.canvasX + 200), cy = Int(origin.y + w.canvasY + 200)
        session.xdotool("mousemove", String(cx), String(cy))
        session.waitFor("the resting pointer hides", timeout: 6) { $0.windows.first?.pointerHidden == true }
        session.xdotool("mousemove", String(cx + 30), String(cy + 30))
        session.waitFor("a move shows it again") { $0.windows.first?.pointerHidden == false }
        session.xdotool("key", "Escape")
        session.waitFor("Escape leaves reading mode") { $0.windows.first?.readingMode == false }

        // The layout is the document's from now on.
        session.xdotool("key", "ctrl+q")
        session.waitForExit(app, timeout: 10)
        session.quitApps()
        let again = try session.launch([path])
        session.waitFor("the sideways right-to-left layout again") { s in
            guard s.pid == Int(again.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.scrollDirection == "horizontal" && w.rightToLeft == true
        }
    }

    func testAClickNearAnEdgeTurnsToTheNextOrPreviousSpreadWhenTheSpreadFitsTheView() throws {
        try AppSession.skipUnderWayland("clicks near the view's edges with xdotool's pointer")
        let session = try AppSession()
        let path = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try launchShown(path, in: session)
        session.activate("fit-page")
        let fitted = try XCTUnwrap(session.waitFor("a whole page in view") { $0.windows.first?.zoomMode == "fitPage" }?.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let y = String(Int(origin.y + fitted.canvasY + fitted.viewHeight / 2))
        let left = String(Int(origin.x + fitted.canvasX + 12)), right = String(Int(origin.x + fitted.canvasX + fitted.viewWidth - 12))
        session.xdotool("mousemove", right, y, "click", "1")
        session.waitFor("a click near the right edge: page 2") { $0.windows.first?.currentPage == 2 }
        session.xdotool("mousemove", right, y, "click", "1")
        session.waitFor("and page 3") { $0.windows.first?.currentPage == 3 }
        session.xdotool("mousemove", left, y, "click", "1")
        let back = try XCTUnwrap(session.waitFor("near the left edge: back to page 2") { $0.windows.first?.currentPage == 2 }?.windows.first)
        XCTAssertEqual(back.canGoBack, true, "each turn is in the reading history")
        // Bound on the right, the left edge goes forward.
        session.activate("right-to-left")
        session.waitFor("right to left") { $0.windows.first?.rightToLeft == true }
        session.xdotool("mousemove", left, y, "click", "1")
        session.waitFor("the left edge turns forward in a right-to-left book") { $0.windows.first?.currentPage == 3 }
        // Switched off, a click near an edge is just a click.
        session.activate("edge-taps", "[<'off'>]")
        let off = try XCTUnwrap(session.waitFor("edge taps off") { s in s.windows.first.map { $0.edgeTaps == "off" && !$0.isAnimating } ?? false }?.windows.first)
        // The pointer is there already (no motion): the press and the release are the next two
        // events the page view handles.
        session.xdotool("mousemove", left, y, "click", "1")
        let clicked = try XCTUnwrap(session.waitFor("the click handled") { s in
            s.windows.first.map { $0.handledInputEvents >= off.handledInputEvents + 2 && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(clicked.currentPage, 3)
    }

    func testOneSpreadAtATimeSettlesOnWholeSpreadsWhateverMovesTheView() throws {
        try AppSession.skipUnderWayland("moves the view with keys and the wheel through xdotool")
        let session = try AppSession()
        let path = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try launchShown(path, in: session)
        session.activate("one-spread")
        let paged = try XCTUnwrap(session.waitFor("one spread at a time, the whole page in view") { s in
            s.windows.first.map { $0.oneSpreadAtATime == true && $0.zoomMode == "fitPage" } ?? false
        }?.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let cx = String(Int(origin.x + paged.canvasX + paged.viewWidth / 2)), cy = String(Int(origin.y + paged.canvasY + paged.viewHeight / 2))
        session.xdotool("mousemove", cx, cy, "click", "1")
        /// The view rests on `page`: its top one margin below the view's top.
        func restsOn(_ page: Int) -> (AppSession.State) -> Bool {
            { s in
                guard let w = s.windows.first, w.currentPage == page, !w.isAnimating, let p = w.visiblePages.first(where: { $0.page == page }) else { return false }
                return abs(p.y - 16) < 1.5
            }
        }
        session.xdotool("key", "Page_Down")
        session.waitFor("Page Down: page 2, at rest", restsOn(2))
        session.xdotool("click", "5")
        session.waitFor("one wheel click: page 3, at rest", restsOn(3))
        session.xdotool("key", "Up")
        session.waitFor("the Up arrow: back to page 2, at rest", restsOn(2))
        session.xdotool("key", "Home")
        session.waitFor("Home: page 1", restsOn(1))
        // Each spread zooms on its own: zoomed into page 1, Page Down shows page 2 whole.
        XCTAssertEqual(session.state()?.windows.first?.zoomScope, "spread")
        session.xdotool("key", "ctrl+plus")
        session.waitFor("zoomed in") { $0.windows.first?.zoomMode == "free" }
        session.xdotool("key", "Page_Down")
        session.waitFor("page 2 whole again", restsOn(2))
        XCTAssertEqual(session.state()?.windows.first?.zoomMode, "fitPage")
        // One zoom for the document: the zoom carries over to the next spread.
        session.activate("zoom-each-spread")
        session.waitFor("one zoom for all") { $0.windows.first?.zoomScope == "document" }
        session.xdotool("key", "ctrl+plus")
        let zoomed = try XCTUnwrap(session.waitFor("zoomed in") { $0.windows.first?.zoomMode == "free" }?.windows.first)
        session.xdotool("key", "Page_Down")
        let next = try XCTUnwrap(session.waitFor("the next spread at the same zoom") { s in
            s.windows.first.map { $0.currentPage == 3 && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(next.zoom, zoomed.zoom, accuracy: 0.001)
    }

    /// Zoom limits per layout: one spread at a time, Ctrl+minus and Ctrl+wheel stop at the whole
    /// spread (the dump's `minZoom`), and the next Ctrl+plus zooms in one step from there.
    func testOneSpreadAtATimeNeverZoomsOutBelowTheWholeSpread() throws {
        try AppSession.skipUnderWayland("zooms with xdotool's keys and wheel")
        let session = try AppSession()
        let path = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try launchShown(path, in: session)
        session.activate("one-spread")
        let paged = try XCTUnwrap(session.waitFor("one spread at a time, the whole page in view") { s in
            s.windows.first.map { $0.oneSpreadAtATime == true && $0.zoomMode == "fitPage" && !$0.isAnimating } ?? false
        }?.windows.first)
        let least = try XCTUnwrap(paged.minZoom)
        XCTAssertEqual(paged.zoom, least, accuracy: 0.001, "the whole spread is the least zoom")
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        session.xdotool("mousemove", String(Int(origin.x + paged.canvasX + paged.viewWidth / 2)),
                        String(Int(origin.y + paged.canvasY + paged.viewHeight / 2)))
        session.xdotool("key", "ctrl+minus", "ctrl+minus")
        session.xdotool("keydown", "ctrl", "click", "5", "click", "5", "keyup", "ctrl")
        session.xdotool("key", "ctrl+plus")
        let zoomed = try XCTUnwrap(session.waitFor("zoomed in past the least zoom") { s in
            s.windows.first.map { $0.zoom > least * 1.01 && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(zoomed.zoom, least * 1.25, accuracy: 0.002, "one step in from the whole spread: the zoom never went below it")
        // Scrolling continuously, the view zooms out past a spread.
        session.activate("one-spread")
        session.waitFor("continuous again") { $0.windows.first?.oneSpreadAtATime == false }
        session.xdotool("key", "ctrl+minus", "ctrl+minus")
        let out = try XCTUnwrap(session.waitFor("zoomed out past the whole page") { s in
            s.windows.first.map { $0.zoom < least * 0.99 } ?? false
        }?.windows.first)
        XCTAssertLessThan(out.minZoom ?? 1, least)
    }

    func testAReplayedSwipeTurnsOneSpreadAndSettlesOnIt() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("swipe.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        // One spread at a time is the document's layout from the first session on.
        _ = try launchShown(path, in: session)
        session.activate("one-spread")
        session.waitFor("one spread at a time") { $0.windows.first?.oneSpreadAtATime == true }
        session.quitApps()
        // A quick upward swipe of a finger, about a third of the view.
        func finger(_ phase: InputPhase, _ y: Double, _ t: Double) -> InputEvent {
            InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(7), position: Point(x: 400, y: y), time: InputTime(seconds: t))
        }
        var events = [finger(.began, 600, 2.0)]
        for i in 1...8 { events.append(finger(.moved, 600 - Double(i) * 30, 2.0 + Double(i) * 0.016)) }
        events.append(finger(.ended, 360, 2.15))
        let done = try session.replay(events, into: path)
        XCTAssertEqual(done.oneSpreadAtATime, true)
        XCTAssertEqual(done.currentPage, 2, "the swipe turned one spread")
        let page = try XCTUnwrap(done.visiblePages.first { $0.page == 2 })
        XCTAssertEqual(page.y, 16, accuracy: 1.5, "and the view settled on it")
    }
}
