// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentLayout
import DocumentSession
import Geometry
@testable import GtkShell
import XCTest

/// A layout written here, which the canvas has never heard of: square cells in rows, as many
/// to a row as the view's width holds, so that it must be laid out again when the width
/// changes (and only then).
private struct GridLayout: DocumentViewLayout {
    let sizes: [Size]
    var columns = 1
    var additionalFrameInsets = EdgeInsets.zero
    let gap = 10.0
    var margin: Double { 10 }
    var pageCount: Int { sizes.count }
    var spreadCount: Int { sizes.count }
    func spreadIndex(forPage page: PageIndex) -> Int { page.rawValue }
    func pageRange(forSpread spread: Int) -> Range<Int> { spread..<(spread + 1) }
    func cell(_ zoom: Double) -> Double { (sizes.map { max($0.width, $0.height) }.max() ?? 0) * zoom }
    var rows: Int { (sizes.count + columns - 1) / columns }
    func contentSize(zoom: Double) -> Size {
        Size(width: 2 * margin + Double(columns) * (cell(zoom) + gap) - gap,
             height: 2 * margin + Double(rows) * (cell(zoom) + gap) - gap)
    }
    func spreadFrame(_ spread: Int, zoom: Double) -> Rect {
        let step = cell(zoom) + gap
        let size = sizes[spread] * zoom
        return Rect(x: margin + Double(spread % columns) * step, y: margin + Double(spread / columns) * step,
                    width: size.width, height: size.height)
    }
    func pageFrames(inSpread spread: Int, zoom: Double) -> [(page: PageIndex, frame: Rect)] {
        [(PageIndex(spread), spreadFrame(spread, zoom: zoom))]
    }
    func continuousSpreadIndex(forContentOffset offset: Point, zoom: Double) -> Double {
        offset.y / (cell(zoom) + gap) * Double(columns)
    }
    func contentOffset(forContinuousSpreadIndex index: Double, zoom: Double) -> Point {
        Point(x: 0, y: index / Double(columns) * (cell(zoom) + gap))
    }
    /// A grid is shown at its cells' own size.
    func zoom(fitting fit: ZoomFit, viewSize: Size, page: PageIndex?) -> Double { 1 }
    func columns(for viewport: Viewport) -> Int {
        max(1, Int((viewport.size.width - 2 * margin + gap) / (cell(viewport.zoom) + gap)))
    }
    func invalidationContext(forViewportChange old: Viewport, to new: Viewport) -> LayoutInvalidationContext {
        columns(for: new) == columns ? .none : .allFrames
    }
    mutating func invalidateLayout(with context: LayoutInvalidationContext, for viewport: Viewport) {
        columns = columns(for: viewport)
    }
}

/// Pages painted each in a colour of its own, so that a pixel tells which page is drawn there.
private final class ColouredPages: PageSource, @unchecked Sendable {
    let displaySizes: [Size]
    init(count: Int) { displaySizes = Array(repeating: Size(width: 100, height: 100), count: count) }
    var pageCount: Int { displaySizes.count }
    func pageInfo(_ index: PageIndex) -> PageInfo { PageInfo(index: index, mediaSize: displaySizes[index.rawValue], rotation: .none) }
    static func colour(_ page: Int) -> (red: Int, green: Int, blue: Int) { (page * 8, 120, 255 - page * 8) }
}

