// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import XCTest

/// A ligature character (U+FB00–U+FB06: ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) matches the letters it stands for, as
/// the reader sees them, wherever a match starts or ends.
final class TextSearchLigatureTests: XCTestCase {
    func testEachLigatureMatchesItsLetters() {
        let pairs = [("\u{FB00}", "ff"), ("\u{FB01}", "fi"), ("\u{FB02}", "fl"), ("\u{FB03}", "ffi"),
                     ("\u{FB04}", "ffl"), ("\u{FB05}", "st"), ("\u{FB06}", "st")]
        for (ligature, letters) in pairs {
            let text = "a\(ligature)b"
            XCTAssertEqual(TextSearch(query: "a\(letters)b").found(in: text), [text], ligature)
        }
    }

    func testALigatureAtTheStartTheMiddleOrTheEndOfAMatch() {
        XCTAssertEqual(TextSearch(query: "file").found(in: "a \u{FB01}le"), ["\u{FB01}le"])
        XCTAssertEqual(TextSearch(query: "office").found(in: "the o\u{FB03}ce"), ["o\u{FB03}ce"])
        XCTAssertEqual(TextSearch(query: "staff").found(in: "our sta\u{FB00}."), ["sta\u{FB00}"])
    }

    func testAMatchStartingOrEndingInsideALigatureCoversTheLigature() {
        XCTAssertEqual(TextSearch(query: "ice").found(in: "o\u{FB03}ce"), ["\u{FB03}ce"], "starts at the i of ﬃ")
        XCTAssertEqual(TextSearch(query: "of").found(in: "o\u{FB03}ce"), ["o\u{FB03}"], "ends at the first f of ﬃ")
        XCTAssertEqual(TextSearch(query: "if").found(in: "if o\u{FB03}ce"), ["if"], "no match between letters of one ligature")
    }

    func testTheRangesOfLigatureMatchesAreTheCharactersIndices() {
        let text = Array("a \u{FB01}le, a \u{FB01}le")
        let ligatures = text.indices.filter { text[$0] == "\u{FB01}" }
        XCTAssertEqual(TextSearch(query: "file").matches(in: text), ligatures.map { $0...($0 + 2) })
    }

    func testMatchesWithinOneLigatureDoNotOverlap() {
        let text = Array("sta\u{FB00}")
        XCTAssertEqual(TextSearch(query: "f").matches(in: text), [3...3])
    }

    func testLigaturesMatchWhateverTheCaseUnlessAsked() {
        XCTAssertEqual(TextSearch(query: "FILE").found(in: "\u{FB01}le"), ["\u{FB01}le"])
        XCTAssertEqual(TextSearch(query: "file", matchCase: true).found(in: "\u{FB01}le"), ["\u{FB01}le"])
        XCTAssertEqual(TextSearch(query: "FILE", matchCase: true).found(in: "\u{FB01}le"), [], "the ligature is lower case")
        XCTAssertEqual(TextSearch(query: "\u{FB01}le").found(in: "FILE, file, \u{FB01}le"), ["FILE", "file", "\u{FB01}le"],
                       "a ligature in the query is its letters too")
    }

    func testWholeWordsDoNotStartOrEndInsideALigature() {
        XCTAssertEqual(TextSearch(query: "file", wholeWords: true).found(in: "a \u{FB01}le"), ["\u{FB01}le"])
        XCTAssertEqual(TextSearch(query: "ile", wholeWords: true).found(in: "a \u{FB01}le"), [])
        XCTAssertEqual(TextSearch(query: "of", wholeWords: true).found(in: "o\u{FB03}ce"), [])
    }

    func testALigatureJoinsAWordHyphenatedAtALineEnd() {
        XCTAssertEqual(TextSearch(query: "efficient", wholeWords: true).found(in: "an ef-\n\u{FB01}cient search"), ["ef-\n\u{FB01}cient"])
    }
}
