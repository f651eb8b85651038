// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The empty and error pages are made the first time they show: a window opened on a document
/// makes neither (its first frame shows neither), while a window shown empty, or left by a file
/// that cannot be opened, makes the one it shows, with its button holding the keyboard.
final class StatusPagesUITests: XCTestCase {
    func testAWindowOpenedOnADocumentMakesNoStatusPageWhileAnEmptyOrFailedOneMakesAndFocusesItsOwn() throws {
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let session = try AppSession()
        let broken = session.workDir.appendingPathComponent("not a pdf.pdf")
        try Data("this is no PDF\n".utf8).write(to: broken)

        try session.launch([sample])
        let shown = try XCTUnwrap(session.waitFor("sample shown and the rest made after its first frame") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.madeAfterFirstFrame == true } ?? false
        }?.windows.first)
        XCTAssertEqual(shown.statusPagesMade, [], "a window opened on a document made a status page")
        session.quitApps()

        try session.launch([])
        let empty = try XCTUnwrap(session.waitFor("the empty page shown, its Open button holding the keyboard") { s in
            s.windows.first.map { $0.content == "empty" && $0.focusedWidget?.contains("Open") == true } ?? false
        }?.windows.first)
        XCTAssertEqual(empty.statusPagesMade, ["empty"])
        session.quitApps()

        try session.launch([broken.path])
        let failed = try XCTUnwrap(session.waitFor("the error page shown, its Open Another button holding the keyboard") { s in
            s.windows.first.map { $0.content == "error" && $0.focusedWidget?.contains("Another") == true } ?? false
        }?.windows.first)
        XCTAssertEqual(failed.statusPagesMade, ["error"])
        XCTAssertTrue(failed.errorMessage?.contains("not a pdf.pdf") == true, String(describing: failed.errorMessage))
    }
}
