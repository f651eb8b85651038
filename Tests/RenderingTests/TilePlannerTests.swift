// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import Rendering
import XCTest

/// The tiles a view asks for: only what shows, visible first, nothing cached or twice, then
/// what a turn shows whole, then the edge of the spread ahead that will show first (all of it
/// when paging one spread at a time), in every reading direction.
final class TilePlannerTests: XCTestCase {
    /// Letter pages (612 × 792 pt): at zoom 3 a page is 1836 × 2376 px, two tiles (1024 × 512)
    /// across and five down.
    let sizes = Array(repeating: Size(width: 612, height: 792), count: 6)
    var planner: TilePlanner { TilePlanner(pageSizes: sizes, deviceScale: 1) }

    private func view(_ layout: DocumentLayout, page: Int, zoom: Double, size: Size = Size(width: 1000, height: 700)) -> Viewport {
        Viewport(size: size, zoom: zoom).showing(page: PageIndex(page), in: layout)
    }

    func testOnlyTheVisiblePartOfAPageIsRequestedAndCountedAsMissing() {
        let layout = DocumentLayout(pageSizes: sizes)
        let viewport = view(layout, page: 0, zoom: 3)
        let plan = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true)) { _ in false }
        let visible = plan.requests.prefix(plan.missingVisible)
        // The top of page 1: the rows of tiles the view's 700 pixels reach, as far right as it does.
        XCTAssertEqual(Set(visible.map(\.key.page)), [PageIndex(0)])
        XCTAssertEqual(Set(visible.map(\.key.row)), [0, 1])
        XCTAssertEqual(plan.onScreen.count, plan.missingVisible)
        XCTAssertEqual(plan.visibleBytes, visible.reduce(0) { $0 + Int($1.pixelRect.width * $1.pixelRect.height) * 4 })
        XCTAssertEqual(Set(plan.requests.map(\.key)).count, plan.requests.count, "nothing asked for twice")
    }

    func testCachedTilesAreNotAskedForButStayOnScreen() {
        let layout = DocumentLayout(pageSizes: sizes)
        let viewport = view(layout, page: 2, zoom: 1)
        let cold = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true)) { _ in false }
        let cached = Set(cold.onScreen)
        let warm = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true)) { cached.contains($0) }
        XCTAssertEqual(warm.missingVisible, 0)
        XCTAssertEqual(warm.onScreen, cold.onScreen)
        XCTAssertTrue(warm.requests.allSatisfy { !cached.contains($0.key) })
        XCTAssertFalse(warm.requests.isEmpty, "the edge ahead is still wanted")
    }

    func testTheEdgeAheadFollowsTheDirectionOfTravelAndTheLayout() {
        func ahead(_ settings: LayoutSettings, forward: Bool) -> [TileRequest] {
            let layout = DocumentLayout(pageSizes: sizes, settings: settings)
            let viewport = view(layout, page: 2, zoom: 3, size: Size(width: 900, height: 800))
            let plan = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: forward)) { _ in false }
            let visiblePages = Set(plan.onScreen.map(\.page))
            return plan.requests.filter { !visiblePages.contains($0.key.page) }
        }
        // Down the page: the next page's top row (one tile deep); back up: the bottom tile's
        // depth of the previous page (its last, short row and the row above it).
        let down = ahead(LayoutSettings(), forward: true)
        XCTAssertFalse(down.isEmpty)
        XCTAssertEqual(Set(down.map(\.key.row)), [0], "\(down.map(\.key))")
        XCTAssertEqual(Set(down.map(\.key.column)), [0, 1], "the whole width")
        let up = ahead(LayoutSettings(), forward: false)
        XCTAssertEqual(Set(up.map(\.key.row)), [3, 4], "\(up.map(\.key))")
        XCTAssertTrue(up.allSatisfy { $0.pixelRect.maxY > 2376 - 512 }, "within a tile's depth of the bottom")
        // Sideways, left to right: the next page's left column; right to left: its right side.
        let sideways = ahead(LayoutSettings(direction: .horizontal), forward: true)
        XCTAssertEqual(Set(sideways.map(\.key.column)), [0], "\(sideways.map(\.key))")
        XCTAssertEqual(Set(sideways.map(\.key.row)), [0, 1, 2, 3, 4], "the whole height")
        let rtl = ahead(LayoutSettings(direction: .horizontal, rightToLeft: true), forward: true)
        XCTAssertTrue(rtl.contains { $0.key.column == 1 }, "\(rtl.map(\.key))")
        XCTAssertTrue(rtl.allSatisfy { $0.pixelRect.maxX > 1836 - 1024 }, "within a tile's width of the right edge")
        XCTAssertEqual(Set(rtl.map(\.key.page)), [PageIndex(3)], "the next page in reading order, to the left")
    }

    func testPagingOneSpreadAtATimeDrawsTheWholeSpreadAheadAndATurnsPagesWhole() {
        let layout = DocumentLayout(pageSizes: sizes, settings: LayoutSettings(spreadMode: .book))
        let viewport = Viewport(size: Size(width: 1000, height: 700), zoom: 0.8).showing(page: PageIndex(1), in: layout)
        let paging = planner.plan(layout: layout, viewport: viewport, motion: .init(forward: true, wholeSpreadsAhead: true)) { _ in false }
        let ahead = paging.requests.filter { $0.key.page == PageIndex(3) || $0.key.page == PageIndex(4) }
        let tiling = planner.tiling(of: PageIndex(3), zoom: 0.8)
        XCTAssertEqual(ahead.count, 2 * tiling.columns * tiling.rows, "both pages of spread 2, whole")
        // A turn back to the cover wants page 1 whole, before the spread ahead.
        let turning = planner.plan(layout: layout, viewport: viewport,
                                   motion: .init(forward: true, wholeSpreadsAhead: true, wholePages: [PageIndex(0)])) { _ in false }
        let cover = turning.requests.firstIndex { $0.key.page == PageIndex(0) }
        let next = turning.requests.firstIndex { $0.key.page == PageIndex(3) }
        XCTAssertNotNil(cover)
        XCTAssertLessThan(cover!, next!, "what a turn shows comes before what lies ahead")
        XCTAssertEqual(Array(turning.requests.prefix(turning.missingVisible)), Array(paging.requests.prefix(paging.missingVisible)),
                       "the visible tiles come first either way")
    }
}
