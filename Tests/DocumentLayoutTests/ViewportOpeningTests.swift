// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

/// Where a document opens: fitted or at a stored zoom, at the start or where the reader left it.
final class ViewportOpeningTests: XCTestCase {
    private let layout = DocumentLayout(pageSizes: (0..<20).map { $0 == 4 ? Size(width: 842, height: 595) : Size(width: 595, height: 842) })
    private let size = Size(width: 1200, height: 800)

    func testANewDocumentOpensFittedToTheWidestSpreadAtTheStart() {
        let opened = Viewport.opening(in: layout, size: size, fit: .width, zoom: 3, at: nil)
        XCTAssertEqual(opened.zoom, Viewport.clampedZoom(Viewport.fitWidthZoom(for: layout, viewSize: size, page: nil)), accuracy: 1e-9)
        XCTAssertLessThanOrEqual(layout.contentSize(zoom: opened.zoom).width, size.width + 1e-6, "no sideways scrolling")
        XCTAssertEqual(opened.currentPage(in: layout), PageIndex(0))
        XCTAssertEqual(opened.offset.y, 0, accuracy: 1e-9)
    }

    func testAStoredPlaceOpensAtItsZoomAndSpread() {
        let free = Viewport.opening(in: layout, size: size, fit: nil, zoom: 1.5, at: 7.25)
        XCTAssertEqual(free.zoom, 1.5)
        XCTAssertEqual(free.continuousSpreadIndex(in: layout), 7.25, accuracy: 1e-6)
        let page = Viewport.opening(in: layout, size: size, fit: .page, zoom: 9, at: 12)
        let whole = layout.spreadFrame(12, zoom: page.zoom)
        XCTAssertLessThanOrEqual(whole.height, size.height + 1e-6, "the whole spread fits")
        XCTAssertEqual(page.continuousSpreadIndex(in: layout), 12, accuracy: 1e-6)
    }

    func testFittingAPageKeepsItInView() {
        var viewport = Viewport(size: size, offset: .zero, zoom: 2)
        viewport = viewport.scrolled(toContinuousSpreadIndex: 4.5, in: layout)
        let fitted = viewport.fitted(.page, in: layout, keeping: PageIndex(4))
        XCTAssertEqual(fitted.currentPage(in: layout), PageIndex(4))
        XCTAssertLessThanOrEqual(layout.spreadFrame(4, zoom: fitted.zoom).width, size.width + 1e-6)
        // Fitting the width takes the widest spread's width, whichever page is kept.
        let wide = viewport.fitted(.width, in: layout, keeping: PageIndex(4))
        XCTAssertEqual(wide.zoom, Viewport.clampedZoom(Viewport.fitWidthZoom(for: layout, viewSize: size, page: nil)), accuracy: 1e-9)
    }
}
