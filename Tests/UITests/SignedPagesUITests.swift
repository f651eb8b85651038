// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The first page operation on a signed document warns that it will show as changed after
/// the signature; Cancel changes nothing, "Change Pages" goes on, and is not asked again.
final class SignedPagesUITests: XCTestCase {
    func testTurningAPageOfASignedDocumentWarnsOnce() throws {
        let source = try AppSession.sharedPDF("signed-valid-incremental.pdf")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("signed.pdf").path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let (_, shown) = try session.launchEditable(path)
        let upright = try XCTUnwrap(shown.visiblePages.first)
        func turned(_ w: AppSession.Window) -> Bool {
            (w.visiblePages.first.map { ($0.width > $0.height) != (upright.width > upright.height) }) ?? false
        }
        session.xdotool("key", "ctrl+bracketright")
        _ = try XCTUnwrap(session.waitFor("the warning") { $0.windows.first?.dialog == "signed-pages" })
        session.xdotool("key", "Escape")
        let cancelled = try XCTUnwrap(session.waitFor("cancelled") { $0.windows.first?.dialog == nil }?.windows.first)
        XCTAssertNil(cancelled.undoName, "nothing changed")

        session.xdotool("key", "ctrl+bracketright")
        _ = try XCTUnwrap(session.waitFor("the warning again") { $0.windows.first?.dialog == "signed-pages" })
        session.xdotool("key", "alt+p")
        _ = try XCTUnwrap(session.waitFor("turned") { s in s.windows.first.map { $0.dialog == nil && $0.undoName == "Rotate Page" && turned($0) } ?? false })
        session.xdotool("key", "ctrl+bracketleft")
        _ = try XCTUnwrap(session.waitFor("turned back without asking again") { s in
            s.windows.first.map { $0.dialog == nil && !turned($0) && $0.hasUnsavedChanges == true } ?? false
        })
    }
}
