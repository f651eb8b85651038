// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Document
import Geometry
import XCTest

final class TextSearchTests: XCTestCase {
    private func page(_ s: String) -> PageText {
        PageText(characters: Array(s), boxes: s.indices.map { _ in Rect(x: 0, y: 0, width: 1, height: 1) })
    }

    func testMatchesIgnoreCaseUnlessAskedAndDoNotOverlap() {
        let text = page("Annotate, annotate; ANNOTATEannotate")
        XCTAssertEqual(TextSearch(query: "annotate").matches(in: text), [0...7, 10...17, 20...27, 28...35])
        XCTAssertEqual(TextSearch(query: "annotate", matchCase: true).matches(in: text), [10...17, 28...35])
        XCTAssertEqual(TextSearch(query: "aa").matches(in: page("aaaa")), [0...1, 2...3])
    }

    func testWholeWordsSkipMatchesInsideWords() {
        let text = page("pen pencil open pen.")
        XCTAssertEqual(TextSearch(query: "pen", wholeWords: true).matches(in: text), [0...2, 16...18])
        XCTAssertEqual(TextSearch(query: "pen").matches(in: text).count, 4)
    }

    func testASpaceMatchesAnyRunOfWhiteSpaceSoPhrasesCrossLineBreaks() {
        let text = page("writing on\npaper,  then on   paper")
        XCTAssertEqual(TextSearch(query: "on paper").matches(in: text), [8...15, 24...33])
        XCTAssertEqual(TextSearch(query: "  on  paper ").matches(in: text).count, 2, "outer spaces do not count")
        XCTAssertTrue(TextSearch(query: "   ").isEmpty)
        XCTAssertEqual(TextSearch(query: "   ").matches(in: text), [])
    }
}

extension TextSearch {
    /// The characters of each match in `text`, first to last: what the app highlights, read as
    /// strings so that a test shows the page's text it expects.
    func found(in text: String) -> [String] {
        let characters = Array(text)
        return matches(in: characters).map { String(characters[$0]) }
    }
}
