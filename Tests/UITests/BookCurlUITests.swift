// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The book of issue 18, read as a new user would in a window of the size nothing maximizes:
/// 352 pages whose first two are larger than the rest, laid out as its catalog asks
/// (`/TwoPageRight`: the cover alone, then pairs). Curls on from the View menu's action, Page
/// Down lands on pages 2–3 side by side, whole; a mouse drag from the right-hand edge turns to
/// 4–5 when let go past the spine, and a short pull lays the sheet back.
final class BookCurlUITests: XCTestCase {
    override func setUpWithError() throws {
        try AppSession.skipUnderWayland("resizes the window, presses Page Down and drags the sheet with xdotool")
    }

    static func book() -> Data {
        HandWrittenPDF.pages(352, catalogEntries: "/PageLayout /TwoPageRight") { $0 < 2 ? "[0 0 612 792]" : "[0 0 432 648]" }
    }

    func testPageDownWithCurlsShowsTheNextSpreadWholeAndADragTurnsOnlyPastTheSpine() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("book.pdf").path
        try Self.book().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("the book shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        })
        XCTAssertEqual(shown.windows.first?.spreadMode, "book", "the catalog's /TwoPageRight")
        let id = try XCTUnwrap(session.windowID(pid: Int(app.processIdentifier)))
        session.xdotool("windowsize", id, "976", "690")
        session.waitFor("the window at 976×690") { s in (s.windows.first?.viewWidth ?? 0) < 980 && !(s.windows.first?.isAnimating ?? true) }

        session.activate("page-curl")
        let curling = try XCTUnwrap(session.waitFor("curls on, one spread at a time, on the cover") { s in
            s.windows.first.map { $0.pageCurl == true && $0.oneSpreadAtATime == true && !$0.isAnimating && $0.currentPage == 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(curling.zoomMode, "fitPage")

        // Page Down: one whole turn, onto pages 2 and 3 side by side, at the zoom that fits them.
        session.xdotool("key", "Page_Down")
        let turned = try XCTUnwrap(session.waitFor("Page Down turned to pages 2–3") { s in
            s.windows.first.map { $0.pageTurnsCompleted == 1 && $0.pageTurnProgress == nil && !$0.isAnimating && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(turned.currentPage, 2)
        XCTAssertEqual(turned.zoomMode, "fitPage")
        for page in [2, 3] {
            let p = try XCTUnwrap(turned.visiblePages.first { $0.page == page }, "page \(page) in view")
            XCTAssertGreaterThanOrEqual(p.x, -0.5, "page \(page) whole")
            XCTAssertGreaterThanOrEqual(p.y, -0.5, "page \(page) whole")
            XCTAssertLessThanOrEqual(p.x + p.width, turned.viewWidth + 0.5, "page \(page) whole")
            XCTAssertLessThanOrEqual(p.y + p.height, turned.viewHeight + 0.5, "page \(page) whole")
        }
        XCTAssertFalse(turned.visiblePages.contains { $0.page == 1 || $0.page == 4 }, "one spread, nothing of the next peeking in")

        // A mouse drag from the right-hand edge lifts the right page; let go past the spine, the
        // turn lands on pages 4 and 5.
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let left = try XCTUnwrap(turned.visiblePages.first { $0.page == 2 })
        let right = try XCTUnwrap(turned.visiblePages.first { $0.page == 3 })
        let y = origin.y + turned.canvasY + right.y + right.height * 0.6
        // From the right page's outer edge itself (held there even when it lies inside the view).
        let edge = origin.x + turned.canvasX + right.x + right.width - 4
        let spine = origin.x + turned.canvasX + (left.x + left.width + right.x) / 2
        session.xdotool("mousemove", String(Int(edge)), String(Int(y)))
        session.xdotool("mousedown", "1")
        for step in 1...8 {
            session.xdotool("mousemove", String(Int(edge + (spine + 40 - edge) * Double(step) / 8)), String(Int(y)))
            usleep(20_000)
        }
        let held = try XCTUnwrap(session.waitFor("the right-hand sheet follows the pointer") { s in
            s.windows.first.map { ($0.pageTurnProgress ?? 0) > 0.1 && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertLessThan(held.pageTurnProgress ?? 1, 0.5, "held short of the spine, not yet halfway")
        XCTAssertEqual(held.currentPage, 2, "while held, the view stays on pages 2–3")
        let past = origin.x + turned.canvasX + left.x + left.width * 0.3
        session.xdotool("mousemove", String(Int(past)), String(Int(y)))
        session.waitForPointer(at: (Double(Int(past)), Double(Int(y))), windowOrigin: origin)
        session.xdotool("mouseup", "1")
        let onward = try XCTUnwrap(session.waitFor("let go past the spine: pages 4–5") { s in
            s.windows.first.map { $0.pageTurnsCompleted == 2 && $0.pageTurnProgress == nil && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(onward.currentPage, 4)

        // A short pull lays the sheet back: still on pages 4–5.
        session.xdotool("mousemove", String(Int(edge)), String(Int(y)))
        session.xdotool("mousedown", "1")
        for step in 1...4 {
            session.xdotool("mousemove", String(Int(edge - 60 * Double(step) / 4)), String(Int(y)))
            usleep(20_000)
        }
        session.waitForPointer(at: (Double(Int(edge - 60)), Double(Int(y))), windowOrigin: origin)
        // The pointer rests before it lets go: part of the gesture, not a wait. Let go at once, a
        // 60 px pull in 80 ms is a fling towards the spine, which turns the page.
        usleep(150_000)
        session.xdotool("mouseup", "1")
        let back = try XCTUnwrap(session.waitFor("a short pull laid back") { s in
            s.windows.first.map { $0.pageTurnsCompleted == 3 && $0.pageTurnProgress == nil && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(back.currentPage, 4, "laid back, the view stays on pages 4–5")
    }
}
