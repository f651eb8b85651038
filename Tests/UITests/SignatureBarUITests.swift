// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// A signed document says so under the header, and says what `pdfsig` says: who signed,
/// whether the signature holds, whether it covers the whole file. After a note is added and
/// saved, the signature stays valid for its revision and the bar says the document changed
/// after signing; the signed version opens read-only in a window of its own.
final class SignatureBarUITests: XCTestCase {
    private func pdfsig(_ path: String) throws -> String {
        String(decoding: try ExternalTools.run("pdfsig", [path]).stdout, as: UTF8.self)
    }

    func testTheBarSaysWhatPdfsigSaysBeforeAndAfterANoteIsSaved() throws {
        guard AppSession.which("pdfsig") != nil else { throw XCTSkip("pdfsig (poppler-utils) is not installed") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("signed.pdf").path
        try FileManager.default.copyItem(atPath: try AppSession.sharedPDF("signed-valid-incremental.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let before = try pdfsig(path)
        XCTAssertTrue(before.contains("Signature is Valid") && before.contains("Total document signed"), before)
        let signer = try XCTUnwrap(before.split(separator: "\n").first { $0.contains("Signer Certificate Common Name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces))

        let (app, _) = try session.launchEditable(path)
        let checked = try XCTUnwrap(session.waitFor("the signature checked") { s in
            s.windows.first?.signatures?.first.map { $0.status != "checking" } ?? false
        }?.windows.first)
        let signature = try XCTUnwrap(checked.signatures?.first)
        XCTAssertEqual(signature.signer, signer)
        XCTAssertEqual(signature.status, "valid")
        XCTAssertTrue(signature.coversWholeFile)
        XCTAssertEqual(signature.certificate == "expired", before.contains("Certificate has Expired"))
        XCTAssertEqual(checked.signatureBar?.hasPrefix("Signed by \(signer) — valid"), true, checked.signatureBar ?? "no bar")

        // A note on the page, then Ctrl+S.
        let w = try XCTUnwrap(session.waitFor("a page in view") { $0.windows.first.map { !$0.visiblePages.isEmpty } ?? false }?.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let x = Int(origin.x + w.canvasX + page.x + page.width * 0.6), y = Int(origin.y + w.canvasY + page.y + min(page.height, w.viewHeight) * 0.6)
        // The click that gives the page the keyboard lands 40 px below the note's: two clicks in
        // one place within the double-click time would be a double click, which the Note tool
        // does not take for a placement.
        session.xdotool("mousemove", "\(x)", "\(y + 40)")
        session.xdotool("click", "1")
        session.waitFor("the page has the keyboard") { $0.windows.first?.canvasHasFocus == true }
        session.xdotool("key", "n")
        session.waitFor("N picks the Note tool") { $0.windows.first?.tool == "note" }
        session.xdotool("mousemove", "\(x)", "\(y)", "click", "1")
        let placed = try XCTUnwrap(session.waitFor("a note") { s in s.windows.first.map { $0.undoName == "Note" } ?? false }?.windows.first)
        if placed.dialog == "note" {
            try session.waitForDialogFocus(pid: Int(app.processIdentifier))
            session.xdotool("key", "Escape")
            session.waitFor("the note's text closes") { $0.windows.first?.dialog == nil }
        }
        session.xdotool("key", "ctrl+s")
        let changed = try XCTUnwrap(session.waitFor("saved, and the signature checked again") { s in
            guard let w = s.windows.first, !w.hasUnsavedChanges, let sig = w.signatures?.first else { return false }
            return sig.status != "checking" && !sig.coversWholeFile
        }?.windows.first)
        let after = try pdfsig(path)
        XCTAssertTrue(after.contains("Signature is Valid"), "pdfsig: valid for its revision")
        XCTAssertFalse(after.contains("- Total document signed"), "pdfsig: not the whole file any more")
        XCTAssertEqual(changed.signatures?.first?.status, "valid")
        XCTAssertEqual(changed.signatures?.first?.changesAfter, ["annotations"])
        XCTAssertEqual(changed.signatureBar?.contains("changed after signing: annotations added"), true, changed.signatureBar ?? "no bar")

        // The signed version, read-only, in a window of its own.
        session.activate("open-signed-version", "[<'\(signature.field)'>]")
        let both = try XCTUnwrap(session.waitFor("a second window with the signed version") { s in
            s.windows.count == 2 && s.windows.contains { ($0.path ?? "").contains("as signed") && $0.content == "document" }
        })
        let revision = try XCTUnwrap(both.windows.first { ($0.path ?? "").contains("as signed") }?.path)
        XCTAssertTrue(try pdfsig(revision).contains("Total document signed"), "the signed version is what was signed, whole")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: revision)), try Data(contentsOf: URL(fileURLWithPath: path)).prefix(
            try Data(contentsOf: URL(fileURLWithPath: revision)).count))
        XCTAssertFalse(FileManager.default.isWritableFile(atPath: revision) && getuid() != 0)
    }
}
