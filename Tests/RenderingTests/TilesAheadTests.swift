// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import Rendering
import XCTest

/// Tiles drawn ahead of a moving view: as far as its speed carries it soon, after what shows,
/// nearest first, within a memory bound, in the direction it moves (and only that one), so that
/// a fling reaches pages already drawn.
final class TilesAheadTests: XCTestCase {
    /// Letter pages: at zoom 3 a page is 1836 × 2376 px, two tiles (1024 × 512) across and five down.
    let sizes = Array(repeating: Size(width: 612, height: 792), count: 40)
    var planner: TilePlanner { TilePlanner(pageSizes: sizes, deviceScale: 1) }
    lazy var layout = DocumentLayout(pageSizes: sizes)

    private func viewport(page: Int, zoom: Double) -> Viewport {
        Viewport(size: Size(width: 1000, height: 700), zoom: zoom).showing(page: PageIndex(page), in: layout)
    }

    func testAFlingAsksForThePagesItWillReachBeforeTheyShowNearestFirstAndAfterWhatShows() {
        let view = viewport(page: 5, zoom: 1)
        let visiblePages = Set(layout.visiblePages(in: view.visibleRect, zoom: 1))
        // 5,000 px/s for 0.4 s: two thousand pixels down, some two and a half pages of 800.
        let ahead = Vector(dx: 0, dy: 2_000)
        let plan = planner.plan(layout: layout, viewport: view, motion: .init(forward: true, ahead: ahead)) { _ in false }
        let still = planner.plan(layout: layout, viewport: view, motion: .init(forward: true)) { _ in false }
        let reached = Set(layout.visiblePages(in: view.visibleRect.offsetBy(ahead), zoom: 1)).subtracting(visiblePages)
        XCTAssertGreaterThan(reached.count, 1, "the fling reaches more than the next page")
        let asked = Set(plan.requests.map(\.key.page))
        XCTAssertTrue(reached.isSubset(of: asked), "every page the fling reaches is asked for: \(reached.sorted()) in \(asked.sorted())")
        let beyondNext = reached.filter { $0.rawValue > visiblePages.map(\.rawValue).max()! + 1 }
        XCTAssertFalse(beyondNext.isEmpty)
        XCTAssertTrue(beyondNext.isDisjoint(with: Set(still.requests.map(\.key.page))), "a still view asks for none of them")
        // What shows comes first; then the nearest page ahead before the farther ones.
        XCTAssertEqual(Set(plan.requests.prefix(plan.missingVisible).map(\.key)), plan.onScreen)
        let aheadPages = plan.ahead.map(\.page.rawValue)
        XCTAssertEqual(aheadPages, aheadPages.sorted(), "nearest first")
        XCTAssertTrue(aheadPages.allSatisfy { $0 > visiblePages.map(\.rawValue).max()! }, "only below: the way the view goes")
        XCTAssertLessThanOrEqual(plan.aheadBytes, TilePlanner.aheadBytes(visibleBytes: plan.visibleBytes))
    }

    func testTurningBackAsksForWhatIsAboveInsteadOfWhatIsBelow() {
        let view = viewport(page: 20, zoom: 1)
        let visible = layout.visiblePages(in: view.visibleRect, zoom: 1).map(\.rawValue)
        let down = planner.plan(layout: layout, viewport: view, motion: .init(forward: true, ahead: Vector(dx: 0, dy: 2_000))) { _ in false }
        let up = planner.plan(layout: layout, viewport: view, motion: .init(forward: false, ahead: Vector(dx: 0, dy: -2_000))) { _ in false }
        XCTAssertTrue(down.ahead.allSatisfy { $0.page.rawValue > visible.max()! })
        XCTAssertTrue(up.ahead.allSatisfy { $0.page.rawValue < visible.min()! }, "\(up.ahead)")
        XCTAssertFalse(up.ahead.isEmpty)
        let farBelow = Set(down.ahead.filter { $0.page.rawValue > visible.max()! + 1 })
        XCTAssertFalse(farBelow.isEmpty)
        XCTAssertTrue(farBelow.isDisjoint(with: Set(up.requests.map(\.key))),
                      "the pages below that the fling down wanted are no longer asked for (the worker's pending list is replaced)")
    }

