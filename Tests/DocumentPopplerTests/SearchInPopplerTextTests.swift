// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

/// The search reads poppler's real text as a reader reads the page: a word hyphenated at a
/// line's end is found across the break, with both parts highlighted, and a ligature glyph
/// matches its letters.
final class SearchInPopplerTextTests: XCTestCase {
    private let lines = ["A worked exam-", "ple of a \u{FB01}le that \u{FB02}ows.", "A well-known term."]

    private func pageText(in folder: TemporaryFolder) throws -> (path: String, text: PageText) {
        let path = try folder.write(TypesetLinesPDF(lines: lines).data(), to: "typeset.pdf")
        let document = try PopplerDocument.open(path: path)
        return (path, document.text(on: PageIndex(0)))
    }

    private func found(_ query: String, in text: PageText) -> [String] {
        TextSearch(query: query).matches(in: text).map { text.string(from: $0.lowerBound, to: $0.upperBound) }
    }

    func testAWordHyphenatedAtALineEndIsFoundAcrossTheBreakAndHighlightedOnBothLines() throws {
        let folder = try TemporaryFolder()
        let (_, text) = try pageText(in: folder)
        let matches = TextSearch(query: "example").matches(in: text)
        XCTAssertEqual(matches.count, 1, String(text.characters))
        let match = try XCTUnwrap(matches.first)
        let matched = text.string(from: match.lowerBound, to: match.upperBound)
        XCTAssertTrue(matched.hasPrefix("exam-") && matched.hasSuffix("ple"), matched)
        XCTAssertEqual(matched.filter { !$0.isWhitespace && $0 != "-" }, "example")
        let rects = text.selectionRects(from: match.lowerBound, to: match.upperBound)
        XCTAssertEqual(rects.count, 2, "one highlight per line: \(rects)")
        if rects.count == 2 { XCTAssertGreaterThan(rects[1].minY, rects[0].maxY - 1, "the second part is on the next line") }
    }

    func testTheCountOverTheGeneratedPageEqualsPdftotexts() throws {
        let folder = try TemporaryFolder()
        let (path, text) = try pageText(in: folder)
        let reference = try PdftotextWords(path: path)
        XCTAssertEqual(reference.joinedAtLineEnds, ["example"], "pdftotext reads the hyphenated word joined")
        for word in ["example", "exam", "ple", "worked"] {
            XCTAssertEqual(TextSearch(query: word, wholeWords: true).matches(in: text).count, reference.counts[word] ?? 0, word)
        }
    }

    func testAHyphenInsideALineStaysAHyphen() throws {
        let folder = try TemporaryFolder()
        let (_, text) = try pageText(in: folder)
        XCTAssertEqual(found("wellknown", in: text), [])
        XCTAssertEqual(found("well-known", in: text), ["well-known"])
    }

    func testLigatureGlyphsInPopplersTextMatchTheirLetters() throws {
        let folder = try TemporaryFolder()
        let (_, text) = try pageText(in: folder)
        // The page must really hold the ligature characters for this test to mean anything.
        XCTAssertTrue(text.characters.contains("\u{FB01}") && text.characters.contains("\u{FB02}"), String(text.characters))
        XCTAssertEqual(found("FILE", in: text), ["\u{FB01}le"])
        XCTAssertEqual(found("flows", in: text), ["\u{FB02}ows"])
        XCTAssertEqual(TextSearch(query: "file", wholeWords: true).matches(in: text).count, 1)
    }
}
