// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// A document whose author certified it against any change (a DocMDP signature with /P 1):
/// the first edit is held back and asked about before it is made; Cancel leaves the document as
/// it was, Edit a Copy makes it, and later edits are not asked about again.
final class CertifiedDocumentUITests: XCTestCase {
    /// One A5 page certified with /P 1 (the signature's bytes are not a real signature: the app
    /// reads the certification from the form, as it does before the cryptography is checked).
    static func certified() -> Data {
        NumberedObjectsPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> /Perms << /DocMDP 5 0 R >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Annots [4 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Author) /Rect [0 0 0 0] /P 3 0 R /F 132 /V 5 0 R >>",
            "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 10] /Contents <00>"
                + " /Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /Type /TransformParams /P 1 /V /1.2 >> >>] >>",
        ])
    }

    func testTheFirstEditOfADocumentCertifiedAgainstChangesIsAskedAboutBeforeItIsMade() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("certified.pdf").path
        try Self.certified().write(to: URL(fileURLWithPath: path))
        let (app, w) = try session.launchEditable(path)
        _ = try XCTUnwrap(session.waitFor("the signature read") { s in
            s.windows.first?.signatures.map { $0.count == 1 && $0[0].status != "checking" } ?? false
        })
        session.activate("tool", "[<'rectangle'>]")
        _ = try XCTUnwrap(session.waitFor("the Rectangle tool") { $0.windows.first?.tool == "rectangle" })
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let page = try XCTUnwrap(w.visiblePages.first)
        let x = Int(origin.x + w.canvasX + page.x + page.width * 0.3), y = Int(origin.y + w.canvasY + page.y + min(page.height, w.viewHeight) * 0.4)
        func drag() {
            session.xdotool("mousemove", "\(x)", "\(y)")
            session.xdotool("mousedown", "1")
            for i in 1...8 { session.xdotool("mousemove", "\(x + i * 15)", "\(y + i * 10)"); usleep(15_000) }
            session.xdotool("mouseup", "1")
        }
        drag()
        _ = try XCTUnwrap(session.waitFor("asked before the edit") { $0.windows.first?.dialog == "certified-document" })
        XCTAssertEqual(session.state()?.windows.first?.annotations.filter { $0.kind == "square" }.count, 0, "not made before the answer")
        session.xdotool("key", "Escape")
        // The answer is handled before the dump says the question is gone: the edit was dropped then.
        let cancelled = try XCTUnwrap(session.waitFor("cancelled") { $0.windows.first?.dialog == nil }?.windows.first)
        XCTAssertFalse(cancelled.hasUnsavedChanges, "Cancel leaves the document as it was")
        XCTAssertEqual(cancelled.annotations.filter { $0.kind == "square" }.count, 0)

        drag()
        _ = try XCTUnwrap(session.waitFor("asked again: nothing was agreed") { $0.windows.first?.dialog == "certified-document" })
        session.xdotool("key", "alt+e")
        _ = try XCTUnwrap(session.waitFor("made after Edit a Copy") { s in
            s.windows.first.map { $0.dialog == nil && $0.undoName == "Rectangle" && $0.hasUnsavedChanges } ?? false
        })
        session.xdotool("mousemove", "\(x)", "\(y + 150)")
        drag()
        // Either the square is made at once or the question comes again (and holds it back).
        let later = try XCTUnwrap(session.waitFor("the second square made, or the question again") { s in
            s.windows.first.map { $0.annotations.filter { $0.kind == "square" }.count == 2 || $0.dialog != nil } ?? false
        }?.windows.first)
        XCTAssertNil(later.dialog, "asked once")
        XCTAssertEqual(later.annotations.filter { $0.kind == "square" }.count, 2)
    }
}
