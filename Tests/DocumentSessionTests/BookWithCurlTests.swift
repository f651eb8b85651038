// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The book of issue 18: 352 pages, the first two larger than the rest, laid out as the catalog
/// asks (`/TwoPageRight`: the cover alone, then pairs), read with curls in a default-sized window
/// and in a full-HD one.
final class BookWithCurlTests: XCTestCase {
    static let book: [Size] = [Size(width: 612, height: 792), Size(width: 612, height: 792)]
        + Array(repeating: Size(width: 432, height: 648), count: 350)

    /// The page area of a 976×690 window (header bar and scrollbar taken off) and of 1920×1080.
    static let viewSizes = [Size(width: 976, height: 640), Size(width: 1920, height: 1030)]

    func openBook(in size: Size) -> SessionDriver {
        var driver = SessionDriver()
        driver.session.setDocument(pageSizes: Self.book)
        driver.session.setLayoutSettings(LayoutSettings(pageLayout: "TwoPageRight", rightToLeft: false))
        driver.resizeWindow(to: size)
        driver.settle()
        return driver
    }

    func testPageDownWithCurlLandsOnTheNextSpreadWholeAtItsFittedZoom() {
        for size in Self.viewSizes {
            var driver = openBook(in: size)
            driver.session.setTurnsPagesWithCurl(true)
            driver.settle()
            XCTAssertEqual(driver.session.restingSpread, 0, "\(size)")
            driver.session.apply(.scrollScreens(1))
            driver.settle()
            let s = driver.session
            XCTAssertEqual(s.currentPage.map { s.layout.spreadIndex(forPage: $0) }, 1, "Page Down lands on pages 2–3 in \(size)")
            XCTAssertEqual(s.restingSpread, 1, "\(size)")
            let fit = Viewport.fitPageZoom(for: s.layout, viewSize: s.viewport.size, page: PageIndex(1))
            XCTAssertEqual(s.viewport.zoom, fit, accuracy: 1e-9, "at the zoom that fits pages 2–3 in \(size)")
            XCTAssertTrue(s.viewport.showsWholeSpread(of: PageIndex(1), in: s.layout), "\(size)")
            XCTAssertEqual(s.zoomMode, .fitPage)
            // And on: every Page Down one spread further, whole.
            for expected in 2...4 {
                driver.session.apply(.scrollScreens(1))
                driver.settle()
                XCTAssertEqual(driver.session.restingSpread, expected, "\(size)")
                XCTAssertEqual(driver.session.currentPage.map { driver.session.layout.spreadIndex(forPage: $0) }, expected)
            }
            // Fit Page then keeps the spread whole.
            driver.session.setZoomMode(.fitPage)
            driver.settle()
            XCTAssertEqual(driver.session.restingSpread, 4)
        }
    }
}
