// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A document opens where the reader left it — page and zoom — also after the file was renamed
/// (the place is kept outside the PDF, keyed by the file's content).
final class ReadingPlaceUITests: XCTestCase {
    func testADocumentReopensOnThePageAndZoomItWasLeftAtEvenAfterARename() throws {
        let session = try AppSession()
        let first = session.workDir.appendingPathComponent("place.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: first)
        let app = try session.launch([first])
        session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0
        }
        session.xdotool("key", "ctrl+l")
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "4")
        session.xdotool("key", "Return")
        session.waitFor("page 4") { $0.windows.first?.currentPage == 4 }
        session.xdotool("key", "ctrl+plus")
        let left = try XCTUnwrap(session.waitFor("zoomed in on page 4") { s in
            s.windows.first.map { $0.zoomMode == "free" && $0.currentPage == 4 && !$0.isAnimating } ?? false
        }?.windows.first)
        session.xdotool("key", "ctrl+q")
        session.waitForExit(app, timeout: 10)
        XCTAssertFalse(app.isRunning, "Ctrl+Q quits")
        session.quitApps()

        let renamed = session.workDir.appendingPathComponent("renamed.pdf").path
        try FileManager.default.moveItem(atPath: first, toPath: renamed)
        let again = try session.launch([renamed])
        let back = try XCTUnwrap(session.waitFor("reopened where it was left") { s in
            guard s.pid == Int(again.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.currentPage == 4 && w.zoomMode == "free"
        }?.windows.first)
        XCTAssertEqual(back.zoom, left.zoom, accuracy: 1e-6)
        XCTAssertEqual(back.offsetY, left.offsetY, accuracy: 2)
    }
}
