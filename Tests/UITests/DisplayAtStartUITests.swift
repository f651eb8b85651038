// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Where GTK opens the display at start (in GtkApplication's `startup`, once GApplication has
/// registered on the session bus): a second launch hands its files over without a display, and
/// the first instance without a display ends saying which one it could not open. A change to
/// when the display opens must keep both.
final class DisplayAtStartUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
    /// An X display no server answers on.
    let noDisplay = ["DISPLAY": ":4093", "GDK_BACKEND": "x11", "WAYLAND_DISPLAY": "no-such-wayland-socket"]

    private func openSample(_ session: AppSession) throws -> AppSession.State {
        try session.launch([sample])
        return try XCTUnwrap(session.waitFor("sample open and sharp") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        })
    }

    func testTheFirstInstanceWithoutADisplaySaysSoAndEnds() throws {
        let session = try AppSession()
        let app = try session.launch([sample], withStateFile: false, environment: noDisplay)
        XCTAssertTrue(session.waitForExit(app), "the app ends by itself")
        XCTAssertNotEqual(app.terminationStatus, 0)
        XCTAssertTrue(session.log.lowercased().contains("cannot open display: :4093"), session.log)
    }

    func testASecondLaunchWithoutADisplayStillHandsItsFileToTheRunningInstance() throws {
        let other = try AppSession.sharedPDF("rotate-90-180-270-arabic.pdf")
        let session = try AppSession()
        let first = try openSample(session)
        let second = try session.launch([other], withStateFile: false, environment: noDisplay)
        XCTAssertTrue(session.waitForExit(second), "the second launch ends once it has handed its file over")
        XCTAssertEqual(second.terminationStatus, 0, session.log)
        XCTAssertFalse(session.log.contains("CRITICAL"), "the hand-over is clean: \(session.log)")
        let state = session.waitFor("the running instance opened the second launch's file") { s in
            s.windows.contains { $0.path == other && $0.content == "document" }
        }
        XCTAssertEqual(state?.pid, first.pid)
    }
}
