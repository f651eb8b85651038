// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class EmptyLayoutTests: XCTestCase {
    func testADocumentWithNoPagesIsJustItsMarginsInEverySetting() {
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: [], settings: settings)
            XCTAssertEqual(layout.pageCount, 0)
            XCTAssertEqual(layout.spreadCount, 0)
            XCTAssertTrue(layout.isEmpty)
            XCTAssertEqual(layout.contentSize(zoom: 3), Size(width: 32, height: 32), "\(settings)")
        }
    }

    func testQueriesOnNoPagesAnswerEmptyOrNil() {
        let layout = DocumentLayout(pageSizes: [])
        XCTAssertEqual(layout.visiblePages(in: Rect(x: -100, y: -100, width: 1000, height: 1000), zoom: 1), [])
        XCTAssertNil(layout.page(at: Point(x: 16, y: 16), zoom: 1))
        XCTAssertNil(layout.nearestPage(to: Point(x: 16, y: 16), zoom: 1))
        XCTAssertEqual(layout.continuousSpreadIndex(forContentOffset: Point(x: 5, y: 5), zoom: 1), 0)
        XCTAssertEqual(layout.contentOffset(forContinuousSpreadIndex: 2, zoom: 1), .zero)
    }

    func testAViewportOnNoPagesCentresTheMarginsAndStillZooms() {
        let layout = DocumentLayout(pageSizes: [])
        let viewport = Viewport(size: Size(width: 100, height: 60), offset: Point(x: 9, y: 9))
        XCTAssertEqual(viewport.clamped(to: layout).offset, Point(x: -34, y: -14))
        XCTAssertNil(viewport.currentPage(in: layout))
        let zoomed = viewport.zoomed(to: 2, keeping: Point(x: 50, y: 30), in: layout)
        XCTAssertEqual(zoomed.zoom, 2)
        XCTAssertEqual(zoomed.offset, Point(x: -34, y: -14))
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: viewport.size, page: nil), 1)
        XCTAssertEqual(Viewport.fitPageZoom(for: layout, viewSize: viewport.size, page: nil), 1)
        XCTAssertEqual(viewport.continuousSpreadIndex(in: layout), 0)
        XCTAssertEqual(viewport.scrolled(by: Vector(dx: 10, dy: 10), in: layout).offset, Point(x: -34, y: -14))
    }
}
