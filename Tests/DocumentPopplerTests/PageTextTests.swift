// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

final class PageTextTests: XCTestCase {
    /// Two lines of three 10-point characters: "abc" at y 0–10, "def" at y 20–30.
    let text = PageText(characters: Array("abc\ndef"), boxes: [
        Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10),
        Rect(x: 30, y: 0, width: 0, height: 0),
        Rect(x: 0, y: 20, width: 10, height: 10), Rect(x: 10, y: 20, width: 10, height: 10), Rect(x: 20, y: 20, width: 10, height: 10),
    ])

    func testAPointOnACharacterHitsItAndAMarginHitsNothing() {
        XCTAssertEqual(text.characterIndex(at: Point(x: 15, y: 5)), 1)
        XCTAssertNil(text.characterIndex(at: Point(x: 80, y: 80)))
    }

    func testDraggingPastALinesEndEndsOnThatLine() {
        XCTAssertEqual(text.nearestCharacterIndex(to: Point(x: 200, y: 25)), 6)
        XCTAssertEqual(text.nearestCharacterIndex(to: Point(x: -50, y: 5)), 0)
    }

    func testASelectionReadsInEitherDirectionAndHighlightsOneBandPerLine() {
        XCTAssertEqual(text.string(from: 5, to: 1), "bc\nde")
        XCTAssertEqual(text.selectionRects(from: 1, to: 5), [Rect(x: 10, y: 0, width: 20, height: 10), Rect(x: 0, y: 20, width: 20, height: 10)])
    }

    func testPopplerGivesOneBoxPerCharacterWhereTheTextIsDrawn() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/sample.pdf").standardized.path
        let doc = try PopplerDocument.open(path: sample)
        let page = doc.text(on: PageIndex(0))
        XCTAssertFalse(page.isEmpty)
        XCTAssertEqual(page.characters.count, page.boxes.count)
        // data/README.md: the title block (x 36–288, y 36–100 pt from the top-left) reads "Page 1".
        let index = try XCTUnwrap(page.characterIndex(at: Point(x: 60, y: 70), tolerance: 4))
        let word = page.string(from: index, to: min(index + 5, page.characters.count - 1))
        XCTAssertTrue("Page 1".contains(word.prefix(3)), "found \(word)")
    }
}
