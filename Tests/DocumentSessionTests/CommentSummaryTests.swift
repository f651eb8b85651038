// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import XCTest

/// The comment summary: numbered in reading order through the document, threads under their
/// comments, the latest review state shown, what is not a comment left out, and the users' words
/// never turned into Markdown.
final class CommentSummaryTests: XCTestCase {
    private let letter = Size(width: 612, height: 792)

    private func note(_ id: String, page: Int = 0, x: Double, y: Double, _ text: String, author: String? = "Ann",
                      date: String = "D:20261123142650Z", replyTo: String? = nil) -> Annotation {
        var a = Annotation(id: id, page: PageIndex(page), subtype: replyTo == nil ? .highlight : .text,
                           rect: Rect(x: x, y: y, width: 40, height: 12), contents: text, author: author, modified: date)
        a.inReplyTo = replyTo
        return a
    }

    private func info(_ rotation: PageRotation = .none) -> (PageIndex) -> PageInfo? {
        { PageInfo(index: $0, mediaSize: self.letter, rotation: rotation) }
    }

    private var words: CommentSummary.Words {
        CommentSummary.Words(title: "Comments on “x.pdf”", count: "n comments", page: { "Page \($0)" }, kind: { "\($0)" },
                             date: { String($0.dropFirst(2).prefix(8)) }, state: { $0 })
    }

    func testCommentsAreNumberedTopToBottomThroughTheDocumentAndRepliesAreNotEntries() {
        let low = note("low", x: 100, y: 100, "low on the page")
        let high = note("high", x: 300, y: 700, "high on the page")
        let second = note("second", page: 1, x: 50, y: 500, "on page 2")
        let reply = note("r1", x: 300, y: 700, "a reply", author: "Bob", replyTo: "high")
        let summary = CommentSummary(annotations: [second, low, reply, high], pageInfo: info())
        XCTAssertEqual(summary.pages.map(\.page), [PageIndex(0), PageIndex(1)])
        XCTAssertEqual(summary.pages[0].entries.map(\.annotation.id), ["high", "low"])
        XCTAssertEqual(summary.pages.flatMap(\.entries).map(\.number), [1, 2, 3])
        XCTAssertEqual(summary.count, 3)
        // The marker is the rectangle's top-left corner on the page as shown (y down).
        XCTAssertEqual(summary.pages[0].entries[0].marker.y, 792 - 712, accuracy: 1e-9)
    }

    func testAThreadListsRepliesToRepliesOldestFirstAndTheLatestReviewStateOnly() {
        let comment = note("c", x: 100, y: 600, "Please check")
        let late = note("r2", x: 100, y: 600, "second answer", author: "Cy", date: "D:20261125090000Z", replyTo: "c")
        let early = note("r1", x: 100, y: 600, "first answer", author: "Bob", date: "D:20261124090000Z", replyTo: "c")
        let nested = note("r3", x: 100, y: 600, "answer to Bob", author: "Ann", date: "D:20261124100000Z", replyTo: "r1")
        var accepted = note("s1", x: 100, y: 600, "", date: "D:20261126090000Z", replyTo: "c")
        accepted.state = "Accepted"; accepted.stateModel = "Review"
        var rejected = note("s0", x: 100, y: 600, "", date: "D:20261124000000Z", replyTo: "c")
        rejected.state = "Rejected"; rejected.stateModel = "Review"
        var marked = note("m", x: 100, y: 600, "", date: "D:20261127000000Z", replyTo: "c")
        marked.state = "Marked"; marked.stateModel = "Marked"
        let summary = CommentSummary(annotations: [late, accepted, comment, nested, rejected, early, marked], pageInfo: info())
        let entry = summary.pages[0].entries[0]
        XCTAssertEqual(summary.count, 1)
        XCTAssertEqual(entry.replies.map(\.text), ["first answer", "answer to Bob", "second answer"])
        XCTAssertEqual(entry.replies.map(\.depth), [1, 2, 1])
        XCTAssertEqual(entry.state, "Accepted")
        let text = summary.plainText(words)
        XCTAssertTrue(text.contains("1. highlight — Ann, 20261123 (Accepted)"), text)
        XCTAssertTrue(text.contains("↳ Bob, 20261124"), text)
    }

    func testLinksWidgetsPopupsAndHiddenAnnotationsAreNotComments() {
        var hidden = note("h", x: 10, y: 10, "hidden")
        hidden.flags = AnnotationFlags.hidden
        let link = Annotation(id: "l", page: PageIndex(0), subtype: .link, rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let popup = Annotation(id: "p", page: PageIndex(0), subtype: .popup, rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let widget = Annotation(id: "w", page: PageIndex(0), subtype: .widget, rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let ink = Annotation(id: "i", page: PageIndex(0), subtype: .ink, rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let summary = CommentSummary(annotations: [hidden, link, popup, widget, ink], pageInfo: info())
        XCTAssertEqual(summary.pages.flatMap(\.entries).map(\.annotation.id), ["i"])
    }

    func testMarkersFollowTheTurnOfAPageShownTurned() {
        // A quarter turn: PDF x becomes the shown y, PDF y (from the bottom) the shown x.
        let a = note("a", x: 100, y: 200, "turned")
        let entry = CommentSummary(annotations: [a], pageInfo: info(.quarter)).pages[0].entries[0]
        XCTAssertEqual(entry.marker.x, 200, accuracy: 1e-9)
        XCTAssertEqual(entry.marker.y, 100, accuracy: 1e-9)
    }

    func testTheUsersWordsNeverBecomeMarkdown() {
        let a = note("a", x: 100, y: 600, "# not a heading\n*not bold* [not a link](x)")
        let md = CommentSummary(annotations: [a], pageInfo: info()).markdown(words)
        XCTAssertTrue(md.contains("\\# not a heading"), md)
        XCTAssertTrue(md.contains("\\*not bold\\* \\[not a link\\]\\(x\\)"), md)
        XCTAssertTrue(md.hasPrefix("# Comments on “x\\.pdf”"), md)
        XCTAssertTrue(md.contains("\n## Page 1\n"), md)
    }
}
