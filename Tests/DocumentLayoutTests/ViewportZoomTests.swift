// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class ViewportZoomTests: XCTestCase {
    private func mixedLayout(_ settings: LayoutSettings = LayoutSettings()) -> DocumentLayout {
        var rng = SeededGenerator(seed: 31)
        let sizes = (0..<10).map { _ in
            Size(width: Double.random(in: 600...800, using: &rng), height: Double.random(in: 800...1000, using: &rng))
        }
        return DocumentLayout(pageSizes: sizes, settings: settings)
    }

    /// The page under a view point and the point's position on it, in page space.
    private func documentPoint(under viewPoint: Point, of viewport: Viewport, in layout: DocumentLayout,
                               file: StaticString = #filePath, line: UInt = #line) -> (PageIndex, Point)? {
        let canvas = viewport.viewToCanvas(viewPoint)
        guard let page = layout.page(at: canvas, zoom: viewport.zoom) else {
            XCTFail("no page under \(viewPoint)", file: file, line: line)
            return nil
        }
        let space = PageSpace(frame: layout.pageFrame(page, zoom: viewport.zoom), zoom: viewport.zoom,
                              mediaSize: layout.pageSizes[page.rawValue], rotation: .none)
        return (page, space.canvasToPage(canvas))
    }

    private func assertZoomKeepsTheDocumentPointStill(
        layout: DocumentLayout, start: Viewport, focalPoints: [Point], zooms: [Double],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for focal in focalPoints {
            guard let (page, before) = documentPoint(under: focal, of: start, in: layout, file: file, line: line) else { continue }
            for zoom in zooms {
                let zoomed = start.zoomed(to: zoom, keeping: focal, in: layout)
                XCTAssertEqual(zoomed.zoom, zoom, file: file, line: line)
                // Clamping must not have moved the view, or the test proves nothing.
                let content = layout.contentSize(zoom: zoom)
                XCTAssertTrue((0...(content.width - start.size.width)).contains(zoomed.offset.x)
                              && (0...(content.height - start.size.height)).contains(zoomed.offset.y),
                              "clamping in play at zoom \(zoom)", file: file, line: line)
                let space = PageSpace(frame: layout.pageFrame(page, zoom: zoom), zoom: zoom,
                                      mediaSize: layout.pageSizes[page.rawValue], rotation: .none)
                assertEqual(space.canvasToPage(zoomed.viewToCanvas(focal)), before, accuracy: 1e-7,
                            "focal \(focal) zoom \(zoom)", file: file, line: line)
            }
        }
    }

    func testZoomingInAboutAFocalPointKeepsTheDocumentPointUnderIt() {
        let layout = mixedLayout()
        let start = Viewport(size: Size(width: 400, height: 300), zoom: 1).showing(page: PageIndex(4), in: layout)
            .scrolled(by: Vector(dx: 100, dy: 40), in: layout)
        XCTAssertEqual(start.currentPage(in: layout), PageIndex(4))
        assertZoomKeepsTheDocumentPointStill(
            layout: layout, start: start,
            focalPoints: [Point(x: 50, y: 50), Point(x: 200, y: 150), Point(x: 390, y: 290), Point(x: 0, y: 0)],
            zooms: [1.05, 1.3, 2, 3.7, 16])
    }

    func testZoomingOutAboutAFocalPointKeepsTheDocumentPointUnderIt() {
        let layout = mixedLayout()
        let start = Viewport(size: Size(width: 400, height: 300), zoom: 3).showing(page: PageIndex(6), in: layout)
            .scrolled(by: Vector(dx: 700, dy: 500), in: layout)
        assertZoomKeepsTheDocumentPointStill(
            layout: layout, start: start, focalPoints: [Point(x: 120, y: 80), Point(x: 333, y: 222)],
            zooms: [2.5, 1.5, 1])
    }

    func testZoomingAHorizontalRightToLeftSpreadKeepsTheDocumentPointUnderIt() {
        let layout = mixedLayout(LayoutSettings(spreadMode: .double, direction: .horizontal, rightToLeft: true))
        let start = Viewport(size: Size(width: 500, height: 400), zoom: 1.2).showing(page: PageIndex(5), in: layout)
            .scrolled(by: Vector(dx: -300, dy: 200), in: layout)
        assertZoomKeepsTheDocumentPointStill(
            layout: layout, start: start, focalPoints: [Point(x: 250, y: 200), Point(x: 10, y: 390)],
            zooms: [1.25, 2, 6])
    }

    func testZoomIsLimitedToTheZoomRange() {
        let layout = mixedLayout()
        let viewport = Viewport(size: Size(width: 400, height: 300))
        XCTAssertEqual(viewport.zoomed(to: 100, keeping: .zero, in: layout).zoom, 16)
        XCTAssertEqual(viewport.zoomed(to: 0.0001, keeping: .zero, in: layout).zoom, 0.05)
        XCTAssertEqual(viewport.zoomed(to: .nan, keeping: .zero, in: layout).zoom, 1)
    }

    func testZoomingOutUntilTheContentIsSmallerThanTheViewCentresIt() {
        let layout = mixedLayout()
        let viewport = Viewport(size: Size(width: 1000, height: 800), offset: Point(x: 50, y: 900), zoom: 1)
        let zoomed = viewport.zoomed(to: 0.05, keeping: Point(x: 500, y: 400), in: layout)
        let content = layout.contentSize(zoom: 0.05)
        XCTAssertEqual(zoomed.offset.x, (content.width - 1000) / 2, accuracy: 1e-9)
        XCTAssertEqual(zoomed.offset.y, (content.height - 800) / 2, accuracy: 1e-9)
    }

    func testFitWidthFillsTheViewWidthLessTheMargins() {
        let layout = DocumentLayout(pageSizes: pages((500, 800), (250, 800)))
        let view = Size(width: 1032, height: 600)
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: view, page: PageIndex(0)), 2, accuracy: 1e-12)
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: view, page: PageIndex(1)), 4, accuracy: 1e-12)
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: view, page: nil), 2, accuracy: 1e-12)
        let zoom = Viewport.fitWidthZoom(for: layout, viewSize: view, page: nil)
        XCTAssertEqual(layout.contentSize(zoom: zoom).width, view.width, accuracy: 1e-9)
    }

    func testFitWidthOfASpreadLeavesRoomForTheGapBetweenItsPages() {
        let layout = DocumentLayout(pageSizes: uniformPages(3, 500, 800), settings: LayoutSettings(spreadMode: .double))
        let view = Size(width: 1032, height: 600)
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: view, page: PageIndex(1)), 0.988, accuracy: 1e-12)
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: view, page: PageIndex(2)), 2, accuracy: 1e-12)
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: view, page: nil), 0.988, accuracy: 1e-12)
    }

    func testFitPageFitsTheWholeSpreadInTheView() {
        let layout = DocumentLayout(pageSizes: pages((500, 800), (500, 400)))
        let view = Size(width: 1032, height: 432)
        XCTAssertEqual(Viewport.fitPageZoom(for: layout, viewSize: view, page: PageIndex(0)), 0.5, accuracy: 1e-12)
        XCTAssertEqual(Viewport.fitPageZoom(for: layout, viewSize: view, page: PageIndex(1)), 1, accuracy: 1e-12)
        XCTAssertEqual(Viewport.fitPageZoom(for: layout, viewSize: view, page: nil), 0.5, accuracy: 1e-12)
        let wide = Size(width: 282, height: 2000)
        XCTAssertEqual(Viewport.fitPageZoom(for: layout, viewSize: wide, page: PageIndex(1)), 0.5, accuracy: 1e-12)
    }

    func testFitZoomsStayInTheZoomRange() {
        let layout = DocumentLayout(pageSizes: uniformPages(1, 500, 800))
        XCTAssertEqual(Viewport.fitPageZoom(for: layout, viewSize: Size(width: 10, height: 10), page: nil), 0.05)
        XCTAssertEqual(Viewport.fitWidthZoom(for: layout, viewSize: Size(width: 100_000, height: 10), page: nil), 16)
    }

    func testFittingAColumnsWidthPutsItEdgeToEdgeWithTheMarginAndKeepsTheFocusHeight() {
        let layout = DocumentLayout(pageSizes: [Size(width: 600, height: 800), Size(width: 600, height: 800)])
        let viewport = Viewport(size: Size(width: 700, height: 500), offset: Point(x: 0, y: 100), zoom: 1).clamped(to: layout)
        // A 200-point column whose left edge is at view x 250.
        let column = Rect(x: 250, y: 150, width: 200, height: 300)
        let focus = Point(x: 300, y: 240)
        guard let fitted = viewport.fitting(width: column, about: focus, margin: 12, in: layout) else { return XCTFail("fits") }
        XCTAssertEqual(fitted.zoom, (700 - 24) / 200, accuracy: 1e-9)
        // The column's left edge is now at the margin, its right edge at the view's width less the margin.
        let leftCanvas = fitted.viewToCanvas(Point(x: 12, y: focus.y))
        let rightCanvas = fitted.viewToCanvas(Point(x: 700 - 12, y: focus.y))
        let before = viewport.viewToCanvas(Point(x: 250, y: focus.y)), beforeRight = viewport.viewToCanvas(Point(x: 450, y: focus.y))
        let page = layout.pageFrame(PageIndex(0), zoom: 1), pageAfter = layout.pageFrame(PageIndex(0), zoom: fitted.zoom)
        XCTAssertEqual((leftCanvas.x - pageAfter.minX) / fitted.zoom, (before.x - page.minX) / 1, accuracy: 1e-6)
        XCTAssertEqual((rightCanvas.x - pageAfter.minX) / fitted.zoom, (beforeRight.x - page.minX) / 1, accuracy: 1e-6)
        // The document point under the focus keeps its height on screen.
        let focusBefore = (viewport.viewToCanvas(focus).y - page.minY) / 1
        let focusAfter = (fitted.viewToCanvas(Point(x: 0, y: focus.y)).y - pageAfter.minY) / fitted.zoom
        XCTAssertEqual(focusAfter, focusBefore, accuracy: 1e-6)
        XCTAssertNil(viewport.fitting(width: Rect(x: 0, y: 0, width: 0, height: 10), about: focus, in: layout))
    }
}
