// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import XCTest

/// The annotation list's threads and filters, headless: replies under what they answer, state
/// notes never as rows, and the author and state filters letting whole threads through.
final class ReviewListingTests: XCTestCase {
    func note(_ id: String, by author: String, answering parent: String? = nil, state: ReviewState? = nil, at date: String) -> Annotation {
        var a = Annotation(id: id, page: PageIndex(0), subtype: .text, rect: Rect(x: 0, y: 0, width: 20, height: 20), contents: id,
                           author: author, modified: date, flags: state == nil ? 28 : 30)
        a.inReplyTo = parent
        a.state = state?.rawValue
        a.stateModel = state?.model
        return a
    }

    lazy var page: [Annotation] = [
        note("n1", by: "Grace", at: "D:20261101"),
        note("r2", by: "Grace", answering: "r1", at: "D:20261104"),
        note("r1", by: "Alan", answering: "n1", at: "D:20261102"),
        note("s1", by: "Grace", answering: "n1", state: .accepted, at: "D:20261103"),
        note("n2", by: "Ada", at: "D:20261105"),
        note("m1", by: "Ada", answering: "n2", state: .marked, at: "D:20261106"),
        note("orphan", by: "Alan", answering: "gone", at: "D:20261107"),
    ]

    func testRepliesFollowWhatTheyAnswerAndStatesAreNoRows() {
        let rows = ReviewListing.rows(page, user: "Ada")
        XCTAssertEqual(rows.map(\.annotation.id), ["n1", "r1", "r2", "n2", "orphan"])
        XCTAssertEqual(rows.map(\.depth), [0, 1, 2, 0, 0])
        XCTAssertEqual(rows[0].replies, 2)
        XCTAssertEqual(rows[0].state, .accepted)
        XCTAssertTrue(rows[3].marked, "Ada's own mark")
        XCTAssertFalse(ReviewListing.rows(page, user: "Grace")[3].marked, "not Grace's")
    }

    func testTheAuthorFilterLetsAThreadThroughWhenAnyoneInItIsThatAuthor() {
        XCTAssertEqual(ReviewListing.rows(page, author: "Alan", user: nil).map(\.annotation.id), ["n1", "r1", "r2", "orphan"])
        XCTAssertEqual(ReviewListing.rows(page, author: "Ada", user: nil).map(\.annotation.id), ["n2"])
        XCTAssertEqual(ReviewListing.authors(page), ["Grace", "Alan", "Ada"])
    }

    func testTheStateFilterGoesByTheNewestStateAndTheUsersMark() {
        XCTAssertEqual(ReviewListing.rows(page, state: .state(.accepted), user: nil).map(\.annotation.id), ["n1", "r1", "r2"])
        XCTAssertEqual(ReviewListing.rows(page, state: .noState, user: nil).map(\.annotation.id), ["n2", "orphan"])
        XCTAssertEqual(ReviewListing.rows(page, state: .marked, user: "Ada").map(\.annotation.id), ["n2"])
        var later = page
        later.append(note("s2", by: "Alan", answering: "n1", state: .rejected, at: "D:20261108"))
        XCTAssertEqual(ReviewListing.rows(later, state: .state(.rejected), user: nil).first?.annotation.id, "n1", "the newest state wins")
        XCTAssertTrue(ReviewListing.rows(later, state: .state(.accepted), user: nil).isEmpty)
    }
}
