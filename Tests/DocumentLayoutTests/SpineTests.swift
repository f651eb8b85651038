// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

/// Where a spread's spine is (between its pages, or at the bound edge of a lone page, on the
/// side the binding puts it) and how a page turn lays two spreads on one spine.
final class SpineTests: XCTestCase {
    let sizes = Array(repeating: Size(width: 100, height: 150), count: 5)

    func testTheSpineLiesBetweenTwoPagesAndAtTheBoundEdgeOfALonePage() {
        let book = DocumentLayout(pageSizes: sizes, settings: LayoutSettings(spreadMode: .book))
        let cover = book.pageFrame(PageIndex(0), zoom: 1)
        XCTAssertEqual(book.spineX(ofSpread: 0, zoom: 1, spreadMode: .book), cover.minX, "the cover is bound on its left")
        let left = book.pageFrame(PageIndex(1), zoom: 1), right = book.pageFrame(PageIndex(2), zoom: 1)
        XCTAssertEqual(book.spineX(ofSpread: 1, zoom: 1, spreadMode: .book), (left.maxX + right.minX) / 2)
        // 5 pages in a book: the last spread is pages 4 and 5; with 4 pages page 4 stands alone, bound on its right.
        let even = DocumentLayout(pageSizes: Array(sizes.prefix(4)), settings: LayoutSettings(spreadMode: .book))
        XCTAssertEqual(even.spineX(ofSpread: 2, zoom: 1, spreadMode: .book), even.pageFrame(PageIndex(3), zoom: 1).maxX)
        let rtl = DocumentLayout(pageSizes: sizes, settings: LayoutSettings(spreadMode: .book, rightToLeft: true))
        XCTAssertEqual(rtl.spineX(ofSpread: 0, zoom: 1, spreadMode: .book), rtl.pageFrame(PageIndex(0), zoom: 1).maxX,
                       "bound on the right, the cover's spine is its right edge")
        XCTAssertEqual(SpreadMode.single.liesOnForwardSide(PageIndex(3)), true)
        XCTAssertEqual(SpreadMode.double.liesOnForwardSide(PageIndex(4)), false, "an odd last page is a left-hand page")
    }

    func testATurnLaysTheNextSpreadOnTheRestingSpine() {
        let book = DocumentLayout(pageSizes: sizes, settings: LayoutSettings(spreadMode: .book))
        let turn = try! XCTUnwrap(book.turnOfSpread(0, alignedOn: 0, zoom: 2, spreadMode: .book))
        XCTAssertEqual(turn.sheet.page, PageIndex(0), "the cover turns")
        XCTAssertEqual(turn.back?.page, PageIndex(1), "page 2 is on its back")
        let beneath = book.pageFrames(ofSpread: 1, alignedOn: 0, zoom: 2, spreadMode: .book)
        // Pages 2 and 3 meet at the cover's spine, at the cover's middle height.
        XCTAssertEqual((beneath[0].frame.maxX + beneath[1].frame.minX) / 2, turn.spineX, accuracy: 1e-9)
        XCTAssertEqual(beneath[1].frame.midY, turn.sheet.frame.midY, accuracy: 1e-9)
        XCTAssertNil(book.turnOfSpread(2, alignedOn: 2, zoom: 1, spreadMode: .book), "nothing after the last spread")
        let single = DocumentLayout(pageSizes: sizes)
        XCTAssertNil(try XCTUnwrap(single.turnOfSpread(1, alignedOn: 1, zoom: 1, spreadMode: .single)).back, "plain paper behind a single page")
    }
}
