// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// Shapes that snap, in the real app with replayed pen input: a circle held still at its end (the
/// pen jittering in place) and a triangle held still (no events at all: the engine's timer, or at
/// the latest its lift, which comes after the half second; ShapeSnapSessionTests tells the two apart) become
/// a /Circle and a /Polygon with three vertices in the saved file, with no /Ink left (judged with
/// qpdf) and both drawn by MuPDF; one undo then gives the triangle back as ink.
final class ShapeSnapUITests: XCTestCase {
    private func pen(_ phase: InputPhase, _ p: Point, _ t: Double) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(7), position: p, time: InputTime(seconds: t),
                   axes: StylusAxes(pressure: 0.6))
    }

    func testAHeldCircleAndAHeldTriangleAreSavedAsACircleAndAPolygonAndUndoGivesTheInkBack() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed (tools/install-deps.sh)") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("shapes.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        // In page 1's empty lower part (as PenReplayUITests draws), at 120 Hz.
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        var t = 1.0
        let centre = Point(x: 300, y: 650)
        for k in 0...90 {
            let a = 0.3 + 2 * Double.pi * 1.04 * Double(k) / 90
            let r = 55 * (1 + 0.02 * sin(3 * a))
            events.append(pen(k == 0 ? .began : .moved, Point(x: centre.x + r * cos(a), y: centre.y + r * sin(a)), t))
            t += 1.0 / 120
        }
        // Held: the pen jitters in place for 0.7 s, then lifts.
        let rest = events[events.count - 1].position
        for k in 0..<42 {
            events.append(pen(.moved, rest + Vector(dx: k % 2 == 0 ? 0.5 : -0.5, dy: 0.3), t))
            t += 1.0 / 60
        }
        events.append(pen(.ended, rest, t))
        t += 0.5
        let corners = [Point(x: 480, y: 700), Point(x: 640, y: 700), Point(x: 560, y: 590), Point(x: 482, y: 698)]
        for (i, (a, b)) in zip(corners, corners.dropFirst()).enumerated() {
            for k in 0..<40 {
                events.append(pen(i == 0 && k == 0 ? .began : .moved, a + (b - a) * (Double(k) / 40), t))
                t += 1.0 / 120
            }
        }
        // Held with no events at all for 0.8 s: the engine's timer snaps it (or the lift, past the half second).
        events.append(pen(.moved, corners[3], t))
        events.append(pen(.ended, corners[3], t + 0.8))
        let recording = session.workDir.appendingPathComponent("shapes.jsonl")
        try InputRecording(events: events).write(to: recording)

        try session.launch(["--replay-input", recording.path, path])
        let snapped = try XCTUnwrap(session.waitFor("both strokes snapped") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.undoName == "Snap to Shape" && w.annotations.contains { $0.kind == "circle" }
                && w.annotations.contains { $0.kind == "polygon" }
        }?.windows.first, "annotations: \(session.state()?.windows.first?.annotations.map(\.kind) ?? [])")
        XCTAssertFalse(snapped.annotations.contains { $0.kind == "ink" })

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }

        // One undo: the triangle is ink again, the circle stays.
        session.key("ctrl+z", runs: "undo")
        let undone = try XCTUnwrap(session.waitFor("the triangle is ink again") { s in
            s.windows.first.map { w in w.undoName == "Ink" && w.annotations.contains { $0.kind == "ink" } } ?? false
        }?.windows.first)
        XCTAssertEqual(undone.annotations.filter { ["ink", "circle", "polygon"].contains($0.kind) }.map(\.kind).sorted(), ["circle", "ink"])
        session.quitApps()

        // The saved file (before the undo), judged by qpdf.
        let json = try ExternalTools.run("qpdf", ["--json=2", "--json-key=qpdf", path])
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        let annotations = objects.values.compactMap { ($0 as? [String: Any])?["value"] as? [String: Any] }
            .filter { $0["/Type"] as? String == "/Annot" }
        let subtypes = annotations.compactMap { $0["/Subtype"] as? String }
        XCTAssertTrue(subtypes.contains("/Circle"), "\(subtypes)")
        XCTAssertFalse(subtypes.contains("/Ink"), "no ink left: \(subtypes)")
        let polygons = annotations.filter { $0["/Subtype"] as? String == "/Polygon" }
        XCTAssertEqual(polygons.count, 1)
        XCTAssertEqual((polygons.first?["/Vertices"] as? [Any])?.count, 6, "three vertices")
        XCTAssertNil(polygons.first?["/InkList"])
        XCTAssertNotNil(polygons.first?["/AP"], "an appearance every viewer shows")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)

        // MuPDF draws both outlines in the pen's blue, and nothing inside the circle.
        guard AppSession.which("mutool") != nil else { return }
        let image = session.workDir.appendingPathComponent("shapes.pnm").path
        XCTAssertEqual(try ExternalTools.run("mutool", ["draw", "-q", "-r", "144", "-c", "rgb", "-F", "pnm", "-o", image, path, "1"]).status, 0)
        let pixels = try PNMImage(path: image)
        let page = try XCTUnwrap(snapped.visiblePages.first { $0.page == 1 })
        for kind in ["circle", "polygon"] {
            let a = try XCTUnwrap(snapped.annotations.first { $0.kind == kind })
            let xs = Int(Double(pixels.width) * (a.x - page.x) / page.width)...Int(Double(pixels.width) * (a.x + a.width - page.x) / page.width)
            let ys = Int(Double(pixels.height) * (a.y - page.y) / page.height)...Int(Double(pixels.height) * (a.y + a.height - page.y) / page.height)
            let blue = xs.reduce(0) { sum, x in sum + ys.filter { pixels.isBlueInk(x: x, y: $0) }.count }
            XCTAssertGreaterThan(blue, xs.count, "MuPDF draws the \(kind)'s outline (\(blue) blue pixels)")
            if kind == "circle" {
                let (cx, cy) = ((xs.lowerBound + xs.upperBound) / 2, (ys.lowerBound + ys.upperBound) / 2)
                XCTAssertFalse((cx - 10...cx + 10).contains { x in (cy - 10...cy + 10).contains { pixels.isBlueInk(x: x, y: $0) } },
                               "a hollow circle")
            }
        }
    }
}
