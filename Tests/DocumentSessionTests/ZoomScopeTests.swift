// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import Geometry
import XCTest

/// "Zoom Each Spread on Its Own" while scrolling continuously: on, Fit Page fits the spread in
/// view; off, one zoom serves the whole document, the one at which every spread fits.
final class ZoomScopeTests: XCTestCase {
    func testZoomEachSpreadDecidesWhatFitPageFitsWhileScrollingContinuously() {
        var driver = SessionDriver()
        driver.session.setDocument(pageSizes: BookWithCurlTests.book)
        driver.session.setLayoutSettings(LayoutSettings(pageLayout: "TwoPageRight", rightToLeft: false))
        driver.resizeWindow(to: Size(width: 976, height: 640))
        driver.session.goTo(page: PageIndex(20))
        driver.session.setZoomMode(.fitPage)
        driver.settle()
        let s = driver.session
        XCTAssertFalse(s.pagesOneSpreadAtATime)
        let ownZoom = Viewport.fitPageZoom(for: s.layout, viewSize: s.viewport.size, page: PageIndex(20))
        XCTAssertEqual(s.viewport.zoom, ownZoom, accuracy: 1e-9, "each spread on its own: the spread of page 21 fits")

        driver.session.setZoomsEachSpread(false)
        driver.settle()
        let everySpread = Viewport.fitPageZoom(for: driver.session.layout, viewSize: driver.session.viewport.size, page: nil)
        XCTAssertLessThan(everySpread, ownZoom, "the larger cover and pages 2–3 need a smaller zoom")
        XCTAssertEqual(driver.session.viewport.zoom, everySpread, accuracy: 1e-9, "one zoom for the document: every spread fits")
        XCTAssertEqual(driver.session.currentPage.map { driver.session.layout.spreadIndex(forPage: $0) },
                       driver.session.layout.spreadIndex(forPage: PageIndex(20)), "on the same spread")

        driver.session.setZoomsEachSpread(true)
        driver.settle()
        XCTAssertEqual(driver.session.viewport.zoom, ownZoom, accuracy: 1e-9, "and back")
    }
}
