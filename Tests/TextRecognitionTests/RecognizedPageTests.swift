// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import TextRecognition
import XCTest

/// Recognised words as a page's text: spaces between the words of a line, line breaks between
/// lines, each letter a share of its word's box; and a page with text of its own keeps it.
final class RecognizedPageTests: XCTestCase {
    static let page = RecognizedPage(words: [
        RecognizedWord(text: "Hello", box: Rect(x: 10, y: 10, width: 50, height: 12), baseline: 20, confidence: 90, startsLine: true),
        RecognizedWord(text: "world", box: Rect(x: 66, y: 10, width: 50, height: 12), baseline: 20, confidence: 90, startsLine: false),
        RecognizedWord(text: "again", box: Rect(x: 10, y: 30, width: 50, height: 12), baseline: 40, confidence: 90, startsLine: true),
    ], language: "eng")

    func testWordsBecomeLinesOfTextWithABoxPerLetter() {
        let text = Self.page.pageText
        XCTAssertEqual(String(text.characters), "Hello world\nagain")
        XCTAssertEqual(text.boxes[0], Rect(x: 10, y: 10, width: 10, height: 12))
        XCTAssertEqual(text.boxes[5].minX, 60, "the space fills the gap")
        XCTAssertEqual(text.boxes[5].width, 6)
        XCTAssertEqual(text.selectionRects(from: 0, to: 10).count, 1, "one line, one rectangle")
        XCTAssertEqual(text.selectionRects(from: 0, to: 16).count, 2)
        XCTAssertEqual(TextSearch(query: "world again").matches(in: text).count, 1, "a phrase is found across the line break")
    }

    final class FixedText: TextSource, @unchecked Sendable {
        let text: PageText
        init(_ text: PageText) { self.text = text }
        func text(on page: PageIndex) -> PageText { text }
    }

    func testAPageWithTextOfItsOwnKeepsIt() {
        let own = PageText(characters: Array("Printed"), boxes: Array(repeating: Rect(x: 0, y: 0, width: 5, height: 5), count: 7))
        let source = RecognizedTextSource(base: FixedText(own))
        source.recognized[PageIndex(0)] = Self.page
        XCTAssertEqual(String(source.text(on: PageIndex(0)).characters), "Printed")
        let blank = RecognizedTextSource(base: FixedText(PageText(characters: [" "], boxes: [Rect(x: 0, y: 0, width: 1, height: 1)])), recognized: source.recognized)
        XCTAssertEqual(String(blank.text(on: PageIndex(0)).characters), "Hello world\nagain")
        XCTAssertTrue(blank.text(on: PageIndex(1)).characters.allSatisfy(\.isWhitespace), "a page not recognised reads as it is")
        XCTAssertEqual(blank.text(on: PageIndex(0), boxesIf: { _ in false }), .empty)
    }
}
