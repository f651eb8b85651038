// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

/// The pages drawn ahead are the next spread's in the direction of travel, in every layout,
/// with the edge that will show first.
final class PrefetchTests: XCTestCase {
    func testThePagesAheadAreTheNextSpreadsInTheDirectionOfTravel() {
        let single = DocumentLayout(pageSizes: uniformPages(6))
        XCTAssertEqual(single.pagesAhead(ofVisible: [PageIndex(1), PageIndex(2)], forward: true), [PageIndex(3)])
        XCTAssertEqual(single.pagesAhead(ofVisible: [PageIndex(1), PageIndex(2)], forward: false), [PageIndex(0)])
        XCTAssertEqual(single.pagesAhead(ofVisible: [PageIndex(5)], forward: true), [], "nothing after the last page")
        let book = DocumentLayout(pageSizes: uniformPages(6), settings: LayoutSettings(spreadMode: .book))
        XCTAssertEqual(book.pagesAhead(ofVisible: [PageIndex(0)], forward: true), [PageIndex(1), PageIndex(2)], "both pages of the next spread")
        XCTAssertEqual(book.pagesAhead(ofVisible: [PageIndex(3), PageIndex(4)], forward: false), [PageIndex(1), PageIndex(2)])
    }

    func testTheLeadingEdgeFollowsTheLayoutsDirection() {
        XCTAssertEqual(DocumentLayout(pageSizes: uniformPages(2)).leadingEdge(forward: true), .top)
        XCTAssertEqual(DocumentLayout(pageSizes: uniformPages(2)).leadingEdge(forward: false), .bottom)
        let sideways = DocumentLayout(pageSizes: uniformPages(2), settings: LayoutSettings(direction: .horizontal))
        XCTAssertEqual(sideways.leadingEdge(forward: true), .left)
        let rtl = DocumentLayout(pageSizes: uniformPages(2), settings: LayoutSettings(direction: .horizontal, rightToLeft: true))
        XCTAssertEqual(rtl.leadingEdge(forward: true), .right)
        XCTAssertEqual(rtl.leadingEdge(forward: false), .left)
    }
}
