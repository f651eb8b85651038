// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import Geometry
import XCTest

/// The built-in layout with a zoom range of its own, as a slide layout or a magnifier sets one.
private struct RangedLayout: DocumentViewLayout {
    let base: DocumentLayout
    let limits: ClosedRange<Double>
    var additionalFrameInsets = EdgeInsets.zero
    var pageCount: Int { base.pageCount }
    var spreadCount: Int { base.spreadCount }
    var margin: Double { base.margin }
    func spreadIndex(forPage page: PageIndex) -> Int { base.spreadIndex(forPage: page) }
    func pageRange(forSpread spread: Int) -> Range<Int> { base.pageRange(forSpread: spread) }
    func contentSize(zoom: Double) -> Size { base.contentSize(zoom: zoom) }
    func spreadFrame(_ spread: Int, zoom: Double) -> Rect { base.spreadFrame(spread, zoom: zoom) }
    func pageFrames(inSpread spread: Int, zoom: Double) -> [(page: PageIndex, frame: Rect)] {
        base.pageFrames(inSpread: spread, zoom: zoom)
    }
    func continuousSpreadIndex(forContentOffset offset: Point, zoom: Double) -> Double {
        base.continuousSpreadIndex(forContentOffset: offset, zoom: zoom)
    }
    func contentOffset(forContinuousSpreadIndex index: Double, zoom: Double) -> Point {
        base.contentOffset(forContinuousSpreadIndex: index, zoom: zoom)
    }
    func zoomLimits(viewSize: Size, page: PageIndex?) -> ClosedRange<Double> { limits }
}

/// Zoom limits per layout: one spread at a time never shrinks below a whole spread, however the
/// zoom changes, while continuous scrolling may; a layout's own range holds for every way the
/// zoom changes.
final class ZoomLimitsTests: XCTestCase {
    private func paging() -> SessionDriver {
        var driver = SessionDriver()
        driver.session.setDocument(pageSizes: BookWithCurlTests.book)
        driver.session.setLayoutSettings(LayoutSettings(pageLayout: "TwoPageRight", rightToLeft: false))
        driver.resizeWindow(to: Size(width: 976, height: 640))
        driver.session.goTo(page: PageIndex(20))
        driver.settle()
        return driver
    }

    func testOneSpreadAtATimeNeverZoomsOutBelowAWholeSpread() {
        var driver = paging()
        driver.session.setPagesOneSpreadAtATime(true)
        driver.settle()
        let whole = driver.session.viewport.zoom
        XCTAssertEqual(driver.session.zoomLimits.lowerBound, whole, accuracy: 1e-9, "the whole spread is the least zoom")

        driver.session.zoom(by: 0.5)
        driver.settle()
        XCTAssertEqual(driver.session.viewport.zoom, whole, accuracy: 1e-9, "zooming out stops at the whole spread")
        driver.session.setZoom(0.05)
        driver.settle()
        XCTAssertEqual(driver.session.viewport.zoom, whole, accuracy: 1e-9, "so does a zoom asked for outright")
        driver.session.show(ReadingPosition(spreadIndex: driver.session.viewport.continuousSpreadIndex(in: driver.session.layout), zoom: whole / 3))
        driver.settle()
        XCTAssertEqual(driver.session.viewport.zoom, whole, accuracy: 1e-9, "and a place from the history")

        driver.session.zoom(by: 2)
        driver.settle()
        XCTAssertEqual(driver.session.viewport.zoom, 2 * whole, accuracy: 1e-9, "zooming in is free")
    }

    func testScrollingContinuouslyZoomsOutPastAWholeSpread() {
        var driver = paging()
        driver.session.setZoomMode(.fitPage)
        driver.settle()
        let whole = driver.session.viewport.zoom
        driver.session.zoom(by: 0.5)
        driver.settle()
        XCTAssertEqual(driver.session.viewport.zoom, whole / 2, accuracy: 1e-9, "several spreads show at once")
        XCTAssertEqual(driver.session.zoomLimits, Viewport.zoomRange)
    }

    func testAWindowGrownPastASpreadZoomedOutByHandShowsItWholeAgain() {
        var driver = paging()
        driver.session.setPagesOneSpreadAtATime(true)
        driver.session.zoom(by: 1.5)
        driver.settle()
        XCTAssertEqual(driver.session.zoomMode, .free)
        driver.resizeWindow(to: Size(width: 1952, height: 1280))
        driver.settle()
        let whole = Viewport.fitPageZoom(for: driver.session.layout, viewSize: driver.session.viewport.size,
                                         page: driver.session.currentPage)
        XCTAssertGreaterThanOrEqual(driver.session.viewport.zoom, whole - 1e-9, "never smaller than the whole spread")
    }

    func testALayoutsOwnRangeHoldsForEveryWayTheZoomChanges() {
        var driver = SessionDriver()
        driver.session.setLayoutMaker { sizes, settings in
            RangedLayout(base: DocumentLayout(pageSizes: sizes, settings: settings), limits: 0.5...3)
        }
        driver.session.setDocument(pageSizes: BookWithCurlTests.book)
        driver.resizeWindow(to: Size(width: 976, height: 640))
        driver.settle()
        XCTAssertEqual(driver.session.zoomLimits, 0.5...3)

        driver.session.zoom(by: 100)
        XCTAssertEqual(driver.session.viewport.zoom, 3, accuracy: 1e-9, "a pinch or Ctrl+wheel")
        driver.session.setZoom(0.1)
        XCTAssertEqual(driver.session.viewport.zoom, 0.5, accuracy: 1e-9, "a zoom asked for")
        driver.session.smartZoom(to: Rect(x: 100, y: 100, width: 4, height: 4), about: Point(x: 102, y: 102))
        XCTAssertEqual(driver.session.viewport.zoom, 3, accuracy: 1e-9, "smart zoom onto a tiny column")
        driver.session.scroll(to: .zero, zoom: 0.01)
        XCTAssertEqual(driver.session.viewport.zoom, 0.5, accuracy: 1e-9, "a place scrolled to with a zoom")
    }
}
