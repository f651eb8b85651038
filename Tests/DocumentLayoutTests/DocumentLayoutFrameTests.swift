// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class DocumentLayoutFrameTests: XCTestCase {
    func testPagesStackBelowTheMarginWithOneGapBetweenThem() {
        let layout = DocumentLayout(pageSizes: uniformPages(3))
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 1), Rect(x: 16, y: 16, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 16, y: 228, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(2), zoom: 1), Rect(x: 16, y: 440, width: 100, height: 200))
        XCTAssertEqual(layout.contentSize(zoom: 1), Size(width: 132, height: 656))
    }

    func testPagesScaleWithZoomWhileGapsAndMarginsStayInViewPixels() {
        let layout = DocumentLayout(pageSizes: uniformPages(3))
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 2), Rect(x: 16, y: 428, width: 200, height: 400))
        XCTAssertEqual(layout.contentSize(zoom: 2), Size(width: 232, height: 16 + 1200 + 24 + 16))
        XCTAssertEqual(layout.contentSize(zoom: 0.5), Size(width: 82, height: 16 + 300 + 24 + 16))
    }

    func testCustomGapAndMarginAreHonoured() {
        let settings = LayoutSettings(pageGap: 4, margin: 30)
        let layout = DocumentLayout(pageSizes: uniformPages(2), settings: settings)
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 30, y: 234, width: 100, height: 200))
        XCTAssertEqual(layout.contentSize(zoom: 1), Size(width: 160, height: 30 + 404 + 30))
    }

    func testNarrowerPagesAreCentredAcrossTheContentWidth() {
        let layout = DocumentLayout(pageSizes: pages((100, 100), (300, 50)))
        XCTAssertEqual(layout.contentSize(zoom: 1), Size(width: 332, height: 16 + 162 + 16))
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 1), Rect(x: 116, y: 16, width: 100, height: 100))
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 16, y: 128, width: 300, height: 50))
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 2), Rect(x: 216, y: 16, width: 200, height: 200))
    }

    func testSpreadFrameEnclosesItsPagesAndTheGapBetweenThem() {
        let layout = DocumentLayout(pageSizes: pages((100, 200), (120, 100)), settings: LayoutSettings(spreadMode: .double))
        let spread = layout.spreadFrame(0, zoom: 1)
        assertEqual(spread, Rect(x: 16, y: 16, width: 232, height: 200))
        for page in layout.pages(inSpread: 0) {
            XCTAssertTrue(spread.contains(layout.pageFrame(page, zoom: 1)), "\(page)")
        }
    }

    func testHorizontalLayoutPlacesPagesLeftToRightCentredVertically() {
        let settings = LayoutSettings(direction: .horizontal)
        let layout = DocumentLayout(pageSizes: pages((100, 200), (100, 100), (100, 200)), settings: settings)
        XCTAssertEqual(layout.contentSize(zoom: 1), Size(width: 356, height: 232))
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 1), Rect(x: 16, y: 16, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 128, y: 66, width: 100, height: 100))
        assertEqual(layout.pageFrame(PageIndex(2), zoom: 1), Rect(x: 240, y: 16, width: 100, height: 200))
    }

    func testHorizontalRightToLeftLayoutStartsAtTheRightEdge() {
        let settings = LayoutSettings(direction: .horizontal, rightToLeft: true)
        let layout = DocumentLayout(pageSizes: uniformPages(3), settings: settings)
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 1), Rect(x: 240, y: 16, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(2), zoom: 1), Rect(x: 16, y: 16, width: 100, height: 200))
    }

    func testPagesNeverOverlapInAnySettings() {
        var rng = SeededGenerator(seed: 7)
        let sizes = randomPages(41, using: &rng)
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: sizes, settings: settings)
            let frames = layout.allPageFrames(zoom: 0.7)
            let content = Rect(origin: .zero, size: layout.contentSize(zoom: 0.7)).insetBy(dx: 16, dy: 16)
            for (i, frame) in frames.enumerated() {
                XCTAssertTrue(content.insetBy(dx: -1e-9, dy: -1e-9).contains(frame), "\(settings) page \(i)")
                if i > 0 { XCTAssertFalse(frame.intersects(frames[i - 1]), "\(settings) pages \(i - 1), \(i)") }
            }
        }
    }

    func testAPageFrameIsTheSameWhetherAskedAloneOrWithItsSpread() {
        var rng = SeededGenerator(seed: 8)
        let sizes = randomPages(30, using: &rng)
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: sizes, settings: settings)
            let frames = layout.allPageFrames(zoom: 1.7)
            for page in 0..<30 {
                XCTAssertEqual(layout.pageFrame(PageIndex(page), zoom: 1.7), frames[page], "\(settings) page \(page)")
            }
        }
    }

    func testInvalidPageSizesAreTreatedAsEmpty() {
        let layout = DocumentLayout(pageSizes: pages((-10, .nan), (100, 200)))
        XCTAssertEqual(layout.pageSizes[0], .zero)
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 16, y: 28, width: 100, height: 200))
    }
}
