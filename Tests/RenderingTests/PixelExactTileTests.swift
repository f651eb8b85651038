// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry
import XCTest

@testable import Rendering

/// A page's sharp tiles reach the screen pixel for pixel: wherever a smooth scroll leaves the
/// page (a fraction of a pixel) and whatever its zoom (the tiles' scale is the zoom rounded to a
/// thousandth), the painted pixels are the tile's own, moved by whole pixels, never filtered.
/// Filtering blurred text while scrolling and cost most of a frame's time under GSK's cairo
/// renderer.
final class PixelExactTileTests: XCTestCase {
    /// A page whose rendering is a checkerboard of single device pixels: any filtering, across
    /// or down, turns it grey, and a tile placed a pixel off breaks the pattern at its seam.
    private func checkeredPage(planner: TilePlanner, zoom: Double) -> (TileCache, TilePlan) {
        let cache = TileCache(budgetBytes: 1 << 30)
        let tiling = planner.tiling(of: PageIndex(0), zoom: zoom)
        for row in 0..<tiling.rows {
            for column in 0..<tiling.columns {
                let r = tiling.pixelRect(column: column, row: row)
                let w = Int(r.width), h = Int(r.height)
                let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
                cairo_surface_flush(surface)
                let stride = Int(cairo_image_surface_get_stride(surface)) / 4
                let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
                for y in 0..<h {
                    for x in 0..<w {
                        let black = (Int(r.minX) + x + Int(r.minY) + y) % 2 == 0
                        pixels[y * stride + x] = black ? 0xFF00_0000 : 0xFFFF_FFFF
                    }
                }
                cairo_surface_mark_dirty(surface)
                cache.insert(RenderedTile(key: TileKey(page: PageIndex(0), scaleMillis: tiling.scaleMillis, column: column, row: row),
                                          pixelRect: r, adopting: surface))
            }
        }
        return (cache, tiling)
    }

    /// The view's pixels (red channel) after painting the page at `origin` with `deviceScale`.
    private func paint(_ painter: PagePainter, origin: Point, deviceScale: Double, size: (Int, Int)) -> [[UInt8]] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.0), Int32(size.1))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, deviceScale, deviceScale)
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
        cairo_paint(cr)
        painter.paintTiles(of: PageIndex(0), at: Rect(origin: origin, size: Size(width: 10_000, height: 10_000)), cr: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), data = cairo_image_surface_get_data(surface)!
        return (0..<size.1).map { y in (0..<size.0).map { x in data[y * stride + x * 4 + 2] } }
    }

    private func assertUnfiltered(_ rows: [[UInt8]], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let grey = rows.joined().filter { $0 > 30 && $0 < 225 }.count
        XCTAssertEqual(grey, 0, "\(message): \(grey) pixels are neither black nor white", file: file, line: line)
        // And the checkerboard is whole, across tile seams too: black and white alternate along
        // every row and down every column.
        let alternating = rows.allSatisfy { row in zip(row, row.dropFirst()).allSatisfy { ($0 < 128) != ($1 < 128) } }
            && zip(rows, rows.dropFirst()).allSatisfy { zip($0, $1).allSatisfy { ($0 < 128) != ($1 < 128) } }
        XCTAssertTrue(alternating, "\(message): the checkerboard is whole", file: file, line: line)
    }

    func testTilesAtAFractionalOffsetAndAZoomOffTheThousandthArePaintedUnfiltered() {
        // 612 × 792 points at 3.2345678: the tiles' scale is 3.235, and the page is tiled.
        let zoom = 3.2345678
        let planner = TilePlanner(pageSizes: [Size(width: 612, height: 792)], deviceScale: 1)
        let (cache, tiling) = checkeredPage(planner: planner, zoom: zoom)
        XCTAssertGreaterThan(tiling.columns * tiling.rows, 1, "the page is cut into several tiles")
        XCTAssertNotEqual(tiling.scale, zoom, "the tiles' scale is the zoom rounded")
        let painter = PagePainter(cache: cache, planner: planner, zoom: zoom)
        // The last two views cross the seams between tile columns (x 1024) and rows (y 512).
        for origin in [Point(x: 0, y: 0), Point(x: 0.37, y: -0.61), Point(x: -700.37, y: -0.61), Point(x: -700.5, y: -300.25)] {
            assertUnfiltered(paint(painter, origin: origin, deviceScale: 1, size: (600, 400)), "at \(origin)")
        }
    }

    func testOnATwiceScreenHalfPixelsOfTheViewAreWholeDevicePixels() {
        let zoom = 1.9876
        let planner = TilePlanner(pageSizes: [Size(width: 612, height: 792)], deviceScale: 2)
        let (cache, tiling) = checkeredPage(planner: planner, zoom: zoom)
        XCTAssertGreaterThan(tiling.columns * tiling.rows, 1, "the page is cut into several tiles")
        let painter = PagePainter(cache: cache, planner: planner, zoom: zoom)
        // The last view crosses the seams at device x 1024 and y 512.
        for origin in [Point(x: -0.3, y: -0.8), Point(x: -1.7, y: -0.2), Point(x: -300.3, y: -120.8)] {
            assertUnfiltered(paint(painter, origin: origin, deviceScale: 2, size: (800, 600)), "at \(origin) on a 2× surface")
        }
    }

    func testAStandInFromAnotherZoomIsStillScaled() {
        let planner = TilePlanner(pageSizes: [Size(width: 612, height: 792)], deviceScale: 1)
        let sharp = TileKey(page: PageIndex(0), scaleMillis: planner.tiling(of: PageIndex(0), zoom: 1.5).scaleMillis, column: 0, row: 0)
        XCTAssertEqual(planner.viewPixelsPerTilePixel(sharp, zoom: 1.5), 1)
        let standIn = TileKey(page: PageIndex(0), scaleMillis: 1000, column: 0, row: 0)
        XCTAssertEqual(planner.viewPixelsPerTilePixel(standIn, zoom: 1.5), 1.5, accuracy: 1e-9)
        let twice = TilePlanner(pageSizes: [Size(width: 612, height: 792)], deviceScale: 2)
        let sharpTwice = TileKey(page: PageIndex(0), scaleMillis: twice.tiling(of: PageIndex(0), zoom: 1.5).scaleMillis, column: 0, row: 0)
        XCTAssertEqual(twice.viewPixelsPerTilePixel(sharpTwice, zoom: 1.5), 0.5)
    }

    func testOnAPageSoLargeThatTheRoundedScaleWouldMoveItsEdgeTheTilesAreScaled() {
        // A 200-inch page at 0.1234: its tiles are drawn at 0.123, which would leave the page's
        // far edge 5.8 pixels short; they are stretched to the page instead.
        let planner = TilePlanner(pageSizes: [Size(width: 14_400, height: 14_400)], deviceScale: 1)
        let zoom = 0.1234
        let key = TileKey(page: PageIndex(0), scaleMillis: planner.tiling(of: PageIndex(0), zoom: zoom).scaleMillis, column: 0, row: 0)
        XCTAssertEqual(key.scaleMillis, 123)
        XCTAssertEqual(planner.viewPixelsPerTilePixel(key, zoom: zoom), zoom / 0.123, accuracy: 1e-12)
    }
}
