// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The predicted tip of the ink being drawn, as the session puts it in the frame: after the
/// stroke's last sample, in the pen's direction, never in the stroke that is committed, gone
/// when the pen stops, lifts or the preference is off.
final class InkTipSessionTests: XCTestCase {
    lazy var host = EditingWalkHost([], pageSizes: [Size(width: 420, height: 595)])
    var session: DocumentSession { host.session }
    private let interval = 1.0 / 120

    private func pen(_ phase: InputPhase, _ p: Point) {
        host.send(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: p,
                             time: host.clock.now + interval, axes: StylusAxes(pressure: 0.6)))
    }

    private var pageOrigin: Point {
        let v = session.view.viewport
        let f = session.view.layout.pageFrame(PageIndex(0), zoom: v.zoom).offsetBy(Point.zero - v.offset)
        return Point(x: f.minX, y: f.minY)
    }

    /// A pen moving right at `speed` view pixels a second, `count` samples 1/120 s apart.
    private func drawStraight(_ count: Int, speed: Double = 480) -> [Point] {
        _ = session.perform(.pick(.ink))
        let start = pageOrigin + Vector(dx: 60, dy: 120)
        let points = (0..<count).map { start + Vector(dx: speed * interval * Double($0), dy: 0) }
        pen(.began, points[0])
        for p in points.dropFirst() { pen(.moved, p) }
        return points
    }

    func testTheTipRunsAheadOfTheLastSampleAndIsNotCommitted() throws {
        let speed = 480.0
        let points = drawStraight(10, speed: speed)
        let stroke = try XCTUnwrap(session.frame.liveInk?.strokes.last)
        XCTAssertEqual(stroke.points.count, points.count, "the samples are the stroke")
        let last = try XCTUnwrap(stroke.points.last), tip = try XCTUnwrap(stroke.predicted.last)
        XCTAssertGreaterThan(tip.x - last.x, speed * InkTipPredictor.maxLead * 0.8, "the tip runs ahead in the pen's direction")
        XCTAssertLessThanOrEqual(tip.x - last.x, speed * InkTipPredictor.maxLead + 0.5, "never more than a frame ahead")
        XCTAssertEqual(tip.y, last.y, accuracy: 0.5)

        pen(.ended, points.last!)
        XCTAssertTrue(session.frame.liveInk?.strokes.allSatisfy { $0.predicted.isEmpty } ?? true, "no tip once the pen lifts")
        let ink = try XCTUnwrap(host.editor.pages[PageIndex(0)]?.first { $0.subtype == .ink })
        guard case .ink(let saved) = ink.geometry else { return XCTFail("an ink annotation") }
        XCTAssertEqual(saved.map(\.points.count), [points.count], "what is saved is the samples, not the tip")
        let lastSaved = try XCTUnwrap(session.interaction.scene.coordinates.convert(saved[0].points.last!, from: .pdf(PageIndex(0)), to: .view))
        XCTAssertEqual(lastSaved.x, points.last!.x, accuracy: 0.01)
    }

    func testAPenHeldStillOrSilentShowsNoTip() throws {
        let points = drawStraight(10)
        XCTAssertFalse(try XCTUnwrap(session.frame.liveInk?.strokes.last).predicted.isEmpty)
        // No events for two frames: the tip of the last sample is stale.
        host.clock.advance(by: 2 * InkTipPredictor.maxLead)
        XCTAssertEqual(session.frame.liveInk?.strokes.last?.predicted, [])
        // The pen held where it is: events with no motion.
        pen(.moved, points.last!)
        pen(.moved, points.last!)
        pen(.moved, points.last!)
        XCTAssertEqual(session.frame.liveInk?.strokes.last?.predicted, [])
    }

    func testThePreferenceTurnsTheTipOff() throws {
        session.inputAdjuster.settings.predictsInkTip = false
        _ = drawStraight(10)
        XCTAssertEqual(try XCTUnwrap(session.frame.liveInk?.strokes.last).predicted, [])
        XCTAssertEqual(session.previews.inkTip.figures.measured, 0)
    }

    func testTipsDrawnAreMeasuredAgainstThePathThatFollowed() {
        _ = session.perform(.pick(.ink))
        let start = pageOrigin + Vector(dx: 60, dy: 120)
        pen(.began, start)
        for i in 1..<40 {
            pen(.moved, start + Vector(dx: 4 * Double(i), dy: 0))
            _ = session.frame  // a frame draws the tip
        }
        let figures = session.previews.inkTip.figures
        XCTAssertGreaterThan(figures.measured, 20)
        XCTAssertLessThan(figures.meanDistanceToPath, 0.5, "a straight, steady line is where the tips said")
        XCTAssertLessThan(figures.meanDistanceToPosition, 1)
    }
}
