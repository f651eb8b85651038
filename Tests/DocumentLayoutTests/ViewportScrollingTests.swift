// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class ViewportScrollingTests: XCTestCase {
    private let layout = DocumentLayout(pageSizes: uniformPages(3))  // content 132 × 656 at zoom 1

    func testClampingKeepsTheOffsetWithinTheContent() {
        let low = Viewport(size: Size(width: 100, height: 300), offset: Point(x: -50, y: -20)).clamped(to: layout)
        XCTAssertEqual(low.offset, Point(x: 0, y: 0))
        let high = Viewport(size: Size(width: 100, height: 300), offset: Point(x: 500, y: 1000)).clamped(to: layout)
        XCTAssertEqual(high.offset, Point(x: 32, y: 356))
        let inside = Viewport(size: Size(width: 100, height: 300), offset: Point(x: 10, y: 100))
        XCTAssertEqual(inside.clamped(to: layout), inside)
    }

    func testClampingCentresContentSmallerThanTheView() {
        let viewport = Viewport(size: Size(width: 200, height: 700), offset: Point(x: 40, y: 40)).clamped(to: layout)
        XCTAssertEqual(viewport.offset, Point(x: -34, y: -22))
    }

    func testScrollingMovesTheOffsetAndStopsAtTheEnds() {
        let viewport = Viewport(size: Size(width: 100, height: 300))
        XCTAssertEqual(viewport.scrolled(by: Vector(dx: 5, dy: 120), in: layout).offset, Point(x: 5, y: 120))
        XCTAssertEqual(viewport.scrolled(by: Vector(dx: 0, dy: 5000), in: layout).offset, Point(x: 0, y: 356))
    }

    func testViewAndCanvasCoordinatesDifferByTheOffset() {
        let viewport = Viewport(size: Size(width: 100, height: 300), offset: Point(x: 7, y: 300), zoom: 2)
        XCTAssertEqual(viewport.viewToCanvas(Point(x: 1, y: 2)), Point(x: 8, y: 302))
        XCTAssertEqual(viewport.canvasToView(Point(x: 8, y: 302)), Point(x: 1, y: 2))
        XCTAssertEqual(viewport.visibleRect, Rect(x: 7, y: 300, width: 100, height: 300))
    }

    func testShowingAPagePutsItsTopOneMarginBelowTheViewTop() {
        let viewport = Viewport(size: Size(width: 132, height: 300))
        XCTAssertEqual(viewport.showing(page: PageIndex(1), in: layout).offset, Point(x: 0, y: 212))
        XCTAssertEqual(viewport.showing(page: PageIndex(2), in: layout).offset, Point(x: 0, y: 356), "clamped")
    }

    func testShowingAPageInAHorizontalRightToLeftLayoutAlignsItsRightEdge() {
        let settings = LayoutSettings(direction: .horizontal, rightToLeft: true)
        let layout = DocumentLayout(pageSizes: uniformPages(5), settings: settings)
        let viewport = Viewport(size: Size(width: 150, height: 232)).showing(page: PageIndex(1), in: layout)
        let frame = layout.pageFrame(PageIndex(1), zoom: 1)
        XCTAssertEqual(viewport.offset.x + 150, frame.maxX + 16)
        XCTAssertEqual(viewport.currentPage(in: layout), PageIndex(1))
        let first = Viewport(size: Size(width: 150, height: 232)).showing(page: PageIndex(0), in: layout)
        XCTAssertEqual(first.offset.x, layout.contentSize(zoom: 1).width - 150)
    }

    func testCurrentPageIsThePageAcrossTheViewCentre() {
        let viewport = Viewport(size: Size(width: 132, height: 300), offset: Point(x: 0, y: 100))
        // The centre line y = 250 crosses page 1 (228..<428) though page 0 shows too.
        XCTAssertEqual(viewport.currentPage(in: layout), PageIndex(1))
        let inGap = Viewport(size: Size(width: 132, height: 100), offset: Point(x: 0, y: 170))
        // The centre line y = 220 is in the gap: page 0 shows 46 rows, page 1 shows 42.
        XCTAssertEqual(inGap.currentPage(in: layout), PageIndex(0))
    }

    func testCurrentPageOfAFacingSpreadIsTheMoreVisiblePage() {
        let layout = DocumentLayout(pageSizes: uniformPages(4), settings: LayoutSettings(spreadMode: .double))
        XCTAssertEqual(Viewport(size: Size(width: 244, height: 200)).currentPage(in: layout), PageIndex(0))
        let right = Viewport(size: Size(width: 80, height: 200), offset: Point(x: 130, y: 0))
        XCTAssertEqual(right.currentPage(in: layout), PageIndex(1))
    }

    func testViewportKeepsItsPlaceAcrossARelayoutByContinuousSpreadIndex() {
        let sizes = uniformPages(20, 300, 400)
        let single = DocumentLayout(pageSizes: sizes)
        let viewport = Viewport(size: Size(width: 400, height: 500)).showing(page: PageIndex(9), in: single)
        XCTAssertEqual(viewport.continuousSpreadIndex(in: single), 9, accuracy: 1e-9)
        let horizontal = DocumentLayout(pageSizes: sizes, settings: LayoutSettings(direction: .horizontal, rightToLeft: true))
        let moved = viewport.scrolled(toContinuousSpreadIndex: 9, in: horizontal)
        XCTAssertEqual(moved.continuousSpreadIndex(in: horizontal), 9, accuracy: 1e-9)
        XCTAssertEqual(moved.currentPage(in: horizontal), PageIndex(9))
    }
}
