// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// The lasso with a replayed pen, in the real app: two strokes drawn with the tip, a loop
/// round nothing and then a loop round the first stroke with the barrel button (set to Lasso
/// in the recording's settings), a drag of the tip moving what the loop selected; the saved
/// file, read by qpdf, has the first stroke's /InkList moved by the drag and the second's where
/// it was drawn, and the loop round nothing made no edit; Ctrl+Z then puts the first stroke
/// back where it was drawn.
final class LassoUITests: XCTestCase {
    func testAPenLassoSelectsOneOfTwoStrokesAndADragMovesOnlyIt() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed (tools/install-deps.sh installs it)") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("lasso.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        // View coordinates in page 1's empty lower part (as PenReplayUITests draws there), above
        // the band at the view's bottom edge (AnnotationCarrying.edgeBand, 48 px of the 690)
        // where a drag carrying the selection scrolls the view: a drag started there scrolled it
        // by a frame's worth (1.25 px) or not, as frames fell, and the still stroke then lay
        // that far off the view the test converts with.
        var pen = PenRecording()
        func line(from x: Double, to x2: Double, y: Double) -> [Point] {
            (0...12).map { Point(x: x + (x2 - x) * Double($0) / 12, y: y + 4 * sin(Double($0))) }
        }
        func loop(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> [Point] {
            (0...32).map { i in
                let a = (2 * Double.pi - 0.25) * Double(i) / 32
                return Point(x: cx + rx * cos(a), y: cy + ry * sin(a))
            }
        }
        let first = line(from: 200, to: 320, y: 600), second = line(from: 440, to: 560, y: 600)
        pen.contact(first)
        pen.contact(second)
        pen.contact(loop(650, 600, 25, 25), barrel: true)   // round nothing
        pen.contact(loop(260, 600, 90, 35), barrel: true)   // round the first stroke
        // Up and to the right: away from the view's bottom edge, where a carry would scroll.
        let drag = Vector(dx: 60, dy: -40)
        pen.contact((0...10).map { Point(x: 260, y: 600) + drag * (Double($0) / 10) })

        let recording = session.workDir.appendingPathComponent("lasso.jsonl")
        try pen.writeWithBarrelLasso(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        let moved = try XCTUnwrap(session.waitFor("two strokes, the first lassoed and moved") { s in
            s.windows.first.map { $0.replayFinished && $0.undoName == "Move" && !$0.isAnimating } ?? false
        }?.windows.first, "last state: \(String(describing: session.state()?.windows.first.map { ($0.undoName, $0.selectedAnnotations, $0.annotationEdits) }))")
        XCTAssertEqual(moved.annotationEdits, 3, "Ink, Ink, Move: the loop round nothing made no edit")
        XCTAssertEqual(moved.selectedAnnotations.count, 1, "the lasso selected one stroke")
        XCTAssertEqual(moved.annotations.filter { $0.kind == "ink" }.count, 2)
        XCTAssertEqual(moved.tool, "select", "the button's lasso left the picked tool as it was")
        XCTAssertGreaterThan(moved.viewHeight - 48, 640, "the strokes are in view, above the carry's edge band")

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }

        // Ctrl+Z: the lassoed stroke back where it was drawn, the other where it is.
        let lassoed = try XCTUnwrap(moved.annotations.first { $0.id == moved.selectedAnnotations.first })
        let other = try XCTUnwrap(moved.annotations.first { $0.kind == "ink" && $0.id != lassoed.id })
        session.key("ctrl+z", runs: "undo")
        let undone = try XCTUnwrap(session.waitFor("the move undone") { s in
            s.windows.first.map { $0.undoName == "Ink" && $0.redoName == "Move" } ?? false
        }?.windows.first)
        let back = try XCTUnwrap(undone.annotations.first { $0.id == lassoed.id })
        XCTAssertEqual(back.x, lassoed.x - drag.dx, accuracy: 0.5, "moved back by the drag")
        XCTAssertEqual(back.y, lassoed.y - drag.dy, accuracy: 0.5)
        XCTAssertEqual(back.width, lassoed.width, accuracy: 0.5)
        let still = try XCTUnwrap(undone.annotations.first { $0.id == other.id })
        XCTAssertEqual(still.x, other.x, accuracy: 0.01, "the other stroke did not move")
        XCTAssertEqual(still.y, other.y, accuracy: 0.01)
        session.quitApps()

        // View → PDF on page 1: x from the page's left edge, y up from its bottom, in points.
        let page = try XCTUnwrap(moved.visiblePages.first { $0.page == 1 })
        let zoom = moved.zoom, height = page.height / zoom
        func pdf(_ p: Point) -> Point { Point(x: (p.x - page.x) / zoom, y: height - (p.y - page.y) / zoom) }
        let inks = try SavedPDF(path: path).annotations.filter { $0["/Subtype"] as? String == "/Ink" }.compactMap { ink in
            (ink["/InkList"] as? [[Any]])?.first?.compactMap(SavedPDF.number)
        }
        XCTAssertEqual(inks.count, 2, "two /Ink annotations")
        /// The saved list of the stroke that started nearest `p` (PDF).
        func saved(startingNear p: Point) -> [Double]? {
            inks.min { Point(x: $0[0], y: $0[1]).distance(to: p) < Point(x: $1[0], y: $1[1]).distance(to: p) }
        }
        let shift = Vector(dx: drag.dx / zoom, dy: -drag.dy / zoom)
        let firstSaved = try XCTUnwrap(saved(startingNear: pdf(first[0]) + shift))
        let secondSaved = try XCTUnwrap(saved(startingNear: pdf(second[0])))
        for (list, points, by) in [(firstSaved, first, shift), (secondSaved, second, Vector(dx: 0, dy: 0))] {
            // The pen's samples up to its lift (the lift's own position adds none).
            XCTAssertEqual(list.count, (points.count - 1) * 2, "every sample kept")
            for (i, p) in points.enumerated() where 2 * i + 1 < list.count {
                let expected = pdf(p) + by
                // Exactly where the pen was, moved by the drag (points are kept to 1/10,000 pt).
                XCTAssertEqual(list[2 * i], expected.x, accuracy: 0.01, "x of point \(i)")
                XCTAssertEqual(list[2 * i + 1], expected.y, accuracy: 0.01, "y of point \(i)")
            }
        }
    }
}
