// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

/// PageInfo values and the in-memory page source used by layout tests.
final class PageSourceTests: XCTestCase {
    func testDisplaySizeSwapsSidesForQuarterTurnsOnly() {
        let size = Size(width: 612, height: 792)
        XCTAssertEqual(PageInfo(index: .init(0), mediaSize: size, rotation: .none).displaySize, size)
        XCTAssertEqual(PageInfo(index: .init(0), mediaSize: size, rotation: .quarter).displaySize, size.transposed)
        XCTAssertEqual(PageInfo(index: .init(0), mediaSize: size, rotation: .half).displaySize, size)
        XCTAssertEqual(PageInfo(index: .init(0), mediaSize: size, rotation: .threeQuarters).displaySize, size.transposed)
    }

    func testTheFakeSourceRenumbersPagesAndReportsTheirSizes() {
        let source = FakePageSource(pages: [
            PageInfo(index: .init(7), mediaSize: Size(width: 100, height: 200), rotation: .quarter),
            PageInfo(index: .init(3), mediaSize: Size(width: 300, height: 400), rotation: .none),
        ])
        XCTAssertEqual(source.pageCount, 2)
        XCTAssertEqual(source.pageInfo(.init(0)).index, .init(0))
        XCTAssertEqual(source.pageInfo(.init(1)).index, .init(1))
        XCTAssertEqual(source.displaySizes, [Size(width: 200, height: 100), Size(width: 300, height: 400)])
    }

    func testTheFakeSourceCanStandInForAThousandLetterPages() {
        let source: any PageSource = FakePageSource(count: 1000)
        XCTAssertEqual(source.pageCount, 1000)
        XCTAssertEqual(source.pageInfo(.init(999)).displaySize, Size(width: 612, height: 792))
    }
}
