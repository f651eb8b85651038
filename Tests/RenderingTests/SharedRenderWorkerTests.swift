// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Foundation
import Geometry
import Platform
@testable import Rendering
import XCTest

/// Two views of one document (a split view's halves) share its one render worker: the view that
/// asked last (the one being moved) is served first, tiles on screen come before tiles ahead
/// whichever view they are for, and a view that stops leaves the worker to the other.
final class SharedRenderWorkerTests: XCTestCase {
    private func requests(page: Int, rows: ClosedRange<Int>) -> [TileRequest] {
        TilePlan(page: PageIndex(page), displaySize: Size(width: 600, height: 900), scale: 3).requests(rows: rows)
    }

    /// Two queues on one worker whose first draw waits until `open` is called; the pages of the
    /// tiles delivered, in order, and how many each queue got. Deliveries, not draws, are
    /// counted: once renders are slow (a loaded machine) the worker draws a view's tiles together,
    /// one draw for several tiles.
    private final class Pair: @unchecked Sendable {
        let lock = Condition()
        var deliveredPages: [Int] = []
        var delivered: [Int: Int] = [:]
        var open = false, drawing = false
        var first: RenderQueue!
        var second: RenderQueue!

        init() {
            let draw: RenderQueue.DrawPage = { [self] page, _, cr in
                lock.lock(); drawing = true; lock.broadcast(); while !open { lock.wait() }
                lock.unlock()
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
            }
            first = RenderQueue(name: "shared-test", drawPage: draw, deliver: { [self] tile in
                lock.lock(); delivered[0, default: 0] += 1; deliveredPages.append(tile.key.page.rawValue); lock.broadcast(); lock.unlock()
            })
            second = RenderQueue(sharingWorkerOf: first, drawPage: draw, deliver: { [self] tile in
                lock.lock(); delivered[1, default: 0] += 1; deliveredPages.append(tile.key.page.rawValue); lock.broadcast(); lock.unlock()
            })
        }

        func waitUntilDrawing() { lock.lock(); while !drawing { lock.wait() }; lock.unlock() }
        func openGate() { lock.lock(); open = true; lock.broadcast(); lock.unlock() }
        /// Waits (10 s at most) until `count` tiles were delivered in all; their pages, in order.
        func pagesDelivered(count: Int) -> [Int] {
            let deadline = Date().addingTimeInterval(10)
            lock.lock(); defer { lock.unlock() }
            while delivered.values.reduce(0, +) < count && Date() < deadline {
                lock.unlock(); usleep(2000); lock.lock()
            }
            return deliveredPages
        }
        func stop() { first.stop(); second.stop() }
    }

    func testTheViewThatAskedLastIsServedFirst() {
        let pair = Pair()
        defer { pair.stop() }
        XCTAssertTrue(pair.first.sharesWorker(with: pair.second))
        XCTAssertEqual(pair.first.viewsOnWorker, 2)
        // The first view asks for four tiles on screen; the worker starts on one of them.
        let first = requests(page: 0, rows: 0...1)
        pair.first.submit(first, onScreen: first.count)
        pair.waitUntilDrawing()
        // Meanwhile the second view moves and asks for two.
        let second = requests(page: 1, rows: 0...0)
        pair.second.submit(second, onScreen: second.count)
        XCTAssertTrue(pair.second.isServedFirst)
        pair.openGate()
        let delivered = pair.pagesDelivered(count: first.count + second.count)
        XCTAssertEqual(delivered, [0] + Array(repeating: 1, count: second.count) + Array(repeating: 0, count: first.count - 1),
                       "the tile under way finishes, then the moved view's, then the rest of the other's")
        XCTAssertEqual(pair.first.renderedCount, first.count)
        XCTAssertEqual(pair.second.renderedCount, second.count)
    }

    func testTilesOnScreenOfEitherViewComeBeforeTilesAhead() {
        let pair = Pair()
        defer { pair.stop() }
        let onScreen = requests(page: 0, rows: 0...1)
        pair.first.submit(onScreen, onScreen: onScreen.count)
        pair.waitUntilDrawing()
        // The second view asks last, but only for tiles ahead of it.
        let ahead = requests(page: 5, rows: 0...0)
        pair.second.submit(ahead, onScreen: 0)
        pair.openGate()
        let delivered = pair.pagesDelivered(count: onScreen.count + ahead.count)
        XCTAssertEqual(delivered, Array(repeating: 0, count: onScreen.count) + Array(repeating: 5, count: ahead.count))
    }

    func testAViewThatStopsLeavesTheWorkerToTheOther() {
        let pair = Pair()
        defer { pair.first.stop() }
        pair.openGate()
        pair.second.stop()
        XCTAssertEqual(pair.first.viewsOnWorker, 1)
        let tiles = requests(page: 2, rows: 0...0)
        pair.first.submit(tiles, onScreen: tiles.count)
        XCTAssertEqual(pair.pagesDelivered(count: tiles.count), Array(repeating: 2, count: tiles.count))
        // A job asked of the stopped view's queue does not run; the other's does.
        let ran = Lock()
        nonisolated(unsafe) var jobs: [Int] = []
        pair.second.perform { ran.withLock { jobs.append(1) } }
        pair.first.perform { ran.withLock { jobs.append(0) } }
        let deadline = Date().addingTimeInterval(10)
        while ran.withLock({ jobs.isEmpty }) && Date() < deadline { usleep(2000) }
        XCTAssertEqual(ran.withLock { jobs }.first, 0)
    }
}
