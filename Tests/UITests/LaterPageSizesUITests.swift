// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A long document named on the command line opens with the sizes of the pages its first
/// frame may show; the later pages' sizes are read once page 1 is painted and the layout takes
/// them: a page unlike the first ones shows at its own size, and the page count is exact from
/// the start.
final class LaterPageSizesUITests: XCTestCase {
    func testLandscapePagesFarIntoADocumentShowAtTheirOwnSizeAfterOpeningFromTheCommandLine() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("portrait then landscape.pdf")
        // 100 portrait A5 pages, then 20 landscape ones: far past what is read at open.
        try HandWrittenPDF.pages(120, catalogEntries: "") { $0 < 100 ? "[0 0 420 595]" : "[0 0 595 420]" }.write(to: path)
        try session.launch([path.path])
        let shown = try XCTUnwrap(session.waitFor("shown") { s in
            s.windows.first.map { $0.content == "document" && !$0.visiblePages.isEmpty && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(shown.pageCount, 120, "the page count is exact at once")
        let first = try XCTUnwrap(shown.visiblePages.first { $0.page == 1 })
        XCTAssertLessThan(first.width, first.height, "page 1 is portrait")

        session.xdotool("key", "ctrl+l")
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "110")
        session.xdotool("key", "Return")
        let there = try XCTUnwrap(session.waitFor("page 110 in view, landscape") { s in
            guard let w = s.windows.first, w.currentPage == 110, !w.isAnimating,
                  let page = w.visiblePages.first(where: { $0.page == 110 }) else { return false }
            return page.width > page.height
        }?.windows.first)
        let page = try XCTUnwrap(there.visiblePages.first { $0.page == 110 })
        XCTAssertEqual(page.width / page.height, 595.0 / 420.0, accuracy: 0.02, "page 110 at its own size")
        // A portrait page before it keeps its own shape.
        if let before = there.visiblePages.first(where: { $0.page == 100 }) {
            XCTAssertEqual(before.width / before.height, 420.0 / 595.0, accuracy: 0.02)
        }
        session.quitApps()
    }
}
