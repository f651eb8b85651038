// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Ctrl+] turns the page in view a quarter clockwise at once, the view keeps the reader on it,
/// Ctrl+S saves the turn as the page's own /Rotate, and Ctrl+Z turns it back.
final class RotatePageUITests: XCTestCase {
    func testCtrlBracketTurnsThePageInViewAndTheTurnIsSavedAndUndone() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("turn.pdf").path
        try HandWrittenPDF.pages(3, catalogEntries: "").write(to: URL(fileURLWithPath: path))
        let (_, shown) = try session.launchEditable(path)
        let upright = try XCTUnwrap(shown.visiblePages.first { $0.page == 1 })
        XCTAssertLessThan(upright.width, upright.height, "A5 upright")

        session.xdotool("key", "ctrl+bracketright")
        let turned = try XCTUnwrap(session.waitFor("page 1 turned on its side") { s in
            s.windows.first.map { w in
                w.undoName == "Rotate Page" && !w.isAnimating && w.missingTiles == 0
                    && (w.visiblePages.first { $0.page == 1 }.map { $0.width > $0.height } ?? false)
            } ?? false
        }?.windows.first)
        XCTAssertEqual(turned.currentPage, 1, "still on page 1")
        XCTAssertEqual(turned.hasUnsavedChanges, true)

        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let saved = try SavedPDF(path: path)
        XCTAssertEqual(SavedPDF.number(saved.pages[0]["/Rotate"]), 90, "page 1 has its own /Rotate 90")
        XCTAssertNil(saved.pages[1]["/Rotate"], "page 2 as it was")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)

        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("turned back") { s in
            s.windows.first.map { w in w.redoName == "Rotate Page" && (w.visiblePages.first { $0.page == 1 }.map { $0.width < $0.height } ?? false) } ?? false
        })
    }
}
