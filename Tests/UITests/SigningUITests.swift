// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
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
        usleep(300_000)
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
}
