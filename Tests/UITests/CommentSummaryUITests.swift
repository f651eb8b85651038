// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// "Export Summary…" on a file annotated elsewhere (a note, a highlight and ink, by "Lucas"):
/// as Markdown, every comment's words and author; as a PDF, a file qpdf finds sound whose text
/// (read by pdftotext, not poppler-glib) holds the same comments. The document is left as it is.
final class CommentSummaryUITests: XCTestCase {
    func testTheSummaryListsEveryCommentAsMarkdownAndAsAPDF() throws {
        guard AppSession.which("pdftotext") != nil, AppSession.which("qpdf") != nil else {
            throw XCTSkip("pdftotext or qpdf is not installed (tools/install-deps.sh)")
        }
        let shared = try AppSession.sharedPDF("annots-text-highlight-ink.pdf")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("reviewed.pdf").path
        try FileManager.default.copyItem(atPath: shared, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try session.launch([path])
        session.waitFor("the document is shown") { $0.windows.first?.content == "document" && $0.windows.first?.missingTiles == 0 }
        let comments = ["This is a text annotation.", "Highlight comment", "Hello world!"]

        let markdown = session.workDir.appendingPathComponent("summary.md").path
        session.activate("export-summary", "[<'\(markdown)'>]")
        _ = try XCTUnwrap(session.waitFor("the Markdown summary is written") { $0.windows.first?.dialog == "summary-exported" })
        let md = try String(contentsOfFile: markdown, encoding: .utf8)
        let unescaped = md.replacingOccurrences(of: "\\", with: "")
        for comment in comments { XCTAssertTrue(unescaped.contains(comment), "\(comment) in \(md)") }
        XCTAssertTrue(md.contains("Lucas"), md)
        XCTAssertTrue(md.contains("\n1. **"), "numbered from 1: \(md)")
        try session.waitForDialogFocus(pid: try XCTUnwrap(session.state()?.pid))
        session.xdotool("key", "Escape")
        _ = try XCTUnwrap(session.waitFor("the message closed") { $0.windows.first?.dialog == nil })

        let pdf = session.workDir.appendingPathComponent("summary.pdf").path
        session.activate("export-summary", "[<'\(pdf)'>]")
        _ = try XCTUnwrap(session.waitFor("the PDF summary is written") { s in
            s.windows.first?.dialog == "summary-exported" && FileManager.default.fileExists(atPath: pdf)
        })
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", pdf]).status, 0)
        let text = String(decoding: try ExternalTools.run("pdftotext", [pdf, "-"]).stdout, as: UTF8.self)
        for comment in comments { XCTAssertTrue(text.contains(comment), "\(comment) in the PDF summary: \(text)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf + ".part"), "nothing left beside it")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "the document is unchanged")
        session.quitApps()
    }
}
