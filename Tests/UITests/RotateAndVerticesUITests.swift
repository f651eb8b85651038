// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// Turning a shape by its rotate handle and moving a polygon's vertex with a replayed pen (a
/// tap selects, a drag turns or moves), each one undoable step, then saving: qpdf finds the
/// square's /Rect grown to hold its quarter turn with its appearance turned by /Matrix, and the
/// polygon's /Vertices moved with its /Rect grown; two undos (Ctrl+Z) put both back as they
/// were, on screen and in the file saved after them.
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

    func testTurningASquareByItsHandleAndMovingAPolygonVertexWithThePenAreSavedAsTheScreenShowedThemAndUndone() throws {
        let qpdf = try XCTUnwrap(AppSession.which("qpdf"), "qpdf is needed to judge the saved file")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("turn.pdf").path
        try Self.pdf.write(to: URL(fileURLWithPath: path))
        // Where the two shapes lie: one launch to see, the next replays into the same view.
        let shown = try session.probe(path) { $0.annotations.count == 2 && !$0.isAnimating }
        let square = try XCTUnwrap(shown.annotations.first { $0.kind == "square" })
        let polygon = try XCTUnwrap(shown.annotations.first { $0.kind == "polygon" })
        let page = try XCTUnwrap(shown.visiblePages.first { $0.page == 1 })
        let zoom = shown.zoom
        /// A PDF point of page 1 in the view.
        func view(_ x: Double, _ y: Double) -> Point { Point(x: page.x + x * zoom, y: page.y + (792 - y) * zoom) }

        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        /// A pen contact through `points` from `t`; a tap when both are one point.
        func pen(_ points: [Point], at t: Double, modifiers: Modifiers = []) {
            for (i, p) in points.enumerated() {
                let phase: InputPhase = i == 0 ? .began : (i == points.count - 1 ? .ended : .moved)
                events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: p,
                                         time: InputTime(seconds: t + Double(i) * 0.02), button: phase == .moved ? nil : .primary,
                                         modifiers: modifiers, axes: StylusAxes(pressure: 0.5)))
            }
        }
        // A tap on the square selects it; its rotate handle is then above its top edge's middle
        // (AnnotationEditTool's rotateHandleDistance, checked below).
        let middle = Point(x: square.x + square.width / 2, y: square.y + square.height / 2)
        pen([middle, middle], at: 1)
        let handle = Point(x: middle.x, y: square.y - 30)
        // From the handle round to the right of the middle, Shift held: a quarter turn clockwise,
        // exactly.
        let radius = middle.y - handle.y
        pen((0...12).map { i in
            let a = Double.pi / 2 * Double(i) / 12
            return Point(x: middle.x + radius * sin(a), y: middle.y - radius * cos(a))
        }, at: 2, modifiers: .shift)
        // A tap inside the triangle selects it (a handle on each vertex); the top one is dragged
        // 40 pixels up.
        let inside = Point(x: polygon.x + polygon.width / 2, y: polygon.y + polygon.height * 0.7)
        pen([inside, inside], at: 3.5)
        let top = view(425, 680)
        pen((0...10).map { top + Vector(dx: 0, dy: -4 * Double($0)) }, at: 4.5)
        let recording = session.workDir.appendingPathComponent("turn.jsonl")
        try InputRecording(events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])

        let done = try XCTUnwrap(session.waitFor("turned, then the vertex moved: two steps") { s in
            s.windows.first.map { $0.replayFinished && $0.undoName == "Move Vertex" && $0.annotationEdits == 2 } ?? false
        }?.windows.first, "last state: \(String(describing: session.state()?.windows.first.map { ($0.undoName, $0.selectedAnnotations) }))")
        let placed = try XCTUnwrap(done.visiblePages.first { $0.page == 1 })
        XCTAssertEqual(placed.x, page.x, accuracy: 0.5, "the layout the input was placed for")
        XCTAssertEqual(placed.y, page.y, accuracy: 0.5)
        XCTAssertEqual(done.selectedAnnotations, [polygon.id], "the tap picked the triangle")
        let knobs = try XCTUnwrap(done.vertexHandles, "a handle on each vertex")
        XCTAssertEqual(knobs.count, 3)
        XCTAssertTrue(knobs.contains { abs($0[0] - top.x) < 1 && abs($0[1] - (top.y - 40)) < 1 }, "the top vertex's handle went 40 px up: \(knobs)")
        let turnedSquare = try XCTUnwrap(done.annotations.first { $0.id == square.id })
        XCTAssertEqual(turnedSquare.width, square.height, accuracy: 2, "a quarter turn: standing up")
        XCTAssertEqual(turnedSquare.height, square.width, accuracy: 2)

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { s in s.windows.first.map { $0.hasUnsavedChanges == false && $0.saveError == nil } ?? false }
        let edited = session.workDir.appendingPathComponent("turned.pdf").path
        try FileManager.default.copyItem(atPath: path, toPath: edited)

        // Ctrl+Z puts the vertex back, a second one the square: on screen as first shown.
        session.key("ctrl+z", runs: "undo")
        let vertexUndone = try XCTUnwrap(session.waitFor("the vertex move undone") { s in
            s.windows.first.map { $0.undoName == "Rotate" && $0.redoName == "Move Vertex" } ?? false
        }?.windows.first)
        let backPolygon = try XCTUnwrap(vertexUndone.annotations.first { $0.id == polygon.id })
        XCTAssertEqual(backPolygon.y, polygon.y, accuracy: 0.5, "the triangle's top is back")
        XCTAssertEqual(backPolygon.height, polygon.height, accuracy: 0.5)
        session.key("ctrl+z", runs: "undo")
        let turnUndone = try XCTUnwrap(session.waitFor("the turn undone") { s in
            s.windows.first.map { $0.undoName == nil && $0.redoName == "Rotate" } ?? false
        }?.windows.first)
        let backSquare = try XCTUnwrap(turnUndone.annotations.first { $0.id == square.id })
        for (a, b) in [(backSquare.x, square.x), (backSquare.y, square.y), (backSquare.width, square.width), (backSquare.height, square.height)] {
            XCTAssertEqual(a, b, accuracy: 0.5, "the square lies as it did")
        }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved again") { s in s.windows.first.map { $0.hasUnsavedChanges == false && $0.saveError == nil } ?? false }
        session.quitApps()

        func numbers(_ value: Any?) -> [Double] { (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? [] }
        let undone = try SavedPDF(path: path).annotations
        let undoneSquare = try XCTUnwrap(undone.first { $0["/Subtype"] as? String == "/Square" })
        for (a, b) in zip(numbers(undoneSquare["/Rect"]), [100.0, 620, 300, 680]) { XCTAssertEqual(a, b, accuracy: 0.01, "the square's /Rect as it was") }
        let undonePolygon = try XCTUnwrap(undone.first { $0["/Subtype"] as? String == "/Polygon" })
        let undoneVertices = numbers(undonePolygon["/Vertices"])
        XCTAssertEqual(undoneVertices.count, 6)
        for (a, b) in zip(undoneVertices, [350.0, 560, 500, 560, 425, 680]) { XCTAssertEqual(a, b, accuracy: 0.01, "the /Vertices as they were") }
        try judge(edited, qpdf: qpdf, zoom: done.zoom)
    }

    /// The file saved after the turn and the vertex move, judged with qpdf.
    private func judge(_ path: String, qpdf: String, zoom: Double) throws {
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0, "qpdf --check")
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
        XCTAssertEqual(vertices[5], 680 + 40 / zoom, accuracy: 1.5, "as far as the pointer went, in points")
        let polygonRect = try XCTUnwrap((savedPolygon["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        XCTAssertEqual(polygonRect[3], vertices[5] + 1, accuracy: 0.01, "the /Rect grows to hold the vertex and half the width")
    }
}
