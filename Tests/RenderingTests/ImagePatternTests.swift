// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Rendering
import XCTest

/// A tile's pixels painted through ``ImagePattern``: from the right place in the image, and
/// held only as long as something draws with them.
final class ImagePatternTests: XCTestCase {
    /// An image whose pixel (x, y) is red where x ≥ 3 and y ≥ 2, else blue.
    private func image() -> OpaquePointer {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 6)!
        let cr = cairo_create(image)!
        cairo_set_source_rgb(cr, 0, 0, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_rectangle(cr, 3, 2, 5, 4)
        cairo_fill(cr)
        cairo_destroy(cr)
        return image
    }

    private func pixel(_ surface: OpaquePointer, _ x: Int, _ y: Int) -> UInt32 {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        return cairo_image_surface_get_data(surface)!.advanced(by: y * stride + x * 4)
            .withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }

    func testThePatternPaintsTheImageFromItsOriginThroughARecording() throws {
        let source = image()
        defer { cairo_surface_destroy(source) }
        var extents = cairo_rectangle_t(x: 0, y: 0, width: 4, height: 4)
        let recording = try XCTUnwrap(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents))
        let cr = cairo_create(recording)!
        let pattern = try XCTUnwrap(ImagePattern.make(source, origin: (3, 2)))
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_paint(cr)
        cairo_destroy(cr)
        // Replayed into an image: the image's pixels from (3, 2) on, all red.
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 4)!
        defer { cairo_surface_destroy(target) }
        let out = cairo_create(target)!
        cairo_set_source_surface(out, recording, 0, 0)
        cairo_paint(out)
        cairo_destroy(out)
        XCTAssertEqual(pixel(target, 0, 0), 0xFFFF_0000, "the origin's pixel is the image's (3, 2)")
        XCTAssertEqual(pixel(target, 3, 3), 0xFFFF_0000)
        cairo_surface_destroy(recording)
    }

    func testTheImageIsHeldWhileARecordingDrawsWithItAndLetGoAfter() throws {
        let source = image()
        defer { cairo_surface_destroy(source) }
        var extents = cairo_rectangle_t(x: 0, y: 0, width: 8, height: 6)
        let recording = try XCTUnwrap(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents))
        let cr = cairo_create(recording)!
        let pattern = try XCTUnwrap(ImagePattern.make(source))
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
        cairo_paint(cr)
        cairo_destroy(cr)
        XCTAssertGreaterThan(cairo_surface_get_reference_count(source), 1, "the recording's copy of the pattern holds the image")
        cairo_surface_destroy(recording)
        XCTAssertEqual(cairo_surface_get_reference_count(source), 1, "and lets it go with the recording")
    }
}
