// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// F6 moves the keyboard from region to region of the window (page, header bar, toolbar,
/// sidebar, and round again), Shift+F6 back, as in GNOME's apps; Tab then works within one.
final class KeyboardRegionsUITests: XCTestCase {
    func testF6GoesRoundTheRegionsAndShiftF6GoesBack() throws {
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try session.launch([sample])
        let before = try XCTUnwrap(session.waitFor("the document") { s in
            s.pid == Int(app.processIdentifier) && (s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false)
        }?.windows.first)
        session.xdotool("key", "F7")
        session.xdotool("key", "F9")
        // The page view in its new place: pushed right by the sidebar and down by the toolbar
        // (which waitFor waits to finish sliding).
        let w = try XCTUnwrap(session.waitFor("toolbar and sidebar, the page view moved by them") { s in
            s.windows.first.map { $0.toolbarShown && $0.sidebarShown && $0.canvasX > before.canvasX && $0.canvasY > before.canvasY && !$0.isAnimating } ?? false
        }?.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + w.viewWidth / 2))", "\(Int(origin.y + w.canvasY + w.viewHeight / 2))")
        session.xdotool("click", "1")
        _ = try XCTUnwrap(session.waitFor("the page has the keyboard") { $0.windows.first?.focusRegion == "page" })
        for region in ["header", "toolbar", "sidebar", "page"] {
            session.xdotool("key", "F6")
            _ = try XCTUnwrap(session.waitFor("F6 to the \(region)") { $0.windows.first?.focusRegion == region })
        }
        session.xdotool("key", "shift+F6")
        _ = try XCTUnwrap(session.waitFor("Shift+F6 back to the sidebar") { $0.windows.first?.focusRegion == "sidebar" })
        session.xdotool("key", "shift+F6")
        let toolbar = try XCTUnwrap(session.waitFor("and to the toolbar") { s in
            s.windows.first.map { $0.focusRegion == "toolbar" && $0.focusedWidget != nil } ?? false
        }?.windows.first)
        // Tab moves within the toolbar, which keeps the keyboard.
        session.xdotool("key", "Tab")
        let next = try XCTUnwrap(session.waitFor("Tab moved the keyboard to another control") { s in
            s.windows.first.map { $0.focusedWidget != nil && $0.focusedWidget != toolbar.focusedWidget } ?? false
        }?.windows.first)
        XCTAssertEqual(next.focusRegion, "toolbar", "from \(toolbar.focusedWidget ?? "") to \(next.focusedWidget ?? "")")
    }

    /// F10 opens the main menu, as in every GNOME application (its popover is made then, not
    /// with the window); Escape closes it and gives the keyboard back.
    func testF10OpensTheMainMenuAndEscapeClosesIt() throws {
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try session.launch([sample], environment: ["PDF_ANNOTATOR_DUMP_TEXTS": "1"])
        let shown = try XCTUnwrap(session.waitFor("the document") { s in
            s.pid == Int(app.processIdentifier) && (s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false)
        }?.windows.first)
        XCTAssertNil(shown.mainMenuShown, "the menu's popover is not made with the window")
        XCTAssertFalse(shown.visibleTexts?.contains("Keyboard Shortcuts") ?? true, "no menu on screen yet")
        session.xdotool("key", "F10")
        let open = try XCTUnwrap(session.waitFor("F10 opens the main menu") { $0.windows.first?.mainMenuShown == true }?.windows.first)
        XCTAssertTrue(open.visibleTexts?.contains("Keyboard Shortcuts") ?? false, "the menu's items are on screen: \(open.visibleTexts ?? [])")
        session.xdotool("key", "Escape")
        _ = try XCTUnwrap(session.waitFor("Escape closes it") { $0.windows.first?.mainMenuShown == false })
        // A second F10 opens the same menu again.
        session.xdotool("key", "F10")
        _ = try XCTUnwrap(session.waitFor("and F10 again") { $0.windows.first?.mainMenuShown == true })
    }
}
