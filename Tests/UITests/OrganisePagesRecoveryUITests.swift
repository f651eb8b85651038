// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Organising pages loses nothing: a page moved and turned, then the app killed, comes back
/// from the journal when the file is opened again (Return restores), shown in its new place
/// and on its side, and saves as the reader left it.
final class OrganisePagesRecoveryUITests: XCTestCase {
    func testAMovedAndTurnedPageIsRestoredAfterACrash() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("crash.pdf").path
        try OrganisePagesUITests.document().write(to: URL(fileURLWithPath: path))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let (_, shown) = try session.launchEditable(path)
        let upright = try XCTUnwrap(shown.visiblePages.first { $0.page == 1 })

        session.xdotool("key", "alt+Down")
        _ = try XCTUnwrap(session.waitFor("moved") { s in s.windows.first.map { $0.undoName == "Move Page" && $0.currentPage == 2 } ?? false })
        session.xdotool("key", "ctrl+bracketright")
        _ = try XCTUnwrap(session.waitFor("turned") { $0.windows.first?.undoName == "Rotate Page" })

        try session.crash(leaving: path, as: original)

        let relaunched = try session.launch([path])
        let asking = try XCTUnwrap(session.waitFor("the restore question") { s in
            s.pid == Int(relaunched.processIdentifier) && s.windows.first?.dialog == "restore"
        })
        try session.waitForDialogFocus(pid: asking.pid)
        session.xdotool("key", "Return")
        let restored = try XCTUnwrap(session.waitFor("restored") { s in
            s.windows.first.map { $0.dialog == nil && $0.hasUnsavedChanges && $0.pageCount == 3 && $0.undoName == "Rotate Page" } ?? false
        }?.windows.first)
        XCTAssertEqual(restored.undoName, "Rotate Page", "the restored steps can be undone")
        // Fit Page, then on to page 2: the moved page, on its side.
        session.xdotool("key", "ctrl+2")
        _ = try XCTUnwrap(session.waitFor("fit page") { $0.windows.first?.zoomMode == "fitPage" })
        session.xdotool("key", "Page_Down")
        _ = try XCTUnwrap(session.waitFor("page 2 on its side") { s in
            s.windows.first.map { w in
                !w.isAnimating && w.visiblePages.contains { $0.page == 2 && abs($0.width / $0.height - upright.height / upright.width) < 0.02 }
            } ?? false
        })

        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let texts = try (1...3).map { page in
            String(decoding: try ExternalTools.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]).stdout, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(texts, ["Page number 2", "Page number 1", "Page number 3"])
        let saved = try SavedPDF(path: path)
        XCTAssertEqual(SavedPDF.number(saved.pages[1]["/Rotate"]), 90, "the moved page is on its side")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
    }
}
