// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Switching tabs (issue 37): a tab brought back to the front shows its page from its own cache
/// in the first frame it draws, asking the render worker for nothing. Counted in the state dump
/// (`framesDrawn`, `framesDrawnMissingTiles`, `visibleTileRequests`), not timed.
final class TabSwitchUITests: XCTestCase {
    func testATabBroughtBackToTheFrontShowsItsPageFromItsCacheInItsFirstFrame() throws {
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let other = session.workDir.appendingPathComponent("other.pdf")
        try HandWrittenPDF.pages(3, catalogEntries: "").write(to: other)
        let app = try session.launch([sample, other.path])
        func entry(_ path: String, _ s: AppSession.State) -> AppSession.Window? { s.windows.first { $0.path == path } }
        func inFront(_ path: String, _ s: AppSession.State) -> AppSession.Window? {
            entry(path, s).flatMap { $0.tabIndex == $0.currentTab && $0.content == "document" && $0.missingTiles == 0
                && !$0.visiblePages.isEmpty ? $0 : nil }
        }
        session.waitFor("two tabs, the sample in front and sharp") { s in
            s.pid == Int(app.processIdentifier) && s.windows.count == 2 && inFront(sample, s) != nil
        }
        session.activate("next-tab")
        let away = try XCTUnwrap(session.waitFor("the other tab in front and sharp") { inFront(other.path, $0) != nil })
        let before = try XCTUnwrap(entry(sample, away))
        let framesBefore = try XCTUnwrap(before.framesDrawn), requestsBefore = try XCTUnwrap(before.visibleTileRequests)
        let missingBefore = try XCTUnwrap(before.framesDrawnMissingTiles)

        session.activate("previous-tab")
        let back = try XCTUnwrap(session.waitFor("the sample in front again, drawn") { s in
            inFront(sample, s).map { ($0.framesDrawn ?? 0) > framesBefore } ?? false
        }.flatMap { entry(sample, $0) })
        XCTAssertEqual(back.framesDrawnMissingTiles, missingBefore, "no frame drawn since lacked a tile of the page: the first showed it whole")
        XCTAssertEqual(back.visibleTileRequests, requestsBefore, "nothing on screen was asked of the render worker: it came from the tab's cache")
        XCTAssertEqual(back.visiblePages.map(\.page), before.visiblePages.map(\.page), "the same pages as when it was left")
        session.quitApps()
    }
}
