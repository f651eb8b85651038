// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// An annotation dragged to the view's edge carries on: the view scrolls under it, it stays
/// under the pointer, and let go over the next page it moves there, as one undoable step, its
/// own appearance with it.
final class CarryAnnotationUITests: XCTestCase {
    /// Three A5 pages; page 1 has a blue square another program drew (its own appearance).
    static func document() -> Data {
        let page = "0.95 g 40 40 340 515 re f"
        let look = "0 0 1 RG 3 w 2 2 76 46 re S"
        let kids = "[4 0 R 8 0 R 9 0 R]"
        return HandWrittenPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids \(kids) /Count 3 >>",
            "<< /Length \(page.utf8.count) >>\nstream\n\(page)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R /Annots [5 0 R] >>",
            "<< /Type /Annot /Subtype /Square /Rect [170 300 250 350] /C [0 0 1] /F 4 /AP << /N 6 0 R >> >>",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 80 50] /Length \(look.utf8.count) >>\nstream\n\(look)\nendstream",
            "<< /Producer (another program) >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R >>",
        ])
    }

    func testASquareDraggedToTheBottomEdgeScrollsTheViewAndLandsOnPageTwo() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("carry.pdf").path
        try Self.document().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("the square shown, editable") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.isEditable && $0.annotations.contains { $0.kind == "square" } } ?? false
        }?.windows.first)
        let square = try XCTUnwrap(shown.annotations.first { $0.kind == "square" })
        XCTAssertEqual(square.page, 1)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        func screen(_ x: Double, _ y: Double) -> [String] {
            [String(Int(origin.x + shown.canvasX + x)), String(Int(origin.y + shown.canvasY + y))]
        }
        let grab = (x: square.x + square.width / 2, y: square.y + square.height / 2)
        session.run("xdotool", ["mousemove"] + screen(grab.x, grab.y))
        session.xdotool("mousedown", "1")
        // Down to the view's bottom edge, in steps, and held there while the view scrolls.
        let edge = shown.viewHeight - 8
        for step in 1...10 {
            session.run("xdotool", ["mousemove"] + screen(grab.x, grab.y + (edge - grab.y) * Double(step) / 10))
            usleep(20_000)
        }
        let scrolled = try XCTUnwrap(session.waitFor("the view scrolls under the held square until page 2 fills its middle") { s in
            s.windows.first.map { w in (w.visiblePages.first { $0.page == 2 }?.y ?? .infinity) < w.viewHeight / 2 - 150 } ?? false
        }?.windows.first)
        XCTAssertEqual(scrolled.annotationEdits, 0, "nothing dropped yet")
        // Up into the middle of the view, which page 2 now fills, and let go once the page
        // view has seen the pointer there.
        func moved(_ x: Double, _ y: Double) {
            let to = screen(x, y)
            session.run("xdotool", ["mousemove"] + to)
            session.waitForPointer(at: (Double(to[0]) ?? 0, Double(to[1]) ?? 0), windowOrigin: origin)
        }
        moved(grab.x, scrolled.viewHeight / 2)
        moved(grab.x + 4, scrolled.viewHeight / 2)
        session.xdotool("mouseup", "1")
        let dropped = try XCTUnwrap(session.waitFor("dropped on page 2") { s in
            s.windows.first.map { w in w.annotationEdits == 1 && w.annotations.contains { $0.id == square.id && $0.page == 2 } } ?? false
        }?.windows.first)
        XCTAssertEqual(dropped.undoName, "Move", "one undoable step")
        let landed = try XCTUnwrap(dropped.annotations.first { $0.id == square.id })
        XCTAssertEqual(landed.width, square.width, accuracy: 1, "the same size")
        let page2 = try XCTUnwrap(dropped.visiblePages.first { $0.page == 2 })
        XCTAssertGreaterThan(landed.y, page2.y, "inside page 2")

        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let saved = try SavedPDF(path: path)
        XCTAssertTrue(saved.annotations(onPage: 0).isEmpty, "gone from page 1's /Annots")
        let moved = try XCTUnwrap(saved.annotations(onPage: 1).first, "in page 2's /Annots")
        XCTAssertEqual(moved["/Subtype"] as? String, "/Square")
        XCTAssertEqual((moved["/AP"] as? [String: Any])?["/N"] as? String, "6 0 R", "its own appearance, kept")
        let check = try ExternalTools.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, String(decoding: check.output, as: UTF8.self))

        // Undo puts it back on page 1.
        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("undone: back on page 1") { s in
            s.windows.first.map { $0.redoName == "Move" } ?? false
        })
    }
}
