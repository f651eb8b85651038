// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
@testable import GtkShell
import XCTest

/// The bars under the header (signature, shared review, repaired copy, text recognition) are
/// part of every document's window but show on few: each is an empty revealer until it first
/// shows, so the first frame styles and measures none of their widgets, and once shown it says
/// what it was given, as before.
final class BarsMadeWhenShownTests: XCTestCase {
    func testANoticeBarHasNoContentsUntilItFirstShowsThenSaysItsText() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let bar = NoticeBar.repair()
            bar.show(nil)
            XCTAssertFalse(bar.isMade, "hiding a bar never shown makes nothing")
            XCTAssertNil(gtk_revealer_get_child(cast(bar.revealer)))
            bar.show("Repaired copy")
            XCTAssertTrue(bar.isMade)
            XCTAssertNotNil(gtk_revealer_get_child(cast(bar.revealer)))
            XCTAssertEqual(bar.shownText, "Repaired copy")
            XCTAssertEqual(gtk_revealer_get_reveal_child(cast(bar.revealer)), 1)
            bar.show(nil)
            XCTAssertNil(bar.shownText)
            XCTAssertEqual(gtk_revealer_get_reveal_child(cast(bar.revealer)), 0)
        }
    }

    func testTheSignatureBarIsMadeByItsFirstVerdictAndHidesAgainWithout() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let bar = SignatureBar()
            bar.show(nil)
            XCTAssertFalse(bar.isMade)
            let report = SignatureReport(field: "Sig", signer: "Ada", status: .valid, certificate: .trusted,
                                         coversWholeFile: true, signedLength: 100)
            guard let verdict = SignatureVerdict([report]) else { return XCTFail("a signed document has a verdict") }
            bar.show(verdict)
            XCTAssertTrue(bar.isMade)
            XCTAssertEqual(bar.shownText, SignatureBar.text(for: verdict))
            XCTAssertEqual(gtk_revealer_get_reveal_child(cast(bar.revealer)), 1)
            bar.show(nil)
            XCTAssertNil(bar.shownText)
            XCTAssertEqual(gtk_revealer_get_reveal_child(cast(bar.revealer)), 0)
        }
    }

    func testTheRecognitionBarIsMadeWhenRecognitionFirstReportsProgress() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let bar = RecognitionBar()
            bar.show(done: 0, of: nil)
            XCTAssertFalse(bar.isMade)
            bar.show(done: 2, of: 5)
            XCTAssertTrue(bar.isMade)
            XCTAssertEqual(gtk_revealer_get_reveal_child(cast(bar.revealer)), 1)
        }
    }
}
