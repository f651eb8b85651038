// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The sidebar's Pages grid on a 236-page manual: the thumbnails in view are drawn (and look
/// like pages: not blank), the page in view is highlighted and followed to the end of the
/// document, and a click on a thumbnail goes to its page (remembered for Alt+Left).
final class ThumbnailUITests: XCTestCase {
    func testThumbnailsAreDrawnFollowTheReaderAndAClickGoesToThePage() throws {
        let path = try AppSession.sharedPDF("r-exts-236p.pdf")
        let session = try AppSession()
        let app = try session.launch([path])
        session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0
        }
        session.xdotool("key", "F9")
        session.waitFor("the sidebar is shown") { $0.windows.first?.sidebarShown == true }
        session.activate("sidebar-page", "[<'thumbnails'>]")
        let shown = try XCTUnwrap(session.waitFor("the visible thumbnails are drawn") { s in
            guard let w = s.windows.first, w.sidebarPage == "thumbnails", case let visible = w.thumbnailPages, !visible.isEmpty else { return false }
            return Set(visible).isSubset(of: Set(w.thumbnailsPainted))
        }?.windows.first)
        XCTAssertEqual(shown.thumbnailPages.first, 1)
        XCTAssertEqual(shown.thumbnailCurrentPage, 1, "the page in view is highlighted")
        XCTAssertLessThan(shown.thumbnailsPainted.count, 60, "only the rows near the view are drawn, not 236 pages")

        // A drawn thumbnail shows the page: text pixels inside its box, not just white (page 3,
        // the table of contents, is full of text).
        let frames = shown.thumbnailFrames
        let first = try XCTUnwrap(frames.first { $0[0] == 3 }, "three thumbnails fit in the sidebar")
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let shot = try session.screenshot()
        var dark = 0
        for y in Int(first[2] + 3)..<Int(first[2] + first[4] - 3) {
            for x in Int(first[1] + 3)..<Int(first[1] + first[3] - 3) {
                let p = shot.pixel(x: Int(origin.x) + x, y: Int(origin.y) + y)
                if p.r + p.g + p.b < 600 { dark += 1 }
            }
        }
        XCTAssertGreaterThan(dark, 20, "the thumbnail has the page's text on it")

        // The highlight follows the reader to the end, and the grid scrolls along.
        session.xdotool("key", "ctrl+l", "ctrl+a")
        session.xdotool("type", "236")
        session.xdotool("key", "Return")
        session.waitFor("the last page's thumbnail is highlighted and drawn") { s in
            guard let w = s.windows.first else { return false }
            return w.currentPage == 236 && w.thumbnailCurrentPage == 236 && (w.thumbnailPages).contains(236)
                && (w.thumbnailsPainted).contains(236)
        }

        // A click on another visible thumbnail goes to its page.
        let end = try XCTUnwrap(session.state()?.windows.first?.thumbnailFrames)
        let other = try XCTUnwrap(end.first { $0[0] != 236 && $0[4] > 20 })
        session.xdotool("mousemove", String(Int(origin.x + other[1] + other[3] / 2)), String(Int(origin.y + other[2] + other[4] / 2)),
                        "click", "1")
        let page = Int(other[0])
        let there = try XCTUnwrap(session.waitFor("on the clicked page") { s in
            s.windows.first?.currentPage == page && s.windows.first?.thumbnailCurrentPage == page
        }?.windows.first)
        XCTAssertEqual(there.canGoBack, true, "Alt+Left returns to where the reader was")
    }
}
