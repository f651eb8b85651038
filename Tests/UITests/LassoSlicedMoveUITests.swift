// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// A lasso's Move of many strokes is written into the document a bounded slice per turn of the
/// main loop, after the model took it at once: in the real app, with the slice set to 2
/// (`PDF_ANNOTATOR_WRITE_SLICE`) so that seven strokes stand for a page of thousands, the state
/// dump says the Move came in slices of at most 2 and nothing is left to write; the saved file,
/// read by qpdf, has every stroke's /InkList moved by the drag; Ctrl+Z then puts them all back in
/// one step, and a second save has them where they were drawn.
final class LassoSlicedMoveUITests: XCTestCase {
    func testALassoMoveOfManyStrokesIsWrittenInSlicesAndTheSaveHasEveryStrokeMoved() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed (tools/install-deps.sh installs it)") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("sliced.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        // Page 1's empty lower part, above the band at the view's bottom edge where a carry scrolls.
        var pen = PenRecording()
        let starts = [(200.0, 570.0), (300, 570), (400, 570), (200, 610), (300, 610), (400, 610), (500, 590)]
        let strokes = starts.map { x, y in (0...10).map { Point(x: x + 5 * Double($0), y: y + 3 * sin(Double($0))) } }
        for stroke in strokes { pen.contact(stroke) }
        // A loop round all seven with the barrel button (Lasso in these settings).
        pen.contact((0...40).map { i in
            let a = (2 * Double.pi - 0.2) * Double(i) / 40
            return Point(x: 380 + 230 * cos(a), y: 590 + 50 * sin(a))
        }, barrel: true)
        let drag = Vector(dx: 60, dy: -40)
        pen.contact((0...10).map { Point(x: 300, y: 610) + drag * (Double($0) / 10) })

        let recording = session.workDir.appendingPathComponent("sliced.jsonl")
        try pen.writeWithBarrelLasso(to: recording)
        try session.launch(["--replay-input", recording.path, path], environment: ["PDF_ANNOTATOR_WRITE_SLICE": "2"])
        let moved = try XCTUnwrap(session.waitFor("seven strokes lassoed, moved and written") { s in
            s.windows.first.map {
                $0.replayFinished && $0.undoName == "Move" && !$0.isAnimating && $0.pendingAnnotationWrites == 0 && $0.carryLanding == false
            } ?? false
        }?.windows.first, "last state: \(String(describing: session.state()?.windows.first.map { ($0.undoName, $0.selectedAnnotations.count, $0.pendingAnnotationWrites) }))")
        XCTAssertEqual(moved.selectedAnnotations.count, strokes.count, "the lasso selected every stroke")
        XCTAssertEqual(moved.annotationEdits, strokes.count + 1, "seven strokes and one Move")
        let slices = try XCTUnwrap(moved.editWriteSlices), largest = try XCTUnwrap(moved.largestEditWriteSlice)
        XCTAssertGreaterThanOrEqual(slices, (strokes.count + 1) / 2, "the Move was written a slice a turn")
        XCTAssertLessThanOrEqual(largest, 2, "no slice wrote more than it was given")
        XCTAssertGreaterThan(largest, 0)

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        let page = try XCTUnwrap(moved.visiblePages.first { $0.page == 1 })
        let zoom = moved.zoom, height = page.height / zoom
        func pdf(_ p: Point) -> Point { Point(x: (p.x - page.x) / zoom, y: height - (p.y - page.y) / zoom) }
        let shift = Vector(dx: drag.dx / zoom, dy: -drag.dy / zoom)
        /// Each saved /Ink's first point, and whether every stroke's first point is there, moved by `by`.
        func checkSaved(_ label: String, movedBy by: Vector) throws {
            let firsts = try SavedPDF(path: path).annotations.filter { $0["/Subtype"] as? String == "/Ink" }.compactMap { ink -> Point? in
                guard let list = (ink["/InkList"] as? [[Any]])?.first?.compactMap(SavedPDF.number), list.count >= 2 else { return nil }
                return Point(x: list[0], y: list[1])
            }
            XCTAssertEqual(firsts.count, strokes.count, "\(label): seven /Ink annotations")
            for stroke in strokes {
                let expected = pdf(stroke[0]) + by
                let nearest = firsts.map { $0.distance(to: expected) }.min() ?? .infinity
                XCTAssertLessThan(nearest, 0.05, "\(label): a stroke starts at \(expected)")
            }
        }
        try checkSaved("after the move", movedBy: shift)

        session.key("ctrl+z", runs: "undo")
        session.waitFor("the move undone in one step") { s in
            s.windows.first.map { $0.undoName == "Ink" && $0.redoName == "Move" && $0.pendingAnnotationWrites == 0 } ?? false
        }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved again") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        try checkSaved("after the undo", movedBy: Vector(dx: 0, dy: 0))
    }
}
