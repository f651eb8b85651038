// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import InteractionEngine
import XCTest

/// The shape recogniser on strokes drawn by a seeded hand (wobble, jitter, rounded corners,
/// closing gaps and overshoots) and on the simulated pen recordings in Tests/TestData: each
/// shape is taken for what it is, where it was drawn, and a scribble is taken for nothing.
final class ShapeRecognizerTests: XCTestCase {
    let recognizer = ShapeRecognizer()
    let seeds = UInt64(1)...30

    private func assertNear(_ p: Point, _ q: Point, within tolerance: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(p.distance(to: q), tolerance, "\(what): \(p) is not near \(q)", file: file, line: line)
    }

    func testAHeldCircleIsACircleWhereItWasDrawn() {
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            let stroke = hand.circle(center: Point(x: 300, y: 400), radius: 50)
            guard case .ellipse(let r)? = recognizer.recognize(stroke) else {
                return XCTFail("seed \(seed): \(String(describing: recognizer.recognize(stroke)))")
            }
            assertNear(Point(x: r.midX, y: r.midY), Point(x: 300, y: 400), within: 4, "seed \(seed) centre")
            XCTAssertEqual(r.width, 100, accuracy: 8, "seed \(seed)")
            XCTAssertEqual(r.width, r.height, accuracy: 1e-9, "seed \(seed): a round ellipse is a circle")
        }
    }

    func testAWideEllipseKeepsItsProportions() {
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            guard case .ellipse(let r)? = recognizer.recognize(hand.ellipse(center: Point(x: 300, y: 300), rx: 90, ry: 45)) else {
                return XCTFail("seed \(seed)")
            }
            XCTAssertEqual(r.width, 180, accuracy: 12, "seed \(seed)")
            XCTAssertEqual(r.height, 90, accuracy: 8, "seed \(seed)")
        }
    }

    func testATriangleIsAPolygonWithThreeVerticesAtItsCorners() {
        let corners = [Point(x: 100, y: 100), Point(x: 220, y: 110), Point(x: 150, y: 210)]
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            guard case .polygon(let v)? = recognizer.recognize(hand.polygon(corners)) else { return XCTFail("seed \(seed)") }
            XCTAssertEqual(v.count, 3, "seed \(seed)")
            for c in corners { XCTAssertTrue(v.contains { $0.distance(to: c) < 8 }, "seed \(seed): no vertex near \(c) in \(v)") }
        }
    }

    func testAnUprightRectangleIsASquareAnnotationsRectangle() {
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            let stroke = hand.polygon([Point(x: 100, y: 100), Point(x: 260, y: 100), Point(x: 260, y: 200), Point(x: 100, y: 200)])
            guard case .rectangle(let r)? = recognizer.recognize(stroke) else { return XCTFail("seed \(seed)") }
            XCTAssertEqual(r.minX, 100, accuracy: 5, "seed \(seed)")
            XCTAssertEqual(r.maxX, 260, accuracy: 5, "seed \(seed)")
            XCTAssertEqual(r.minY, 100, accuracy: 5, "seed \(seed)")
            XCTAssertEqual(r.maxY, 200, accuracy: 5, "seed \(seed)")
        }
    }

    func testATurnedRectangleIsAFourVertexPolygon() {
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            let stroke = hand.polygon([Point(x: 100, y: 100), Point(x: 200, y: 160), Point(x: 160, y: 230), Point(x: 60, y: 170)])
            guard case .polygon(let v)? = recognizer.recognize(stroke) else { return XCTFail("seed \(seed)") }
            XCTAssertEqual(v.count, 4, "seed \(seed)")
        }
    }

    func testAPentagonIsAPolygonWithFiveVertices() {
        let corners = (0..<5).map { k in Point(x: 300 + 80 * cos(Double(k) * 2 * .pi / 5), y: 300 + 80 * sin(Double(k) * 2 * .pi / 5)) }
        var fives = 0
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            if case .polygon(let v)? = recognizer.recognize(hand.polygon(corners)), v.count == 5 { fives += 1 }
        }
        // A regular pentagon is nearly round: a sloppy one may pass for a circle.
        XCTAssertGreaterThanOrEqual(fives, seeds.count * 9 / 10)
    }

    func testAStraightStrokeIsALineFromEndToEnd() {
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            guard case .line(let a, let b)? = recognizer.recognize(hand.line(from: Point(x: 50, y: 50), to: Point(x: 300, y: 120))) else {
                return XCTFail("seed \(seed)")
            }
            assertNear(a, Point(x: 50, y: 50), within: 4, "seed \(seed) start")
            assertNear(b, Point(x: 300, y: 120), within: 4, "seed \(seed) end")
        }
    }

    func testANearlyLevelLineIsLevel() {
        var hand = HandDrawnStrokes(seed: 7)
        guard case .line(let a, let b)? = recognizer.recognize(hand.line(from: Point(x: 50, y: 100), to: Point(x: 300, y: 106))) else {
            return XCTFail("not a line")
        }
        XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
    }

    func testALineWithAHookOrAChevronAtItsEndIsAnArrowPointingThere() {
        for seed in seeds {
            for chevron in [false, true] {
                var hand = HandDrawnStrokes(seed: seed)
                let stroke = hand.arrow(from: Point(x: 50, y: 50), to: Point(x: 300, y: 160), chevron: chevron)
                guard case .arrow(let tail, let tip)? = recognizer.recognize(stroke) else {
                    return XCTFail("seed \(seed) chevron \(chevron): \(String(describing: recognizer.recognize(stroke)))")
                }
                assertNear(tail, Point(x: 50, y: 50), within: 6, "seed \(seed) tail")
                assertNear(tip, Point(x: 300, y: 160), within: 10, "seed \(seed) tip")
            }
        }
    }

    func testAnArrowDrawnHeadFirstPointsAtItsStart() {
        var hand = HandDrawnStrokes(seed: 3)
        let stroke = Array(hand.arrow(from: Point(x: 50, y: 50), to: Point(x: 300, y: 160), chevron: false).reversed())
        guard case .arrow(_, let tip)? = recognizer.recognize(stroke) else { return XCTFail("not an arrow") }
        assertNear(tip, Point(x: 300, y: 160), within: 10, "tip")
    }

    func testAnOpenZigzagIsAPolylineThroughItsCorners() {
        let corners = [Point(x: 100, y: 100), Point(x: 150, y: 200), Point(x: 200, y: 100), Point(x: 250, y: 200), Point(x: 300, y: 100)]
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            guard case .polyline(let v)? = recognizer.recognize(hand.draw(corners)) else { return XCTFail("seed \(seed)") }
            XCTAssertEqual(v.count, corners.count, "seed \(seed)")
        }
    }

    func testAScribbleStaysInk() {
        for seed in seeds {
            var hand = HandDrawnStrokes(seed: seed)
            let stroke = hand.scribble(in: Rect(x: 100, y: 100, width: 150, height: 150))
            XCTAssertNil(recognizer.recognize(stroke), "seed \(seed)")
        }
    }

    func testTinyAndDegenerateStrokesAreNothing() {
        XCTAssertNil(recognizer.recognize([]))
        XCTAssertNil(recognizer.recognize([Point(x: 1, y: 1)]))
        XCTAssertNil(recognizer.recognize(Array(repeating: Point(x: 5, y: 5), count: 40)))
        var hand = HandDrawnStrokes(seed: 1)
        XCTAssertNil(recognizer.recognize(hand.circle(center: Point(x: 10, y: 10), radius: 2)))
    }

    func testTheSameShapeSmallOrLargeIsTakenForTheSameThing() {
        let corners = [Point(x: 0, y: 0), Point(x: 120, y: 10), Point(x: 50, y: 110)]
        for scale in [0.25, 1, 6] {
            var hand = HandDrawnStrokes(seed: 11)
            let stroke = hand.polygon(corners).map { Point(x: 40 + $0.x * scale, y: 40 + $0.y * scale) }
            guard case .polygon(let v)? = recognizer.recognize(stroke) else { return XCTFail("scale \(scale)") }
            XCTAssertEqual(v.count, 3, "scale \(scale)")
        }
    }

    /// The simulated pen recordings, cut where the pen came to rest, as the ink tool cuts them.
    func testRecordedStrokesAreTakenForWhatTheyWereDrawnAs() throws {
        let strokes = try RecordedStroke.load()
        XCTAssertGreaterThanOrEqual(strokes.count, 10)
        for s in strokes {
            var hold = StrokeHold(slop: 4)
            var heldAt: Int?
            for (i, p) in s.points.enumerated() {
                hold.moved(to: p, at: InputTime(seconds: s.times[i]), index: i)
                if hold.isHeld(at: InputTime(seconds: s.times[i])) { heldAt = hold.restIndex; break }
            }
            XCTAssertNotNil(heldAt, "\(s.name): every recording rests at its end")
            let shape = recognizer.recognize(Array(s.points.prefix((heldAt ?? s.points.count - 1) + 1)))
            let kind: String
            switch shape {
            case nil: kind = "none"
            case .line?: kind = "line"
            case .arrow?: kind = "arrow"
            case .rectangle?: kind = "rectangle"
            case .ellipse?: kind = "ellipse"
            case .polygon(let v)?: kind = "polygon\(v.count)"
            case .polyline?: kind = "polyline"
            }
            XCTAssertEqual(kind, s.expect, s.name)
        }
    }

    /// A figure to read, not a bar: how long one decision takes on a long stroke.
    func testRecognisingALongStrokeIsQuick() {
        var hand = HandDrawnStrokes(seed: 5)
        let stroke = (0..<4).flatMap { _ in hand.scribble(in: Rect(x: 0, y: 0, width: 300, height: 300)) }
        let clock = ContinuousClock()
        let elapsed = clock.measure { for _ in 0..<20 { _ = recognizer.recognize(stroke) } }
        print("ShapeRecognizer: \(stroke.count) points, \(elapsed / 20) per decision")
    }
}
