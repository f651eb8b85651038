// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

/// What Ctrl+A, Ctrl+C copies of a page is its text in reading order, right-to-left Arabic and
/// Chinese included: the same characters in the same order as pdftotext reads them (white space
/// aside, which the two lay out differently).
final class ReadingOrderTests: XCTestCase {
    /// The text without white space and without the invisible direction marks pdftotext adds.
    private func compact(_ s: String) -> String {
        String(s.unicodeScalars.filter { !$0.properties.isWhitespace && !(0x200E...0x200F).contains($0.value)
            && !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value) }.map(Character.init))
    }

    func testACopiedChinesePageIsTheTextPdftotextReads() throws {
        let path = try DeveloperPDFSet.path("cjk-chinese.pdf")
        let document = try PopplerDocument.open(path: path)
        var compared = 0
        for page in 0..<min(document.pageCount, 3) {
            let text = document.text(on: PageIndex(page))
            guard !text.isEmpty else { continue }
            let copied = text.string(from: 0, to: text.characters.count - 1)
            let expected = try ExternalTool.run("pdftotext", ["-f", "\(page + 1)", "-l", "\(page + 1)", path, "-"]).output
            XCTAssertEqual(compact(copied), compact(expected), "page \(page + 1)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 0)
    }

    /// Right-to-left Arabic mixed with Latin on pages turned by /Rotate: what is copied reads in
    /// logical order, as pdftotext reads it (pdftotext also reads a word the page does not
    /// show, so the copy is a run of its text rather than all of it). poppler-glib 22.12 gives
    /// no text at all for the page turned by 180° here (a known gap, see the closing note).
    func testRightToLeftTextIsCopiedInLogicalOrder() throws {
        let path = try DeveloperPDFSet.path("rotate-90-180-270-arabic.pdf")
        let document = try PopplerDocument.open(path: path)
        var compared = 0
        for page in 0..<document.pageCount {
            let text = document.text(on: PageIndex(page))
            guard !text.isEmpty else { continue }
            let copied = compact(text.string(from: 0, to: text.characters.count - 1))
            let expected = compact(try ExternalTool.run("pdftotext", ["-f", "\(page + 1)", "-l", "\(page + 1)", path, "-"]).output)
            XCTAssertTrue(expected.contains(copied), "page \(page + 1): \(copied) in \(expected)")
            XCTAssertTrue(copied.contains("habibi") && copied.contains("\u{62D}"), "Latin and Arabic both copied on page \(page + 1)")
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 3)
    }
}
