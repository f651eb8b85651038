// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Note pages (blank, lined, squared, dotted) are real pages whose content draws their ruling:
/// saved as an incremental update, drawn by MuPDF with grey lines or dots at the ruling's
/// spacing, one undoable step.
final class NotePageTests: XCTestCase {
    private var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        folder = try TemporaryFolder()
    }

    /// MuPDF's drawing of a saved page at `dpi`, grey.
    private func drawn(_ path: String, page: Int, dpi: Int) throws -> PNMImage {
        let out = folder.path("page-\(UUID().uuidString).pnm")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "\(dpi)", "-c", "gray", "-F", "pnm", "-o", out, path, "\(page)"]).status, 0)
        return try PNMImage(path: out)
    }

    /// The middles of the runs of non-white pixels along a line of the image, and the darkest
    /// value met.
    private func marks(_ image: PNMImage, along points: [(x: Int, y: Int)]) -> (centres: [Double], darkest: Int) {
        var centres: [Double] = []
        var run: [Int] = []
        var darkest = 255
        for (i, p) in points.enumerated() {
            let value = image.rgb(x: p.x, y: p.y)?.r ?? 255
            darkest = min(darkest, value)
            if value < 245 { run.append(i) } else if !run.isEmpty {
                centres.append(Double(run.first! + run.last!) / 2)
                run = []
            }
        }
        if !run.isEmpty { centres.append(Double(run.first! + run.last!) / 2) }
        return (centres, darkest)
    }

    private func assertSpacing(_ centres: [Double], _ expected: Double, atLeast count: Int, _ what: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(centres.count, count, "\(what): \(centres.count) marks", file: file, line: line)
        let gaps = zip(centres.dropFirst(), centres).map { $0 - $1 }
        for gap in gaps { XCTAssertEqual(gap, expected, accuracy: 1.5, "\(what): marks \(expected) px apart", file: file, line: line) }
    }

    private func insertSaveAndDraw(_ paper: NotePaper, size: NotePageSize = .a4) throws -> (path: String, original: Data, editor: DocumentEditor, image: PNMImage) {
        let path = try folder.write(NumberedPagesPDF.data(pages: 2), to: "\(paper.rawValue).pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        try editor.perform(EditRecord("Insert Note Page", try editor.insertingNotePage(paper, size: size, at: 1)))
        XCTAssertEqual(editor.pageCount, 3)
        try editor.save()
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix")
        let check = try ExternalTool.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, "qpdf --check: \(check.output)")
        return (path, original, editor, try drawn(path, page: 2, dpi: 144))
    }

    func testALinedPageIsSavedWithGreyLines8MillimetresApart() throws {
        let (path, _, _, image) = try insertSaveAndDraw(.lined)
        let box = (try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pageDictionary(1)?["/MediaBox"] as? [Any])?
            .compactMap { ($0 as? NSNumber)?.doubleValue }
        XCTAssertEqual(box?.count, 4)
        XCTAssertEqual(box?[2] ?? 0, 595.28, accuracy: 0.01, "A4 wide")
        XCTAssertEqual(box?[3] ?? 0, 841.89, accuracy: 0.01, "A4 high")
        let down = marks(image, along: (0..<image.height).map { (image.width / 2, $0) })
        assertSpacing(down.centres, 8 * 144 / 25.4, atLeast: 30, "lines down the middle")
        XCTAssertGreaterThan(down.darkest, 90, "light grey, not black")
        XCTAssertLessThan(down.darkest, 235, "yet visible")
        let across = marks(image, along: (0..<image.width).map { ($0, Int(down.centres[3].rounded())) })
        XCTAssertEqual(across.centres.count, 1, "one line from edge to edge")
        XCTAssertEqual(marks(image, along: (0..<image.width).map { ($0, Int(((down.centres[3] + down.centres[4]) / 2).rounded())) }).centres, [],
                       "nothing between the lines")
    }

    func testASquaredPageHas5MillimetreSquaresBothWays() throws {
        let (_, _, _, image) = try insertSaveAndDraw(.squared)
        let step = 5 * 144 / 25.4
        // Between two vertical lines, the horizontal ones; between two horizontal ones, the vertical ones.
        let down = marks(image, along: (0..<image.height).map { (Int(step * 2.5), $0) })
        assertSpacing(down.centres, step, atLeast: 50, "horizontal lines")
        let across = marks(image, along: (0..<image.width).map { ($0, Int(((down.centres[5] + down.centres[6]) / 2).rounded())) })
        assertSpacing(across.centres, step, atLeast: 35, "vertical lines")
        XCTAssertGreaterThan(down.darkest, 90, "light grey")
    }

    func testADottedPageHasDotsOnA5MillimetreGridAndNoLines() throws {
        let (_, _, _, image) = try insertSaveAndDraw(.dotted)
        let step = 5 * 144 / 25.4
        // The first row of dots is one step below the top edge.
        let row = marks(image, along: (0..<image.width).map { ($0, Int(step.rounded())) })
        assertSpacing(row.centres, step, atLeast: 35, "dots along a row")
        XCTAssertLessThan(row.darkest, 235, "the dots show")
        let between = marks(image, along: (0..<image.width).map { ($0, Int((step * 1.5).rounded())) })
        XCTAssertEqual(between.centres, [], "nothing between the rows of dots")
    }

    func testABlankPageIsWhiteAndUndoTakesANotePageOutAgain() throws {
        let (path, original, editor, image) = try insertSaveAndDraw(.blank, size: .letter)
        XCTAssertFalse((0..<image.height).contains { y in (0..<image.width).contains { image.isInk(x: $0, y: y) } }, "a blank page is white")
        XCTAssertEqual(image.width, 612 * 2, "Letter wide")
        try editor.undo()
        try editor.save()
        XCTAssertEqual(try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pages.count, 2, "undo takes the page out")
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original)
        try editor.redo()
        XCTAssertEqual(editor.pageCount, 3, "redo makes it again from how it was made")
    }

    func testANotePageAfterATurnedPageTakesItsSizeAsItShowsUpright() throws {
        let path = try folder.write(PageOrderTests.document(), to: "turned.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(editor.rotation(of: PageIndex(1)), 90)
        try editor.perform(EditRecord("Insert Note Page", try editor.insertingNotePage(.lined, size: .neighbour, at: 2)))
        XCTAssertEqual(editor.rotation(of: PageIndex(2)), 0, "upright, lines across as it shows")
        try editor.save()
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let saved = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual((saved.pageDictionary(2)?["/MediaBox"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, [0, 0, 595, 420],
                       "the turned page before it shows 595 wide and 420 high")
        XCTAssertNil(saved.pageDictionary(2)?["/Rotate"])
        let image = try drawn(path, page: 3, dpi: 72)
        XCTAssertEqual(image.width, 595)
        assertSpacing(marks(image, along: (0..<image.height).map { (300, $0) }).centres, 8 * 72 / 25.4, atLeast: 10, "lines")
    }

    func testAChoiceReadsAsPaperAndSize() {
        XCTAssertEqual(NotePaper.allCases.map(\.rawValue), ["blank", "lined", "squared", "dotted"])
        XCTAssertEqual(NotePageSize.allCases.map(\.rawValue), ["neighbour", "a4", "letter"])
        XCTAssertEqual(NotePaper.lined.content(width: 100, height: 100).isEmpty, false)
        XCTAssertEqual(NotePaper.blank.content(width: 100, height: 100), [])
    }
}
