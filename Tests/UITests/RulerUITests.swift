// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// The ruler in the real app, with replayed fingers and pen: shown with `win.ruler`, two
/// fingers turn it by 30° about their midpoint without scrolling the page, then a wobbly pen
/// stroke started just beside its upper edge is saved as ink whose /InkList points lie on one
/// straight line at 30°, as qpdf reads the file; Ctrl+Z takes the stroke away.
final class RulerUITests: XCTestCase {
    /// The ruler's middle when shown on page 1 of the sample at fit-width, the toolbar hidden:
    /// the middle of the view (976×690 under Xvfb, a little larger under Wayland), which a
    /// first launch measures and the test checks before the fingers come.
    private var centre = Point(x: 488, y: 345)

    private func at(along: Double, across: Double, angle: Double) -> Point {
        let r = angle * .pi / 180
        let direction = Vector(dx: cos(r), dy: -sin(r)), normal = Vector(dx: -sin(r), dy: -cos(r))
        return centre + direction * along + normal * across
    }

    func testTwoFingersTurnTheRulerAndAPenStrokeAlongItIsSavedStraight() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("ruler.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        // The view's middle and zoom: one launch to see, the next replays into the same view.
        let probed = try session.probe(path)
        centre = Point(x: probed.viewWidth / 2, y: probed.viewHeight / 2)
        /// The ruler's width (3 cm) in view pixels at this zoom.
        let width = 3 / 2.54 * 72 * probed.zoom

        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        // Two fingers 160 px apart across the ruler's middle, turned 30° about it in 15 steps.
        func fingers(_ phase: InputPhase, _ angle: Double, _ t: Double) {
            for (id, along) in [(UInt64(21), -80.0), (22, 80)] {
                events.append(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id),
                                         position: at(along: along, across: 0, angle: angle), time: InputTime(seconds: t)))
            }
        }
        fingers(.began, 0, 4)
        for step in 1...15 { fingers(.moved, Double(step) * 2, 4 + Double(step) * 0.03) }
        fingers(.ended, 30, 4.5)
        // A pen stroke from 12 px outside the turned ruler's upper edge, wobbling ±6 px.
        let outside = width / 2 + 12
        for i in 0...30 {
            let phase: InputPhase = i == 0 ? .began : (i == 30 ? .ended : .moved)
            let p = at(along: -150 + Double(i) * 10, across: outside + (i == 0 ? 0 : Double(i % 3 - 1) * 6), angle: 30)
            events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: p,
                                     time: InputTime(seconds: 5 + Double(i) * 0.012), axes: StylusAxes(pressure: 0.6)))
        }
        let recording = session.workDir.appendingPathComponent("input.jsonl")
        try InputRecording(events: events).write(to: recording)
        let app = try session.launch(["--replay-input", recording.path, path])
        let shown = try XCTUnwrap(session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true
        }?.windows.first)
        session.activate("ruler")
        let level = try XCTUnwrap(session.waitFor("the ruler is shown") { $0.windows.first?.ruler?.shown == true }?.windows.first?.ruler)
        XCTAssertEqual(level.x ?? 0, centre.x, accuracy: 1, "the ruler shows in the middle of the view, where the fingers go")
        XCTAssertEqual(level.y ?? 0, centre.y, accuracy: 1)
        XCTAssertEqual(level.width ?? 0, width, accuracy: 0.5, "3 cm at fit-width")

        let done = try XCTUnwrap(session.waitFor("turned, then drawn along") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.undoName == "Ink" && !w.isAnimating
        }?.windows.first)
        let ruler = try XCTUnwrap(done.ruler)
        XCTAssertEqual(ruler.angle ?? 0, 30, accuracy: 0.01)
        XCTAssertEqual(ruler.shownAngle, 30)
        XCTAssertEqual(ruler.x ?? 0, centre.x, accuracy: 0.5, "turned about the fingers' midpoint")
        XCTAssertEqual(done.offsetY, shown.offsetY, accuracy: 0.5, "the fingers on the ruler did not scroll")
        XCTAssertEqual(done.zoom, shown.zoom, accuracy: 1e-9, "nor zoom")
        XCTAssertEqual(done.annotationEdits, 1, "the fingers drew nothing")

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        // Ctrl+Z takes the straight stroke away; the ruler stays where the fingers left it.
        session.key("ctrl+z", runs: "undo")
        let undone = try XCTUnwrap(session.waitFor("the stroke undone") { s in
            s.windows.first.map { w in w.redoName == "Ink" && w.undoName == nil && !w.annotations.contains { $0.kind == "ink" } } ?? false
        }?.windows.first)
        XCTAssertEqual(undone.ruler?.angle ?? 0, 30, accuracy: 0.01, "undo does not turn the ruler back")
        XCTAssertEqual(undone.ruler?.shown, true)
        session.quitApps()
        let inks = try SavedPDF(path: path).annotations.filter { $0["/Subtype"] as? String == "/Ink" }
        XCTAssertEqual(inks.count, 1)
        let list = try XCTUnwrap(inks.first?["/InkList"] as? [[Any]], "an /InkList")
        let numbers = list[0].compactMap { ($0 as? NSNumber)?.doubleValue }
        let points = stride(from: 0, to: numbers.count - 1, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
        XCTAssertGreaterThan(points.count, 20)
        let a = try XCTUnwrap(points.first), b = try XCTUnwrap(points.last), d = b - a
        let n = Vector(dx: -d.dy / d.length, dy: d.dx / d.length)
        let off = points.map { abs(($0 - a).dx * n.dx + ($0 - a).dy * n.dy) }.max() ?? .infinity
        XCTAssertLessThan(off, 0.05, "every /InkList point on one straight line (PDF points; the stroke wobbled ±6 px)")
        XCTAssertEqual(atan2(d.dy, d.dx) * 180 / .pi, 30, accuracy: 0.1, "along the ruler's 30°")
    }
}
