// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The annotation tools driven with a real mouse and keyboard (xdotool), judged from the saved
/// file as another program reads it (`qpdf --json`): the pen's stroke lies along the drag in PDF
/// space, and a text box typed in place carries its text and an appearance.
final class ToolbarUITests: XCTestCase {

    /// A writable copy of the sample, opened and ready for editing; returns the window state.
    private func openSample(in session: AppSession) throws -> (path: String, original: Data, state: AppSession.State) {
        let source = AppSession.repoRoot.appendingPathComponent("data/sample.pdf")
        let path = session.workDir.appendingPathComponent("tools.pdf")
        try FileManager.default.copyItem(at: source, to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path.path)
        let app = try session.launch([path.path])
        let state = try XCTUnwrap(session.waitFor("the sample is shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true
        })
        return (path.path, try Data(contentsOf: path), state)
    }

    /// The screen position of a canvas point.
    private func screen(_ x: Double, _ y: Double, _ w: AppSession.Window, _ origin: (x: Double, y: Double)) -> (Int, Int) {
        (Int(origin.x + w.canvasX + x), Int(origin.y + w.canvasY + y))
    }

    /// Gives the page the keyboard (a click on empty paper in Select mode) and picks a tool by its key.
    private func pick(_ key: String, tool: String, in session: AppSession, state: AppSession.State) throws -> AppSession.Window {
        let w = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        let (x, y) = screen(page.x + page.width * 0.9, min(w.viewHeight - 20, page.y + page.height * 0.95), w, origin)
        session.xdotool("mousemove", "\(x)", "\(y)", "click", "1")
        session.waitFor("the page has the keyboard") { $0.windows.first?.canvasHasFocus == true }
        session.xdotool("key", key)
        // The toolbar slides in and its style row appears, moving the canvas: waitFor returns
        // a state only once the state says the layout has settled (layoutSettling).
        return try XCTUnwrap(session.waitFor("tool \(tool) picked, toolbar shown, the canvas at rest") { s in
            s.windows.first.map { $0.tool == tool && $0.toolbarShown == true && !$0.isAnimating && $0.missingTiles == 0 } ?? false
        }?.windows.first)
    }

    func testThePenDrawsAStrokeSavedAsInkAlongTheDragInPDFSpace() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed (tools/install-deps.sh installs it)") }
        let session = try AppSession()
        let (path, original, state) = try openSample(in: session)
        let w = try pick("p", tool: "pen", in: session, state: state)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        // A zigzag across page 1 in the lower part of the view, in canvas coordinates.
        var points: [(Double, Double)] = []
        for i in 0...10 {
            let x: Double = page.x + page.width * (0.2 + 0.05 * Double(i))
            let y: Double = w.viewHeight * 0.7 + Double(i % 2) * 20
            points.append((x, y))
        }
        guard page.y < points[0].1, points[0].1 + 30 < min(w.viewHeight, page.y + page.height) else {
            return XCTFail("page 1 does not cover the stroke's place: \(page), view height \(w.viewHeight)")
        }
        let first = screen(points[0].0, points[0].1, w, origin)
        session.xdotool("mousemove", "\(first.0)", "\(first.1)", "mousedown", "1")
        for p in points.dropFirst() {
            let s = screen(p.0, p.1, w, origin)
            session.xdotool("mousemove", "\(s.0)", "\(s.1)")
            usleep(15_000)
        }
        session.xdotool("mouseup", "1")
        session.waitFor("one Ink edit") { $0.windows.first?.undoName == "Ink" }
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")
        let ink = try XCTUnwrap(try SavedPDF(path: path).annotations.first { $0["/Subtype"] as? String == "/Ink" })
        XCTAssertNotNil((ink["/AP"] as? [String: Any])?["/N"], "with an appearance of the app's")
        let list = try XCTUnwrap((ink["/InkList"] as? [[Any]])?.first?.compactMap { ($0 as? NSNumber)?.doubleValue })
        XCTAssertEqual(list.count, points.count * 2, "every motion sample")
        // Canvas → PDF: x from the page's left edge, y up from its bottom, in points.
        let height = page.height / w.zoom
        for (i, p) in [(0, points[0]), (points.count - 1, points[points.count - 1])] {
            XCTAssertEqual(list[2 * i], (p.0 - page.x) / w.zoom, accuracy: 2, "x of point \(i)")
            XCTAssertEqual(list[2 * i + 1], height - (p.1 - page.y) / w.zoom, accuracy: 2, "y of point \(i)")
        }
    }

    func testATextBoxTypedInPlaceIsSavedWithItsTextAndAnAppearance() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed (tools/install-deps.sh installs it)") }
        let session = try AppSession()
        let (path, _, state) = try openSample(in: session)
        let w = try pick("t", tool: "text", in: session, state: state)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        let (x, y) = screen(page.x + page.width * 0.2, w.viewHeight * 0.7, w, origin)
        session.xdotool("mousemove", "\(x)", "\(y)", "click", "1")
        session.waitFor("a new text box being written") { $0.windows.first?.textBoxEditor == "" }
        session.xdotool("type", "--delay", "20", "Checked by hand")
        session.xdotool("key", "ctrl+Return")
        session.waitFor("one Text Box edit") { $0.windows.first?.undoName == "Text Box" }
        XCTAssertTrue(session.state()?.windows.first?.annotations.contains { $0.kind == "freeText" } == true)
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        let box = try XCTUnwrap(try SavedPDF(path: path).annotations.first { $0["/Subtype"] as? String == "/FreeText" })
        XCTAssertEqual(box["/Contents"] as? String, "u:Checked by hand")
        XCTAssertNotNil((box["/AP"] as? [String: Any])?["/N"])
        XCTAssertNotNil(box["/DA"], "a default appearance for viewers that redraw free text")
    }
}
