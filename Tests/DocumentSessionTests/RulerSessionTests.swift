// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The ruler through the whole session, headless: shown by the window's command, two fingers
/// on it move and turn it and never scroll or zoom the view (two fingers beside it do), and
/// the frame shows it where it lies.
final class RulerSessionTests: XCTestCase {
    lazy var host = EditingWalkHost([], pageSizes: Array(repeating: Size(width: 612, height: 792), count: 3))
    var session: DocumentSession { host.session }

    private func fingers(_ phase: InputPhase, _ points: [Point]) {
        for (i, p) in points.enumerated() {
            host.clock.advance(by: 0.008)
            host.send(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(UInt64(i + 1)), position: p, time: host.clock.now))
        }
    }

    /// Two fingers from `a` and `b`, each moved by `by` and turned by `turn` degrees about their midpoint.
    private func twoFingers(_ a: Point, _ b: Point, by move: Vector, turn: Double) {
        fingers(.began, [a, b])
        let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), half = (b - a) * 0.5
        for step in 1...10 {
            let f = Double(step) / 10, r = turn * f * .pi / 180
            let v = Vector(dx: half.dx * cos(r) + half.dy * sin(r), dy: -half.dx * sin(r) + half.dy * cos(r))
            let m = mid + move * f
            fingers(.moved, [m - v, m + v])
        }
        fingers(.ended, [mid + move - half, mid + move + half])
        host.settle()
    }

    func testTwoFingersOnTheRulerMoveAndTurnItAndDoNotScrollButBesideItTheyScroll() throws {
        let effects = session.perform(.showRuler(true, unit: .centimetre))
        XCTAssertTrue(effects.contains(.redraw))
        let shown = try XCTUnwrap(session.frame.ruler)
        XCTAssertEqual(shown.placement.center.x, session.view.viewport.size.width / 2, accuracy: 1e-6)
        let viewport = session.view.viewport
        let c = shown.placement.center
        twoFingers(Point(x: c.x - 80, y: c.y), Point(x: c.x + 80, y: c.y), by: Vector(dx: 0, dy: 120), turn: 20)
        XCTAssertEqual(session.view.viewport.offset, viewport.offset, "fingers on the ruler do not scroll")
        XCTAssertEqual(session.view.viewport.zoom, viewport.zoom, "nor zoom")
        let moved = try XCTUnwrap(session.frame.ruler)
        XCTAssertEqual(moved.placement.center.y, c.y + 120, accuracy: 1e-6)
        XCTAssertEqual(moved.placement.angle, 20, accuracy: 1e-6)
        XCTAssertEqual(moved.shownAngle, 20)
        XCTAssertFalse(moved.ticks.isEmpty)
        XCTAssertTrue(host.editor.committed.isEmpty, "nothing drawn")

        // The same two fingers well away from the ruler scroll the view.
        let away = Point(x: c.x, y: c.y - 200)
        twoFingers(Point(x: away.x - 80, y: away.y), Point(x: away.x + 80, y: away.y), by: Vector(dx: 0, dy: -150), turn: 0)
        XCTAssertNotEqual(session.view.viewport.offset, viewport.offset)
        // The ruler lies on the page: it went up with it.
        let scrolled = session.view.viewport.offset.y - viewport.offset.y
        XCTAssertEqual(try XCTUnwrap(session.frame.ruler).placement.center.y, c.y + 120 - scrolled, accuracy: 1e-6)
    }

    func testAPenStrokeAlongTheRulerIsCommittedAsStraightInk() throws {
        _ = session.perform(.showRuler(true, unit: .centimetre))
        let p = try XCTUnwrap(session.frame.ruler).placement
        let y = p.center.y - p.width / 2 - 8
        var t = host.clock.now
        func pen(_ phase: InputPhase, _ x: Double, _ dy: Double) {
            t = t + 0.01
            host.send(InputEvent(kind: .contact(phase), source: .pen, position: Point(x: x, y: y + dy), time: t, axes: StylusAxes(pressure: 0.6)))
        }
        pen(.began, p.center.x - 200, 0)
        for i in 1...20 { pen(.moved, p.center.x - 200 + Double(i) * 20, Double(i % 3) * 4 - 4) }
        pen(.ended, p.center.x + 200, 3)
        host.settle()
        XCTAssertEqual(host.editor.committed.count, 1)
        let ink = try XCTUnwrap(host.editor.pages.values.joined().first { $0.subtype == .ink })
        guard case .ink(let strokes) = ink.geometry, let points = strokes.first?.points else { return XCTFail("no ink: \(ink.geometry)") }
        XCTAssertGreaterThan(points.count, 10)
        let ys = points.map(\.y)
        XCTAssertLessThan(ys.max()! - ys.min()!, 0.02, "a level ruler makes a level line (points are kept to 0.01)")
        _ = session.perform(.showRuler(false, unit: .centimetre))
        XCTAssertNil(session.frame.ruler)
    }
}
