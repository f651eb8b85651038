// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Turning a shape by its rotate handle and moving a polygon's vertex with a real mouse
/// (xdotool), each one undoable step, then saving: qpdf finds the square's /Rect grown to hold
/// its quarter turn with its appearance turned by /Matrix, and the polygon's /Vertices moved with
/// its /Rect grown.
final class RotateAndVerticesUITests: XCTestCase {
    /// A Letter page with a red 200 × 60 square and a blue triangle, neither with an appearance.
    static let pdf = NumberedObjectsPDF.data(objects: [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Annots [5 0 R 6 0 R] >>",
        "<< /Length 0 >>\nstream\n\nendstream",
        "<< /Type /Annot /Subtype /Square /Rect [100 620 300 680] /C [1 0 0] /BS << /W 3 >> /F 4 >>",
        "<< /Type /Annot /Subtype /Polygon /Rect [349 559 501 681] /Vertices [350 560 500 560 425 680] /C [0 0 1] /BS << /W 2 >> /F 4 >>",
    ])

    func testTurningASquareByItsHandleAndMovingAPolygonVertexAreSavedAsTheScreenShowedThem() throws {
        let qpdf = try XCTUnwrap(AppSession.which("qpdf"), "qpdf is needed to judge the saved file")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("turn.pdf").path
        try Self.pdf.write(to: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)
        let shown = try XCTUnwrap(session.waitFor("both annotations listed, at rest") { s in
            (s.windows.first.map { $0.annotations.count == 2 && !$0.isAnimating && $0.missingTiles == 0 } ?? false)
        }?.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        func screen(_ x: Double, _ y: Double, in w: AppSession.Window) -> (Int, Int) {
            (Int((origin.x + w.canvasX + x).rounded()), Int((origin.y + w.canvasY + y).rounded()))
        }
        let square = try XCTUnwrap(shown.annotations.first { $0.kind == "square" })
        let polygon = try XCTUnwrap(shown.annotations.first { $0.kind == "polygon" })

        // Select the square; its rotate handle appears above it.
        let middle = screen(square.x + square.width / 2, square.y + square.height / 2, in: shown)
        session.xdotool("mousemove", "\(middle.0)", "\(middle.1)")
        session.xdotool("click", "1")
        let selected = try XCTUnwrap(session.waitFor("the square selected, its rotate handle shown") { s in
            s.windows.first.map { $0.selectedAnnotations == [square.id] && $0.rotateHandle != nil } ?? false
        }?.windows.first)
        let handle = try XCTUnwrap(selected.rotateHandle)
        // From above the middle to its right, Shift held: a quarter turn clockwise, exactly.
        let radius = (square.y + square.height / 2) - handle[1]
        let from = screen(handle[0], handle[1], in: selected)
        let to = screen(square.x + square.width / 2 + radius, square.y + square.height / 2, in: selected)
        session.xdotool("keydown", "shift")
        session.drag(from: from, to: to)
        session.xdotool("keyup", "shift")
        let turned = try XCTUnwrap(session.waitFor("the turn is one Rotate step") { s in
            s.windows.first?.undoName == "Rotate"
        }?.windows.first)
        let turnedSquare = try XCTUnwrap(turned.annotations.first { $0.id == square.id })
        XCTAssertEqual(turnedSquare.width, square.height, accuracy: 2, "a quarter turn: standing up")
        XCTAssertEqual(turnedSquare.height, square.width, accuracy: 2)

        // Select the triangle: a handle on each vertex; drag the top one 40 pixels up.
        let inside = screen(polygon.x + polygon.width / 2, polygon.y + polygon.height * 0.7, in: turned)
        session.xdotool("mousemove", "\(inside.0)", "\(inside.1)")
        session.xdotool("click", "1")
        let picked = try XCTUnwrap(session.waitFor("the triangle selected, a handle on each vertex") { s in
            s.windows.first.map { $0.selectedAnnotations == [polygon.id] && $0.vertexHandles?.count == 3 } ?? false
        }?.windows.first)
        let top = try XCTUnwrap(picked.vertexHandles?.min { $0[1] < $1[1] })
        let grab = screen(top[0], top[1], in: picked)
        session.drag(from: grab, to: (grab.0, grab.1 - 40))
        session.waitFor("the vertex moved as one step") { $0.windows.first?.undoName == "Move Vertex" }
        // Undo puts it back, redo moves it again.
        session.xdotool("key", "ctrl+z")
        session.waitFor("undone") { s in s.windows.first.map { $0.undoName == "Rotate" && $0.redoName == "Move Vertex" } ?? false }
        session.xdotool("key", "ctrl+shift+z")
        let done = try XCTUnwrap(session.waitFor("redone") { $0.windows.first?.undoName == "Move Vertex" }?.windows.first)

        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { s in s.windows.first.map { $0.hasUnsavedChanges == false && $0.saveError == nil } ?? false }
        XCTAssertTrue(session.run("qpdf", ["--check", path]).contains("No syntax or stream encoding errors"), "qpdf --check")
        let file = try QPDFInspection(path: path, qpdf: qpdf)
        func dictionary(_ ref: String) -> [String: Any]? {
            let value = file.objects[ref]
            return value as? [String: Any] == nil ? nil
                : ((value as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any] ?? value as? [String: Any]
        }
        let refs = file.annotsEntries(ofPage: 0).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        let annots = refs.compactMap(dictionary)
        let savedSquare = try XCTUnwrap(annots.first { $0["/Subtype"] as? String == "/Square" })
        let rect = try XCTUnwrap((savedSquare["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        XCTAssertEqual(rect[2] - rect[0], 60, accuracy: 0.5, "the /Rect holds the square stood up: 60 wide")
        XCTAssertEqual(rect[3] - rect[1], 200, accuracy: 0.5, "and 200 tall")
        XCTAssertEqual((rect[0] + rect[2]) / 2, 200, accuracy: 0.5, "turned about its middle")
        XCTAssertEqual((rect[1] + rect[3]) / 2, 650, accuracy: 0.5)
        let normal = try XCTUnwrap((savedSquare["/AP"] as? [String: Any])?["/N"] as? String)
        let form = try XCTUnwrap(dictionary(normal))
        let matrix = try XCTUnwrap((form["/Matrix"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        XCTAssertEqual(matrix[0], 0, accuracy: 1e-6, "its appearance turned a quarter: cos 90° = 0")
        XCTAssertEqual(abs(matrix[1]), 1, accuracy: 1e-6)

        let savedPolygon = try XCTUnwrap(annots.first { $0["/Subtype"] as? String == "/Polygon" })
        let vertices = try XCTUnwrap((savedPolygon["/Vertices"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        XCTAssertEqual(vertices.count, 6)
        XCTAssertEqual(Array(vertices[0..<4]), [350, 560, 500, 560], "the other vertices stay")
        XCTAssertEqual(vertices[4], 425, accuracy: 1, "the top vertex went straight up")
        XCTAssertEqual(vertices[5], 680 + 40 / done.zoom, accuracy: 1.5, "as far as the pointer went, in points")
        let polygonRect = try XCTUnwrap((savedPolygon["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        XCTAssertEqual(polygonRect[3], vertices[5] + 1, accuracy: 0.01, "the /Rect grows to hold the vertex and half the width")
    }
}
