// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import InteractionEngine
import XCTest

/// The predicted tip of a stroke being drawn: where the pen goes next, at most a frame ahead,
/// and nothing where guessing would draw ink the pen never made.
final class InkTipPredictorTests: XCTestCase {
    typealias Sample = InkTipPredictor.Sample

    /// Samples `interval` seconds apart of a pen at `position(t)`; times rounded to whole
    /// milliseconds when `wholeMilliseconds` (as GDK stamps events).
    private func samples(_ count: Int, interval: Double = 1.0 / 120, wholeMilliseconds: Bool = false,
                         _ position: (Double) -> Point) -> [Sample] {
        (0..<count).map { i in
            let t = 1 + Double(i) * interval
            return Sample(position(t), at: InputTime(seconds: wholeMilliseconds ? (t * 1000).rounded() / 1000 : t))
        }
    }

    private func line(speed: Double, direction: Vector) -> (Double) -> Point {
        let u = direction * (1 / direction.length)
        return { t in Point(x: 100, y: 200) + u * (speed * (t - 1)) }
    }

    func testStraightMotionAtOneSpeedIsPredictedWithinAPixel() throws {
        let predictor = InkTipPredictor()
        for (speed, interval) in [(500.0, 1.0 / 120), (1500, 1.0 / 240), (200, 1.0 / 60)] {
            for ms in [false, true] {
                let motion = line(speed: speed, direction: Vector(dx: 3, dy: -4))
                let stroke = samples(12, interval: interval, wholeMilliseconds: ms, motion)
                let p = predictor.predict(stroke)
                XCTAssertEqual(p.lead, InkTipPredictor.maxLead, accuracy: 1e-9, "a straight, steady stroke is carried a whole frame")
                let tip = try XCTUnwrap(p.points.last)
                let truth = motion(1 + Double(11) * interval + p.lead)
                XCTAssertLessThan(tip.distance(to: truth), 1, "speed \(speed), whole ms \(ms)")
                XCTAssertGreaterThan(tip.distance(to: stroke.last!.position), speed * p.lead * 0.9, "the tip does run ahead")
            }
        }
    }

    func testAPenThatStoppedPredictsNoMotion() {
        let motion = line(speed: 600, direction: Vector(dx: 1, dy: 0))
        var stroke = samples(8, motion)
        let end = stroke.last!
        for k in 1...3 { stroke.append(Sample(end.position, at: end.time + Double(k) / 120)) }
        let p = InkTipPredictor().predict(stroke)
        XCTAssertTrue(p.points.allSatisfy { $0.distance(to: end.position) < 1e-9 }, "\(p)")
    }

    func testTheTipIsNeverMoreThanOneFrameAhead() throws {
        let motion = line(speed: 900, direction: Vector(dx: 1, dy: 1))
        let stroke = samples(10, motion)
        let p = InkTipPredictor(lead: 0.1).predict(stroke)
        XCTAssertLessThanOrEqual(p.lead, InkTipPredictor.maxLead)
        let tip = try XCTUnwrap(p.points.last)
        XCTAssertLessThanOrEqual(tip.distance(to: stroke.last!.position), 900 * InkTipPredictor.maxLead + 0.5)
        XCTAssertEqual(InkTipPredictor(lead: 0.005).predict(stroke).lead, 0.005, accuracy: 1e-9, "a shorter lead is kept")
    }

    func testSharpTurnsAreDamped() throws {
        let straight = InkTipPredictor().predict(samples(9, line(speed: 600, direction: Vector(dx: 1, dy: 0))))
        func turned(by degrees: Double) -> InkTipPredictor.Prediction {
            // Along x, then from the 7th sample on at `degrees` to it.
            let a = degrees * Double.pi / 180, v = 600.0 / 120
            var p = Point(x: 50, y: 50), stroke: [Sample] = []
            for i in 0..<9 {
                stroke.append(Sample(p, at: InputTime(seconds: 1 + Double(i) / 120)))
                p = p + (i >= 6 ? Vector(dx: cos(a), dy: sin(a)) : Vector(dx: 1, dy: 0)) * v
            }
            return InkTipPredictor().predict(stroke)
        }
        let gentle = turned(by: 20), sharp = turned(by: 70), back = turned(by: 150)
        XCTAssertLessThan(gentle.lead, straight.lead)
        XCTAssertLessThan(sharp.lead, gentle.lead, "the sharper the turn, the shorter the tip")
        XCTAssertLessThan(sharp.lead, InkTipPredictor.maxLead * 0.3)
        XCTAssertTrue(back.points.isEmpty, "no tip when the pen turns back")
    }

    func testSlowingDownShortensTheTip() {
        // Speed falling from 600 to 75 over the stroke: x = 600 t − 1500 t², from t = 0 to 0.175.
        let stroke = (0..<22).map { i -> Sample in
            let t = Double(i) / 120
            return Sample(Point(x: 600 * t - 1500 * t * t, y: 0), at: InputTime(seconds: 1 + t))
        }
        let p = InkTipPredictor().predict(stroke)
        XCTAssertLessThan(p.lead, InkTipPredictor.maxLead * 0.8)
        let steady = InkTipPredictor().predict(samples(25, line(speed: 120, direction: Vector(dx: 1, dy: 0))))
        XCTAssertEqual(steady.lead, InkTipPredictor.maxLead, accuracy: 1e-9, "a slow pen that keeps its speed keeps its tip")
    }

    func testTooLittleToGoOnPredictsNothing() {
        let p = Point(x: 1, y: 1), t = InputTime(seconds: 3)
        XCTAssertEqual(InkTipPredictor().predict([]), .none)
        XCTAssertEqual(InkTipPredictor().predict([Sample(p, at: t), Sample(Point(x: 5, y: 1), at: t + 0.008)]), .none)
        let sameTime = [Sample(p, at: t), Sample(Point(x: 5, y: 1), at: t), Sample(Point(x: 9, y: 1), at: t)]
        XCTAssertEqual(InkTipPredictor().predict(sameTime), .none, "samples all at one time give no speed")
        let stale = [Sample(p, at: t), Sample(Point(x: 5, y: 1), at: t + 0.2), Sample(Point(x: 9, y: 1), at: t + 0.4)]
        XCTAssertEqual(InkTipPredictor().predict(stale), .none, "samples far apart in time say nothing of the next frame")
    }

    func testTheErrorOfATipIsMeasuredOnThePathThatFollowed() throws {
        let motion = line(speed: 600, direction: Vector(dx: 1, dy: 0))
        let stroke = samples(12, motion)
        let base = stroke[7]
        let tip = base.position + Vector(dx: 6, dy: 3)
        let e = try XCTUnwrap(InkTipPredictor.error(ofTip: tip, lead: 0.01, from: base, followedBy: Array(stroke[8...])))
        XCTAssertEqual(e.toPath, 3, accuracy: 1e-9, "3 off the line the pen drew")
        XCTAssertEqual(e.toPosition, Point(x: 6, y: 3).distance(to: Point(x: 6, y: 0)), accuracy: 1e-9, "the pen was 6 on at 10 ms")
        XCTAssertNil(InkTipPredictor.error(ofTip: tip, lead: 0.01, from: base, followedBy: [stroke[8]]), "the pen has not got there yet")
    }
}
