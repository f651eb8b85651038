// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry
@testable import Rendering
import XCTest

final class TileCacheTests: XCTestCase {
    private func tile(_ page: Int, _ column: Int, side: Int = 64) -> RenderedTile {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        return RenderedTile(key: TileKey(page: PageIndex(page), scaleMillis: 1000, column: column, row: 0),
                            pixelRect: Rect(x: Double(column * side), y: 0, width: Double(side), height: Double(side)),
                            adopting: surface)
    }

    func testLeastRecentlyUsedTilesGoFirstWhenOverBudget() {
        let cache = TileCache(budgetBytes: 64 * 64 * 4 * 2)
        cache.insert(tile(0, 0)); cache.insert(tile(0, 1))
        _ = cache.tile(for: TileKey(page: PageIndex(0), scaleMillis: 1000, column: 0, row: 0))
        cache.insert(tile(0, 2))
        XCTAssertTrue(cache.contains(TileKey(page: PageIndex(0), scaleMillis: 1000, column: 0, row: 0)))
        XCTAssertFalse(cache.contains(TileKey(page: PageIndex(0), scaleMillis: 1000, column: 1, row: 0)))
        XCTAssertLessThanOrEqual(cache.usedBytes, cache.budgetBytes)
    }

    func testTilesOnScreenAreNeverEvictedEvenOverBudget() {
        let cache = TileCache(budgetBytes: 64 * 64 * 4)
        let onScreen: Set<TileKey> = [0, 1, 2].map { TileKey(page: PageIndex(0), scaleMillis: 1000, column: $0, row: 0) }.reduce(into: []) { $0.insert($1) }
        cache.protect(onScreen)
        for c in 0..<3 { cache.insert(tile(0, c)) }
        cache.insert(tile(1, 0))
        for key in onScreen { XCTAssertTrue(cache.contains(key), "\(key) stays while shown") }
    }

    func testStaleTilesAreRedrawnAsPlaceholdersButNotCountedAsPresent() {
        let cache = TileCache(budgetBytes: 1 << 20)
        cache.insert(tile(0, 0))
        cache.markStale(page: PageIndex(0))
        let key = TileKey(page: PageIndex(0), scaleMillis: 1000, column: 0, row: 0)
        XCTAssertFalse(cache.contains(key))
        XCTAssertEqual(cache.placeholderTiles(page: PageIndex(0), near: 1000).map(\.key), [key])
        cache.insert(tile(0, 0))
        XCTAssertTrue(cache.contains(key))
    }
}
