// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// What refers to pages follows them when they move: a bookmark keeps its page (and comes
/// back with undo), and a search under way finds its match on the page's new place.
final class PagesFollowedUITests: XCTestCase {
    func testABookmarkAndASearchMatchFollowAMovedPage() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("follow.pdf").path
        try NumberedPagesPDF.data(pages: 3).write(to: URL(fileURLWithPath: path))
        _ = try session.launchEditable(path)

        // A search for page 3's words shows page 3; a bookmark marks it.
        session.openSearchBar()
        session.xdotool("type", "number 3")
        _ = try XCTUnwrap(session.waitFor("one match, on page 3") { s in
            s.windows.first.map { $0.searchMatchCount == 1 && $0.currentPage == 3 } ?? false
        })
        session.activate("add-bookmark")
        _ = try XCTUnwrap(session.waitFor("bookmarked") { $0.windows.first?.bookmarks == [["Page 3", "3"]] })

        // Page 3 moves first, in two steps.
        session.activate("move-page-up")
        _ = try XCTUnwrap(session.waitFor("moved once") { s in s.windows.first.map { $0.undoName == "Move Page" && $0.currentPage == 2 } ?? false })
        session.activate("move-page-up")
        let moved = try XCTUnwrap(session.waitFor("moved first") { s in
            s.windows.first.map { $0.currentPage == 1 && $0.bookmarks == [["Page 3", "1"]] && $0.searchMatchCount == 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(moved.pageCount, 3)

        // The search's match is on the page's new place: going to it from page 3 goes to page 1.
        session.activate("go-to-page")
        _ = try XCTUnwrap(session.waitFor("the page number's entry in the header bar has the keyboard") { $0.windows.first?.focusRegion == "header" })
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "3")
        session.xdotool("key", "Return")
        _ = try XCTUnwrap(session.waitFor("on page 3") { $0.windows.first?.currentPage == 3 })
        session.activate("find-next")
        _ = try XCTUnwrap(session.waitFor("the match, on page 1 now") { s in
            s.windows.first.map { $0.currentPage == 1 && $0.searchCurrentMatch != nil } ?? false
        })

        // Undo puts the page back, and the bookmark with it.
        session.activate("undo")
        session.activate("undo")
        _ = try XCTUnwrap(session.waitFor("back in place") { s in
            s.windows.first.map { $0.undoName == nil && $0.bookmarks == [["Page 3", "3"]] } ?? false
        })
    }
}
