// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import XCTest

final class ReadingHistoryTests: XCTestCase {
    private func at(_ i: Double) -> ReadingPosition { ReadingPosition(spreadIndex: i, zoom: 1) }

    func testBackReturnsWhereTheReaderLeftAndForwardGoesAgain() {
        var history = ReadingHistory()
        XCTAssertFalse(history.canGoBack)
        history.leave(at(0.25))           // a link on page 1 …
        history.leave(at(4.5))            // … then one on page 5
        XCTAssertEqual(history.goBack(from: at(9)), at(4.5))
        XCTAssertEqual(history.goBack(from: at(4.5)), at(0.25))
        XCTAssertNil(history.goBack(from: at(0.25)))
        XCTAssertEqual(history.goForward(from: at(0.25)), at(4.5))
        XCTAssertEqual(history.goForward(from: at(4.5)), at(9))
        XCTAssertFalse(history.canGoForward)
    }

    func testANewJumpAfterGoingBackForgetsTheWayForward() {
        var history = ReadingHistory()
        history.leave(at(1))
        _ = history.goBack(from: at(7))
        XCTAssertTrue(history.canGoForward)
        history.leave(at(1))
        XCTAssertFalse(history.canGoForward)
        XCTAssertEqual(history.back, [at(1)])
    }

    func testTheHistoryKeepsItsNewestPlacesOnly() {
        var history = ReadingHistory()
        history.limit = 3
        for i in 0..<10 { history.leave(at(Double(i))) }
        XCTAssertEqual(history.back, [at(7), at(8), at(9)])
    }
}
