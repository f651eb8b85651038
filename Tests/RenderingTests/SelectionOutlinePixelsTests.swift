// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry
import SeededRandom
import XCTest

@testable import Rendering

/// A selection of many annotations has its dashed outlines written straight into an image's
/// pixels (``OverlayPainter/annotationOutlines(_:intoImage:origin:scale:)``), not stroked by
/// cairo: the picture must be the one cairo strokes, dash for dash, at any screen scale and in
/// high contrast.
final class SelectionOutlinePixelsTests: XCTestCase {
    /// Outlines of many strokes spread over a page, each in a cell of its own, off the pixel grid.
    private func outlines(_ count: Int, seed: UInt64) -> [Rect] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { i in
            Rect(x: 8 + Double(i % 12) * 30 + random.unit() * 4, y: 8 + Double(i / 12) * 30 + random.unit() * 4,
                 width: 3 + random.unit() * 20, height: 3 + random.unit() * 20)
        }
    }

    /// Outlines scattered over each other, many crossing.
    private func overlapping(_ count: Int, seed: UInt64) -> [Rect] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            Rect(x: 10 + random.unit() * 300, y: 12 + random.unit() * 200, width: 2 + random.unit() * 50, height: 2 + random.unit() * 30)
        }
    }

    /// An image of `size` view pixels at `scale`, its first pixel's corner at `origin`, drawn by `draw`.
    private func image(_ size: Size, scale: Double, _ draw: (OpaquePointer, OpaquePointer) -> Void) throws -> [UInt32] {
        let width = Int32(size.width * scale), height = Int32(size.height * scale)
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height))
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, scale, scale)
        let cr = try XCTUnwrap(cairo_create(surface))
        cairo_translate(cr, -origin.x, -origin.y)
        draw(cr, surface)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [UInt32] = []
        for y in 0..<Int(height) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            pixels += UnsafeBufferPointer(start: row, count: Int(width))
        }
        return pixels
    }

    private let origin = Point(x: 4.5, y: 6.25)

    /// How the written outlines differ from cairo's stroke of them: the share of pixels either
    /// covers whose alpha differs by more than a twentieth, the largest difference (0–255), and
    /// the two total coverages.
    private func compare(_ rects: [Rect], scale: Double) throws -> (differing: Double, largest: Int, written: Double, stroked: Double) {
        let size = Size(width: 380, height: 260)
        let stroked = try image(size, scale: scale) { cr, _ in
            OverlayPainter.annotationSelection(outlines: rects, band: nil, handles: .none, side: 8, cr: cr)
        }
        let origin = origin
        let written = try image(size, scale: scale) { _, surface in
            XCTAssertTrue(OverlayPainter.annotationOutlines(rects, intoImage: surface, origin: origin, scale: scale))
        }
        var covered = 0, differing = 0, largest = 0, a = 0.0, b = 0.0
        for (p, q) in zip(written, stroked) where p != 0 || q != 0 {
            covered += 1
            let pa = Int(p >> 24), qa = Int(q >> 24)
            a += Double(pa)
            b += Double(qa)
            if abs(pa - qa) > 12 { differing += 1 }
            largest = max(largest, abs(pa - qa))
        }
        XCTAssertGreaterThan(covered, rects.count * 20, "the outlines cover pixels")
        return (Double(differing) / Double(max(1, covered)), largest, a, b)
    }

    func testOutlinesWrittenIntoPixelsAreTheDashedOutlinesCairoStrokes() throws {
        for scale in [1.0, 2.0] {
            let result = try compare(outlines(96, seed: 7), scale: scale)
            XCTAssertLessThan(result.differing, 0.02, "at scale \(scale), nearly every pixel as cairo strokes it")
            XCTAssertEqual(result.written / result.stroked, 1, accuracy: 0.03, "at scale \(scale), as much ink")
        }
    }

    func testHighContrastOutlinesAreWrittenSolidAndTwiceAsWideAsCairoStrokesThem() throws {
        OverlayPainter.highContrast = true
        defer { OverlayPainter.highContrast = false }
        let result = try compare(outlines(96, seed: 11), scale: 1)
        XCTAssertLessThan(result.differing, 0.02)
        XCTAssertEqual(result.written / result.stroked, 1, accuracy: 0.03)
    }

    func testAnOutlineKeepsItsDashesCornerByCorner() throws {
        // One outline alone, whose dashes end exactly on corners and run round others.
        for rect in [Rect(x: 20.3, y: 30.6, width: 14, height: 7), Rect(x: 50, y: 40, width: 9.5, height: 23.25)] {
            let result = try compare([rect], scale: 1)
            // A dash that starts on a corner: cairo's half mitre is a triangle, ours half a
            // square, so a corner pixel or two differ by up to a third.
            XCTAssertLessThan(result.largest, 86, "\(rect): corners apart, the same pixels")
            XCTAssertEqual(result.written / result.stroked, 1, accuracy: 0.03, "\(rect)")
        }
    }

    func testCrossingOutlinesAddUpWhereCairoTakesTheirUnionAndStayCloseToIt() throws {
        // Where two outlines share a pixel their parts of it add up (cairo merges them): a few
        // edge pixels darker, the picture the same.
        let result = try compare(overlapping(300, seed: 7), scale: 1)
        XCTAssertLessThan(result.differing, 0.15)
        XCTAssertEqual(result.written / result.stroked, 1, accuracy: 0.05)
    }

    func testAnImageThatIsNotAnARGBImageIsLeftToCairo() throws {
        let a8 = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_A8, 10, 10))
        defer { cairo_surface_destroy(a8) }
        XCTAssertFalse(OverlayPainter.annotationOutlines([Rect(x: 1, y: 1, width: 5, height: 5)], intoImage: a8, origin: .zero, scale: 1))
    }
}
