// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Rendering
import XCTest

/// The thumbnail cache holds at most its byte budget whatever the scrolling does, and keeps what
/// was used last.
final class ThumbnailCacheTests: XCTestCase {
    func testTheCacheNeverHoldsMoreThanItsBudgetWhateverThePattern() {
        var cache = ThumbnailCache<Int>(byteBudget: 1_000_000)
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for step in 0..<20_000 {
            // Scroll runs forwards and backwards through 2,000 pages, with jumps.
            let page = PageIndex(step % 7 == 0 ? next() % 2000 : (step / 3) % 2000)
            if cache.value(for: page) == nil { cache.insert(page.rawValue, bytes: 20_000 + next() % 60_000, for: page) }
            XCTAssertLessThanOrEqual(cache.byteCount, cache.byteBudget)
        }
        XCTAssertGreaterThan(cache.count, 10, "it does keep thumbnails")
    }

    func testTheLeastRecentlyUsedThumbnailGoesFirst() {
        var cache = ThumbnailCache<String>(byteBudget: 300)
        cache.insert("a", bytes: 100, for: PageIndex(0))
        cache.insert("b", bytes: 100, for: PageIndex(1))
        cache.insert("c", bytes: 100, for: PageIndex(2))
        XCTAssertEqual(cache.value(for: PageIndex(0)), "a")
        cache.insert("d", bytes: 100, for: PageIndex(3))
        XCTAssertTrue(cache.contains(PageIndex(0)), "used just now")
        XCTAssertFalse(cache.contains(PageIndex(1)), "the least recently used went")
        cache.insert("huge", bytes: 301, for: PageIndex(4))
        XCTAssertFalse(cache.contains(PageIndex(4)), "larger than the budget: not kept")
        XCTAssertEqual(cache.byteCount, 300)
    }
}
