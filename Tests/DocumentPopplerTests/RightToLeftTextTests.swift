// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Pages whose text poppler-glib 22.12 reads badly (right-to-left lines, the rotated pages of
/// an Arabic document) are read as pdftotext reads them: every line, in logical order, with its
/// spaces, each character with its box. pdftotext is the judge.
final class RightToLeftTextTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    private func hebrewDocument() throws -> String {
        let path = folder.path("hebrew.pdf")
        if let problem = HebrewPagePDF.write(to: path) { throw XCTSkip(problem) }
        return path
    }

    /// pdftotext's lines of a page, without its direction marks, white space made single.
    private func pdftotextLines(_ path: String, page: Int) throws -> [String] {
        let output = try ExternalTool.run("pdftotext", ["-f", "\(page + 1)", "-l", "\(page + 1)", path, "-"]).output
        return output.split(separator: "\n").map { normalized(String($0)) }.filter { !$0.isEmpty }
    }

    private func normalized(_ line: String) -> String {
        let kept = line.unicodeScalars.filter { !PopplerDocument.isDirectionMark($0) && $0 != "\u{0C}" }
        return String(String.UnicodeScalarView(kept)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func ourLines(_ text: PageText) -> [String] {
        String(text.characters).split(separator: "\n").map { normalized(String($0)) }.filter { !$0.isEmpty }
    }

    /// Lines without their white space: pdftotext sometimes drops the space where a number or a
    /// Latin word meets right-to-left text, so the characters and their order are compared.
    private func unspaced(_ lines: [String]) -> [String] { lines.map { $0.filter { !$0.isWhitespace } } }

    func testAHebrewPageGivesEveryLineInLogicalOrderWithItsSpaces() throws {
        _ = try ExternalTool.require("pdftotext")
        let path = try hebrewDocument()
        let document = try PopplerDocument.open(path: path, password: nil)
        let text = document.text(on: PageIndex(0))
        XCTAssertEqual(ourLines(text), HebrewPagePDF.lines.map { $0.joined(separator: " ") }, "every line, as written")
        XCTAssertEqual(unspaced(ourLines(text)), unspaced(try pdftotextLines(path, page: 0)), "as pdftotext reads it")
        XCTAssertEqual(text.characters.count, text.boxes.count)
        // The first word's boxes run from right to left on the page: read in logical order.
        let first = text.boxes.prefix(4).map(\.midX)
        XCTAssertEqual(first, first.sorted(by: >), "שלום's letters are read right to left")
    }

    func testEveryPageOfTheRotatedArabicDocumentHasTheWordsPdftotextReads() throws {
        _ = try ExternalTool.require("pdftotext")
        let path = try DeveloperPDFSet.path("rotate-90-180-270-arabic.pdf")
        let document = try PopplerDocument.open(path: path, password: nil)
        for page in 0..<document.pageCount {
            let ours = ourLines(document.text(on: PageIndex(page)))
            let theirs = try pdftotextLines(path, page: page)
            XCTAssertFalse(ours.isEmpty, "page \(page + 1) has text to select")
            XCTAssertEqual(unspaced(ours), unspaced(theirs), "page \(page + 1): the lines pdftotext reads, in its order")
        }
    }

    func testLeftToRightRunsInsideARightToLeftLineStayLeftToRight() {
        // Printed left to right: "2024" then "אב" drawn right to left (ב left of א).
        let printed: [Unicode.Scalar] = ["2", "0", "2", "4", " ", "ב", "א"]
        let boxes = printed.indices.map { Rect(x: Double($0) * 10, y: 0, width: 10, height: 10) }
        let read = ReadingOrder.logical(printed, boxes: boxes, rightToLeft: true)
        XCTAssertEqual(String(String.UnicodeScalarView(read.scalars)), "אב 2024")
        XCTAssertEqual(read.boxes.first?.minX, 60, "א keeps its box")
        let latin: [Unicode.Scalar] = Array("see ".unicodeScalars) + ["ב", "א"] + Array(" now".unicodeScalars)
        let mixed = ReadingOrder.logical(latin, boxes: latin.indices.map { Rect(x: Double($0), y: 0, width: 1, height: 1) }, rightToLeft: false)
        XCTAssertEqual(String(String.UnicodeScalarView(mixed.scalars)), "see אב now", "a Hebrew word inside an English line is reversed alone")
        XCTAssertTrue(ReadingOrder.readsRightToLeft([printed]))
        XCTAssertFalse(ReadingOrder.readsRightToLeft([latin]))
    }
}
