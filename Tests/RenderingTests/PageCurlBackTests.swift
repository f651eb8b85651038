// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentLayout
import Geometry
import XCTest

@testable import Rendering

/// A page turn under GSK's cairo renderer draws the sheet's flat part, the page beneath and the
/// back each from one kept image of the page (one composite a frame) instead of tile by tile
/// under clips; both must put the same pages in the same places.
final class PageCurlBackTests: XCTestCase {
    private let pageSize = Size(width: 300, height: 400)
    private let view = (width: 700, height: 500)

    /// A cache holding every tile of pages 0–2 at zoom 1, each tile painted with bands whose
    /// colour follows the page position (so a misplaced or turned-wrong image shows).
    private func cache(planner: TilePlanner) -> TileCache {
        let cache = TileCache(budgetBytes: 1 << 30)
        for page in 0..<3 {
            let tiling = planner.tiling(of: PageIndex(page), zoom: 1)
            for row in 0..<tiling.rows {
                for column in 0..<tiling.columns {
                    let r = tiling.pixelRect(column: column, row: row)
                    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(r.width), Int32(r.height))!
                    let cr = cairo_create(surface)!
                    cairo_set_source_rgb(cr, 1, 1, 1)
                    cairo_paint(cr)
                    // Bands 20 px apart across the page, their colour from the page's x and y.
                    var y = -r.minY.truncatingRemainder(dividingBy: 20)
                    while y < r.height {
                        let pageY = r.minY + y
                        cairo_set_source_rgb(cr, Double(page) / 3, pageY / Double(tiling.pixelHeight), 0.8)
                        cairo_rectangle(cr, 0, y, r.width, 8)
                        cairo_fill(cr)
                        y += 20
                    }
                    cairo_set_source_rgb(cr, 0.9, 0.1, 0.1)
                    cairo_rectangle(cr, 40 - r.minX, 40 - r.minY, 30, 30) // a red square near the top left
                    cairo_fill(cr)
                    cairo_destroy(cr)
                    cache.insert(RenderedTile(key: TileKey(page: PageIndex(page), scaleMillis: tiling.scaleMillis, column: column, row: row),
                                              pixelRect: r, adopting: surface))
                }
            }
        }
        return cache
    }

    private func render(_ curl: PageCurl, painter: PageCurlPainter, sheet: Rect) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(view.width), Int32(view.height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
        cairo_paint(cr)
        let back = PlacedPage(page: PageIndex(1), frame: Rect(x: sheet.minX - sheet.width, y: sheet.minY, width: sheet.width, height: sheet.height))
        painter.paint(PageTurnPicture(curl: curl, front: [.init(page: PageIndex(0), frame: sheet)], beneath: [.init(page: PageIndex(2), frame: sheet)], back: back), cr: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), data = cairo_image_surface_get_data(surface)!
        return Array(UnsafeBufferPointer(start: data, count: stride * view.height))
    }

    private func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        stride(from: 0, to: a.count, by: 4).filter { i in (0..<3).contains { abs(Int(a[i + $0]) - Int(b[i + $0])) > 40 } }.count
    }

    func testTheTurnDrawnFromKeptImagesIsTheTurnDrawnTileByTile() {
        let planner = TilePlanner(pageSizes: [pageSize, pageSize, pageSize], deviceScale: 1)
        let pages = PagePainter(cache: cache(planner: planner), planner: planner, zoom: 1)
        let sheet = Rect(x: 350, y: 50, width: 300, height: 400)
        for progress in [0.2, 0.5, 0.8, 1.0] {
            let curl = PageCurl.turned(progress, sheet: sheet, spineX: 350, grabY: 330)
            let tileByTile = render(curl, painter: PageCurlPainter(pages: pages), sheet: sheet)
            let kept = CurlImages()
            let fromImage = render(curl, painter: PageCurlPainter(pages: pages, images: kept, smoothBack: true), sheet: sheet)
            let flapPixels = Int(abs(PageCurlBackTests.area(curl.backPart)))
            XCTAssertGreaterThan(flapPixels, 2000, "progress \(progress): the flap is large enough to compare")
            // Edges of the turned page are smoothed a little differently; the page itself is the same.
            XCTAssertLessThan(differing(tileByTile, fromImage), flapPixels / 50,
                              "progress \(progress): the kept images show the same pages in the same places")
            let moving = render(curl, painter: PageCurlPainter(pages: pages, images: kept, smoothBack: false), sheet: sheet)
            XCTAssertLessThan(differing(tileByTile, moving), flapPixels / 8,
                              "progress \(progress): sampled by the nearest pixel while it moves, still the same page")
        }
    }

    func testTheKeptImageIsMadeAgainOnlyWhenItsTilesChange() {
        let planner = TilePlanner(pageSizes: [pageSize, pageSize, pageSize], deviceScale: 1)
        let tiles = cache(planner: planner)
        let pages = PagePainter(cache: tiles, planner: planner, zoom: 1)
        let kept = FlattenedPage()
        let first = kept.image(of: PageIndex(1), size: pageSize, deviceScale: 1, painter: pages)
        XCTAssertNotNil(first)
        XCTAssertEqual(kept.image(of: PageIndex(1), size: pageSize, deviceScale: 1, painter: pages), first, "the same tiles: the same image")
        let tiling = planner.tiling(of: PageIndex(1), zoom: 1)
        let r = tiling.pixelRect(column: 0, row: 0)
        tiles.insert(RenderedTile(key: TileKey(page: PageIndex(1), scaleMillis: tiling.scaleMillis, column: 0, row: 0), pixelRect: r,
                                  adopting: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(r.width), Int32(r.height))!))
        /// The green of the image's pixel at (45, 45): the red square's (25) or the paper's (255).
        func greenInTheSquare(_ image: OpaquePointer) -> UInt8 {
            cairo_image_surface_get_data(image)![45 * Int(cairo_image_surface_get_stride(image)) + 45 * 4 + 1]
        }
        XCTAssertLessThan(greenInTheSquare(first!), 60, "the red square is in the image")
        let second = try! XCTUnwrap(kept.image(of: PageIndex(1), size: pageSize, deviceScale: 1, painter: pages))
        XCTAssertEqual(greenInTheSquare(second), 255, "a new tile in the cache (a blank one) is in the image made again")
    }

    /// A polygon's area (shoelace).
    static func area(_ p: [Point]) -> Double {
        guard p.count > 2 else { return 0 }
        return zip(p, p.dropFirst() + [p[0]]).reduce(0) { $0 + ($1.0.x * $1.1.y - $1.1.x * $1.0.y) } / 2
    }
}

/// A page's edge is four one-pixel strips round it: they cover the ring just outside the page
/// exactly once and nothing of the page (the paper is not blended twice).
final class PageEdgeTests: XCTestCase {
    func testTheEdgeStripsCoverTheRingOutsideThePageOnce() {
        let frame = Rect(x: 10, y: 20, width: 30, height: 40)
        let strips = PagePainter.edgeStrips(of: frame)
        var covered: [Int: Int] = [:]
        for strip in strips {
            for y in Int(strip.minY)..<Int(strip.maxY) {
                for x in Int(strip.minX)..<Int(strip.maxX) { covered[y * 1000 + x, default: 0] += 1 }
            }
        }
        XCTAssertEqual(covered.count, 2 * 32 + 2 * 40, "the ring round a 30×40 page")
        XCTAssertTrue(covered.values.allSatisfy { $0 == 1 }, "no pixel twice")
        XCTAssertFalse(covered.keys.contains { key in
            let x = key % 1000, y = key / 1000
            return x >= 10 && x < 40 && y >= 20 && y < 60
        }, "nothing inside the page")
    }
}
