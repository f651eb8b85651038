// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import XCTest

/// A word hyphenated at a line's end ("exam-" ending one line, "ple" starting the next) is found
/// as the word, its match covering both parts; other hyphens are matched as written.
final class TextSearchLineEndTests: XCTestCase {
    func testAWordHyphenatedAtALineEndIsFoundWithBothPartsInTheMatch() {
        XCTAssertEqual(TextSearch(query: "example").found(in: "An exam-\nple here."), ["exam-\nple"])
        XCTAssertEqual(TextSearch(query: "EXAMPLE").found(in: "An Exam-\nple, an example."), ["Exam-\nple", "example"])
        XCTAssertEqual(TextSearch(query: "example", matchCase: true).found(in: "Exam-\nple, exam-\nple"), ["exam-\nple"])
    }

    func testTheRangeRunsFromTheFirstLetterToTheLastAcrossTheBreak() {
        let text = Array("An exam-\nple here.")
        let first = text.firstIndex(of: "x")! - 1, last = text.lastIndex(of: "p")! + 2
        XCTAssertEqual(TextSearch(query: "example").matches(in: text), [first...last])
        XCTAssertEqual(String(text[first...last]), "exam-\nple")
    }

    func testSpacesTabsAndCarriageReturnsAroundTheLineBreakAreReadThrough() {
        for text in ["exam- \nple", "exam-\n  ple", "exam-\t\n\tple", "exam-\r\nple", "exam- \r \n ple"] {
            XCTAssertEqual(TextSearch(query: "example").found(in: text), [text], text.debugDescription)
        }
    }

    func testASoftHyphenOrAUnicodeHyphenAtALineEndJoinsTheWordToo() {
        for text in ["exam\u{00AD}\nple", "exam\u{2010}\nple"] {
            XCTAssertEqual(TextSearch(query: "example").found(in: text), [text], text.debugDescription)
        }
    }

    func testAHyphenInsideALineIsNotSkipped() {
        XCTAssertEqual(TextSearch(query: "wellknown").found(in: "a well-known fact"), [])
        XCTAssertEqual(TextSearch(query: "wellknown").found(in: "a well- known fact"), [])
    }

    func testAHyphenAtALineEndIsReadThroughOnlyBetweenTwoLetters() {
        XCTAssertEqual(TextSearch(query: "example").found(in: "exam -\nple"), [], "a dash after a space")
        XCTAssertEqual(TextSearch(query: "example").found(in: "exam-\n\nple"), [], "a paragraph break, not a line break")
        XCTAssertEqual(TextSearch(query: "ab12").found(in: "ab1-\n2"), [], "digits")
        XCTAssertEqual(TextSearch(query: "example").found(in: "exam-\n"), [], "the text ends")
    }

    func testAQueryWithAHyphenMatchesALiteralHyphen() {
        XCTAssertEqual(TextSearch(query: "well-known").found(in: "a well-known fact"), ["well-known"])
        XCTAssertEqual(TextSearch(query: "well-known").found(in: "a well-\nknown fact"), ["well-\nknown"])
        XCTAssertEqual(TextSearch(query: "exam-").found(in: "exam-\nple"), ["exam-"])
        XCTAssertEqual(TextSearch(query: "-").found(in: "a - b-c"), ["-", "-"])
    }

    func testWholeWordsTreatAWordJoinedAcrossALineEndAsOneWord() {
        let text = "An exam-\nple, an exam and a ple."
        XCTAssertEqual(TextSearch(query: "example", wholeWords: true).found(in: text), ["exam-\nple"])
        XCTAssertEqual(TextSearch(query: "exam", wholeWords: true).found(in: text), ["exam"])
        XCTAssertEqual(TextSearch(query: "ple", wholeWords: true).found(in: text), ["ple"])
        XCTAssertEqual(TextSearch(query: "exam").found(in: text).count, 2, "inside words the parts are found")
    }

    func testAPhraseRunsThroughAHyphenatedWord() {
        XCTAssertEqual(TextSearch(query: "an example here").found(in: "an exam-\nple here"), ["an exam-\nple here"])
    }
}
