// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The outline sidebar (F9) on a 236-page manual: every entry of the file's outline (the
/// manifest's count), the top level shown, the keyboard goes down the list and Return goes to
/// the entry's page; the entry of the section in view is highlighted as the reader moves on.
final class SidebarUITests: XCTestCase {
    func testF9ShowsTheOutlineAndReturnOnAnEntryGoesToItsPage() throws {
        let path = try AppSession.sharedPDF("r-exts-236p.pdf")
        let session = try AppSession()
        let app = try session.launch([path])
        session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0
        }
        session.xdotool("key", "F9")
        let shown = try XCTUnwrap(session.waitFor("the outline is read") { s in
            s.windows.first.map { $0.sidebarShown == true && $0.outline.count == 187 } ?? false
        }?.windows.first)
        let outline = shown.outline, visible = shown.outlineVisible
        XCTAssertEqual(outline.count, visible.count)
        let shownEntries = outline.indices.filter { visible[$0] }
        XCTAssertGreaterThan(shownEntries.count, 5, "the top level is shown")
        XCTAssertLessThan(shownEntries.count, outline.count, "the sections under it start closed")

        // The first entry has the keyboard: three entries down, Return.
        session.xdotool("key", "Down", "Down", "Down", "Return")
        let target = shownEntries[3]
        let page = try XCTUnwrap(Int(outline[target][1]), "\(outline[target]) leads to a page")
        let there = try XCTUnwrap(session.waitFor("on the entry's page") { $0.windows.first?.currentPage == page }?.windows.first)
        XCTAssertEqual(there.outlineSelected, target, "the entry is highlighted")
        XCTAssertEqual(there.canGoBack, true, "Alt+Left returns to where the reader was")

        // Reading on into the next section moves the highlight along.
        let nextSection = try XCTUnwrap(shownEntries.first { $0 > target })
        let nextPage = try XCTUnwrap(Int(outline[nextSection][1]))
        session.xdotool("key", "ctrl+l", "ctrl+a")
        session.xdotool("type", String(nextPage))
        session.xdotool("key", "Return")
        session.waitFor("the highlight follows the reader") { s in
            s.windows.first.map { $0.currentPage == nextPage && ($0.outlineSelected ?? -1) >= nextSection } ?? false
        }
        session.xdotool("key", "F9")
        session.waitFor("F9 hides it again") { $0.windows.first?.sidebarShown == false }
    }
}
