// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

/// The partial eraser's splitter: what is left of a stroke is every point the eraser did not
/// reach, plus the points where the swept disc's edge cuts a segment, pressures kept.
final class InkEraserTests: XCTestCase {
    /// A pen stroke from left to right, a point every 10 pt, its pressure rising and falling.
    private let stroke = InkStroke(points: (0...10).map { Point(x: Double($0) * 10, y: 100) },
                                   pressures: (0...10).map { 0.3 + 0.05 * Double($0 % 6) })
    private let penWidth = 2.0, radius = 4.0
    private var reach: Double { radius + penWidth / 2 }

    /// The distance from `p` to the polyline `path`.
    private func distance(_ p: Point, to path: [Point]) -> Double {
        guard path.count > 1 else { return p.distance(to: path[0]) }
        return zip(path, path.dropFirst()).map { a, b -> Double in
            let v = b - a, w = p - a
            let t = min(1, max(0, (w.dx * v.dx + w.dy * v.dy) / (v.dx * v.dx + v.dy * v.dy)))
            return p.distance(to: Point(x: a.x + v.dx * t, y: a.y + v.dy * t))
        }.min()!
    }

    /// The original samples of `stroke` the path does not reach, as (point, pressure) pairs.
    private func outside(_ stroke: InkStroke, _ path: [Point]) -> [(Point, Double)] {
        zip(stroke.points, stroke.pressures!).filter { distance($0.0, to: path) > reach }
    }

    func testAnEraserAcrossTheMiddleLeavesTwoPiecesOfTheOriginalPointsAndTheCuts() {
        let path = [Point(x: 53, y: 70), Point(x: 53, y: 130)]
        let pieces = InkEraser.remaining([stroke], penWidth: penWidth, along: path, radius: radius)
        XCTAssertEqual(pieces.count, 2)
        let kept = outside(stroke, path)
        let left = kept.filter { $0.0.x < 53 }, right = kept.filter { $0.0.x > 53 }
        // Each piece is the original samples on its side, then (or after) the cut.
        XCTAssertEqual(Array(pieces[0].points.dropLast()), left.map(\.0))
        XCTAssertEqual(Array(pieces[1].points.dropFirst()), right.map(\.0))
        let cutLeft = pieces[0].points.last!, cutRight = pieces[1].points.first!
        XCTAssertEqual(cutLeft.x, 53 - reach, accuracy: 1e-9)
        XCTAssertEqual(cutRight.x, 53 + reach, accuracy: 1e-9)
        XCTAssertEqual(cutLeft.y, 100)
        // Pressures: the originals' kept (to the store's precision), the cuts' interpolated along their segment.
        func pressure(atX x: Double) -> Double {
            let i = Int(x / 10), t = x / 10 - Double(i)
            return stroke.pressures![i] + (stroke.pressures![i + 1] - stroke.pressures![i]) * t
        }
        XCTAssertEqual(Array(pieces[0].pressures!.dropLast()), left.map(\.1))
        XCTAssertEqual(Array(pieces[1].pressures!.dropFirst()), right.map(\.1))
        XCTAssertEqual(pieces[0].pressures!.last!, pressure(atX: cutLeft.x), accuracy: 1e-4)
        XCTAssertEqual(pieces[1].pressures!.first!, pressure(atX: cutRight.x), accuracy: 1e-4)
        // What was taken out runs from cut to cut.
        let outcome = InkEraser.erase([stroke], penWidth: penWidth, along: path, radius: radius)
        XCTAssertEqual(outcome.erased.count, 1)
        XCTAssertEqual(outcome.erased[0].first!.x, cutLeft.x, accuracy: 1e-9)
        XCTAssertEqual(outcome.erased[0].last!.x, cutRight.x, accuracy: 1e-9)
    }

    func testAnEraserThatMissesLeavesTheStrokeAsItWas() {
        // Just out of reach: 6 pt above a 2 pt line with a 4 pt eraser.
        let path = [Point(x: 20, y: 100 + reach + 0.01), Point(x: 80, y: 100 + reach + 0.01)]
        let outcome = InkEraser.erase([stroke], penWidth: penWidth, along: path, radius: radius)
        XCTAssertEqual(outcome.strokes, [.untouched])
        XCTAssertFalse(outcome.changed)
        XCTAssertEqual(outcome.remaining(of: [stroke]), [stroke])
        XCTAssertTrue(outcome.erased.isEmpty)
    }

