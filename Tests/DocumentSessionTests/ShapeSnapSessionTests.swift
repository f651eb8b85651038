// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Document
import DocumentSession
import Geometry
import InteractionEngine
import SeededRandom
import XCTest

/// Shapes that snap, driven headless through the session on a manual clock: a pen stroke that
/// rests half a second at its end becomes the shape it was drawn as (ink first, then the shape,
/// so one undo gives the ink back); one that rests 0.2 s stays ink; "Snap Shapes" snaps on lift.
final class ShapeSnapSessionTests: XCTestCase {
    lazy var host = EditingWalkHost([], pageSizes: [Size(width: 420, height: 595)])
    var session: DocumentSession { host.session }

    /// A pen circle around a view point, with a little seeded wobble, as view points.
    private func circle(around c: Point, radius: Double, seed: UInt64 = 1) -> [Point] {
        var rng = SeededGenerator(seed: seed)
        return (0...80).map { k in
            let a = 0.4 + 2 * Double.pi * 1.04 * Double(k) / 80
            let r = radius * (1 + 0.015 * sin(3 * a)) + (rng.unit() - 0.5) * 0.6
            return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
        }
    }

    private var pageCentre: Point {
        let r = session.interaction.scene.coordinates.viewRect(fromPDF: Rect(x: 0, y: 0, width: 420, height: 595), on: PageIndex(0))!
        return Point(x: r.midX, y: r.midY)
    }

    private func pen(_ phase: InputPhase, _ p: Point) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: p, time: host.clock.now,
                   axes: StylusAxes(pressure: 0.5))
    }

    /// Draws `points` with the pen at 120 Hz, rests at the last one for `rest` seconds (the
    /// host's timer firing at the session's deadline, as the canvas's GLib timeout does), lifts.
    private func draw(_ points: [Point], rest: Double) {
        host.send(pen(.began, points[0]))
        for p in points.dropFirst() {
            host.clock.advance(by: 1.0 / 120)
            host.send(pen(.moved, p))
        }
        let end = host.clock.now + rest
        while let due = session.interaction.nextDeadline, due <= end {
            host.clock.set(due)
            let before = host.editor.committed.count
            host.apply(session.fireTimers())
            if host.editor.committed.count != before { host.refreshAll() }
        }
        host.clock.set(end)
        host.send(pen(.ended, points[points.count - 1]))
    }

    private var pageAnnotations: [Annotation] { host.editor.annotations(on: PageIndex(0)) }

    func testACircleHeldHalfASecondAtItsEndSnapsAndOneUndoGivesTheInkBack() {
        _ = session.perform(.pick(.ink))
        draw(circle(around: pageCentre, radius: 60), rest: 0.5)
        XCTAssertEqual(host.editor.committed.map(\.name), ["Ink", "Snap to Shape"])
        XCTAssertEqual(pageAnnotations.map(\.subtype), [.circle])
        let circle = pageAnnotations[0]
        let ink = EditComposer(stamp: { _ in CreationStamp(id: "", author: nil, date: "") }).style(for: .ink)
        XCTAssertEqual(circle.color, ink.color, "the pen's colour")
        XCTAssertEqual(circle.borderWidth, ink.width, "the pen's width")
        // 60 view points at the view's zoom, plus half the line each side.
        let zoom = session.view.viewport.zoom
        XCTAssertEqual(circle.rect.width, 120 / zoom + ink.width, accuracy: 6 / zoom)
        XCTAssertEqual(circle.rect.width, circle.rect.height, accuracy: 0.01)
        XCTAssertNil(session.previews.ink, "the live stroke is gone")

        // Undo (the history applies the last record's inverse): the ink as drawn is back.
        XCTAssertTrue(host.editor.commit(host.editor.committed.last!.inverse))
        XCTAssertEqual(pageAnnotations.map(\.subtype), [.ink])
        guard case .ink(let strokes) = pageAnnotations[0].geometry else { return XCTFail("no ink") }
        XCTAssertGreaterThan(strokes[0].points.count, 60)
    }

    func testACircleThatRestsOnlyAFifthOfASecondStaysInk() {
        _ = session.perform(.pick(.ink))
        draw(circle(around: pageCentre, radius: 60), rest: 0.2)
        XCTAssertEqual(host.editor.committed.map(\.name), ["Ink"])
        XCTAssertEqual(pageAnnotations.map(\.subtype), [.ink])
    }

    func testTheHoldSnapsWhileThePenIsStillDownAndTheRestOfTheContactDrawsNothing() {
        _ = session.perform(.pick(.ink))
        let points = circle(around: pageCentre, radius: 50, seed: 2)
        host.send(pen(.began, points[0]))
        for p in points.dropFirst() {
            host.clock.advance(by: 1.0 / 120)
            host.send(pen(.moved, p))
        }
        let rested = host.clock.now
        XCTAssertEqual(session.interaction.nextDeadline.map { $0 - rested } ?? -1, 0.5, accuracy: 1e-6)
        // Jitter within the slop does not restart the wait.
        host.clock.advance(by: 0.3)
        host.send(pen(.moved, points[points.count - 1] + Vector(dx: 1, dy: -1)))
        XCTAssertEqual(host.editor.committed.count, 0)
        host.clock.advance(by: 0.25)
        host.send(pen(.moved, points[points.count - 1] + Vector(dx: -1, dy: 1)))
        XCTAssertEqual(pageAnnotations.map(\.subtype), [.circle], "snapped on the event past the half second")
        host.clock.advance(by: 0.1)
        host.send(pen(.moved, points[0] + Vector(dx: 80, dy: 0)))
        host.send(pen(.ended, points[0] + Vector(dx: 80, dy: 0)))
        XCTAssertEqual(host.editor.committed.map(\.name), ["Ink", "Snap to Shape"])
    }

    func testAHeldScribbleStaysInk() {
        _ = session.perform(.pick(.ink))
        var rng = SeededGenerator(seed: 4)
        let c = pageCentre
        let scribble = (0..<120).map { k -> Point in
            let t = Double(k) / 8
            return Point(x: c.x + 50 * sin(t * 2.3) + (rng.unit() - 0.5) * 20, y: c.y + 40 * cos(t * 3.1) + 10 * sin(t * 7))
        }
        draw(scribble, rest: 0.6)
        XCTAssertEqual(pageAnnotations.map(\.subtype), [.ink])
    }

    func testSnapShapesSnapsOnLiftWithoutAHold() {
        session.interaction.snapsShapesOnLift = true
        _ = session.perform(.pick(.ink))
        let c = pageCentre
        let triangle = [Point(x: c.x - 60, y: c.y + 40), Point(x: c.x + 60, y: c.y + 40), Point(x: c.x, y: c.y - 60),
                        Point(x: c.x - 60, y: c.y + 40)]
        var points: [Point] = []
        for (a, b) in zip(triangle, triangle.dropFirst()) {
            for k in 0..<30 { points.append(a + (b - a) * (Double(k) / 30)) }
        }
        points.append(triangle[3])
        draw(points, rest: 0)
        guard pageAnnotations.count == 1, case .vertices(let v) = pageAnnotations[0].geometry else {
            return XCTFail("\(pageAnnotations.map(\.subtype))")
        }
        XCTAssertEqual(pageAnnotations[0].subtype, .polygon)
        XCTAssertEqual(v.count, 3)
    }
}