/// The canvas shows a custom layout through the layout protocol alone: pages where its frames
/// say, laid out again when a viewport change makes them stale and not otherwise.
final class CustomLayoutCanvasTests: XCTestCase {
    func testTheCanvasDrawsAndNavigatesALayoutItHasNeverSeen() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated { try Self.showsTheGrid() }
    }

    @MainActor private static func showsTheGrid() throws {
        let canvas = PdfCanvas()
        canvas.setLayoutProvider { sizes, _ in GridLayout(sizes: sizes) }
        let source = ColouredPages(count: 30)
        canvas.setDocument(source, drawPage: { page, scale, cr in
            let c = ColouredPages.colour(page.rawValue)
            cairo_set_source_rgb(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
            cairo_paint(cr)
        })
        canvas.resized(width: 700, height: 500)
        XCTAssertEqual(canvas.viewport.zoom, 1, "the grid's own fitted zoom")
        // (700 - 2·10 + 10) / 110 = 6 columns: page 5 ends the first row, page 6 starts the second.
        XCTAssertEqual((canvas.layout as? GridLayout)?.columns, 6)
        let first = canvas.layout.pageFrame(PageIndex(0), zoom: 1)
        XCTAssertEqual(canvas.layout.pageFrame(PageIndex(5), zoom: 1).minY, first.minY)
        XCTAssertEqual(canvas.layout.pageFrame(PageIndex(6), zoom: 1).minX, first.minX)
        try assertPages(on: canvas, width: 700, height: 500, pages: [0, 5, 6, 11])

        // Scrolling moves nothing in the grid: no new layout.
        let before = canvas.diagnostics.layoutInvalidations
        canvas.changeView { $0.apply(.scroll(by: Vector(dx: 0, dy: 30))) }
        XCTAssertEqual(canvas.diagnostics.layoutInvalidations, before, "a scroll leaves the grid's frames alone")

        // A narrower view holds three columns: the grid reflows once, page 3 starts row two.
        canvas.resized(width: 400, height: 200)
        XCTAssertEqual(canvas.diagnostics.layoutInvalidations, before + 1)
        XCTAssertEqual((canvas.layout as? GridLayout)?.columns, 3)
        canvas.goTo(page: PageIndex(9))
        XCTAssertEqual(canvas.currentPage, PageIndex(9), "row 3 at the top")
        XCTAssertEqual(canvas.viewport.offset.y, 3 * 110, accuracy: 0.5)
        canvas.goTo(page: PageIndex(0))
        XCTAssertEqual(canvas.layout.pageFrame(PageIndex(3), zoom: 1).minX, first.minX)
        XCTAssertEqual(canvas.layout.pageFrame(PageIndex(3), zoom: 1).minY, first.minY + 110)
        try assertPages(on: canvas, width: 400, height: 200, pages: [0, 2, 3])
    }

    func testAdditionalInsetsPullThePageAreaInFromTheCanvasEdges() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let canvas = PdfCanvas()
            canvas.setDocument(ColouredPages(count: 3), drawPage: { _, _, _ in })
            canvas.additionalFrameInsets = EdgeInsets(top: 48, left: 4, bottom: 10, right: 6)
            XCTAssertEqual(canvas.layout.frameInsets, EdgeInsets(top: 48, left: 4, bottom: 10, right: 6))
            XCTAssertEqual(gtk_widget_get_margin_top(canvas.overlay), 48)
            XCTAssertEqual(gtk_widget_get_margin_start(canvas.overlay), 4)
            XCTAssertEqual(gtk_widget_get_margin_bottom(canvas.overlay), 10)
            XCTAssertEqual(gtk_widget_get_margin_end(canvas.overlay), 6)
            // A new document keeps them: they belong to the canvas's user, not to the document.
            canvas.setDocument(ColouredPages(count: 2), drawPage: { _, _, _ in })
            XCTAssertEqual(canvas.layout.frameInsets.top, 48)
        }
    }

    /// Draws the canvas (waiting for the render worker's tiles) and checks that each page's
    /// colour is at the middle of its frame (as the custom layout placed it).
    @MainActor private static func assertPages(on canvas: PdfCanvas, width: Int32, height: Int32,
                                               pages: [Int], line: UInt = #line) throws {
        var expected: [Int: Point] = [:]
        for page in pages {
            let frame = canvas.layout.pageFrame(PageIndex(page), zoom: canvas.viewport.zoom)
            expected[page] = canvas.viewport.canvasToView(frame.center)
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        defer { cairo_surface_destroy(surface) }
        for _ in 0..<2000 {
            let cr = cairo_create(surface)!
            canvas.draw(cr, width: Double(width), height: Double(height))
            cairo_destroy(cr)
            if canvas.tiles.missingVisible == 0 { break }
            while g_main_context_iteration(nil, 0) != 0 {}
            g_usleep(2000)
        }
        XCTAssertEqual(canvas.tiles.missingVisible, 0, "the tiles arrived", line: line)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        for (page, point) in expected {
            let offset = Int(point.y) * stride + Int(point.x) * 4
            let got = (Int(data[offset + 2]), Int(data[offset + 1]), Int(data[offset]))
            let want = ColouredPages.colour(page)
            XCTAssertEqual(got.0, want.red, accuracy: 2, "page \(page) at \(point)", line: line)
            XCTAssertEqual(got.1, want.green, accuracy: 2, "page \(page) at \(point)", line: line)
            XCTAssertEqual(got.2, want.blue, accuracy: 2, "page \(page) at \(point)", line: line)
        }
    }
}
