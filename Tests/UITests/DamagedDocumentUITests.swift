// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// Damaged documents in the real app: one poppler refuses opens from a copy MuPDF repaired, with
/// a bar saying so; its first save asks, then writes a whole new file that MuPDF reads with the
/// rectangle drawn, and the damaged file stays byte for byte as it was. A signed document that
/// would be rewritten whole names its signature in the question before anything is written.
/// (A file poppler reads only by rebuilding its table takes the same path: the editor's tests.)
final class DamagedDocumentUITests: XCTestCase {
    /// A damaged copy of `source` (the developer set) made the `kind` way with the first seed
    /// that `wanted` accepts, judged with poppler's and MuPDF's command-line tools.
    static func damagedCopy(of source: String, _ kind: PDFDamage, into folder: URL,
                            wanted: (_ popplerOpens: Bool, _ mupdfRenders: Bool, _ popplerComplains: Bool) -> Bool) throws -> (path: String, bytes: Data)? {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try AppSession.sharedPDF(source))))
        let path = folder.appendingPathComponent("damaged-" + source).path
        for seed in UInt64(1)...60 {
            let damaged = Data(DamagedCopies.damage(original, kind, seed: seed))
            try damaged.write(to: URL(fileURLWithPath: path))
            let info = try ExternalTools.run("pdfinfo", [path])
            let mupdf = try ExternalTools.run("mutool", ["draw", "-o", "/dev/null", path, "1"]).status == 0
            // poppler says what it could not find while it opened the file (its table is rebuilt).
            let complains = String(decoding: info.output, as: UTF8.self).contains("Couldn't find trailer")
            if wanted(info.status == 0, mupdf, complains) { return (path, damaged) }
        }
        return nil
    }

    /// Draws a rectangle with the Rectangle tool on the first page in view; returns that page's number.
    @discardableResult
    static func drawRectangle(_ session: AppSession, pid: Int32) throws -> Int {
        session.activate("tool", "[<'rectangle'>]")
        let w = try XCTUnwrap(session.waitFor("the Rectangle tool") { $0.windows.first?.tool == "rectangle" }?.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(pid)))
        let page = try XCTUnwrap(w.visiblePages.first)
        let x = Int(origin.x + w.canvasX + page.x + page.width * 0.3), y = Int(origin.y + w.canvasY + page.y + min(page.height, w.viewHeight) * 0.3)
        session.drag(from: (x, y), to: (x + 120, y + 80))
        _ = try XCTUnwrap(session.waitFor("a rectangle made") { s in
            s.windows.first.map { $0.undoName == "Rectangle" && $0.hasUnsavedChanges } ?? false
        })
        return page.page
    }

    func testADocumentPopplerRefusesOpensRepairedAndItsFirstSaveWritesAWholeNewFileMuPDFReads() throws {
        try AppSession.skipUnderWayland("draws with xdotool")
        _ = try XCTUnwrap(AppSession.which("mutool"), "mupdf-tools is installed (tools/install-deps.sh)")
        let session = try AppSession()
        guard let (path, damaged) = try Self.damagedCopy(of: "rotate-90-180-270-arabic.pdf", .cutShort, into: session.workDir,
                                                          wanted: { poppler, mupdf, _ in !poppler && mupdf }) else {
            throw XCTSkip("no seed made a copy poppler refuses and MuPDF renders")
        }
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("the repaired copy shown") { s in
            s.windows.first.map { $0.content == "document" && $0.repaired == true && $0.repairBar != nil && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(shown.rewriteOnSave, true)
        XCTAssertTrue(shown.repairBar?.contains("repaired") == true, shown.repairBar ?? "")
        XCTAssertEqual(shown.path, path, "the window names the damaged file, not the private copy")

        let page = try Self.drawRectangle(session, pid: app.processIdentifier)
        session.key("ctrl+s", runs: "save")
        _ = try XCTUnwrap(session.waitFor("asked before writing a new file") { $0.windows.first?.dialog == "save-whole" })
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), damaged, "nothing written before the answer")
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("key", "Return")
        _ = try XCTUnwrap(session.waitFor("Save As asks where") { $0.windows.first?.dialog == "save-as" })
        let target = session.workDir.appendingPathComponent("saved-elsewhere.pdf").path
        session.activate("save-as-file", "[<'\(target)'>]")
        let saved = try XCTUnwrap(session.waitFor("saved whole into the new file") { s in
            s.windows.first.map { !$0.hasUnsavedChanges && $0.saving == false && $0.path == target && $0.rewriteOnSave == false } ?? false
        }?.windows.first)
        XCTAssertNil(saved.saveError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), damaged, "the damaged file is byte for byte what it was")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: target)), as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "startxref").count - 1, 1, "a whole file with one fresh cross-reference table")
        let script = session.workDir.appendingPathComponent("annots.js").path
        try "var d = new PDFDocument(scriptArgs[0]); for (var i = 0; i < d.countPages(); i++) { var a = d.loadPage(i).getAnnotations(); for (var j = 0; j < a.length; j++) print((i + 1) + ' ' + a[j].getType()); }"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let seen = String(decoding: try ExternalTools.run("mutool", ["run", script, target]).stdout, as: UTF8.self)
        XCTAssertTrue(seen.split(separator: "\n").contains("\(page) Square"), "MuPDF sees the rectangle: \(seen)")
    }

    func testASignedDamagedDocumentNamesItsSignatureBeforeAnyRewrite() throws {
        try AppSession.skipUnderWayland("draws with xdotool")
        let session = try AppSession()
        // A block zeroed where its last cross-reference section is (the offset its last
        // `startxref` names): poppler refuses it, MuPDF repairs a copy that keeps the form's
        // signature flags.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try AppSession.sharedPDF("signed-valid-incremental.pdf"))))
        let text = String(decoding: bytes, as: UTF8.self)
        let tail = try XCTUnwrap(text.range(of: "startxref", options: .backwards)).upperBound
        let offset = try XCTUnwrap(Int(text[tail...].trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0.isNumber }))
        for i in offset..<min(bytes.count, offset + 64) { bytes[i] = 0 }
        let damaged = Data(bytes)
        let path = session.workDir.appendingPathComponent("damaged-signed-valid-incremental.pdf").path
        try damaged.write(to: URL(fileURLWithPath: path))
        guard try ExternalTools.run("pdfinfo", [path]).status != 0, try ExternalTools.run("mutool", ["draw", "-o", "/dev/null", path, "1"]).status == 0 else {
            throw XCTSkip("this copy is not one poppler refuses and MuPDF renders")
        }
        let app = try session.launch([path], environment: ["PDF_ANNOTATOR_DUMP_TEXTS": "1"])
        _ = try XCTUnwrap(session.waitFor("the repaired copy shown") { s in
            s.windows.first.map { $0.content == "document" && $0.repaired == true && $0.missingTiles == 0 } ?? false
        })
        try Self.drawRectangle(session, pid: app.processIdentifier)
        XCTAssertEqual(session.state()?.windows.first?.rewriteOnSave, true)
        session.key("ctrl+s", runs: "save")
        let asked = try XCTUnwrap(session.waitFor("asked, naming the signature") { s in
            s.windows.first?.dialog == "save-whole" && (s.windows.first?.visibleTexts ?? []).contains { $0.contains("signature will no longer be valid") }
        }?.windows.first)
        XCTAssertEqual(asked.hasUnsavedChanges, true)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), damaged, "nothing rewritten before the answer")
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("key", "Escape")
        let cancelled = try XCTUnwrap(session.waitFor("cancelled") { $0.windows.first?.dialog == nil }?.windows.first)
        XCTAssertTrue(cancelled.hasUnsavedChanges, "the rectangle is kept, unsaved")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), damaged, "the signed file is unchanged")
        let files = try FileManager.default.contentsOfDirectory(atPath: session.workDir.path).filter { $0.hasSuffix(".pdf") }
        XCTAssertEqual(files, ["damaged-signed-valid-incremental.pdf"], "no other file written")
    }
}
