// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import XCTest

/// The one path a stroke is drawn and saved with: judged by what it covers (nonzero winding of
/// the flattened path), not by the elements it happens to be written with.
final class InkPathTests: XCTestCase {
    /// The subpaths of `path`, each flattened to a polygon (Béziers in 16 steps).
    private func polygons(_ path: InkPath) -> [[Point]] {
        var result: [[Point]] = [], current: [Point] = []
        for e in path.elements {
            switch e {
            case .move(let p):
                if current.count > 2 { result.append(current) }
                current = [p]
            case .line(let p): current.append(p)
            case .curve(let a, let b, let p):
                let p0 = current.last ?? p
                for step in 1...16 {
                    let t = Double(step) / 16, u = 1 - t
                    current.append(Point(x: u * u * u * p0.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * p.x,
                                         y: u * u * u * p0.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * p.y))
                }
            case .close:
                if current.count > 2 { result.append(current) }
                current = []
            }
        }
        if current.count > 2 { result.append(current) }
        return result
    }

    /// Whether a filled path covers `q` (nonzero rule).
    private func covers(_ path: InkPath, _ q: Point) -> Bool {
        var winding = 0
        for polygon in polygons(path) {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let side = (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y)
                if a.y <= q.y, b.y > q.y, side > 0 { winding += 1 }
                if a.y > q.y, b.y <= q.y, side < 0 { winding -= 1 }
            }
        }
        return winding != 0
    }

    private func allPoints(_ path: InkPath) -> [Point] {
        path.elements.flatMap { e -> [Point] in
            switch e {
            case .move(let p), .line(let p): return [p]
            case .curve(let a, let b, let p): return [a, b, p]
            case .close: return []
            }
        }
    }

    private func wave(_ count: Int) -> [Point] {
        (0..<count).map { i in Point(x: 20 + Double(i) * 7, y: 100 + sin(Double(i) / 3) * 30) }
    }

    func testAStrokeOfConstantPressureIsSymmetricAboutItsLine() {
        let points = (0..<12).map { Point(x: 10 + Double($0) * 9, y: 50) }
        let path = InkPath(points: points, widths: Array(repeating: 6, count: points.count), lineWidth: 6)
        XCTAssertEqual(path.paint, .fill)
        var inside = 0
        for x in stride(from: 0.0, through: 130, by: 1.5) {
            for dy in stride(from: 0.25, through: 6, by: 0.5) {
                let above = covers(path, Point(x: x, y: 50 - dy)), below = covers(path, Point(x: x, y: 50 + dy))
                XCTAssertEqual(above, below, "mirror points at x \(x), ±\(dy)")
                if x >= 10, x <= 109 { XCTAssertEqual(above, dy < 3, "3 either side of the line: x \(x), \(dy)") }
                if x < 7 || x > 112 { XCTAssertFalse(above, "round ends 3 beyond the first and last samples: x \(x)") }
                if above { inside += 1 }
            }
        }
        XCTAssertGreaterThan(inside, 100)
    }

    func testTheWidthFollowsThePressureAtEverySample() {
        let points = wave(20)
        let widths = points.indices.map { InkPath.width(8, pressure: Double($0) / 19) }
        XCTAssertEqual(widths.first, 2, "a quarter of the width at no pressure")
        XCTAssertEqual(widths.last, 8, "the whole width at full pressure")
        let path = InkPath(points: points, widths: widths, lineWidth: 8)
        for i in 1..<(points.count - 1) {
            // Across the stroke at the sample: the normal of the chord through its neighbours.
            let d = points[i + 1] - points[i - 1], length = d.length
            let n = Vector(dx: -d.dy / length, dy: d.dx / length), r = widths[i] / 2
            for side in [-1.0, 1.0] {
                XCTAssertTrue(covers(path, points[i] + n * (side * (r - 0.15))), "inside at sample \(i)")
                // A turn lets a neighbour's wider disc reach further on its inside: only the outside is exact.
                if abs(sin(Double(i) / 3)) > 0.9 { continue }
                XCTAssertFalse(covers(path, points[i] + n * (side * (r + 0.4))), "outside at sample \(i), width \(widths[i])")
            }
        }
    }

    func testAOnePointStrokeIsADotAsWideAsTheLine() {
        let c = Point(x: 40, y: 30)
        for (widths, expected) in [(nil, 5.0), ([2.0], 2.0)] as [([Double]?, Double)] {
            let path = InkPath(points: [c], widths: widths, lineWidth: 5)
            XCTAssertEqual(path.paint, .fill, "a dot is filled")
            XCTAssertTrue(covers(path, c))
            for angle in stride(from: 0.0, to: 2 * Double.pi, by: 0.4) {
                let u = Vector(dx: cos(angle), dy: sin(angle))
                XCTAssertTrue(covers(path, c + u * (expected / 2 - 0.05)))
                XCTAssertFalse(covers(path, c + u * (expected / 2 + 0.05)))
            }
        }
    }

    func testRepeatedPointsMakeNoNaN() {
        let p = Point(x: 10, y: 10), q = Point(x: 30, y: 12)
        for points in [[p, p, p], [p, p, q, q, q, p, p], [p, q, q]] {
            for widths in [nil, points.indices.map { _ in 3.0 }] {
                let path = InkPath(points: points, widths: widths, lineWidth: 3)
                let coordinates = allPoints(path)
                XCTAssertFalse(coordinates.isEmpty)
                XCTAssertTrue(coordinates.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(points) \(String(describing: widths))")
                if widths != nil { XCTAssertTrue(covers(path, p)) }
            }
        }
        let broken = InkPath(points: [p, Point(x: .nan, y: 3), q], widths: [2, 2, .infinity], lineWidth: 2)
        XCTAssertTrue(allPoints(broken).allSatisfy { $0.x.isFinite && $0.y.isFinite }, "a sample that is not a number is left out")
    }

    func testFinalPiecesStayWhenTheStrokeGrows() {
        let points = wave(30)
        for widths in [nil, points.map { _ in 4.0 }] as [[Double]?] {
            let before = InkPath(points: Array(points.prefix(20)), widths: widths.map { Array($0.prefix(20)) }, lineWidth: 4)
            let after = InkPath(points: points, widths: widths, lineWidth: 4)
            XCTAssertGreaterThan(before.finalPieces, 0)
            XCTAssertEqual(Array(before.pieces.prefix(before.finalPieces)), Array(after.pieces.prefix(before.finalPieces)))
            XCTAssertEqual(before.elements(0..<before.finalPieces) + Array(after.elements(before.finalPieces..<after.pieces.count).dropFirst(widths == nil ? 1 : 0)),
                           after.elements, "kept pieces and the rest make the whole path")
        }
    }

    func testEverySubpathOfAFilledStrokeTurnsTheSameWay() {
        let points = wave(15)
        let path = InkPath(points: points, widths: points.indices.map { 1 + Double($0 % 4) }, lineWidth: 4)
        for polygon in polygons(path) { XCTAssertGreaterThan(InkPath.signedArea(polygon), 0) }
    }
}
