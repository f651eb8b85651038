// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry
import Platform
@testable import Rendering
import XCTest

/// On a document whose pages draw slowly, the worker draws the on-screen tiles of one page in
/// one call (a photo is decoded once for all of them); the tiles ahead, and every tile of a
/// fast document, one at a time, so that it can turn to new wishes between them.
final class RenderQueueTests: XCTestCase {
    private func requests(page: Int, rows: ClosedRange<Int>) -> [TileRequest] {
        TilePlan(page: PageIndex(page), displaySize: Size(width: 600, height: 900), scale: 3).requests(rows: rows)
    }

    func testOnScreenTilesOfOnePageAreDrawnInOneCallAndTheRestOneByOne() {
        let drawn = drawCalls(costOfFirstFrame: 120)
        XCTAssertEqual(drawn[0], 1, "page 0's four tiles on screen in one call")
        XCTAssertEqual(drawn[1], 1, "page 1's two tiles on screen in one call")
        XCTAssertEqual(drawn[2], 4, "tiles ahead one at a time")
    }

    func testAFastDocumentsTilesAreDrawnOneByOne() {
        let drawn = drawCalls(costOfFirstFrame: 5)
        XCTAssertEqual(drawn[0], 4)
        XCTAssertEqual(drawn[1], 2)
        XCTAssertEqual(drawn[2], 4)
    }

    /// Draw calls per page for six tiles on screen (four of page 0, two of page 1) and four of
    /// page 2 ahead, after a first frame that cost `costOfFirstFrame` ms per million pixels.
    private func drawCalls(costOfFirstFrame: Double) -> [Int: Int] {
        let calls = Lock()
        nonisolated(unsafe) var drawn: [Int: Int] = [:]
        nonisolated(unsafe) var delivered: [TileKey] = []
        let done = Condition()
        let gate = Condition()
        nonisolated(unsafe) var open = false
        let queue = RenderQueue(name: "render-test", drawPage: { page, _, cr in
            // The first call waits until every request is in, so that the batches are decided on the whole list.
            gate.lock(); while !open { gate.wait() }; gate.unlock()
            calls.withLock { drawn[page.rawValue, default: 0] += 1 }
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
        }, deliver: { tile in
            done.lock(); delivered.append(tile.key); done.signal(); done.unlock()
        })
        defer { queue.stop() }
        queue.noteRenderCost(milliseconds: costOfFirstFrame * 2, pixels: 2_000_000)
        XCTAssertEqual(queue.batchesTilesOnScreen, costOfFirstFrame > RenderQueue.batchingCost)
        let page0 = requests(page: 0, rows: 0...1), page1 = requests(page: 1, rows: 0...0), ahead = requests(page: 2, rows: 0...1)
        XCTAssertEqual(page0.count, 4)
        XCTAssertEqual(page1.count, 2)
        // On screen: page 0's top and page 1's top, interleaved as a plan may list them; then page 2 ahead.
        let onScreen = [page0[0], page1[0], page0[1], page0[2], page1[1], page0[3]]
        queue.submit(onScreen + ahead, onScreen: onScreen.count)
        gate.lock(); open = true; gate.broadcast(); gate.unlock()
        let total = onScreen.count + ahead.count
        done.lock()
        let deadline = Date().addingTimeInterval(10)
        while delivered.count < total && Date() < deadline { done.unlock(); usleep(2000); done.lock() }
        let keys = delivered
        done.unlock()
        XCTAssertEqual(Set(keys), Set((onScreen + ahead).map(\.key)), "every tile is delivered once")
        XCTAssertEqual(keys.count, total)
        XCTAssertEqual(Set(keys.prefix(onScreen.count)), Set(onScreen.map(\.key)), "the tiles on screen come first")
        XCTAssertEqual(queue.renderedCount, total)
        return calls.withLock { drawn }
    }
}

