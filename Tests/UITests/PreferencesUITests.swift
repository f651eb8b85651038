// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import InteractionEngine
import XCTest

/// The Preferences window, used with the keyboard alone: Ctrl+comma opens it, a setting changed
/// there applies at once to the page view (and the main menu's check item), is kept in the
/// config folder, and is there again after a restart.
final class PreferencesUITests: XCTestCase {
    private func settings(in session: AppSession) -> InputSettings? {
        let file = session.workDir.appendingPathComponent("config/pdf-annotator/input.json")
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(InputSettings.self, from: data)
    }

    func testASettingChangedWithTheKeyboardAppliesAtOnceAndIsKeptAfterARestart() throws {
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try session.launch([sample])
        let shown = try XCTUnwrap(session.waitFor("the document") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(shown.penDrawsAtOnce, true, "the pen draws at once by default")
        XCTAssertNil(shown.preferencesPage)

        session.xdotool("key", "ctrl+comma")
        XCTAssertNotNil(session.waitFor("Ctrl+comma opens the Preferences at the pen") { $0.windows.first?.preferencesPage == "pen" })

        // The touchscreen page; Alt+D is "Pen draws at once", Space turns it off.
        session.activate("preferences-page", "[<'touchscreen'>]")
        XCTAssertNotNil(session.waitFor("the touchscreen page") { $0.windows.first?.preferencesPage == "touchscreen" })
        // The Preferences window takes the keys; GTK handles them in order (the mnemonic moves
        // the focus before Space reaches it).
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("key", "alt+d")
        session.xdotool("key", "space")
        XCTAssertNotNil(session.waitFor("the page view no longer inks with the pen at once") { $0.windows.first?.penDrawsAtOnce == false })
        XCTAssertEqual(settings(in: session)?.touch.penDrawsAtOnce, false, "kept in the config folder at once")

        // The pen page: Alt+C is the pressure curve, Up raises its handle (a light touch heavier).
        session.activate("preferences-page", "[<'pen'>]")
        XCTAssertNotNil(session.waitFor("the pen page") { $0.windows.first?.preferencesPage == "pen" })
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("key", "alt+c")
        for _ in 0..<4 { session.xdotool("key", "Up") }
        XCTAssertNotNil(session.waitFor("the curve's handle is raised in the config") { _ in
            (self.settings(in: session)?.defaultPen.curve.handle.y ?? 0) > 0.65
        }, "handle now: \(String(describing: settings(in: session)?.defaultPen.curve.handle))")
        let curve = try XCTUnwrap(settings(in: session)?.defaultPen.curve)
        XCTAssertGreaterThan(curve.apply(0.3), 0.35, "a light touch (0.3) draws heavier")

        session.xdotool("key", "Escape")
        XCTAssertNotNil(session.waitFor("Escape closes the Preferences") { $0.windows.first.map { $0.preferencesPage == nil } ?? false })

        session.quitApps()
        try session.launch([sample])
        let again = try XCTUnwrap(session.waitFor("the document again") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(again.penDrawsAtOnce, false, "the setting is there after a restart")
    }

    func testTheMainMenusPenItemAndThePreferencesAreOneSetting() throws {
        let session = try AppSession()
        try session.launch([AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path])
        _ = try XCTUnwrap(session.waitFor("the document") { $0.windows.first?.content == "document" })
        session.activate("finger-draws")
        XCTAssertNotNil(session.waitFor("fingers draw") { $0.windows.first?.fingerDraws == true })
        XCTAssertEqual(settings(in: session)?.touch.fingers, .draw, "the menu's toggle is the Preferences' Fingers: Draw")
        session.activate("pen-draws")
        XCTAssertNotNil(session.waitFor("the pen no longer draws at once") { $0.windows.first?.penDrawsAtOnce == false })
        XCTAssertEqual(settings(in: session)?.touch.penDrawsAtOnce, false)
    }
}
