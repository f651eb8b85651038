// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry
@testable import Rendering
import XCTest

/// Which rendered tiles may be painted by copying (every pixel opaque) rather than blending.
final class ImageOpacityTests: XCTestCase {
    func testAnImagePaintedAllOverIsOpaqueAndOneTransparentPixelMakesItNot() throws {
        let image = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 37, 21))
        defer { cairo_surface_destroy(image) }
        let cr = try XCTUnwrap(cairo_create(image))
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_surface_flush(image)
        XCTAssertTrue(ImageOpacity.isOpaque(image))
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(cr, 36, 20, 1, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(image)
        XCTAssertFalse(ImageOpacity.isOpaque(image), "the last pixel is transparent")
    }

    func testAPageRenderedOnItsPaperMakesOpaqueTiles() throws {
        let request = TileRequest(key: TileKey(page: PageIndex(0), scaleMillis: 1000, column: 0, row: 0),
                                  pixelRect: Rect(x: 0, y: 0, width: 64, height: 32))
        let opaque = try XCTUnwrap(RenderQueue.render(request, drawPage: { _, _, cr in
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
        }))
        XCTAssertTrue(opaque.isOpaque)
        let partly = try XCTUnwrap(RenderQueue.render(request, drawPage: { _, _, cr in
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_rectangle(cr, 0, 0, 40.5, 32)
            cairo_fill(cr)
        }))
        XCTAssertFalse(partly.isOpaque, "a page that covers part of the tile leaves it to be blended")
    }
}
