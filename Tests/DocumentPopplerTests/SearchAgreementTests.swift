// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

/// The search bar finds a word as often as a reader sees it: over every page of each developer
/// PDF, a whole-word search (poppler-glib's text, `TextSearch`) counts as many occurrences as
/// pdftotext's reading, which joins words hyphenated at a line's end.
final class SearchAgreementTests: XCTestCase {
    /// Documents left out because poppler-glib's page text and pdftotext's reading differ there
    /// for reasons outside the search.
    static let excludedDocuments: [String: String] = [
        "signed-valid-incremental.pdf": "pdftotext reads the signature field's appearance (\"Digitally signed by John Doe\"), "
            + "which poppler-glib's page text leaves out",
    ]

    /// Words left out in one document, with the reason: each is a place where poppler-glib's page
    /// text differs from pdftotext's reading, seen by comparing the two texts page by page.
    static let excludedWords: [String: [String: String]] = [
        "r-exts-236p.pdf": [
            "corresponds": "page 205: poppler-glib glues a table's cells (\"inf = 1corresponds to\"), pdftotext does not",
            "examples": "page 140: poppler-glib's text leaves out the page's last lines (\"by LTO. For our last two examples …\")",
        ],
        "geotopo-117p-linearized.pdf": [
            "übungsaufgaben": "page 4: poppler-glib glues a contents entry to its page number (\"Übungsaufgaben99\")",
        ],
        "annots-highlights-14p.pdf": [
            "generate": "page 13: \"gen-\" ends a column and \"erate\" starts the next; poppler-glib's text puts one line "
                + "break between them, so the search joins them as a reader does, but pdftotext ends a flow there and does not",
            "number": "page 6: poppler-glib glues a figure's labels (\"BooleanNumber\"), pdftotext puts each on its own line",
        ],
        "form-gov-160f.pdf": [
            "cotisations": "poppler-glib glues line numbers to the labels (\"9cotisations\"), pdftotext does not",
        ],
    ]

    func testWholeWordCountsOverEveryPageEqualPdftotextsForFrequentAndHyphenatedWords() throws {
        _ = try ExternalTool.require("pdftotext")
        let entries = try DeveloperPDFSet.manifest().filter { $0.popplerOpens && $0.password == nil }
        var documents = 0, hyphenated = 0
        for entry in entries where Self.excludedDocuments[entry.file] == nil {
            let path = try DeveloperPDFSet.path(entry.file)
            let reference = try PdftotextWords(path: path)
            let words = Set(reference.mostFrequent(5, minLetters: 6)).union(reference.joinedAtLineEnds)
                .filter { Self.excludedWords[entry.file]?[$0] == nil }.sorted()
            guard !words.isEmpty else { continue }
            let document = try PopplerDocument.open(path: path)
            let pages = (0..<document.pageCount).map { document.text(on: PageIndex($0)) }
            for word in words {
                let search = TextSearch(query: word, wholeWords: true)
                let ours = pages.reduce(0) { $0 + search.matches(in: $1).count }
                XCTAssertEqual(ours, reference.counts[word] ?? 0, "\(entry.file): \"\(word)\"")
            }
            documents += 1
            hyphenated += reference.joinedAtLineEnds.intersection(words).count
        }
        XCTAssertGreaterThanOrEqual(documents, 5, "documents compared")
        XCTAssertGreaterThanOrEqual(hyphenated, 10, "words hyphenated at a line end compared")
    }
}
