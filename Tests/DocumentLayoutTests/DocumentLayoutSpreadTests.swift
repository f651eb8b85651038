// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class DocumentLayoutSpreadTests: XCTestCase {
    func testSingleModeGivesEveryPageItsOwnSpread() {
        let layout = DocumentLayout(pageSizes: uniformPages(3))
        XCTAssertEqual(layout.spreadCount, 3)
        XCTAssertEqual((0..<3).map { layout.spreadIndex(forPage: PageIndex($0)) }, [0, 1, 2])
        XCTAssertEqual(layout.pageRange(forSpread: 2), 2..<3)
    }

    func testDoubleModePairsPagesFromTheFirstAndLeavesAnOddLastPageAlone() {
        let layout = DocumentLayout(pageSizes: uniformPages(5), settings: LayoutSettings(spreadMode: .double))
        XCTAssertEqual(layout.spreadCount, 3)
        XCTAssertEqual((0..<3).map(layout.pageRange(forSpread:)), [0..<2, 2..<4, 4..<5])
        XCTAssertEqual((0..<5).map { layout.spreadIndex(forPage: PageIndex($0)) }, [0, 0, 1, 1, 2])
    }

    func testBookModeShowsTheCoverAloneThenPairs() {
        for (count, expected) in [(1, [0..<1]), (2, [0..<1, 1..<2]), (4, [0..<1, 1..<3, 3..<4]), (5, [0..<1, 1..<3, 3..<5])] {
            let layout = DocumentLayout(pageSizes: uniformPages(count), settings: LayoutSettings(spreadMode: .book))
            XCTAssertEqual(layout.spreadCount, expected.count, "\(count) pages")
            XCTAssertEqual((0..<layout.spreadCount).map(layout.pageRange(forSpread:)), expected, "\(count) pages")
            for spread in 0..<layout.spreadCount {
                for page in layout.pageRange(forSpread: spread) {
                    XCTAssertEqual(layout.spreadIndex(forPage: PageIndex(page)), spread, "\(count) pages, page \(page)")
                }
            }
        }
    }

    func testDoubleSpreadPlacesPagesSideBySideAndCentresALoneLastPage() {
        let layout = DocumentLayout(pageSizes: uniformPages(3), settings: LayoutSettings(spreadMode: .double))
        XCTAssertEqual(layout.contentSize(zoom: 1), Size(width: 244, height: 16 + 412 + 16))
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 1), Rect(x: 16, y: 16, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 128, y: 16, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(2), zoom: 1), Rect(x: 72, y: 228, width: 100, height: 200))
    }

    func testRightToLeftPutsTheFirstPageOfASpreadOnTheRight() {
        let settings = LayoutSettings(spreadMode: .double, rightToLeft: true)
        let layout = DocumentLayout(pageSizes: uniformPages(3), settings: settings)
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 1), Rect(x: 128, y: 16, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 16, y: 16, width: 100, height: 200))
        XCTAssertEqual(layout.pageFrames(inSpread: 0, zoom: 1).map(\.page), [PageIndex(0), PageIndex(1)])
    }

    func testBookSpreadCentresTheCoverAndCentresShorterFacingPagesVertically() {
        let settings = LayoutSettings(spreadMode: .book)
        let layout = DocumentLayout(pageSizes: pages((100, 200), (100, 200), (100, 100)), settings: settings)
        assertEqual(layout.pageFrame(PageIndex(0), zoom: 1), Rect(x: 72, y: 16, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(1), zoom: 1), Rect(x: 16, y: 228, width: 100, height: 200))
        assertEqual(layout.pageFrame(PageIndex(2), zoom: 1), Rect(x: 128, y: 278, width: 100, height: 100))
    }

    func testHorizontalDoubleSpreadsCountTheGapInsideEachSpread() {
        let settings = LayoutSettings(spreadMode: .double, direction: .horizontal)
        let layout = DocumentLayout(pageSizes: uniformPages(4), settings: settings)
        XCTAssertEqual(layout.contentSize(zoom: 1), Size(width: 468, height: 232))
        XCTAssertEqual(layout.allPageFrames(zoom: 1).map(\.minX), [16, 128, 240, 352])
    }

    func testHorizontalRightToLeftBookReadsFromTheRight() {
        let settings = LayoutSettings(spreadMode: .book, direction: .horizontal, rightToLeft: true)
        let layout = DocumentLayout(pageSizes: uniformPages(4), settings: settings)
        // Spreads (0) (1 2) (3) from the right; inside a spread page 1 is right of page 2.
        XCTAssertEqual(layout.contentSize(zoom: 1), Size(width: 16 + 100 + 12 + 212 + 12 + 100 + 16, height: 232))
        XCTAssertEqual(layout.allPageFrames(zoom: 1).map(\.minX), [352, 240, 128, 16])
    }
}
