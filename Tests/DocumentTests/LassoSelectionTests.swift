// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import SeededRandom
import XCTest

/// The lasso's rule on loops drawn as a hand draws them: generated from a seed (a wobbling
/// ellipse sampled as a pen reports it), so each case replays exactly.
final class LassoSelectionTests: XCTestCase {
    /// A hand-drawn loop round `center`: an ellipse whose radius wobbles by up to `wobble`,
    /// sampled every few points, going round `turns` times and stopping `gapAngle` radians
    /// short of where it started.
    static func handLoop(center: Point, rx: Double, ry: Double, wobble: Double = 3, turns: Double = 1,
                         gapAngle: Double = 0.15, seed: UInt64 = 7, samples: Int = 120) -> [Point] {
        var rng = SeededGenerator(seed: seed)
        let sweep = 2 * Double.pi * turns - gapAngle
        return (0...samples).map { i in
            let t = sweep * Double(i) / Double(samples)
            let k = 1 + (rng.unit() - 0.5) * 2 * wobble / min(rx, ry)
            return Point(x: center.x + rx * k * cos(t), y: center.y + ry * k * sin(t))
        }
    }

    /// An ink annotation of one wavy stroke from `from` going right for `length` points.
    static func ink(_ id: String, from: Point, length: Double, seed: UInt64 = 1) -> Annotation {
        var rng = SeededGenerator(seed: seed)
        let points = (0...40).map { i in
            Point(x: from.x + length * Double(i) / 40, y: from.y + 4 * sin(Double(i) / 3) + rng.unit())
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let rect = Rect(x: xs.min()! - 1, y: ys.min()! - 1, width: xs.max()! - xs.min()! + 2, height: ys.max()! - ys.min()! + 2)
        return Annotation(id: id, page: PageIndex(0), subtype: .ink, rect: rect, geometry: .ink([InkStroke(points: points)]))
    }

    static func square(_ id: String, _ rect: Rect, subtype: AnnotationSubtype = .square) -> Annotation {
        Annotation(id: id, page: PageIndex(0), subtype: subtype, rect: rect)
    }

    func testALoopSelectsTheInkInsideAndNotTheInkOutside() {
        let inside = Self.ink("in", from: Point(x: 120, y: 300), length: 100)
        let outside = Self.ink("out", from: Point(x: 120, y: 500), length: 100)
        let loop = Self.handLoop(center: Point(x: 170, y: 300), rx: 90, ry: 40)
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [inside, outside]), ["in"])
    }

    func testInkCountsByTheShareOfItsPointsInside() {
        // The loop spans x 100…200; a stroke from 101 to 251 has 27 of its 41 points (66 %)
        // inside, one from 101 to 299 21 of them (51 %).
        let loop = [Point(x: 100, y: 250), Point(x: 200, y: 250), Point(x: 200, y: 350), Point(x: 100, y: 350), Point(x: 100, y: 250)]
        let mostly = Self.ink("mostly", from: Point(x: 101, y: 300), length: 150)
        let half = Self.ink("half", from: Point(x: 101, y: 280), length: 198)
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [mostly, half]), ["mostly"])
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [mostly, half], share: 0.45), ["mostly", "half"])
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [mostly, half], share: 0.9), [])
    }

    func testShapesCountByTheirOutline() {
        let loop = Self.handLoop(center: Point(x: 300, y: 300), rx: 100, ry: 100, wobble: 2)
        let inside = Self.square("inside", Rect(x: 260, y: 260, width: 80, height: 80))
        // Only its left part is in the loop.
        let straddling = Self.square("straddling", Rect(x: 360, y: 280, width: 120, height: 40), subtype: .circle)
        let line = Annotation(id: "line", page: PageIndex(0), subtype: .line, rect: Rect(x: 240, y: 290, width: 120, height: 20),
                              geometry: .line(start: Point(x: 240, y: 300), end: Point(x: 360, y: 300), startEnding: .none, endEnding: .none))
        let link = Self.square("link", Rect(x: 280, y: 280, width: 20, height: 20), subtype: .link)
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [inside, straddling, line, link]), ["inside", "line"])
    }

    func testALoopAroundNothingSelectsNothing() {
        let ink = Self.ink("far", from: Point(x: 400, y: 600), length: 80)
        let loop = Self.handLoop(center: Point(x: 150, y: 150), rx: 60, ry: 50)
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [ink]), [])
    }

    func testALoopWhoseEndsAreNearIsClosedAndOneWhoseEndsAreFarIsNot() {
        let ink = Self.ink("in", from: Point(x: 130, y: 300), length: 80)
        // Stopped 20° short: closed with a straight segment.
        let nearlyClosed = Self.handLoop(center: Point(x: 170, y: 300), rx: 90, ry: 40, gapAngle: 0.35)
        XCTAssertNotNil(LassoSelection(loop: nearlyClosed))
        XCTAssertEqual(LassoSelection.select(loop: nearlyClosed, among: [ink]), ["in"])
        // A half circle, or a straight line, is a stroke, not a loop.
        let halfCircle = Self.handLoop(center: Point(x: 170, y: 300), rx: 90, ry: 40, gapAngle: .pi)
        XCTAssertNil(LassoSelection(loop: halfCircle))
        XCTAssertEqual(LassoSelection.select(loop: halfCircle, among: [ink]), [])
        let line = (0...30).map { Point(x: 100 + Double($0) * 5, y: 300) }
        XCTAssertNil(LassoSelection(loop: line))
        XCTAssertNil(LassoSelection(loop: [Point(x: 1, y: 1), Point(x: 2, y: 2)]))
        XCTAssertNil(LassoSelection(loop: []))
    }

    func testALoopDrawnRoundTwiceStillEnclosesItsMiddle() {
        // Two turns: even-odd would count the middle as outside; the non-zero rule keeps it in.
        let loop = Self.handLoop(center: Point(x: 200, y: 200), rx: 80, ry: 60, wobble: 4, turns: 2, samples: 240)
        let lasso = LassoSelection(loop: loop)
        XCTAssertEqual(lasso?.contains(Point(x: 200, y: 200)), true)
        XCTAssertEqual(lasso?.contains(Point(x: 200, y: 300)), false)
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [Self.ink("mid", from: Point(x: 170, y: 200), length: 60)]), ["mid"])
    }

    func testAFigureOfEightEnclosesBothLobes() {
        // A lemniscate: the lobes turn opposite ways, each encloses its ink.
        let loop = (0..<200).map { i -> Point in
            let t = 2 * Double.pi * Double(i) / 200
            let d = 1 + sin(t) * sin(t)
            return Point(x: 300 + 150 * cos(t) / d, y: 300 + 150 * sin(t) * cos(t) / d)
        }
        let left = Self.ink("left", from: Point(x: 180, y: 300), length: 60)
        let right = Self.ink("right", from: Point(x: 360, y: 300), length: 60)
        let above = Self.ink("above", from: Point(x: 270, y: 420), length: 60)
        XCTAssertEqual(LassoSelection.select(loop: loop, among: [left, right, above]), ["left", "right"])
    }

    func testEveryPointInsideAConvexLoopAgreesWithTheLoopsOwnGeometry() {
        // Random points against a circle drawn with many samples: the banded test gives what
        // the distance to the centre says (away from the boundary's sampling error).
        let loop = (0..<300).map { i -> Point in
            let t = 2 * Double.pi * Double(i) / 300
            return Point(x: 400 + 100 * cos(t), y: 400 + 100 * sin(t))
        }
        let lasso = LassoSelection(loop: loop)!
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<5_000 {
            let p = Point(x: 250 + 300 * rng.unit(), y: 250 + 300 * rng.unit())
            let r = p.distance(to: Point(x: 400, y: 400))
            if abs(r - 100) < 0.5 { continue }
            XCTAssertEqual(lasso.contains(p), r < 100, "\(p)")
        }
    }
}
