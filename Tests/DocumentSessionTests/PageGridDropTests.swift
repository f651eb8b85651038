// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentSession
import Geometry
import XCTest

/// Where pages dragged over the Pages grid land, in a column and in rows, and the grid's
/// scrolling near its edges.
final class PageGridDropTests: XCTestCase {
    private func column(_ count: Int) -> [(page: PageIndex, frame: Rect)] {
        (0..<count).map { (PageIndex($0), Rect(x: 40, y: 10 + Double($0) * 200, width: 120, height: 170)) }
    }

    func testInAColumnTheUpperHalfOfAThumbnailIsTheGapBeforeIt() throws {
        let frames = column(4)
        let upper = try XCTUnwrap(PageGridDrop.at(Point(x: 100, y: 410 + 20), frames: frames))
        XCTAssertEqual(upper.gap, 2)
        XCTAssertTrue(upper.before)
        XCTAssertFalse(upper.across)
        XCTAssertEqual(PageGridDrop.at(Point(x: 100, y: 410 + 150), frames: frames)?.gap, 3)
        XCTAssertEqual(PageGridDrop.at(Point(x: 5, y: 3000), frames: frames)?.gap, 4, "past the last thumbnail: the end")
        XCTAssertNil(PageGridDrop.at(Point(x: 0, y: 0), frames: []))
    }

    func testInRowsTheLeftHalfIsTheGapBefore() throws {
        let frames = (0..<6).map { i in (PageIndex(i), Rect(x: 10 + Double(i % 3) * 130, y: 10 + Double(i / 3) * 200, width: 120, height: 170)) }
        let drop = try XCTUnwrap(PageGridDrop.at(Point(x: 140 + 100, y: 250), frames: frames))
        XCTAssertEqual(drop.page, PageIndex(4))
        XCTAssertEqual(drop.gap, 5, "right half of page 5: after it")
        XCTAssertTrue(drop.across)
    }

    func testDroppingPagesNextToThemselvesMovesNothing() {
        let drop = PageGridDrop(gap: 3, page: PageIndex(2), before: false, across: false)
        XCTAssertFalse(drop.moves([PageIndex(2)]))
        XCTAssertFalse(drop.moves([PageIndex(1), PageIndex(2)]))
        XCTAssertTrue(drop.moves([PageIndex(0)]))
        XCTAssertTrue(drop.moves([PageIndex(1), PageIndex(4)]), "scattered pages are gathered")
        XCTAssertFalse(drop.moves([]))
    }

    func testTheGridScrollsOnlyNearItsEdgesFasterDeeperIn() {
        XCTAssertEqual(PageGridDrop.scrollSpeed(at: 300, height: 600), 0)
        XCTAssertLessThan(PageGridDrop.scrollSpeed(at: 5, height: 600), PageGridDrop.scrollSpeed(at: 40, height: 600))
        XCTAssertLessThan(PageGridDrop.scrollSpeed(at: 40, height: 600), 0)
        XCTAssertGreaterThan(PageGridDrop.scrollSpeed(at: 595, height: 600), PageGridDrop.scrollSpeed(at: 560, height: 600))
        XCTAssertGreaterThan(PageGridDrop.scrollSpeed(at: 560, height: 600), 0)
        XCTAssertEqual(PageGridDrop.scrollSpeed(at: 5, height: 80), 0, "a grid too short to have edges does not scroll")
    }
}
