// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// The app checks signatures as `pdfsig` does, and says what changed after signing: judged
/// against `pdfsig` on the signed document in `../shared/pdfs`, as it is, after a note, and
/// after a page is turned.
final class SignatureCheckTests: XCTestCase {
    /// What pdfsig says of the first signature.
    private struct Pdfsig {
        var field: String?
        var signer: String?
        var valid: Bool
        var wholeFile: Bool
        var certificateExpired: Bool
    }

    private func pdfsig(_ path: String) throws -> Pdfsig {
        let out = try ExternalTool.run("pdfsig", [path]).output
        func value(_ label: String) -> String? {
            out.split(separator: "\n").first { $0.contains(label) }.map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) }
        }
        return Pdfsig(field: value("Signature Field Name"), signer: value("Signer Certificate Common Name"),
                      valid: out.contains("Signature Validation: Signature is Valid."), wholeFile: out.contains("- Total document signed"),
                      certificateExpired: out.contains("Certificate has Expired"))
    }

    private func signedCopy(_ name: String) throws -> (TemporaryFolder, String) {
        _ = try ExternalTool.require("pdfsig")
        let folder = try TemporaryFolder()
        let path = folder.path(name)
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("signed-valid-incremental.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return (folder, path)
    }

    func testASignedDocumentIsReportedAsPdfsigReportsIt() throws {
        let (folder, path) = try signedCopy("signed.pdf")
        defer { withExtendedLifetime(folder) {} }
        let expected = try pdfsig(path)
        let reports = SignatureCheck.check(path: path, password: nil)
        XCTAssertEqual(reports.count, 1)
        let report = try XCTUnwrap(reports.first)
        XCTAssertEqual(report.field, expected.field)
        XCTAssertEqual(report.signer, expected.signer)
        XCTAssertEqual(report.status == .valid, expected.valid)
        XCTAssertEqual(report.coversWholeFile, expected.wholeFile)
        XCTAssertEqual(report.certificate == .expired, expected.certificateExpired)
        XCTAssertEqual(report.changesAfter, [])
        XCTAssertNotNil(report.signingTime)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, report.signedLength, "it signed the whole file")
    }

    func testANoteSavedAfterSigningIsAnAnnotationChangeAndTheSignatureStaysValid() throws {
        let (folder, path) = try signedCopy("noted.pdf")
        defer { withExtendedLifetime(folder) {} }
        let editor = try DocumentEditor.open(path: path, password: nil)
        let note = Annotation(id: "p0-ntest", page: PageIndex(0), subtype: .text, rect: Rect(x: 40, y: 40, width: 20, height: 20),
                              color: .yellow, contents: "Seen", iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: editor.annotations(on: PageIndex(0)).count)])))
        try editor.save()
        let expected = try pdfsig(path)
        XCTAssertTrue(expected.valid, "pdfsig: still valid for its revision")
        XCTAssertFalse(expected.wholeFile, "pdfsig: no longer the whole file")
        let report = try XCTUnwrap(SignatureCheck.check(path: path, password: nil).first)
        XCTAssertEqual(report.status, .valid)
        XCTAssertFalse(report.coversWholeFile)
        XCTAssertEqual(report.changesAfter, [.annotations], "a note added after signing, nothing else")
        let verdict = try XCTUnwrap(SignatureVerdict([report]))
        XCTAssertEqual(verdict.changesAfter, [.annotations])
    }

    func testATurnedPageIsAPageChange() throws {
        let (folder, path) = try signedCopy("turned.pdf")
        defer { withExtendedLifetime(folder) {} }
        let editor = try DocumentEditor.open(path: path, password: nil)
        try editor.perform(EditRecord("Rotate", .rotatePages([PageIndex(0)], quarterTurns: 1)))
        try editor.save()
        let report = try XCTUnwrap(SignatureCheck.check(path: path, password: nil).first)
        XCTAssertEqual(report.status, .valid)
        XCTAssertEqual(report.changesAfter, [.pages])
    }

    func testTheSignedRevisionIsTheFilesFirstBytesReadOnly() throws {
        let (folder, path) = try signedCopy("revision.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        try editor.perform(EditRecord("Rotate", .rotatePages([PageIndex(0)], quarterTurns: 1)))
        try editor.save()
        let report = try XCTUnwrap(SignatureCheck.check(path: path, password: nil).first)
        let revision = try XCTUnwrap(SignatureCheck.writeRevision(of: path, length: report.signedLength, named: "signed.pdf", in: folder.path("revisions")))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: revision))
        XCTAssertEqual(bytes, try Data(contentsOf: URL(fileURLWithPath: path)).prefix(report.signedLength))
        XCTAssertTrue(try pdfsig(revision).wholeFile, "the revision is what was signed, whole")
        XCTAssertFalse(FileManager.default.isWritableFile(atPath: revision) && getuid() != 0, "read-only")
        let mode = try FileManager.default.attributesOfItem(atPath: revision)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o444)
    }

    func testADocumentWithoutSignaturesHasNoReport() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(NumberedPagesPDF.data(pages: 2), to: "plain.pdf")
        XCTAssertEqual(SignatureCheck.check(path: path, password: nil), [])
    }

    func testACertificationSignatureSaysWhatChangesItAllows() throws {
        // A hand-made form whose signature field names the DocMDP transform with /P 1 (the
        // signature bytes are not real: this is about reading what it allows).
        let folder = try TemporaryFolder()
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> /Perms << /DocMDP 5 0 R >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [4 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Notary) /Rect [0 0 0 0] /P 3 0 R /V 5 0 R >>",
            "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 30] /Contents <00> "
                + "/Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /Type /TransformParams /P 1 /V /1.2 >> >>] >>",
        ]
        let path = try folder.write(NumberedObjectsPDF.data(objects: objects), to: "certified.pdf")
        let core = try CoreDocument.open(path: path, password: nil)
        let fields = SignatureCheck.fields(in: core)
        XCTAssertEqual(fields.map(\.name), ["Notary"])
        XCTAssertEqual(fields.first?.certification, 1, "no change allowed")
        XCTAssertEqual(fields.first?.signedLength, 50)
    }
}
