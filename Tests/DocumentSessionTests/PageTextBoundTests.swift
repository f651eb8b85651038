// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// What the session keeps of the pages it has shown is bounded: reading a long document through
/// keeps the text (and its character boxes) of the pages seen last, not of every page, and a
/// page shown again whose text went is read again, so selecting on it works as before.
final class PageTextBoundTests: XCTestCase {
    private var session: DocumentSession!
    /// How often the host was asked to read each page.
    private var reads: [PageIndex: Int] = [:]

    override func setUp() {
        session = DocumentSession(clock: ManualClock(now: InputTime(seconds: 1)),
                                  stamp: { _ in CreationStamp(id: "x", author: "A", date: "D:20261202") })
        host(session.changeView {
            $0.resize(to: Size(width: 1200, height: 800))
            $0.setDocument(pageSizes: Array(repeating: Size(width: 595, height: 842), count: 500))
        })
    }

    /// The canvas's part: a page asked for is read (a page of prose's worth of characters).
    private func host(_ effects: [SessionEffect]) {
        for case .readPage(let page) in effects {
            reads[page, default: 0] += 1
            let characters = Array(repeating: Character("a"), count: 3000)
            session.content.textByPage[page] = PageText(characters: characters, boxes: characters.map { _ in Rect(x: 0, y: 0, width: 5, height: 10) })
        }
    }

    private func show(_ page: Int) {
        host(session.perform(.goTo(PageIndex(page))))
        host(session.syncScene())
    }

    func testTheTextKeptIsBoundedWhileReadingThroughAndAPageShownAgainIsReadAgain() {
        for page in 0..<500 {
            show(page)
            let shown = session.view.shownPages
            XCTAssertLessThanOrEqual(session.content.textByPage.count, DocumentContent.textPagesKept + shown.count, "at page \(page)")
            for page in shown { XCTAssertNotNil(session.content.textByPage[page], "the text of a page shown is kept") }
        }
        XCTAssertEqual(reads.count, 500, "every page was read when shown")
        XCTAssertTrue(reads.values.allSatisfy { $0 == 1 }, "once each while reading through")
        XCTAssertNil(session.content.textByPage[PageIndex(0)], "the first page's text went long ago")

        // Back to the start: page 1's text is read again, and kept while it shows.
        show(0)
        XCTAssertEqual(reads[PageIndex(0)], 2)
        XCTAssertNotNil(session.content.textByPage[PageIndex(0)])
        // Shown again without having gone: not read again.
        show(0)
        XCTAssertEqual(reads[PageIndex(0)], 2)
    }

    func testTheTextOfPagesASelectionCoversStaysWhileTheReaderMovesOn() {
        show(10)
        session.interaction.setTextSelection(TextSelection(page: PageIndex(10), anchor: 0, focusPage: PageIndex(10), focus: 20))
        for page in 11..<200 { show(page) }
        XCTAssertNotNil(session.content.textByPage[PageIndex(10)], "the selected text can still be copied or marked up")
        XCTAssertLessThanOrEqual(session.content.textByPage.count, DocumentContent.textPagesKept + 3)
    }
}