/// A first frame's tiles: each page's drawn in one call, whatever order the plan lists them in.
final class RenderEachPageTogetherTests: XCTestCase {
    func testEachPagesTilesAreDrawnInOneCall() {
        let tiling = { (page: Int) in TilePlan(page: PageIndex(page), displaySize: Size(width: 600, height: 900), scale: 3) }
        func requests(_ page: Int) -> [TileRequest] {
            let plan = tiling(page)
            return plan.tiles(overlapping: Rect(x: 0, y: 0, width: 1800, height: 2048))
                .map { TileRequest(key: $0, pixelRect: plan.pixelRect(column: $0.column, row: $0.row)) }
        }
        let a = requests(0), b = requests(1)
        let interleaved = [a[0], b[0], a[1], b[1], a[2], a[3], b[2], b[3]]
        nonisolated(unsafe) var calls: [Int] = []
        let tiles = RenderQueue.render(eachPageTogether: interleaved, drawPage: { page, _, cr in
            calls.append(page.rawValue)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
        })
        XCTAssertEqual(calls, [0, 1])
        XCTAssertEqual(Set(tiles.map(\.key)), Set(interleaved.map(\.key)))
        XCTAssertEqual(tiles.count, interleaved.count)
    }
}

/// At 4K a page's visible tiles are many millions of pixels: the worker draws them a band of
/// rows at a time, and when the view has moved on between two bands (a reader paging fast) it
/// leaves the rest and turns to the new wishes; when it has not, it draws every band.
final class RenderQueueBandTests: XCTestCase {
    /// A 9000-pixel-wide page: a row of 512-pixel-high tiles is 4.6 million pixels, so two rows
    /// are two bands.
    private func requests(page: Int, rows: ClosedRange<Int>) -> [TileRequest] {
        TilePlan(page: PageIndex(page), displaySize: Size(width: 4500, height: 3000), scale: 2).requests(rows: rows)
    }

    func testABatchTooLargeForOneBandIsCutIntoRows() {
        let batch = requests(page: 0, rows: 0...1)
        let bands = RenderQueue.bands(of: batch, maxPixels: RenderQueue.bandPixels)
        XCTAssertEqual(bands.count, 2)
        XCTAssertEqual(Set(bands.flatMap { $0 }.map(\.key)), Set(batch.map(\.key)))
        XCTAssertTrue(bands.allSatisfy { band in Set(band.map(\.key.row)).count == 1 }, "each band one whole row")
        let small = Array(batch.prefix(2))
        XCTAssertEqual(RenderQueue.bands(of: small, maxPixels: RenderQueue.bandPixels).count, 1)
    }

    func testTheRestOfABatchIsLeftWhenTheViewMovedOnAndDrawnWhenItDidNot() {
        for movesOn in [true, false] {
            let calls = Lock()
            nonisolated(unsafe) var drawn: [Int: Int] = [:]
            nonisolated(unsafe) var delivered: [TileKey] = []
            let gate = Condition(), done = Lock()
            nonisolated(unsafe) var open = false, drawing = false
            let queue = RenderQueue(name: "band-test", drawPage: { page, _, cr in
                // The first band waits until the test has (or has not) moved the view on.
                gate.lock(); drawing = true; gate.broadcast(); while !open { gate.wait() }; gate.unlock()
                calls.withLock { drawn[page.rawValue, default: 0] += 1 }
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
            }, deliver: { tile in
                done.withLock { delivered.append(tile.key) }
            })
            defer { queue.stop() }
            queue.noteRenderCost(milliseconds: 200, pixels: 2_000_000)  // a slow document: batches
            let page0 = requests(page: 0, rows: 0...1), page1 = requests(page: 1, rows: 0...0)
            queue.submit(page0, onScreen: page0.count)
            gate.lock(); while !drawing { gate.wait() }; gate.unlock()
            if movesOn { queue.submit(page1, onScreen: page1.count) }
            gate.lock(); open = true; gate.broadcast(); gate.unlock()
            let expected = movesOn ? page0.count / 2 + page1.count : page0.count
            let deadline = Date().addingTimeInterval(10)
            while done.withLock({ delivered.count }) < expected && Date() < deadline { usleep(2000) }
            usleep(100_000)  // nothing more comes
            let keys = done.withLock { delivered }
            let firstRow = Set(page0.filter { $0.key.row == 0 }.map(\.key))
            XCTAssertTrue(firstRow.isSubset(of: Set(keys)), "the band in progress is finished (moved on: \(movesOn))")
            if movesOn {
                XCTAssertEqual(Set(keys), firstRow.union(page1.map(\.key)), "page 0's second row is left for page 1")
                XCTAssertEqual(calls.withLock { drawn }, [0: 1, 1: 1])
            } else {
                XCTAssertEqual(Set(keys), Set(page0.map(\.key)), "both bands drawn")
                XCTAssertEqual(calls.withLock { drawn }, [0: 2])
            }
        }
    }
}
