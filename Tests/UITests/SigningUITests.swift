// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// Signing with a certificate: a throwaway NSS database with a self-signed certificate stands
/// for the user's (`$HOME/.pki/nssdb`); a form is filled, then `win.sign-digitally` signs it
/// into a new file. `pdfsig` finds a valid signature by that signer covering the whole new file,
/// with the value typed; the original file is byte for byte what it was.
final class SigningUITests: XCTestCase {
    /// A home folder whose NSS database holds one signing certificate for "Ada Lovelace".
    private func homeWithCertificate(in session: AppSession) throws -> String {
        guard AppSession.which("certutil") != nil else { throw XCTSkip("certutil (libnss3-tools) is not installed") }
        let certutil = "certutil"
        let home = session.workDir.appendingPathComponent("home").path
        let database = home + "/.pki/nssdb"
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)
        _ = session.run(certutil, ["-N", "-d", "sql:" + database, "--empty-password"])
        let noise = session.workDir.appendingPathComponent("noise").path
        FileManager.default.createFile(atPath: noise, contents: Data((0..<64).map { _ in UInt8.random(in: 0...255) }))
        _ = session.run(certutil, ["-S", "-d", "sql:" + database, "-n", "Ada Test", "-s", "CN=Ada Lovelace,O=Analytical Engines", "-x",
                                   "-t", "CTu,Cu,Cu", "-k", "rsa", "-g", "2048", "-v", "12", "-z", noise,
                                   "--keyUsage", "digitalSignature,nonRepudiation", "-Z", "SHA256"])
        XCTAssertTrue(session.run(certutil, ["-L", "-d", "sql:" + database]).contains("Ada Test"), "the certificate is in the database")
        return home
    }

    func testAFilledFormSignedIntoANewFileIsValidForTheWholeFile() throws {
        guard AppSession.which("pdfsig") != nil, AppSession.which("qpdf") != nil else { throw XCTSkip("pdfsig and qpdf are needed") }
        let session = try AppSession()
        let home = try homeWithCertificate(in: session)
        let path = session.workDir.appendingPathComponent("form.pdf").path
        let signed = session.workDir.appendingPathComponent("form-signed.pdf").path
        try FileManager.default.copyItem(atPath: try AppSession.sharedPDF("form-all-field-types.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let app = try session.launch([path], environment: ["HOME": home])
        session.waitFor("the form is open and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.formFields.count == 11 && w.isEditable
        }
        // Fill the text field: Tab to it, type.
        session.xdotool("key", "Tab")
        session.waitFor("the check box has the focus") { $0.windows.first?.focusedFormField == "CheckBox1" }
        session.xdotool("key", "Tab")
        session.waitFor("typing into Text1") { s in s.windows.first?.focusedFormField == "Text1" && s.windows.first?.formFieldEditor == "text" }
        session.xdotool("type", "--delay", "30", "Ada Lovelace")
        session.waitFor("the field's editor holds what was typed") { $0.windows.first?.focusedText == "Ada Lovelace" }
        // Signing takes what is being typed, as Ctrl+S does.

        session.activate("sign-digitally", "[<'\(signed)'>]")
        let done = try XCTUnwrap(session.waitFor("signed") { s in s.windows.first.map { $0.dialog == "signed" || $0.dialog == "signing-failed" } ?? false }?.windows.first)
        XCTAssertEqual(done.dialog, "signed")
        let report = session.run("pdfsig", ["-nssdir", "sql:\(home)/.pki/nssdb", signed])
        XCTAssertTrue(report.contains("Signature is Valid"), report)
        XCTAssertTrue(report.contains("Total document signed"), report)
        XCTAssertTrue(report.contains("Ada Lovelace"), "signed by the certificate's owner: \(report)")
        XCTAssertTrue(session.run("qpdf", ["--json=2", "--json-key=acroform", signed]).contains("Ada Lovelace"), "with the value typed before signing")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "the original file is untouched")
        let added = try Data(contentsOf: URL(fileURLWithPath: signed)).count - original.count
        XCTAssertLessThan(added, 40_000, "no font embedded: the signature, its appearance and the typed value cost \(added) bytes")
        XCTAssertTrue(session.run("qpdf", ["--check", signed]).contains("No syntax or stream encoding errors"))
        XCTAssertTrue(session.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", signed, "1"]).contains("Digitally signed by Ada Lovelace"),
                      "MuPDF shows the visible signature")
        XCTAssertTrue(session.state()?.windows.first?.hasUnsavedChanges == true, "and the document still has its unsaved typing")
    }

    /// An empty signature field signed in place (its menu's Sign Digitally…): no new field is
    /// made, pdfsig finds that field signed by the certificate's owner over the whole file, and
    /// the field's box shows the kept handwritten signature on its left and the signer on its
    /// right, as MuPDF draws it.
    func testAnEmptySignatureFieldIsSignedInPlaceShowingTheHandwrittenSignature() throws {
        guard AppSession.which("pdfsig") != nil, AppSession.which("qpdf") != nil, AppSession.which("mutool") != nil,
              AppSession.which("convert") != nil else { throw XCTSkip("pdfsig, qpdf, mutool and ImageMagick are needed") }
        let session = try AppSession()
        let home = try homeWithCertificate(in: session)
        let path = session.workDir.appendingPathComponent("approval.pdf").path
        let signed = session.workDir.appendingPathComponent("approval-signed.pdf").path
        try SignatureFieldUITests.form().write(to: URL(fileURLWithPath: path))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let scan = session.workDir.appendingPathComponent("scan.png").path
        _ = session.run("convert", ["-size", "300x100", "xc:#f4f2ee", "-stroke", "#101840", "-strokewidth", "8", "-draw", "line 20,70 280,40", scan])
        let app = try session.launch([path], environment: ["HOME": home])
        _ = try XCTUnwrap(session.waitFor("open") { s in s.pid == Int(app.processIdentifier) && s.windows.first?.isEditable == true })
        session.activate("keep-signature-picture", "[<'\(scan)'>]")
        _ = try XCTUnwrap(session.waitFor("a signature kept") { $0.windows.first?.tool == "sign" })

        session.activate("sign-field-digitally-into", "[<('Approval', '\(signed)')>]")
        let done = try XCTUnwrap(session.waitFor("signed") { s in s.windows.first.map { $0.dialog == "signed" || $0.dialog == "signing-failed" } ?? false }?.windows.first)
        XCTAssertEqual(done.dialog, "signed")
        let report = session.run("pdfsig", ["-nssdir", "sql:\(home)/.pki/nssdb", signed])
        XCTAssertTrue(report.contains("Signature is Valid"), report)
        XCTAssertTrue(report.contains("Total document signed"), report)
        XCTAssertTrue(report.contains("Ada Lovelace"), report)
        XCTAssertTrue(report.contains("Approval"), "the field the document had is the one signed: \(report)")
        XCTAssertFalse(report.contains("Signature #2"), "no other signature field: \(report)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "the original file is untouched")
        XCTAssertTrue(session.run("qpdf", ["--check", signed]).contains("No syntax or stream encoding errors"))

        // MuPDF's drawing of the field's box (100–300 × 450–510 on a 420 × 595 page, 144 dpi):
        // the handwriting's ink on the left, the signer's words on the right.
        let image = session.workDir.appendingPathComponent("signed.pnm").path
        _ = session.run("mutool", ["draw", "-q", "-r", "144", "-c", "rgb", "-F", "pnm", "-o", image, signed, "1"])
        let pixels = try PNMImage(path: image)
        let top = Int(Double(595 - 510) * 2), bottom = Int(Double(595 - 450) * 2)
        func count(_ columns: Range<Int>, _ matches: (Int, Int, Int) -> Bool) -> Int {
            var n = 0
            for y in top..<bottom { for x in columns { if let (r, g, b) = pixels.rgb(x: x, y: y), matches(r, g, b) { n += 1 } } }
            return n
        }
        let left = 200..<(200 + 180), right = (200 + 190)..<600
        XCTAssertGreaterThan(count(left) { r, _, b in b > r + 25 && r < 90 }, 150, "the handwritten signature on the left")
        XCTAssertGreaterThan(count(right) { r, g, b in r < 90 && g < 90 && b < 90 }, 100, "the signer's name and the date on the right")
        XCTAssertTrue(session.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", signed, "1"]).contains("Digitally signed by Ada Lovelace"))
    }

    /// No certificate yet: a PKCS#12 file is imported (its password asked, asked again when
    /// wrong) into a fresh NSS database, the signing dialog opens with it, and it signs.
    func testACertificateFileIsImportedWithItsPasswordAndThenSigns() throws {
        guard AppSession.which("pdfsig") != nil, AppSession.which("pk12util") != nil else { throw XCTSkip("pdfsig and pk12util are needed") }
        let session = try AppSession()
        let issued = try homeWithCertificate(in: session)
        let file = session.workDir.appendingPathComponent("ada.p12").path
        _ = session.run("pk12util", ["-o", file, "-n", "Ada Test", "-d", "sql:\(issued)/.pki/nssdb", "-W", "secret", "-K", ""])
        XCTAssertTrue(FileManager.default.fileExists(atPath: file), "the certificate file")
        let home = session.workDir.appendingPathComponent("fresh-home").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = session.workDir.appendingPathComponent("letter.pdf").path
        let signed = session.workDir.appendingPathComponent("letter-signed.pdf").path
        try NumberedPagesPDF.data(pages: 1).write(to: URL(fileURLWithPath: path))
        // The texts on screen tell the first question from the second, which says the password
        // was wrong (the dialog's kind is the same for both).
        let app = try session.launch([path], environment: ["HOME": home, "PDF_ANNOTATOR_DUMP_TEXTS": "1"])
        _ = try XCTUnwrap(session.waitFor("open") { s in s.pid == Int(app.processIdentifier) && s.windows.first?.isEditable == true })

        // Signing first finds no certificate (NSS opens the database then; the import must
        // still be found afterwards).
        session.activate("sign-digitally", "[<''>]")
        _ = try XCTUnwrap(session.waitFor("no certificate yet") { $0.windows.first?.dialog == "no-certificate" })
        session.xdotool("key", "Escape")
        session.activate("import-certificate", "[<'\(file)'>]")
        let wrongPassword = "That password is not right. Try again:"
        _ = try XCTUnwrap(session.waitFor("its password asked") { s in
            s.windows.first.map { $0.dialog == "certificate-password" && $0.visibleTexts?.contains("“ada.p12” is protected by a password:") == true } ?? false
        })
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("type", "--delay", "20", "wrong")
        session.xdotool("key", "Return")
        _ = try XCTUnwrap(session.waitFor("asked again, saying the password was wrong") { s in
            s.windows.first.map { $0.dialog == "certificate-password" && $0.visibleTexts?.contains(wrongPassword) == true } ?? false
        })
        XCTAssertFalse(session.run("certutil", ["-L", "-d", "sql:\(home)/.pki/nssdb"]).contains("Ada Test"), "nothing imported with a wrong password")
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("type", "--delay", "20", "secret")
        session.xdotool("key", "Return")
        _ = try XCTUnwrap(session.waitFor("imported: the signing dialog") { $0.windows.first?.dialog == "sign-digitally" })
        XCTAssertTrue(session.run("certutil", ["-L", "-d", "sql:\(home)/.pki/nssdb"]).contains("Ada Test"), "in the user's NSS database")

        session.activate("sign-digitally", "[<'\(signed)'>]")
        _ = try XCTUnwrap(session.waitFor("signed") { $0.windows.first?.dialog == "signed" })
        let report = session.run("pdfsig", ["-nssdir", "sql:\(home)/.pki/nssdb", signed])
        XCTAssertTrue(report.contains("Signature is Valid"), report)
        XCTAssertTrue(report.contains("Ada Lovelace"), report)
    }

    /// "In a box I draw on the page": signing waits for a box drawn with the Rectangle tool, and
    /// the visible signature (a new field) is made there.
    func testAVisibleSignatureGoesInTheBoxTheUserDraws() throws {
        guard AppSession.which("pdfsig") != nil, AppSession.which("qpdf") != nil else { throw XCTSkip("pdfsig and qpdf are needed") }
        let session = try AppSession()
        let home = try homeWithCertificate(in: session)
        let data = session.workDir.appendingPathComponent("data/pdf-annotator")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"{"reason":"","location":"","visible":true,"placement":"box","handwriting":false}"#.utf8)
            .write(to: data.appendingPathComponent("signing.json"))
        let path = session.workDir.appendingPathComponent("letter.pdf").path
        let signed = session.workDir.appendingPathComponent("letter-signed.pdf").path
        try SignatureFieldUITests.form().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path], environment: ["HOME": home])
        _ = try XCTUnwrap(session.waitFor("open") { s in
            s.pid == Int(app.processIdentifier) && (s.windows.first.map { $0.isEditable && $0.missingTiles == 0 } ?? false)
        })
        session.activate("sign-digitally", "[<'\(signed)'>]")
        // The toolbar slides in and the page moves down under it: waitFor returns the state
        // once it has finished sliding (layoutSettling), with the page where it stays.
        let w = try XCTUnwrap(session.waitFor("waiting for a box") { s in
            s.windows.first.map { $0.tool == "rectangle" && $0.toolbarShown && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let page = try XCTUnwrap(w.visiblePages.first)
        // From (60, 580) to (260, 520) on the 420 × 595 page (above the form's field, in view).
        func view(_ x: Double, _ y: Double) -> (Int, Int) {
            (Int(origin.x + w.canvasX + page.x + page.width * x / 420), Int(origin.y + w.canvasY + page.y + page.height * (595 - y) / 595))
        }
        let start = view(60, 580), end = view(260, 520)
        session.xdotool("mousemove", "\(start.0)", "\(start.1)")
        session.xdotool("mousedown", "1")
        for i in 1...10 {
            session.xdotool("mousemove", "\(start.0 + (end.0 - start.0) * i / 10)", "\(start.1 + (end.1 - start.1) * i / 10)")
            usleep(15_000)
        }
        session.xdotool("mouseup", "1")
        let done = try XCTUnwrap(session.waitFor("signed") { s in s.windows.first.map { $0.dialog == "signed" || $0.dialog == "signing-failed" } ?? false }?.windows.first)
        XCTAssertEqual(done.dialog, "signed")
        XCTAssertEqual(done.tool, "select", "back to Select")
        XCTAssertTrue(done.annotations.filter { $0.kind == "square" }.isEmpty, "the box is not a rectangle annotation")
        XCTAssertFalse(done.hasUnsavedChanges)
        let report = session.run("pdfsig", ["-nssdir", "sql:\(home)/.pki/nssdb", signed])
        XCTAssertTrue(report.contains("Signature is Valid") && report.contains("Total document signed"), report)
        let stamp = try XCTUnwrap(try SavedPDF(path: signed).annotations(onPage: 0).first { ($0["/Subtype"] as? String) == "/Stamp" })
        let rect = try XCTUnwrap((stamp["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, "\(stamp)")
        XCTAssertEqual(rect.count, 4)
        XCTAssertEqual(rect[0], 60, accuracy: 3); XCTAssertEqual(rect[1], 520, accuracy: 3)
        XCTAssertEqual(rect[2], 260, accuracy: 3); XCTAssertEqual(rect[3], 580, accuracy: 3)
    }
}
