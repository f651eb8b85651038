// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A text box another program made is written in again by double-clicking it: the new text is
/// one undoable step, saved into the file with a new appearance.
final class ReEditTextUITests: XCTestCase {
    /// An A5 page with a FreeText annotation and its own appearance, as another program writes it.
    static func document() -> Data {
        let page = "0.9 g 40 40 340 515 re f"
        let look = "0 0 1 rg BT /Helv 12 Tf 4 18 Td (Written elsewhere) Tj ET"
        return HandWrittenPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
            "<< /Length \(page.utf8.count) >>\nstream\n\(page)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R /Annots [5 0 R] >>",
            "<< /Type /Annot /Subtype /FreeText /Rect [100 400 300 440] /Contents (Written elsewhere) /DA (/Helv 12 Tf 0 0 1 rg) /F 4 /AP << /N 6 0 R >> >>",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 200 40] /Resources << /Font << /Helv 7 0 R >> >> /Length \(look.utf8.count) >>\nstream\n\(look)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ])
    }

    func testDoubleClickingATextBoxFromAnotherProgramWritesInItAsOneUndoableStep() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("freetext.pdf").path
        try Self.document().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("the text box shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.annotations.contains { $0.kind == "freeText" } } ?? false
        }?.windows.first)
        let box = try XCTUnwrap(shown.annotations.first { $0.kind == "freeText" })
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let x = String(Int(origin.x + shown.canvasX + box.x + box.width / 2)), y = String(Int(origin.y + shown.canvasY + box.y + box.height / 2))
        session.xdotool("mousemove", x, y)
        session.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        let writing = try XCTUnwrap(session.waitFor("the box open for writing") { s in s.windows.first?.textBoxEditor != nil }?.windows.first)
        XCTAssertEqual(writing.textBoxEditor, box.id, "the box itself, not a new one")
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "Rewritten here")
        session.xdotool("key", "ctrl+Return")
        let edited = try XCTUnwrap(session.waitFor("the new text kept as one step") { s in
            s.windows.first.map { $0.textBoxEditor == nil && $0.annotationEdits == 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(edited.undoName, "Edit Text")
        XCTAssertEqual(edited.annotations.filter { $0.kind == "freeText" }.count, 1, "still one box")

        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { $0.hasUnsavedChanges == false && !$0.title.hasPrefix("*") } ?? false })
        let saved = try SavedPDF(path: path)
        let annotation = try XCTUnwrap(saved.annotations.first { ($0["/Subtype"] as? String) == "/FreeText" })
        XCTAssertEqual(annotation["/Contents"] as? String, "u:Rewritten here", "the new text in the file")
        let appearance = try XCTUnwrap((saved.resolve(annotation["/AP"]) as? [String: Any])?["/N"] as? String)
        XCTAssertNotEqual(appearance, "6 0 R", "a new appearance drawn for the new text")

        // Undo brings the old text back.
        session.xdotool("key", "ctrl+z")
        session.waitFor("undone") { s in s.windows.first.map { $0.annotationEdits == 2 || $0.redoName == "Edit Text" } ?? false }
    }
}
