// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentLayout
import Geometry
@testable import Rendering
import XCTest

/// Memory that goes back: after a burst of page turns through a long document, the resting
/// view's cache holds only what that view needs (its tiles on screen and the ones ahead), and
/// the pixels of every other tile have left the process, not merely the cache's books.
final class TileCacheRestTests: XCTestCase {
    private let blank: RenderQueue.DrawPage = { _, _, cr in cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr) }

    func testTheCacheGivesMemoryBackToItsBudgetAfterABurst() {
        let sizes = Array(repeating: Size(width: 595, height: 842), count: 500)
        let layout = DocumentLayout(pageSizes: sizes, settings: LayoutSettings())
        // A 1080p window at 2× (4K device pixels), fit-width: the budget counts device pixels.
        for deviceScale in [1.0, 2.0] {
            let planner = TilePlanner(pageSizes: sizes, deviceScale: deviceScale)
            let mappedBefore = TilePixels.mappedBytes
            let cache = TileCache(budgetBytes: TileCache.reserveBytes)
            var viewport = Viewport(size: Size(width: 1900, height: 1000), zoom: 3)
            var peak = 0, budgetAtPeak = 0
            // The burst: a page and a half per step, 60 steps, each step's tiles rendered (as
            // the worker does) before the next.
            for _ in 0..<60 {
                viewport = viewport.scrolled(by: Vector(dx: 0, dy: 842 * 3 * 1.5), in: layout)
                let plan = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true)) { cache.contains($0) }
                cache.protect(plan.onScreen)
                // As the canvas does: what the view wants (visible and ahead) plus the reserve.
                let wanted = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true)) { _ in false }
                cache.budgetBytes = TileCache.budget(forVisibleBytes: wanted.requests.reduce(0) { $0 + $1.byteCount })
                for request in plan.requests {
                    guard let tile = RenderQueue.render(request, drawPage: blank) else { return XCTFail("no tile") }
                    cache.insert(tile)
                }
                if cache.usedBytes > peak { peak = cache.usedBytes; budgetAtPeak = cache.budgetBytes }
            }
            XCTAssertLessThanOrEqual(peak, budgetAtPeak, "within its budget while moving")

            // The view rests: what it needs is its visible tiles and the ones ahead.
            let resting = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true)) { _ in false }
            let restingBytes = resting.requests.reduce(0) { $0 + $1.byteCount }
            XCTAssertGreaterThan(cache.usedBytes, restingBytes, "the burst left tiles of pages passed in the cache (scale \(deviceScale))")
            let freed = cache.settle(keeping: Set(resting.requests.map(\.key)))
            XCTAssertEqual(cache.restTrims, 1)
            XCTAssertGreaterThan(freed, 0)
            XCTAssertLessThanOrEqual(cache.usedBytes, restingBytes, "the resting cache holds what the view needs")
            XCTAssertLessThanOrEqual(cache.usedBytes, cache.budgetBytes)
            for key in resting.onScreen { XCTAssertTrue(cache.contains(key), "a tile on screen went at rest") }
            // And the pixels left the process with the tiles (their mappings are gone).
            XCTAssertEqual(TilePixels.mappedBytes - mappedBefore, pixelBytes(of: cache, keys: Set(resting.requests.map(\.key))),
                           "the pixels mapped are those of the tiles kept (scale \(deviceScale))")
            cache.removeAll()
            XCTAssertEqual(TilePixels.mappedBytes, mappedBefore, "no tile outlives the cache")
        }
    }

    /// Twelve quick zoom steps on one page: each step's tiles stand in for the next while it is
    /// drawn. Once the view is sharp and its budget lowered, the cache fits that budget at once
    /// (it held every step's tiles before, 124 MB on a page ten screens wide).
    func testALoweredBudgetIsFittedAtOnceKeepingWhatIsOnScreen() {
        let sizes = [Size(width: 2000, height: 2000)]
        let layout = DocumentLayout(pageSizes: sizes, settings: LayoutSettings())
        let planner = TilePlanner(pageSizes: sizes, deviceScale: 1)
        let cache = TileCache(budgetBytes: 1 << 40)
        var last: TilePlanner.Plan?
        for step in 0..<12 {
            let viewport = Viewport(size: Size(width: 976, height: 690), zoom: 0.3 * pow(1.2, Double(step)))
            let plan = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true)) { cache.contains($0) }
            cache.protect(plan.onScreen)
            for request in plan.requests.prefix(plan.missingVisible) {
                guard let tile = RenderQueue.render(request, drawPage: blank) else { return XCTFail("no tile") }
                cache.insert(tile)
            }
            last = plan
        }
        guard let plan = last else { return XCTFail("no plan") }
        XCTAssertGreaterThan(cache.usedBytes, 2 * plan.visibleBytes + TileCache.reserveBytes, "the steps' tiles piled up")
        cache.budgetBytes = TileCache.budget(forVisibleBytes: plan.visibleBytes)
        cache.fitBudget()
        XCTAssertLessThanOrEqual(cache.usedBytes, cache.budgetBytes)
        for key in plan.onScreen { XCTAssertTrue(cache.contains(key), "a tile on screen went") }
        cache.removeAll()
    }

    func testTilePixelsAreUnmappedWhenTheirSurfaceGoes() {
        let before = TilePixels.mappedBytes
        let surface = TilePixels.makeSurface(width: 1024, height: 512)
        XCTAssertNotNil(surface)
        XCTAssertGreaterThanOrEqual(TilePixels.mappedBytes - before, 1024 * 512 * 4)
        // Transparent, as cairo's own image surfaces start.
        let data = cairo_image_surface_get_data(surface)!
        XCTAssertTrue((0..<(1024 * 512 * 4)).allSatisfy { data[$0] == 0 })
        cairo_surface_destroy(surface)
        XCTAssertEqual(TilePixels.mappedBytes, before)
    }

    /// The bytes mapped for the cached tiles among `keys` (each mapping: a page of its own, then
    /// rows of cairo's stride).
    private func pixelBytes(of cache: TileCache, keys: Set<TileKey>) -> Int {
        keys.compactMap { cache.contains($0) ? cache.tile(for: $0) : nil }.reduce(0) { total, tile in
            total + 4096 + Int(cairo_image_surface_get_stride(tile.surface)) * Int(cairo_image_surface_get_height(tile.surface))
        }
    }
}

private extension TileRequest {
    var byteCount: Int { Int(pixelRect.width) * Int(pixelRect.height) * 4 }
}
