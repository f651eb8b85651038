// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class DocumentLayoutHitTestingTests: XCTestCase {
    /// Random view-sized rectangles anywhere on (and a little beyond) the content.
    private func randomRects(count: Int, content: Size, using rng: inout SeededGenerator) -> [Rect] {
        (0..<count).map { _ in
            let width = Double.random(in: 50...2500, using: &rng), height = Double.random(in: 50...2000, using: &rng)
            return Rect(x: Double.random(in: -width...(content.width + 100), using: &rng),
                        y: Double.random(in: -height...(content.height + 100), using: &rng),
                        width: width, height: height)
        }
    }

    private func assertVisiblePagesMatchBruteForce(
        pageCount: Int, settings: LayoutSettings, zooms: [Double], queries: Int, seed: UInt64,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var rng = SeededGenerator(seed: seed)
        let layout = DocumentLayout(pageSizes: randomPages(pageCount, using: &rng), settings: settings)
        for zoom in zooms {
            let frames = layout.allPageFrames(zoom: zoom)
            var rects = randomRects(count: queries, content: layout.contentSize(zoom: zoom), using: &rng)
            // Rectangles that start or end exactly on a page edge.
            for page in [0, pageCount / 2, pageCount - 1] {
                let f = frames[page]
                rects.append(Rect(x: f.minX, y: f.maxY, width: 300, height: 300))
                rects.append(Rect(x: f.maxX - 300, y: f.minY - 300, width: 300, height: 300))
                rects.append(Rect(x: f.maxX, y: f.minY, width: 300, height: 1))
            }
            for rect in rects {
                let expected = frames.indices.filter { frames[$0].intersects(rect) }.map(PageIndex.init)
                XCTAssertEqual(layout.visiblePages(in: rect, zoom: zoom), expected,
                               "\(settings) zoom \(zoom) rect \(rect)", file: file, line: line)
            }
        }
    }

    func testVisiblePagesOfAHundredThousandPageVerticalLayoutMatchABruteForceScan() {
        assertVisiblePagesMatchBruteForce(
            pageCount: 100_000, settings: LayoutSettings(), zooms: [0.1, 1, 3.7], queries: 60, seed: 1)
    }

    func testVisiblePagesOfAHundredThousandPageHorizontalRightToLeftBookMatchABruteForceScan() {
        let settings = LayoutSettings(spreadMode: .book, direction: .horizontal, rightToLeft: true)
        assertVisiblePagesMatchBruteForce(pageCount: 100_000, settings: settings, zooms: [0.25, 2], queries: 60, seed: 2)
    }

    func testVisiblePagesMatchABruteForceScanInEverySetting() {
        for (i, settings) in allSettings.enumerated() {
            assertVisiblePagesMatchBruteForce(
                pageCount: 501, settings: settings, zooms: [0.05, 0.6, 1.3], queries: 80, seed: 100 + UInt64(i))
        }
    }

    func testVisiblePagesOfAnEmptyRectangleIsEmpty() {
        let layout = DocumentLayout(pageSizes: uniformPages(3))
        XCTAssertEqual(layout.visiblePages(in: Rect(x: 20, y: 20, width: 0, height: 50), zoom: 1), [])
        XCTAssertEqual(layout.visiblePages(in: Rect(x: 20, y: 20, width: 50, height: 50), zoom: 1), [PageIndex(0)])
    }

    func testPageAtAPointFindsTheContainingPageAndNilInGapsAndMargins() {
        let layout = DocumentLayout(pageSizes: uniformPages(3), settings: LayoutSettings(spreadMode: .double))
        XCTAssertEqual(layout.page(at: Point(x: 20, y: 20), zoom: 1), PageIndex(0))
        XCTAssertEqual(layout.page(at: Point(x: 130, y: 215), zoom: 1), PageIndex(1))
        XCTAssertEqual(layout.page(at: Point(x: 100, y: 300), zoom: 1), PageIndex(2))
        XCTAssertNil(layout.page(at: Point(x: 120, y: 100), zoom: 1), "gap between facing pages")
        XCTAssertNil(layout.page(at: Point(x: 20, y: 220), zoom: 1), "gap between spreads")
        XCTAssertNil(layout.page(at: Point(x: 5, y: 5), zoom: 1), "margin")
        XCTAssertNil(layout.page(at: Point(x: 20, y: 300), zoom: 1), "beside a lone last page")
    }

    func testPageAtAPointAgreesWithABruteForceScanInEverySetting() {
        var rng = SeededGenerator(seed: 3)
        let sizes = randomPages(301, using: &rng)
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: sizes, settings: settings)
            let frames = layout.allPageFrames(zoom: 0.4)
            let content = layout.contentSize(zoom: 0.4)
            for _ in 0..<300 {
                let point = Point(x: Double.random(in: -10...content.width + 10, using: &rng),
                                  y: Double.random(in: -10...content.height + 10, using: &rng))
                let expected = frames.firstIndex { $0.contains(point) }.map(PageIndex.init)
                XCTAssertEqual(layout.page(at: point, zoom: 0.4), expected, "\(settings) \(point)")
            }
        }
    }

    func testNearestPageAgreesWithABruteForceScanForUniformPages() {
        var rng = SeededGenerator(seed: 4)
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: uniformPages(37, 300, 400), settings: settings)
            let frames = layout.allPageFrames(zoom: 0.5)
            let content = layout.contentSize(zoom: 0.5)
            for _ in 0..<200 {
                let point = Point(x: Double.random(in: -50...content.width + 50, using: &rng),
                                  y: Double.random(in: -50...content.height + 50, using: &rng))
                func distance(_ r: Rect) -> Double {
                    let dx = max(r.minX - point.x, 0, point.x - r.maxX), dy = max(r.minY - point.y, 0, point.y - r.maxY)
                    return (dx * dx + dy * dy).squareRoot()
                }
                let nearest = layout.nearestPage(to: point, zoom: 0.5)!
                let best = frames.map(distance).min()!
                XCTAssertEqual(distance(frames[nearest.rawValue]), best, accuracy: 1e-9, "\(settings) \(point)")
            }
        }
    }

    func testNearestPageIsTheContainingPageWhenThereIsOne() {
        let layout = DocumentLayout(pageSizes: uniformPages(4), settings: LayoutSettings(spreadMode: .book))
        for page in 0..<4 {
            let centre = layout.pageFrame(PageIndex(page), zoom: 1.5).center
            XCTAssertEqual(layout.nearestPage(to: centre, zoom: 1.5), PageIndex(page))
        }
        XCTAssertEqual(layout.nearestPage(to: Point(x: -1000, y: -1000), zoom: 1), PageIndex(0))
        XCTAssertEqual(layout.nearestPage(to: Point(x: 10_000, y: 10_000), zoom: 1), PageIndex(3))
    }
}
