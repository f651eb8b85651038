// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// A click on an empty signature field offers the ways to sign it; Sign Here puts the kept
/// signature in the field's box.
final class SignatureFieldUITests: XCTestCase {
    /// One A5 page with an empty signature field "Approval" at 100–300 × 450–510 (near the top:
    /// in view at fit width).
    static func form() -> Data {
        NumberedObjectsPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Annots [4 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Approval) /Rect [100 450 300 510] /P 3 0 R /F 4 /MK << /BC [0 0 0] >> >>",
        ])
    }

    func testAnEmptySignatureFieldOffersToSignAndSignHerePlacesTheSignatureInIt() throws {
        guard AppSession.which("convert") != nil, AppSession.which("qpdf") != nil else { throw XCTSkip("ImageMagick and qpdf are needed") }
        let session = try AppSession()
        let scan = session.workDir.appendingPathComponent("scan.png").path
        _ = session.run("convert", ["-size", "300x100", "xc:#f4f2ee", "-stroke", "#101840", "-strokewidth", "6", "-draw", "line 20,70 280,40", scan])
        let path = session.workDir.appendingPathComponent("approval.pdf").path
        try Self.form().write(to: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)
        session.activate("keep-signature-picture", "[<'\(scan)'>]")
        _ = try XCTUnwrap(session.waitFor("a signature kept") { $0.windows.first?.tool == "sign" })
        session.activate("tool", "[<'select'>]")
        let w = try XCTUnwrap(session.waitFor("the Select tool") { s in s.windows.first.map { $0.tool == "select" && !$0.formFields.isEmpty } ?? false }?.windows.first)
        XCTAssertNotNil(w.formFields.first { $0.name == "Approval" })
        let page = try XCTUnwrap(w.visiblePages.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        // The field's centre (200, 480) on the 420 × 595 page, y down in the view.
        let x = origin.x + w.canvasX + page.x + page.width * 200 / 420, y = origin.y + w.canvasY + page.y + page.height * (595 - 480) / 595
        session.xdotool("mousemove", "\(Int(x))", "\(Int(y))")
        session.xdotool("click", "1")
        let menu = try XCTUnwrap(session.waitFor("the ways to sign") { $0.windows.first?.contextMenu != nil }?.windows.first)
        XCTAssertEqual(menu.contextMenu, ["Sign Here", "New Handwritten Signature…", "Sign Digitally…"])
        session.xdotool("key", "Escape")
        session.activate("sign-field", "[<'Approval'>]")
        _ = try XCTUnwrap(session.waitFor("signed here") { s in s.windows.first.map { $0.undoName == "Signature" } ?? false })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
        let saved = try SavedPDF(path: path)
        let stamp = try XCTUnwrap(saved.annotations(onPage: 0).first { ($0["/Subtype"] as? String) == "/Stamp" })
        let rect = try XCTUnwrap((stamp["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        XCTAssertEqual((rect[0] + rect[2]) / 2, 200, accuracy: 1, "centred in the field")
        XCTAssertEqual((rect[1] + rect[3]) / 2, 480, accuracy: 1)
    }

    /// A text field named for a signature: a click offers Sign Here (the kept signature in its
    /// box) and Type in It (its editor, as for any text field).
    func testATextFieldNamedForASignatureOffersToSignOrToTypeInIt() throws {
        guard AppSession.which("convert") != nil else { throw XCTSkip("ImageMagick is needed") }
        let session = try AppSession()
        let scan = session.workDir.appendingPathComponent("scan.png").path
        _ = session.run("convert", ["-size", "300x100", "xc:#f4f2ee", "-stroke", "#101840", "-strokewidth", "6", "-draw", "line 20,70 280,40", scan])
        let path = session.workDir.appendingPathComponent("application.pdf").path
        try NumberedObjectsPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Annots [4 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T (ApplicantSignature) /Rect [100 450 300 510] /P 3 0 R /F 4 >>",
        ]).write(to: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)
        session.activate("keep-signature-picture", "[<'\(scan)'>]")
        _ = try XCTUnwrap(session.waitFor("a signature kept") { $0.windows.first?.tool == "sign" })
        session.activate("tool", "[<'select'>]")
        let w = try XCTUnwrap(session.waitFor("the Select tool") { s in s.windows.first.map { $0.tool == "select" && !$0.formFields.isEmpty } ?? false }?.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let x = origin.x + w.canvasX + page.x + page.width * 200 / 420, y = origin.y + w.canvasY + page.y + page.height * (595 - 480) / 595
        session.xdotool("mousemove", "\(Int(x))", "\(Int(y))")
        session.xdotool("click", "1")
        let menu = try XCTUnwrap(session.waitFor("the offer") { $0.windows.first?.contextMenu != nil }?.windows.first)
        XCTAssertEqual(menu.contextMenu, ["Sign Here", "Type in It", "New Handwritten Signature…"])
        XCTAssertNil(menu.formFieldEditor, "no editor until the user says so")
        session.xdotool("key", "t")  // Type in It's mnemonic
        _ = try XCTUnwrap(session.waitFor("typing in it") { $0.windows.first?.formFieldEditor == "text" })
        session.xdotool("key", "Escape")
        _ = try XCTUnwrap(session.waitFor("the field's editor closed") { $0.windows.first.map { $0.formFieldEditor == nil } ?? false })
        session.activate("sign-field", "[<'ApplicantSignature'>]")
        let signed = try XCTUnwrap(session.waitFor("signed over it") { s in s.windows.first.map { $0.undoName == "Signature" } ?? false }?.windows.first)
        let stamp = try XCTUnwrap(signed.annotations.first { $0.kind == "stamp" })
        let fieldX = page.x + page.width * 100 / 420, fieldWidth = page.width * 200 / 420
        XCTAssertGreaterThanOrEqual(stamp.x, fieldX - 1, "within the field's box")
        XCTAssertLessThanOrEqual(stamp.x + stamp.width, fieldX + fieldWidth + 1)
    }
}
