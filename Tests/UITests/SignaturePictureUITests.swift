// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// A scanned signature (dark ink on off-white paper) kept as a signature loses its paper: the
/// Sign tool places it as a /Stamp whose picture has a soft mask, marked as a signature, and
/// the picture is kept as a PNG in the signatures folder.
final class SignaturePictureUITests: XCTestCase {
    func testAScannedSignatureIsPlacedWithoutItsPaper() throws {
        guard AppSession.which("convert") != nil, AppSession.which("qpdf") != nil else { throw XCTSkip("ImageMagick and qpdf are needed") }
        let session = try AppSession()
        let scan = session.workDir.appendingPathComponent("scan.png").path
        _ = session.run("convert", ["-size", "300x100", "xc:#f0eee8", "-stroke", "#102060", "-strokewidth", "6",
                                    "-draw", "line 20,70 280,40", scan])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scan), "the scan was made")
        let path = session.workDir.appendingPathComponent("letter.pdf").path
        try NumberedPagesPDF.data(pages: 1).write(to: URL(fileURLWithPath: path))
        let (app, w) = try session.launchEditable(path)
        session.activate("keep-signature-picture", "[<'\(scan)'>]")
        _ = try XCTUnwrap(session.waitFor("kept, the Sign tool picked") { $0.windows.first?.tool == "sign" })
        let folder = session.workDir.appendingPathComponent("data/pdf-annotator/signatures")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(files.filter { $0.hasSuffix(".png") }.count, 1, "the picture is kept as a PNG: \(files)")

        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let page = try XCTUnwrap(w.visiblePages.first)
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + page.x + page.width / 2))",
                        "\(Int(origin.y + w.canvasY + page.y + min(page.height, w.viewHeight) * 0.7))")
        session.xdotool("click", "1")
        _ = try XCTUnwrap(session.waitFor("placed") { s in s.windows.first.map { $0.undoName == "Signature" } ?? false })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
        let saved = try SavedPDF(path: path)
        let stamp = try XCTUnwrap(saved.annotations(onPage: 0).first { ($0["/Subtype"] as? String) == "/Stamp" })
        XCTAssertEqual(stamp["/AnnotatorSignature"] as? Bool, true, "marked as a signature")
        XCTAssertNotNil((stamp["/AP"] as? [String: Any])?["/N"])
        let json = session.run("qpdf", ["--json=2", "--json-key=qpdf", path])
        XCTAssertTrue(json.contains("\"/SMask\""), "the picture has a soft mask: its paper is clear")
        XCTAssertEqual(try ExternalTools.run("mutool", ["draw", "-q", "-o", "/dev/null", path]).status, 0)
    }
}
