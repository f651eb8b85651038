// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import XCTest

/// A search read by several readers out of order: the first match in reading order from the
/// page in view becomes current only once no page before it is unread; steps wrap round.
final class SearchProgressTests: XCTestCase {
    typealias Match = (range: ClosedRange<Int>, boxes: [Rect])
    let match: [Match] = [(0...3, [Rect(x: 10, y: 10, width: 30, height: 10)])]

    func testTheFirstMatchFromThePageInViewWaitsForThePagesBeforeIt() {
        var search = SearchProgress(search: TextSearch(query: "word"), startPage: 3, pageCount: 10, generation: 1)
        search.readersStarted(2)
        XCTAssertEqual(search.remaining.first, PageIndex(3), "the page in view is read first")
        // Page 6's match arrives before page 4 was read: it must wait.
        XCTAssertFalse(search.received([(PageIndex(6), match)], read: [PageIndex(3), PageIndex(5), PageIndex(6)], readerFinished: false))
        XCTAssertNil(search.current)
        // Page 4 has a match too and is before page 6 in reading order: it becomes current.
        XCTAssertTrue(search.received([(PageIndex(4), match)], read: [PageIndex(4)], readerFinished: false))
        XCTAssertEqual(search.current?.page, PageIndex(4))
        XCTAssertEqual(search.count, 2)
        XCTAssertEqual(search.currentNumber, 1, "page 5 (index 4) holds the first match in document order")
    }

    func testStepsGoRoundTheDocumentAndSaySo() {
        var search = SearchProgress(search: TextSearch(query: "word"), startPage: 0, pageCount: 3, generation: 1)
        search.readersStarted(1)
        _ = search.received([(PageIndex(0), match), (PageIndex(2), match)], read: [0, 1, 2].map(PageIndex.init), readerFinished: true)
        XCTAssertTrue(search.done)
        XCTAssertEqual(search.current?.page, PageIndex(0))
        XCTAssertEqual(search.step(forward: true), false)
        XCTAssertEqual(search.current?.page, PageIndex(2))
        XCTAssertEqual(search.step(forward: true), true, "round the end")
        XCTAssertEqual(search.current?.page, PageIndex(0))
        XCTAssertEqual(search.step(forward: false), true, "back round the start")
    }

    func testAStoppedSearchKeepsWhatItFoundAndTakesNothingMore() {
        var search = SearchProgress(search: TextSearch(query: "word"), startPage: 0, pageCount: 100, generation: 1)
        search.readersStarted(4)
        _ = search.received([(PageIndex(1), match)], read: [PageIndex(0), PageIndex(1)], readerFinished: false)
        search.stop()
        XCTAssertTrue(search.stopped)
        XCTAssertTrue(search.done)
        XCTAssertFalse(search.received([(PageIndex(2), match)], read: [PageIndex(2)], readerFinished: false))
        XCTAssertEqual(search.count, 1)
        XCTAssertEqual(search.read, 2)
        XCTAssertNil(SearchProgress(search: TextSearch(query: "x"), startPage: 0, pageCount: 1, generation: 1).currentNumber)
    }
}
