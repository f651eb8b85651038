// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import XCTest

/// A frame of a long stroke builds only the tail of its path (the pieces it draws): those
/// pieces must be exactly the whole path's, whatever the stroke, and the final pieces known
/// without a path must be the path's.
final class InkPathTailTests: XCTestCase {
    private func wave(_ count: Int) -> [Point] {
        (0..<count).map { i in Point(x: 20 + Double(i) * 3.7, y: 100 + sin(Double(i) / 3) * 50) }
    }

    private let widthCases: [[Double]?] = [nil, (0..<40).map { 1 + Double($0 % 7) }, [3, 4, 5], []]

    func testATailsPiecesAreTheWholePathsPiecesFromWhereItIsDrawn() {
        for count in [1, 2, 3, 4, 5, 12, 40] {
            let points = wave(count)
            for widths in widthCases {
                let whole = InkPath(points: points, widths: widths.map { Array($0.prefix(count)) }, lineWidth: 4)
                for from in 0...(count + 2) {
                    let (tail, offset) = InkPath.tail(points: points, widths: widths.map { Array($0.prefix(count)) }, lineWidth: 4, from: from)
                    XCTAssertLessThanOrEqual(offset, from, "count \(count) from \(from)")
                    XCTAssertEqual(offset + tail.pieces.count, whole.pieces.count, "count \(count) from \(from)")
                    XCTAssertEqual(tail.paint, whole.paint)
                    let first = min(from, whole.pieces.count)
                    XCTAssertEqual(tail.elements((first - offset)..<tail.pieces.count), whole.elements(first..<whole.pieces.count),
                                   "count \(count), from \(from), widths \(String(describing: widths))")
                }
            }
        }
    }

    func testALongStrokesTailIsBuiltFromItsLastSamplesOnly() {
        let points = wave(500)
        let (tail, offset) = InkPath.tail(points: points, widths: nil, lineWidth: 2, from: 490)
        XCTAssertEqual(offset, 488, "two samples before the first piece drawn")
        XCTAssertEqual(tail.pieces.count, 12)
    }

    func testASampleThatIsNotANumberMakesTheTailTheWholePath() {
        var points = wave(20)
        points[3] = Point(x: .nan, y: 1)
        let (tail, offset) = InkPath.tail(points: points, widths: nil, lineWidth: 2, from: 15)
        XCTAssertEqual(offset, 0)
        XCTAssertEqual(tail, InkPath(points: points, widths: nil, lineWidth: 2))
    }

    func testFinalPiecesAreKnownWithoutBuildingThePath() {
        for count in 0...6 {
            for widths in [nil, Array(repeating: 3.0, count: count)] as [[Double]?] {
                XCTAssertEqual(InkPath.finalPieces(samples: count, pressured: widths != nil),
                               InkPath(points: wave(count), widths: widths, lineWidth: 3).finalPieces, "\(count) \(widths != nil)")
            }
        }
    }
}
