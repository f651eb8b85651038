// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Text markup made with a real mouse (xdotool): the highlight's quadrilaterals in the saved
/// file lie around the words the drag went over, as `pdftotext -bbox` places those words.
final class MarkupUITests: XCTestCase {
    func testAHighlightDraggedOverWordsCoversThoseWordsInTheSavedFile() throws {
        guard AppSession.which("pdftotext") != nil, AppSession.which("qpdf") != nil else {
            throw XCTSkip("pdftotext and qpdf are installed by tools/install-deps.sh")
        }
        let session = try AppSession()
        let source = AppSession.repoRoot.appendingPathComponent("data/sample.pdf")
        let path = session.workDir.appendingPathComponent("markup.pdf").path
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let all = session.placedWords(of: path)
        let first = try XCTUnwrap(all.first { $0.text == "Annotating" }), last = try XCTUnwrap(all.first { $0.text == "should" })
        XCTAssertEqual(first.yMin, last.yMin, accuracy: 0.5, "one line")

        let app = try session.launch([path])
        _ = try XCTUnwrap(session.waitFor("editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true
        })
        // Give the page the keyboard, pick Highlight, and let the toolbar settle.
        let start = try XCTUnwrap(session.state())
        let origin = try XCTUnwrap(session.windowOrigin(pid: start.pid))
        var w = try XCTUnwrap(start.windows.first)
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + w.viewWidth - 30))", "\(Int(origin.y + w.canvasY + w.viewHeight - 30))", "click", "1")
        session.waitFor("the page has the keyboard") { $0.windows.first?.canvasHasFocus == true }
        session.xdotool("key", "h")
        // waitFor returns a state only once the toolbar has finished sliding in (layoutSettling).
        w = try XCTUnwrap(session.waitFor("highlight picked and the layout settled") { s in
            s.windows.first.map { $0.tool == "highlight" && $0.toolbarShown && $0.missingTiles == 0 && !$0.isAnimating } ?? false
        }?.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        func screen(_ x: Double, _ y: Double) -> (Int, Int) {
            (Int(origin.x + w.canvasX + page.x + x * w.zoom), Int(origin.y + w.canvasY + page.y + y * w.zoom))
        }
        let midY = (first.yMin + first.yMax) / 2
        let (x0, y0) = screen(first.xMin + 1, midY), (x1, y1) = screen(last.xMax - 1, midY)
        session.xdotool("mousemove", "\(x0)", "\(y0)", "mousedown", "1")
        for i in 1...8 {
            session.xdotool("mousemove", "\(x0 + (x1 - x0) * i / 8)", "\(y1)")
            usleep(15_000)
        }
        session.xdotool("mouseup", "1")
        session.waitFor("one Highlight edit") { $0.windows.first?.undoName == "Highlight" }
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }

        let saved = try SavedPDF(path: path)
        let height = try saved.pageBox().y2
        let highlight = try XCTUnwrap(saved.annotations.first { $0["/Subtype"] as? String == "/Highlight" })
        XCTAssertNotNil((highlight["/AP"] as? [String: Any])?["/N"])
        let quads = try XCTUnwrap((highlight["/QuadPoints"] as? [NSNumber])?.map(\.doubleValue))
        XCTAssertEqual(quads.count, 8, "one line, one quadrilateral")
        // In pdftotext's top-left space: the quad spans the words from "Annotating" to "should".
        let xs = stride(from: 0, to: quads.count, by: 2).map { quads[$0] }
        let ys = stride(from: 1, to: quads.count, by: 2).map { height - quads[$0] }
        XCTAssertEqual(xs.min()!, first.xMin, accuracy: 2)
        XCTAssertEqual(xs.max()!, last.xMax, accuracy: 2)
        XCTAssertLessThanOrEqual(ys.min()!, first.yMin + 2, "covers the words' tops")
        XCTAssertGreaterThanOrEqual(ys.max()!, first.yMax - 2, "covers the words' bottoms")
        XCTAssertLessThan(ys.max()! - ys.min()!, (first.yMax - first.yMin) * 1.6, "and not the lines around them")
    }
}