    func testWhatIsDrawnAheadStaysWithinItsBoundKeepingTheNearest() {
        let view = viewport(page: 2, zoom: 3)
        let far = planner.plan(layout: layout, viewport: view, motion: .init(forward: true, ahead: Vector(dx: 0, dy: 100_000))) { _ in false }
        let bound = TilePlanner.aheadBytes(visibleBytes: far.visibleBytes)
        XCTAssertLessThanOrEqual(far.aheadBytes, bound)
        XCTAssertGreaterThan(far.aheadBytes, bound / 2, "the bound is used")
        let near = planner.plan(layout: layout, viewport: view, motion: .init(forward: true, ahead: Vector(dx: 0, dy: 600))) { _ in false }
        XCTAssertEqual(Array(far.ahead.prefix(near.ahead.count)), near.ahead, "the bound cuts the farthest")
        // Tiles already drawn are not asked for again, but still count as ahead (the cache keeps them).
        let cached = Set(near.ahead)
        let warm = planner.plan(layout: layout, viewport: view, motion: .init(forward: true, ahead: Vector(dx: 0, dy: 600))) { cached.contains($0) }
        XCTAssertEqual(warm.ahead, near.ahead)
        XCTAssertTrue(warm.requests.allSatisfy { !cached.contains($0.key) })
    }

    /// A fling down long pages at 300 %, frame by frame at 60 Hz, with a worker that draws one
    /// tile a frame from the front of the latest wishes: drawing ahead at the fling's speed, no
    /// frame shows a tile missing; drawing only the edge ahead (the view at rest's plan), some do.
    func testAFlingReachesTilesAlreadyDrawn() {
        func fling(drawingAhead: Bool) -> (missingFrames: Int, pagesReached: Int, askedBeforeShown: Bool) {
            var cache: Set<TileKey> = []
            var view = viewport(page: 1, zoom: 3)
            let first = planner.plan(layout: layout, viewport: view, motion: .init(forward: true)) { _ in false }
            cache.formUnion(first.onScreen)
            var velocity = 6_000.0, missingFrames = 0
            var asked: [PageIndex: Int] = [:], shown: [PageIndex: Int] = [:]
            for frame in 0..<90 {
                // The momentum's decay (time constant 0.35 s) and the session's horizon (0.4 s).
                let step = velocity / 60
                velocity *= exp(-1.0 / 60 / 0.35)
                view.offset.y += step
                let ahead = drawingAhead ? Vector(dx: 0, dy: velocity * 0.4) : .zero
                let plan = planner.plan(layout: layout, viewport: view, motion: .init(forward: true, ahead: ahead)) { cache.contains($0) }
                if plan.missingVisible > 0 { missingFrames += 1 }
                for key in plan.onScreen where shown[key.page] == nil { shown[key.page] = frame }
                for request in plan.requests where asked[request.key.page] == nil { asked[request.key.page] = frame }
                if let next = plan.requests.first { cache.insert(next.key) }
            }
            let reached = shown.filter { $0.key.rawValue > 1 }
            return (missingFrames, reached.count, reached.allSatisfy { page, at in (asked[page] ?? .max) < at })
        }
        let ahead = fling(drawingAhead: true), edgeOnly = fling(drawingAhead: false)
        XCTAssertGreaterThan(ahead.pagesReached, 0, "the fling reaches new pages")
        XCTAssertTrue(ahead.askedBeforeShown, "each page it reaches was asked for before it showed")
        XCTAssertEqual(ahead.missingFrames, 0, "no frame of the fling waits for a tile")
        XCTAssertGreaterThan(edgeOnly.missingFrames, 0, "without drawing ahead, the same fling outruns the worker")
    }
}
