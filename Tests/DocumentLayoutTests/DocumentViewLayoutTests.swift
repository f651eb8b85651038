// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

/// The built-in layout answered through nothing but the protocol's required members, so that
/// every default (visible spreads and pages, hit tests, fitted zooms) runs on a layout whose
/// right answers are known.
private struct RequiredMembersOnly: DocumentViewLayout {
    let base: DocumentLayout
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
}

/// A custom layout the canvas has never heard of: spreads in a staircase, each one a third of
/// a spread to the right of and below the one before, so that they overlap like a fanned deck.
private struct StaircaseLayout: DocumentViewLayout {
    let sizes: [Size]
    var additionalFrameInsets = EdgeInsets.zero
    var pageCount: Int { sizes.count }
    var spreadCount: Int { sizes.count }
    var margin: Double { 10 }
    func spreadIndex(forPage page: PageIndex) -> Int { page.rawValue }
    func pageRange(forSpread spread: Int) -> Range<Int> { spread..<(spread + 1) }
    func step(_ zoom: Double) -> Size { Size(width: 40 * zoom, height: 60 * zoom) }
    func contentSize(zoom: Double) -> Size {
        let last = spreadFrame(spreadCount - 1, zoom: zoom)
        return Size(width: (sizes.map { $0.width }.max() ?? 0) * zoom + last.minX + margin, height: last.maxY + margin)
    }
    func spreadFrame(_ spread: Int, zoom: Double) -> Rect {
        Rect(x: margin + Double(spread) * step(zoom).width, y: margin + Double(spread) * step(zoom).height,
             width: sizes[spread].width * zoom, height: sizes[spread].height * zoom)
    }
    func pageFrames(inSpread spread: Int, zoom: Double) -> [(page: PageIndex, frame: Rect)] {
        [(PageIndex(spread), spreadFrame(spread, zoom: zoom))]
    }
    func continuousSpreadIndex(forContentOffset offset: Point, zoom: Double) -> Double { offset.y / step(zoom).height }
    func contentOffset(forContinuousSpreadIndex index: Double, zoom: Double) -> Point {
        Point(x: index * step(zoom).width, y: index * step(zoom).height)
    }
}

