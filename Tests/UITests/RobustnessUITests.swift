// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The app never crashes on a document: every file of the developer set at once, and a page
/// far larger than any screen zoomed in.
final class RobustnessUITests: XCTestCase {
    func testEveryDeveloperPDFOpensAsADocumentAnErrorOrAPasswordPromptAndTheAppStaysUp() throws {
        let folder = try AppSession.requireSharedPDFs()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".pdf") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        let session = try AppSession()
        let app = try session.launch(files.map { folder.appendingPathComponent($0).path })
        let state = try XCTUnwrap(session.waitFor("every window settled", timeout: 60) { s in
            s.windows.count == files.count && s.windows.allSatisfy { w in
                w.content == "error" || w.content == "password" || (w.content == "document" && w.missingTiles == 0)
            }
        })
        XCTAssertTrue(app.isRunning)
        func content(_ file: String) -> String? { state.windows.first { $0.path?.hasSuffix("/" + file) == true }?.content }
        for broken in ["not-a-pdf-jpeg.pdf", "truncated-60pct.pdf", "zero-pages-empty-tree.pdf"] {
            XCTAssertEqual(content(broken), "error", broken)
        }
        XCTAssertEqual(content("encrypted-userpw-libreoffice.pdf"), "password")
        XCTAssertEqual(content("broken-xref-entry.pdf"), "document", "poppler recovers this one")
        // poppler refuses this one; MuPDF repairs a copy, which is shown.
        XCTAssertEqual(content("broken-no-trailer.pdf"), "document", "MuPDF repairs this one")
        XCTAssertEqual(state.windows.first { $0.path?.hasSuffix("/broken-no-trailer.pdf") == true }?.repaired, true)
        // Every other file shows as a document: the files that do not are exactly the four
        // named above (an expectation written down, not counted from the list given).
        let notDocuments = state.windows.filter { $0.content != "document" }.compactMap { $0.path.map { URL(fileURLWithPath: $0).lastPathComponent } }
        XCTAssertEqual(Set(notDocuments), ["not-a-pdf-jpeg.pdf", "truncated-60pct.pdf", "zero-pages-empty-tree.pdf",
                                           "encrypted-userpw-libreoffice.pdf"])
        XCTAssertEqual(notDocuments.count, 4, "one window each")
    }

    func testAPageTenTimesTheScreenRendersAtHighZoomWithinTheTileBudget() throws {
        let session = try AppSession()
        let file = session.workDir.appendingPathComponent("huge.pdf")
        try Self.hugePagePDF(side: 14_400).write(to: file)
        let app = try session.launch([file.path])
        session.waitFor("huge page shown") { $0.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false }
        let state = try XCTUnwrap(session.state())
        let w = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + w.viewWidth / 2))", "\(Int(origin.y + w.canvasY + w.viewHeight / 2))")
        session.xdotool("click", "1")
        for _ in 0..<12 { session.xdotool("key", "ctrl+plus") }
        let zoomed = try XCTUnwrap(session.waitFor("zoomed in and sharp", timeout: 60) { s in
            s.windows.first.map { $0.zoom > w.zoom * 10 && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertTrue(app.isRunning)
        XCTAssertGreaterThan(zoomed.cachedTiles, 0)
        // A rendering of the whole page at this zoom would take gigabytes; only the view's tiles
        // (plus a margin) are kept.
        let wholePage = 14_400 * zoomed.zoom * 14_400 * zoomed.zoom * 4
        XCTAssertLessThan(Double(zoomed.cacheBytes), 128 * 1024 * 1024)
        XCTAssertLessThan(Double(zoomed.cacheBytes), wholePage / 10)
    }

    /// A one-page PDF whose page is `side` points square, with a diagonal line (written by hand:
    /// four objects and a cross-reference table).
    static func hugePagePDF(side: Int) -> Data {
        let content = "0 0 1 RG 20 w 0 0 m \(side) \(side) l S"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(side) \(side)] /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        return HandWrittenPDF.data(objects: objects)
    }
}
