// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Under a right-to-left language the window is laid out from the right: the sidebar opens on
/// the right of the page view, as GNOME apps do in Hebrew or Arabic. The pages keep their own
/// reading direction (a document says that, not the interface).
final class RightToLeftUITests: XCTestCase {
    private func canvasX(language: [String: String]) throws -> (direction: String?, canvasX: Double, sidebarShown: Bool) {
        let session = try AppSession()
        try session.launch([AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path], environment: language)
        let before = try XCTUnwrap(session.waitFor("the document") { s in s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false }?.windows.first)
        session.xdotool("key", "F9")
        // The sidebar takes its width from the page view's (on whichever side it comes).
        let settled = try XCTUnwrap(session.waitFor("the sidebar, the page view narrower") { s in
            s.windows.first.map { $0.sidebarShown && $0.viewWidth < before.viewWidth && !$0.isAnimating } ?? false
        }?.windows.first)
        return (settled.textDirection, settled.canvasX, settled.sidebarShown)
    }

    func testTheSidebarOpensOnTheRightUnderAHebrewInterface() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/locale/he/LC_MESSAGES/gtk40.mo") else {
            throw XCTSkip("GTK's Hebrew catalog (which tells GTK the language is right-to-left) is not installed")
        }
        let ltr = try canvasX(language: [:])
        XCTAssertEqual(ltr.direction, "ltr")
        XCTAssertGreaterThan(ltr.canvasX, 100, "left to right: the sidebar is left of the page view")
        let rtl = try canvasX(language: ["LANGUAGE": "he", "LANG": "he_IL.UTF-8", "LC_ALL": "he_IL.UTF-8"])
        XCTAssertEqual(rtl.direction, "rtl", "Hebrew lays the window out right to left")
        XCTAssertTrue(rtl.sidebarShown)
        XCTAssertLessThan(rtl.canvasX, 20, "right to left: the page view starts at the window's left, the sidebar is on its right")
    }
}
