// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Foundation
import Geometry
import Platform
@testable import Rendering
import XCTest

/// The tile pixels a document has alive, whoever holds them, stay within the limit its host
/// sets: the render worker waits for tiles to go rather than making more while the main thread
/// has not taken the last ones (a burst of page turns), and a tile the cache lets go while only
/// a frame already left behind still shows it gives its pixels back at once.
final class TilePixelLimitTests: XCTestCase {
    private let blank: RenderQueue.DrawPage = { _, _, cr in cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr) }

    /// Ten tiles asked for while the host holds every tile delivered (a main thread busy
    /// drawing): the worker makes three, waits, and makes the rest only as tiles go; the pixels
    /// alive never pass the limit.
    func testTheWorkerWaitsForRoomAndThePixelsAliveNeverPassTheLimit() throws {
        let requests = Self.requests(10)
        let tileBytes = requests[0].pixelBytes
        let held = Lock()
        nonisolated(unsafe) var delivered: [RenderedTile] = []
        let queue = RenderQueue(name: "limit-test", drawPage: blank, deliver: { tile in held.withLock { delivered.append(tile) } },
                                roomWaitMilliseconds: 600_000)
        defer { queue.stop() }
        let limit = 3 * tileBytes
        queue.limitPixels(to: limit)
        queue.submit(requests)

        try waitUntil("the worker waits for room") { queue.isWaitingForRoom }
        XCTAssertEqual(held.withLock { delivered.count }, 3, "three tiles fit the limit")
        XCTAssertEqual(queue.pixels.bytes, 3 * tileBytes)
        // The host takes the tiles and lets two go: two more are made, then the worker waits.
        held.withLock { delivered.removeFirst(2) }
        try waitUntil("two more made") { held.withLock { delivered.count } == 3 && queue.isWaitingForRoom }
        // The host lets every tile go as it arrives: the rest are made.
        try waitUntil("every tile made") {
            held.withLock { delivered.removeAll() }
            return queue.renderedCount == requests.count
        }
        XCTAssertLessThanOrEqual(queue.pixels.peakBytes, limit, "never more pixels alive than the limit")
        XCTAssertEqual(queue.overLimit.renders, 0)
        XCTAssertLessThanOrEqual(queue.overLimit.beyondBytes, 0)
        // The last tile may still be on its way to the host when the count is reached.
        try waitUntil("every pixel gone") {
            held.withLock { delivered.removeAll() }
            return queue.pixels.bytes == 0
        }
    }

    /// A raised limit lets the waiting worker go on at once.
    func testARaisedLimitWakesTheWaitingWorker() throws {
        let requests = Self.requests(3)
        let held = Lock()
        nonisolated(unsafe) var delivered: [RenderedTile] = []
        let queue = RenderQueue(name: "limit-test", drawPage: blank, deliver: { tile in held.withLock { delivered.append(tile) } },
                                roomWaitMilliseconds: 600_000)
        defer { queue.stop() }
        queue.limitPixels(to: requests[0].pixelBytes)
        queue.submit(requests)
        try waitUntil("one tile made, the worker waiting") { queue.isWaitingForRoom }
        XCTAssertEqual(held.withLock { delivered.count }, 1)
        queue.limitPixels(to: .max)
        try waitUntil("the rest made") { queue.renderedCount == 3 }
        held.withLock { delivered.removeAll() }
    }

    /// A tile's pixels count in its document's account until they go, also when they are given
    /// back while something still holds the surface, and a tile made before the account existed
    /// joins it when charged.
    func testTheAccountCountsPixelsUntilTheyGo() {
        let account = TilePixelAccount(condition: Condition())
        let surface = TilePixels.makeSurface(width: 300, height: 200, account: account)!
        XCTAssertEqual(account.bytes, 300 * 4 * 200, "its rows' bytes, as a cache counts them")
        let other = TilePixels.makeSurface(width: 100, height: 100)!
        TilePixels.charge(other, to: account)
        TilePixels.charge(other, to: account)
        XCTAssertEqual(account.bytes, 300 * 4 * 200 + 100 * 4 * 100, "charged once")
        cairo_surface_reference(surface)
        XCTAssertEqual(TilePixels.releaseAll(of: surface), 300 * 4 * 200)
        XCTAssertEqual(account.bytes, 100 * 4 * 100, "given back while the surface is still held")
        cairo_surface_destroy(surface)
        cairo_surface_destroy(surface)
        cairo_surface_destroy(other)
        XCTAssertEqual(account.bytes, 0)
        XCTAssertEqual(account.peakBytes, 300 * 4 * 200 + 100 * 4 * 100)
    }

    /// A tile a frame showed (its node still holds the pixels) leaves the cache: while the view
    /// has moved on from that frame, its pixels leave the process at once, and read blank; while
    /// that frame may still be painted, they stay until the frame lets go of them.
    func testATileLetGoGivesItsPixelsBackAtOnceOnlyOnceTheViewMovedOn() throws {
        for viewMoved in [false, true] {
            let requests = Self.requests(2)
            let cache = TileCache(budgetBytes: requests[0].pixelBytes)
            cache.releasesPixelsOfTilesLetGo = viewMoved
            let before = TilePixels.mappedBytes
            var frameNode: FrameNode? = try XCTUnwrap({ () -> FrameNode? in
                guard let shown = RenderQueue.render(requests[0], drawPage: blank) else { return nil }
                // What a frame makes of the tile: a node holding its pixels, kept with the tile
                // and in the frame's tree.
                let node = FrameNode(shown.surface)
                shown.attachment = node
                cache.insert(shown)
                return node
            }())
            let next = try XCTUnwrap(RenderQueue.render(requests[1], drawPage: blank))
            cache.insert(next)
            XCTAssertFalse(cache.contains(requests[0].key), "the first tile left the cache")
            let alive = TilePixels.mappedBytes - before
            if viewMoved {
                XCTAssertEqual(alive, 4096 + requests[1].pixelBytes + 4096, "only the tile kept and the other's bookkeeping page")
                XCTAssertEqual(cache.tilesReleasedEarly, 1)
                let data = try XCTUnwrap(cairo_image_surface_get_data(frameNode!.surface))
                XCTAssertTrue(stride(from: 0, to: requests[0].pixelBytes, by: 4096).allSatisfy { data[$0] == 0 }, "it reads blank")
            } else {
                XCTAssertEqual(alive, 2 * (4096 + requests[0].pixelBytes), "the frame still holds the tile")
                XCTAssertEqual(cache.tilesReleasedEarly, 0)
            }
            frameNode = nil
            XCTAssertEqual(TilePixels.mappedBytes - before, 4096 + requests[1].pixelBytes, "the frame replaced, only the kept tile is left")
            cache.removeAll()
        }
    }

    /// The cache makes room in its budget for tiles on their way: the least recently used tiles
    /// go, but neither the one on screen nor those the view wants next.
    func testTheCacheMakesRoomForTilesOnTheirWayKeepingWhatTheViewWants() throws {
        let requests = Self.requests(10)
        let tileBytes = requests[0].pixelBytes
        let cache = TileCache(budgetBytes: 10 * tileBytes)
        for request in requests { cache.insert(try XCTUnwrap(RenderQueue.render(request, drawPage: blank))) }
        XCTAssertEqual(cache.count, 10)
        cache.protect([requests[0].key])
        cache.makeRoom(forBytes: 4 * tileBytes, sparing: [requests[1].key, requests[2].key])
        XCTAssertLessThanOrEqual(cache.usedBytes + 4 * tileBytes, cache.budgetBytes, "room for the four on their way")
        for kept in requests[0...2] { XCTAssertTrue(cache.contains(kept.key), "what the view shows or wants stays") }
        for gone in requests[3...6] { XCTAssertFalse(cache.contains(gone.key), "the least recently used go first") }
        for kept in requests[7...9] { XCTAssertTrue(cache.contains(kept.key)) }
        cache.removeAll()
    }

    /// A frame's node over a tile's pixels (a reference of its own to the tile's surface).
    private final class FrameNode {
        let surface: OpaquePointer
        init(_ surface: OpaquePointer) { self.surface = cairo_surface_reference(surface) }
        deinit { cairo_surface_destroy(surface) }
    }

    /// `count` tiles of 512×256 pixels, side by side along a page's rows.
    private static func requests(_ count: Int) -> [TileRequest] {
        (0..<count).map { i in
            TileRequest(key: TileKey(page: PageIndex(0), scaleMillis: 1000, column: i % 4, row: i / 4),
                        pixelRect: Rect(x: Double(i % 4 * 512), y: Double(i / 4 * 256), width: 512, height: 256))
        }
    }

    private struct TimedOut: Error {}

    /// Waits for a state (not for a time): fails if it has not come after half a minute.
    private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            guard Date() < deadline else {
                XCTFail("timed out waiting: \(what)")
                throw TimedOut()
            }
            usleep(2000)
        }
    }
}
