// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import XCTest

/// A split's search going over to the other half (``DocumentSession/carrySearch(_:)``): the
/// query, the matches found and the current one are taken over as they stand, the view stays
/// where it is, and only the pages still unread are read there.
final class SearchCarryTests: XCTestCase {
    private let sizes = Array(repeating: Size(width: 420, height: 595), count: 4)
    private lazy var first = EditingWalkHost([], pageSizes: sizes)
    private lazy var second = EditingWalkHost([], pageSizes: sizes)

    private func readRequest(_ effects: [SessionEffect]) -> (order: [PageIndex], generation: Int)? {
        for effect in effects { if case .readPagesForSearch(_, let order, let generation) = effect { return (order, generation) } }
        return nil
    }

    private func matches(on page: Int) -> (page: PageIndex, matches: [(range: ClosedRange<Int>, boxes: [Rect])]) {
        let box = Rect(x: 50, y: 60, width: 30, height: 10)
        return (PageIndex(page), [(range: 3...6, boxes: [box]), (range: 20...23, boxes: [box.offsetBy(Vector(dx: 0, dy: 40))])])
    }

    func testAFinishedSearchGoesOverWithItsMatchesAndCurrentMatchAndReadsNothingAgain() throws {
        let effects = first.session.perform(.search(TextSearch(query: "word")))
        let request = try XCTUnwrap(readRequest(effects))
        first.session.searchReadersStarted(1)
        _ = first.session.searchFound([matches(on: 0), matches(on: 2)], read: request.order, readerFinished: true,
                                      generation: request.generation)
        _ = first.session.perform(.stepSearch(forward: true))
        _ = first.session.perform(.stepSearch(forward: true))
        let running = try XCTUnwrap(first.session.search)
        XCTAssertEqual(running.currentNumber, 3)
        let offset = second.session.view.viewport.offset

        let carried = second.session.carrySearch(running)
        XCTAssertNil(readRequest(carried), "every page was read: nothing is read again")
        let search = try XCTUnwrap(second.session.search)
        XCTAssertEqual(search.search.query, "word")
        XCTAssertEqual(search.count, 4)
        XCTAssertEqual(search.currentNumber, 3, "the current match stays the current one")
        XCTAssertTrue(search.done)
        XCTAssertEqual(second.session.view.viewport.offset, offset, "the view does not move")
        XCTAssertFalse(second.session.frame.searchMatches.isEmpty, "the matches in view are drawn in the view it went to")
        // Stepping goes on from the current match.
        _ = second.session.perform(.stepSearch(forward: true))
        XCTAssertEqual(second.session.search?.currentNumber, 4)
    }

    func testASearchStillReadingGoesOverWithWhatItFoundAndReadsOnlyTheRest() throws {
        let effects = first.session.perform(.search(TextSearch(query: "word")))
        let request = try XCTUnwrap(readRequest(effects))
        first.session.searchReadersStarted(1)
        _ = first.session.searchFound([matches(on: 0)], read: [request.order[0]], readerFinished: false, generation: request.generation)
        let running = try XCTUnwrap(first.session.search)
        XCTAssertFalse(running.done)

        let carried = second.session.carrySearch(running)
        let rest = try XCTUnwrap(readRequest(carried), "the pages still unread are read in the view it went to")
        XCTAssertEqual(rest.order, Array(request.order.dropFirst()))
        second.session.searchReadersStarted(1)
        // What the first view's reader still delivers is not heard there any more; the new one's is.
        XCTAssertEqual(second.session.searchFound([matches(on: 3)], read: rest.order, readerFinished: true,
                                                  generation: request.generation), [])
        _ = second.session.searchFound([matches(on: 3)], read: rest.order, readerFinished: true, generation: rest.generation)
        let search = try XCTUnwrap(second.session.search)
        XCTAssertTrue(search.done)
        XCTAssertEqual(search.count, 4, "what was found before the carry, and after it")
    }
}
