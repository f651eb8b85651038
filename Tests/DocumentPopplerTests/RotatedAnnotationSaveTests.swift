// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Turned squares, stamps and text boxes saved: MuPDF draws them turned (their appearance's
/// /Matrix turns the upright drawing, /Rect holds it), qpdf finds the file sound, the update is
/// incremental, and reopened they keep their angle for further editing.
final class RotatedAnnotationSaveTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    /// The box around MuPDF's dark pixels of `page` (1-based) drawn at 72 dpi, in pixels.
    private func inkBox(_ path: String, page: Int) throws -> (width: Int, height: Int) {
        let out = folder.path("page\(page).pnm")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", out, path, "\(page)"]).status, 0)
        let image = try PNMImage(path: out)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image.isInk(x: x, y: y) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return (0, 0) }
        return (maxX - minX + 1, maxY - minY + 1)
    }

    func testTurnedShapesStampsAndTextBoxesAreDrawnTurnedByMuPDFAndReopenWithTheirAngle() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        let page = MinimalPDF.Page(width: 400, height: 500)
        let path = try folder.write(MinimalPDF(pages: [page, page, page], content: "\n").data(), to: "turned.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        let centre = Point(x: 200, y: 250)
        func box(_ w: Double, _ h: Double) -> Rect { Rect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h) }
        var square = Annotation(id: "new-square", page: PageIndex(0), subtype: .square, rect: box(200, 40), color: .black, borderWidth: 4)
        square.uniqueName = "square"
        var stamp = Annotation(id: "new-stamp", page: PageIndex(1), subtype: .stamp, rect: box(200, 60), color: .black, iconName: "Approved")
        stamp.uniqueName = "stamp"
        var text = Annotation(id: "new-text", page: PageIndex(2), subtype: .freeText, rect: box(220, 30), color: .black, borderWidth: 0,
                              contents: "Turned text box", freeText: FreeTextStyle(fontSize: 20))
        text.uniqueName = "text"
        let upright = [square, stamp, text]
        for a in upright {
            _ = editor.annotations(on: a.page)
            try editor.perform(EditRecord("Add", .insert([PlacedAnnotation(a, at: 0)])))
        }
        let turned = [square.rotated(by: 60, about: centre), stamp.rotated(by: 90, about: centre), text.rotated(by: -90, about: centre)]
        try editor.perform(EditRecord("Rotate", .replace(before: upright, after: turned)))
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update: the original bytes kept")
        let check = try ExternalTool.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, check.output)

        // The square, 200 × 40 turned by 60°: its drawing spans 200 cos 60° + 40 sin 60° across
        // and 200 sin 60° + 40 cos 60° down (the border adds a little either way).
        let s = try inkBox(path, page: 1)
        XCTAssertEqual(Double(s.width), 200 * 0.5 + 40 * 0.866, accuracy: 5, "square: \(s)")
        XCTAssertEqual(Double(s.height), 200 * 0.866 + 40 * 0.5, accuracy: 5, "square: \(s)")
        // The stamp a quarter turn: its frame stands 60 wide and 200 tall.
        let st = try inkBox(path, page: 2)
        XCTAssertEqual(Double(st.width), 60, accuracy: 4, "stamp: \(st)")
        XCTAssertEqual(Double(st.height), 200, accuracy: 4, "stamp: \(st)")
        // The text reads downwards: its line of letters is taller than wide.
        let t = try inkBox(path, page: 3)
        XCTAssertGreaterThan(t.height, 2 * t.width, "text box: \(t)")
        XCTAssertGreaterThan(t.height, 100, "text box: \(t)")
        print("MuPDF's ink boxes of the turned annotations (px at 72 dpi): square \(s), stamp \(st), text \(t)")

        let reopened = try DocumentEditor.open(path: path, password: nil)
        for a in turned {
            let read = try XCTUnwrap(reopened.annotations(on: a.page).first, "\(a.subtype)")
            XCTAssertEqual(read.rotation, a.rotation, "\(a.subtype): the angle and upright box come back")
            XCTAssertEqual(read.rect, a.rect, "\(a.subtype)")
            XCTAssertEqual(read.appearance, .generated, "\(a.subtype): the app may draw it again")
        }
    }
}
