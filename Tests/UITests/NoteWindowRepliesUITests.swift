// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import StateSnapshot
import XCTest

/// The note window's thread: a note someone else answered opens with that reply (not the
/// user's to change); Reply… there adds the user's own, which the window then offers with
/// Edit… and Delete (`win.edit-reply`, `win.delete-reply`): the edit and the deletion are each
/// one undoable step, the window staying open on Delete, and the saved file (judged with qpdf)
/// holds the edited reply, then only the other reviewer's.
final class NoteWindowRepliesUITests: XCTestCase {
    /// An A5 page with a note by another reviewer and their reply to it, as Acrobat writes them.
    static func document() -> Data {
        let page = "0.9 g 40 40 340 515 re f"
        return HandWrittenPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
            "<< /Length \(page.utf8.count) >>\nstream\n\(page)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R /Annots [5 0 R 6 0 R] >>",
            "<< /Type /Annot /Subtype /Text /Rect [150 400 180 430] /NM (note-1) /T (Grace Other) /Contents (Is this right?) /M (D:20261201090000Z) /F 28 /Name /Comment >>",
            "<< /Type /Annot /Subtype /Text /Rect [150 400 180 430] /NM (reply-1) /T (Grace Other) /Contents (I think so) /IRT 5 0 R /M (D:20261201100000Z) /F 28 /Name /Comment >>",
        ])
    }

    func testOwnRepliesAreEditedAndDeletedFromTheNoteWindowEachOneUndoableStep() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("note.pdf").path
        try Self.document().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let pid = Int(app.processIdentifier)
        let shown = try XCTUnwrap(session.waitFor("the note shown, the editor open") { s in
            s.windows.first.map { w in
                w.content == "document" && w.missingTiles == 0 && w.isEditable && w.reviewThreads != nil
                    && w.annotations.contains { $0.kind == "note" }
            } ?? false
        }?.windows.first)
        let note = try XCTUnwrap(shown.annotations.first { $0.kind == "note" })
        let origin = try XCTUnwrap(session.windowOrigin(pid: pid))
        let x = String(Int(origin.x + shown.canvasX + note.x + note.width / 2))
        let y = String(Int(origin.y + shown.canvasY + note.y + note.height / 2))
        func openNoteWindow() throws -> [NoteReplySnapshot] {
            session.xdotool("mousemove", x, y)
            session.xdotool("click", "--repeat", "2", "--delay", "80", "1")
            let open = try XCTUnwrap(session.waitFor("the note's window open") { s in
                s.windows.first.map { $0.dialog == "note" && $0.noteReplies != nil } ?? false
            }?.windows.first)
            try session.waitForDialogFocus(pid: pid)
            return try XCTUnwrap(open.noteReplies)
        }

        // Another's reply shows, without Edit… and Delete.
        let first = try openNoteWindow()
        XCTAssertEqual(first.map(\.text), ["I think so"])
        XCTAssertEqual(first.map(\.author), ["Grace Other"])
        XCTAssertEqual(first.map(\.editable), [false], "another reviewer's reply is not the user's to change")

        // Reply… (Alt+R) keeps the note's text and asks for the reply.
        session.xdotool("key", "alt+r")
        session.waitFor("the reply's text is asked for") { $0.windows.first?.dialog == "reply" }
        try session.waitForDialogFocus(pid: pid)
        session.xdotool("type", "--delay", "20", "First answer")
        session.xdotool("key", "ctrl+Return")
        let answered = try XCTUnwrap(session.waitFor("answered") { s in
            s.windows.first.map { w in w.undoName == "Reply" && (w.reviewThreads ?? []).contains { $0.text == "First answer" } } ?? false
        }?.windows.first)
        let mine = try XCTUnwrap(answered.reviewThreads?.first { $0.text == "First answer" })
        XCTAssertEqual(mine.inReplyTo, note.id)

        // The window offers Edit… for the user's own reply only.
        let second = try openNoteWindow()
        XCTAssertEqual(second.map(\.text), ["I think so", "First answer"])
        XCTAssertEqual(second.map(\.editable), [false, true])
        session.activate("edit-reply", "[<'\(mine.id)'>]")
        session.waitFor("the reply open for editing") { $0.windows.first.map { $0.dialog == "reply" && $0.noteReplies == nil } ?? false }
        try session.waitForDialogFocus(pid: pid)
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "--delay", "20", "Edited answer")
        session.xdotool("key", "ctrl+Return")
        session.waitFor("edited") { s in
            s.windows.first.map { w in
                w.undoName == "Edit Reply" && w.dialog == nil && (w.reviewThreads ?? []).contains { $0.id == mine.id && $0.text == "Edited answer" }
            } ?? false
        }
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved with the edit") { $0.windows.first?.hasUnsavedChanges == false }
        let edited = try SavedPDF(path: path)
        let editedReplies = edited.annotations.filter { $0["/IRT"] != nil }
        XCTAssertEqual(Set(editedReplies.compactMap { $0["/Contents"] as? String }), ["u:I think so", "u:Edited answer"])
        let savedMine = try XCTUnwrap(editedReplies.first { $0["/Contents"] as? String == "u:Edited answer" })
        XCTAssertEqual(savedMine["/IRT"] as? String, "5 0 R", "it answers the note")
        let name = try XCTUnwrap(savedMine["/NM"] as? String)
        XCTAssertNotNil(UUID(uuidString: String(name.dropFirst(2))), "its /NM is a UUID: \(name)")
        XCTAssertEqual(name, mine.name.map { "u:" + $0 }, "the /NM the dump named, kept through the edit")

        // Delete in the window: the reply goes, the window stays with the other's.
        _ = try openNoteWindow()
        session.activate("delete-reply", "[<'\(mine.id)'>]")
        let deleted = try XCTUnwrap(session.waitFor("deleted, the window still open") { s in
            s.windows.first.map { w in
                w.undoName == "Delete Reply" && w.dialog == "note" && w.noteReplies?.map(\.text) == ["I think so"]
                    && !(w.reviewThreads ?? []).contains { $0.id == mine.id }
            } ?? false
        }?.windows.first)
        XCTAssertEqual(deleted.reviewThreads?.first { $0.id == note.id }?.replies, 1)
        session.xdotool("key", "Escape")
        session.waitFor("the note's window closed") { $0.windows.first.map { $0.dialog == nil && $0.noteReplies == nil } ?? false }
        try session.waitForDialogGone(pid: pid)

        // One step each: undo brings the reply back as edited, redo takes it again.
        session.xdotool("key", "ctrl+z")
        session.waitFor("the deletion undone") { s in
            s.windows.first.map { w in w.redoName == "Delete Reply" && (w.reviewThreads ?? []).contains { $0.text == "Edited answer" } } ?? false
        }
        session.xdotool("key", "ctrl+shift+z")
        session.waitFor("deleted again") { s in
            s.windows.first.map { w in w.undoName == "Delete Reply" && !(w.reviewThreads ?? []).contains { $0.text == "Edited answer" } } ?? false
        }
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved with the deletion") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let saved = try SavedPDF(path: path)
        let replies = saved.annotations.filter { $0["/IRT"] != nil }
        XCTAssertEqual(replies.compactMap { $0["/Contents"] as? String }, ["u:I think so"], "only the other reviewer's reply is left")
        XCTAssertEqual(replies.first?["/NM"] as? String, "u:reply-1")
        XCTAssertEqual(saved.annotations.filter { ($0["/Subtype"] as? String) == "/Text" && $0["/IRT"] == nil }.count, 1, "the note stays")
    }
}
