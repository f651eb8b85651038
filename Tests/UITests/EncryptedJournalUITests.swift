// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A document that needs a password is journaled too (encrypted with a key from that password):
/// after a `kill -9`, opening it again with its password offers its unsaved edits back.
final class EncryptedJournalUITests: XCTestCase {
    static let password = "openpassword"

    /// Launches the app on `path`, types the password into its prompt and waits until
    /// `ready` holds for the new process's dump.
    private func openLocked(_ path: String, in session: AppSession, until message: String,
                            _ ready: @escaping (AppSession.Window) -> Bool) throws -> AppSession.State {
        let app = try session.launch([path])
        let prompt = try XCTUnwrap(session.waitFor("the password prompt") { s in
            s.pid == Int(app.processIdentifier) && s.windows.first?.content == "password"
        })
        let w = try XCTUnwrap(prompt.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: prompt.pid))
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + w.viewWidth / 2))", "\(Int(origin.y + w.canvasY + w.viewHeight / 2))")
        session.xdotool("click", "1")
        session.xdotool("type", Self.password)
        session.xdotool("key", "Return")
        return try XCTUnwrap(session.waitFor(message) { s in
            s.pid == Int(app.processIdentifier) && s.windows.first.map(ready) ?? false
        })
    }

    func testAKilledSessionOnAPasswordDocumentRestoresItsNoteOnceThePasswordIsGiven() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("locked.pdf").path
        try FileManager.default.copyItem(atPath: try AppSession.sharedPDF("encrypted-userpw-libreoffice.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let opened = try openLocked(path, in: session, until: "the document opens with its password") {
            $0.content == "document" && $0.isEditable == true && $0.missingTiles == 0 && !$0.visiblePages.isEmpty
        }
        let w = try XCTUnwrap(opened.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: opened.pid))
        // The page takes the keyboard, N picks the Note tool, a click places a note.
        let x = Int(origin.x + w.canvasX + page.x + page.width * 0.3), y = Int(origin.y + w.canvasY + page.y + min(page.height, w.viewHeight) * 0.3)
        // The click that gives the page the keyboard lands 40 px below the note's: two clicks in
        // one place within the double-click time would be a double click, which the Note tool
        // does not take for a placement.
        session.xdotool("mousemove", "\(x)", "\(y + 40)")
        session.xdotool("click", "1")
        session.waitFor("the page has the keyboard") { $0.windows.first?.canvasHasFocus == true }
        session.xdotool("key", "n")
        session.waitFor("N picks the Note tool") { $0.windows.first?.tool == "note" }
        session.xdotool("mousemove", "\(x)", "\(y)", "click", "1")
        let placed = try XCTUnwrap(session.waitFor("a note, unsaved") { s in
            s.windows.first.map { $0.undoName == "Note" && $0.hasUnsavedChanges == true } ?? false
        }?.windows.first)
        let note = try XCTUnwrap(placed.annotations.first { $0.kind == "note" })
        if placed.dialog == "note" {
            try session.waitForDialogFocus(pid: opened.pid)
            session.xdotool("key", "Escape")
            session.waitFor("the note's text closes") { $0.windows.first?.dialog == nil }
        }

        try session.crash(leaving: path, as: original)
        // The journal left behind holds nothing readable of the document.
        let journals = session.workDir.appendingPathComponent("state/pdf-annotator/journals")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: journals.path)) ?? []
        XCTAssertEqual(files.count, 1, "one journal in \(journals.path): \(files)")
        if let file = files.first {
            let text = try String(contentsOf: journals.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.contains("\"record\""), "the steps are sealed: \(text.prefix(300))")
        }

        let asking = try openLocked(path, in: session, until: "the restore question, once the password is given") { $0.dialog == "restore" }
        XCTAssertEqual(asking.windows.first?.hasUnsavedChanges, false, "nothing is applied before the answer")
        try session.waitForDialogFocus(pid: asking.pid)
        session.xdotool("key", "Return")
        let restored = try XCTUnwrap(session.waitFor("Return restores the note") { s in
            guard let w = s.windows.first, w.dialog == nil, w.hasUnsavedChanges == true else { return false }
            return w.annotations.contains { $0.kind == "note" && abs($0.x - note.x) <= 1 && abs($0.y - note.y) <= 1 }
        }?.windows.first)
        XCTAssertEqual(restored.undoName, "Note", "the restored edit can be undone")
    }
}
