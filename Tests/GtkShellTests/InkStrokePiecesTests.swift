// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Foundation
import Geometry
import XCTest

@testable import GtkShell

/// The ink being drawn is kept as pieces drawn in earlier frames plus the newest ones; the
/// pieces together must look like the stroke drawn whole, and a piece called final must not
/// change when the pen moves on.
final class InkStrokePiecesTests: XCTestCase {
    private let size = 200

    private func wave(_ count: Int) -> [Point] {
        (0..<count).map { i in Point(x: 20 + Double(i) * 160 / Double(count), y: 100 + sin(Double(i) / 3) * 50) }
    }

    /// Draws `ranges` of `shape`, each in its own pass (as nodes and the overlay would), and
    /// returns the alpha of every pixel.
    private func render(_ shape: InkStrokeShape, _ ranges: [Range<Int>]) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))!
        defer { cairo_surface_destroy(surface) }
        for range in ranges {
            let cr = cairo_create(surface)!
            cairo_set_source_rgba(cr, 0, 0, 0.5, 1)
            shape.draw(range, cr)
            cairo_destroy(cr)
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), data = cairo_image_surface_get_data(surface)!
        return (0..<size).flatMap { y in (0..<size).map { x in data[y * stride + x * 4 + 3] } }
    }

    private func inkedPixels(_ alpha: [UInt8]) -> Int { alpha.filter { $0 > 0 }.count }

    private func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).filter { abs(Int($0) - Int($1)) > 16 }.count
    }

    func testACurveDrawnInKeptPiecesLooksLikeTheCurveDrawnWhole() {
        let shape = InkStrokeShape(points: wave(40), widths: nil, lineWidth: 4)
        XCTAssertTrue(shape.isCurve)
        let whole = render(shape, [0..<shape.pieceCount])
        let pieces = render(shape, [0..<8, 8..<16, 16..<shape.finalPieces, shape.finalPieces..<shape.pieceCount])
        XCTAssertGreaterThan(inkedPixels(whole), 600, "the curve is drawn")
        XCTAssertLessThan(differingPixels(whole, pieces), 12, "joins between pieces do not show")
    }

    func testAPressureStrokeDrawnInKeptPiecesIsTheSameStroke() {
        let points = wave(30)
        let widths = points.indices.map { 1 + Double($0 % 10) }
        let shape = InkStrokeShape(points: points, widths: widths, lineWidth: 4)
        XCTAssertEqual(shape.finalPieces, 30, "every segment of a pressure stroke is final at once")
        let whole = render(shape, [0..<30])
        // The fills meet inside the discs; only where a segment's corners touch its disc may
        // antialiasing add up a little differently.
        XCTAssertLessThan(differingPixels(whole, render(shape, [0..<8, 8..<16, 16..<30])), 8)
    }

    func testFinalPiecesDoNotChangeWhenThePenMovesOn() {
        let points = wave(25)
        let before = InkStrokeShape(points: Array(points.prefix(20)), widths: nil, lineWidth: 3)
        let after = InkStrokeShape(points: points, widths: nil, lineWidth: 3)
        XCTAssertEqual(before.finalPieces, 19, "all but the last piece")
        XCTAssertEqual(render(before, [0..<before.finalPieces]), render(after, [0..<before.finalPieces]),
                       "what was kept is what the longer stroke draws there")
        let last = before.pieceCount - 1
        XCTAssertNotEqual(render(before, [last..<last + 1]), render(after, [last..<last + 1]),
                          "the last piece, which ends on the newest sample, is not final")
    }

    func testAShapeMadeToDrawFromAPieceDrawsWhatTheWholeStrokeDrawsThere() {
        let points = wave(60), tip = [Point(x: 190, y: 120), Point(x: 195, y: 125)]
        for widths in [nil, points.indices.map { 1 + Double($0 % 10) }] as [[Double]?] {
            for predicted in [[], tip] {
                let whole = InkStrokeShape(points: points, widths: widths, lineWidth: 4, predicted: predicted)
                for from in [0, 1, 2, 30, 58, 59, 60] {
                    let tail = InkStrokeShape(points: points, widths: widths, lineWidth: 4, predicted: predicted, from: from)
                    XCTAssertEqual(tail.pieceCount, whole.pieceCount)
                    XCTAssertEqual(tail.finalPieces, whole.finalPieces)
                    XCTAssertEqual(render(tail, [from..<tail.pieceCount]), render(whole, [from..<whole.pieceCount]),
                                   "from \(from), pressure \(widths != nil), tip \(!predicted.isEmpty)")
                }
            }
        }
    }

    func testAMouseStrokeHasNoFinalPiecesUntilItIsACurve() {
        XCTAssertEqual(InkStrokeShape(points: wave(2), widths: nil, lineWidth: 3).finalPieces, 0)
        XCTAssertEqual(InkStrokeShape(points: wave(3), widths: nil, lineWidth: 3).finalPieces, 2)
    }
}