final class DocumentViewLayoutTests: XCTestCase {
    func testTheDefaultSearchesAgreeWithTheBuiltInLayoutsInEveryMode() {
        var rng = SeededGenerator(seed: 31)
        let sizes = randomPages(23, using: &rng)
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: sizes, settings: settings)
            let plain = RequiredMembersOnly(base: layout)
            for zoom in [0.3, 1.0, 2.2] {
                let content = layout.contentSize(zoom: zoom)
                for _ in 0..<40 {
                    let rect = Rect(x: Double.random(in: -50...content.width, using: &rng),
                                    y: Double.random(in: -50...content.height, using: &rng),
                                    width: Double.random(in: 1...900, using: &rng), height: Double.random(in: 1...900, using: &rng))
                    XCTAssertEqual(layout.visibleSpreads(in: rect, zoom: zoom), plain.visibleSpreads(in: rect, zoom: zoom), "\(settings) \(rect)")
                    XCTAssertEqual(layout.visiblePages(in: rect, zoom: zoom), plain.visiblePages(in: rect, zoom: zoom), "\(settings) \(rect)")
                    let point = rect.origin
                    XCTAssertEqual(layout.page(at: point, zoom: zoom), plain.page(at: point, zoom: zoom), "\(settings) \(point)")
                    let near = try! XCTUnwrap(plain.nearestPage(to: point, zoom: zoom))
                    // Ties may pick either page; the distance is what must agree.
                    XCTAssertEqual(distance(point, layout.pageFrame(layout.nearestPage(to: point, zoom: zoom)!, zoom: zoom)),
                                   distance(point, layout.pageFrame(near, zoom: zoom)), accuracy: 1e-9)
                }
            }
            for page in [nil, PageIndex(0), PageIndex(7)] {
                let view = Size(width: 900, height: 700)
                for fit in [ZoomFit.width, .page] {
                    XCTAssertEqual(layout.zoom(fitting: fit, viewSize: view, page: page),
                                   plain.zoom(fitting: fit, viewSize: view, page: page), accuracy: 1e-9, "\(settings) \(fit) \(String(describing: page))")
                }
            }
        }
    }

    func testTheBuiltInLayoutsNeverNeedInvalidatingForAViewportChange() {
        let layout = DocumentLayout(pageSizes: uniformPages(10))
        let before = Viewport(size: Size(width: 800, height: 600), offset: Point(x: 0, y: 40), zoom: 1)
        for after in [Viewport(size: before.size, offset: Point(x: 0, y: 900), zoom: 1),
                      Viewport(size: before.size, offset: before.offset, zoom: 3),
                      Viewport(size: Size(width: 300, height: 1200), offset: before.offset, zoom: 1)] {
            XCTAssertTrue(layout.invalidationContext(forViewportChange: before, to: after).isEmpty, "\(after)")
        }
    }

    func testFrameInsetsAreTheLayoutsOwnPlusTheAdditionalOnes() {
        var layout = DocumentLayout(pageSizes: uniformPages(3))
        XCTAssertEqual(layout.frameInsets, .zero)
        layout.additionalFrameInsets = EdgeInsets(top: 48, bottom: 10)
        XCTAssertEqual(layout.frameInsets, EdgeInsets(top: 48, bottom: 10))
        XCTAssertEqual(layout.frameInsets.inset(Rect(x: 0, y: 0, width: 800, height: 600)), Rect(x: 0, y: 48, width: 800, height: 542))
        XCTAssertEqual(EdgeInsets(top: 1, left: 2) + EdgeInsets(top: 3, right: 4), EdgeInsets(top: 4, left: 2, right: 4))
        XCTAssertEqual(EdgeInsets(left: 500, right: 500).inset(Rect(x: 0, y: 0, width: 800, height: 600)).width, 0, "never negative")
    }

    func testSpreadBasedZoomingIsOnForTheBuiltInLayoutAndOffForOthersByDefault() {
        XCTAssertTrue(DocumentLayout(pageSizes: uniformPages(2)).spreadBasedZooming)
        XCTAssertFalse(StaircaseLayout(sizes: uniformPages(2)).spreadBasedZooming)
    }

    func testACustomLayoutIsNavigatedAndHitTestedThroughTheProtocolAlone() {
        let layout = StaircaseLayout(sizes: uniformPages(8, 100, 150))
        // Spreads overlap: the point inside both spread 1 and 2 hits one of them.
        let zoom = 1.0
        let second = layout.spreadFrame(2, zoom: zoom)
        XCTAssertEqual(layout.visiblePages(in: Rect(x: second.minX, y: second.minY, width: 10, height: 10), zoom: zoom),
                       [PageIndex(0), PageIndex(1), PageIndex(2)], "spreads 0 and 1 reach over spread 2's corner")
        XCTAssertEqual(layout.pageFrame(PageIndex(3), zoom: 2), layout.spreadFrame(3, zoom: 2))
        XCTAssertEqual(layout.nearestPage(to: Point(x: 2000, y: 2000), zoom: zoom), PageIndex(7))
        // Going to a page puts it one margin from the top, and the index reads it back.
        let view = Viewport(size: Size(width: 300, height: 200), zoom: zoom)
        let shown = view.showing(page: PageIndex(4), in: layout)
        XCTAssertEqual(shown.offset.y, layout.pageFrame(PageIndex(4), zoom: zoom).minY - layout.margin, accuracy: 1e-9)
        XCTAssertEqual(shown.continuousSpreadIndex(in: layout), 4, accuracy: 1e-9)
        XCTAssertEqual(shown.scrolled(toContinuousSpreadIndex: 2.5, in: layout).continuousSpreadIndex(in: layout), 2.5, accuracy: 1e-9)
        // The default fit solves the frames: the page's width fills the view less the margins.
        let fitted = layout.zoom(fitting: .width, viewSize: Size(width: 520, height: 400), page: PageIndex(0))
        XCTAssertEqual(fitted, 5, accuracy: 1e-9)
        XCTAssertEqual(layout.zoom(fitting: .page, viewSize: Size(width: 520, height: 400), page: PageIndex(0)), 380.0 / 150, accuracy: 1e-9)
        XCTAssertEqual(layout.pagesAhead(ofVisible: [PageIndex(2)], forward: true), [PageIndex(3)])
        XCTAssertEqual(layout.leadingEdge(forward: true), .top)
    }

    private func distance(_ p: Point, _ r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