    func testAnEraserAlongTheWholeStrokeLeavesNothing() {
        let path = [Point(x: -3, y: 101), Point(x: 40, y: 99), Point(x: 103, y: 100)]
        let outcome = InkEraser.erase([stroke], penWidth: penWidth, along: path, radius: radius)
        XCTAssertEqual(outcome.strokes, [.cut([])])
        XCTAssertTrue(outcome.remaining(of: [stroke]).isEmpty)
        // All of it is covered by what was taken out.
        XCTAssertEqual(outcome.erased.count, 1)
        XCTAssertEqual(outcome.erased[0].first, stroke.points.first)
        XCTAssertEqual(outcome.erased[0].last, stroke.points.last)
    }

    func testAZigzagEraserCrossingThreeTimesLeavesFourPieces() {
        let path = [Point(x: 20, y: 60), Point(x: 20, y: 140), Point(x: 50, y: 60), Point(x: 80, y: 140)]
        let pieces = InkEraser.remaining([stroke], penWidth: penWidth, along: path, radius: radius)
        XCTAssertEqual(pieces.count, 4)
        // Every kept original sample is in a piece, in order, and nothing else but the cuts.
        XCTAssertEqual(pieces.flatMap(\.points).filter { stroke.points.contains($0) }, outside(stroke, path).map(\.0))
        for piece in pieces {
            for cut in piece.points where !stroke.points.contains(cut) {
                XCTAssertEqual(distance(cut, to: path), reach, accuracy: 1e-9, "a cut lies on the swept edge")
            }
            for p in piece.points { XCTAssertGreaterThanOrEqual(distance(p, to: path), reach - 1e-9) }
        }
        // The pieces run left to right, like the stroke.
        XCTAssertEqual(pieces.map { $0.points.first!.x }, pieces.map { $0.points.first!.x }.sorted())
    }

    func testATapCutsALongSlantedSegmentOnTheDiscsEdge() {
        let slanted = InkStroke(points: [Point(x: 0, y: 0), Point(x: 90, y: 60), Point(x: 200, y: 40)], pressures: [0.2, 1, 0.6])
        let tap = [Point(x: 47, y: 29)]
        let outcome = InkEraser.erase([slanted], penWidth: penWidth, along: tap, radius: radius)
        let pieces = outcome.remaining(of: [slanted])
        XCTAssertEqual(pieces.count, 2)
        XCTAssertEqual(pieces[0].points.count, 2)
        XCTAssertEqual(pieces[0].points.first, slanted.points[0])
        XCTAssertEqual(Array(pieces[1].points.suffix(2)), Array(slanted.points.suffix(2)))
        XCTAssertEqual(pieces[0].points.last!.distance(to: tap[0]), reach, accuracy: 1e-9)
        XCTAssertEqual(pieces[1].points.first!.distance(to: tap[0]), reach, accuracy: 1e-9)
        // The pressure at a cut is where it lies between the segment's ends.
        let cut = pieces[0].points.last!
        let t = cut.x / 90
        XCTAssertEqual(pieces[0].pressures!.last!, 0.2 + 0.8 * t, accuracy: 1e-4)
    }

    func testOnlyTheStrokesReachedChangeAndCrumbsAreDropped() {
        let other = InkStroke(points: [Point(x: 0, y: 300), Point(x: 50, y: 300)])
        let dot = InkStroke(points: [Point(x: 100, y: 200)])
        // Through the dot, and ending 0.1 pt short of the stroke's right end: the crumb goes.
        let path = [Point(x: 100, y: 190), Point(x: 100, y: 210), Point(x: 100 - reach - 0.1, y: 100)]
        let outcome = InkEraser.erase([stroke, other, dot], penWidth: penWidth, along: path, radius: radius)
        XCTAssertEqual(outcome.strokes[1], .untouched)
        XCTAssertEqual(outcome.strokes[2], .cut([]))
        guard case .cut(let pieces) = outcome.strokes[0] else { return XCTFail("the stroke is cut") }
        XCTAssertEqual(pieces.count, 1)
        XCTAssertEqual(pieces[0].points.first, stroke.points.first)
        XCTAssertLessThan(pieces[0].points.last!.x, 100 - reach)
        XCTAssertEqual(outcome.remaining(of: [stroke, other, dot]).count, 2)
    }

    func testAStrokeWithoutPressureStaysWithout() {
        let plain = InkStroke(points: stroke.points)
        let pieces = InkEraser.remaining([plain], penWidth: penWidth, along: [Point(x: 50, y: 90), Point(x: 50, y: 110)], radius: radius)
        XCTAssertEqual(pieces.count, 2)
        XCTAssertTrue(pieces.allSatisfy { $0.pressures == nil })
    }
}
