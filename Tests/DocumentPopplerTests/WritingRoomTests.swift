// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Writing room beside a page: its boxes grow (qpdf reads them), what it showed renders pixel
/// for pixel as before inside the grown page (MuPDF draws both), turned and cropped pages
/// included; undo writes the boxes back.
final class WritingRoomTests: XCTestCase {
    private var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        folder = try TemporaryFolder()
    }

    // MARK: Fixtures and judges

    /// One page 200 × 300 with a black bar at its right edge, a grey disc and words; with
    /// `cropBox` (and more boxes) when given, on a 612 × 792 media box, drawing a bar outside
    /// the crop box too.
    private func page(extra: String = "", mediaBox: String = "[0 0 200 300]") -> Data {
        let content = "0 g 180 20 20 260 re f 0.5 g 100 150 m 140 150 l 140 190 l h f BT /F1 18 Tf 20 250 Td (Writing room) Tj ET 0 g 420 300 30 30 re f"
        return NumberedObjectsPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox \(mediaBox) \(extra) /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ])
    }

    private func drawn(_ path: String, page: Int = 1) throws -> PNMImage {
        let out = folder.path("page-\(UUID().uuidString).pnm")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", out, path, "\(page)"]).status, 0)
        return try PNMImage(path: out)
    }

    /// How many pixels of `before` differ from `after`'s at an offset.
    private func differences(_ before: PNMImage, in after: PNMImage, at offset: (x: Int, y: Int)) -> Int {
        var count = 0
        for y in 0..<before.height {
            for x in 0..<before.width {
                guard let a = before.rgb(x: x, y: y), let b = after.rgb(x: x + offset.x, y: y + offset.y) else { count += 1; continue }
                if a != b { count += 1 }
            }
        }
        return count
    }

    private func box(_ path: String, _ key: String, page: Int = 0) throws -> [Double]? {
        (try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pageDictionary(page)?["/\(key)"] as? [Any])?
            .compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    private func assertSound(_ path: String, over original: Data, file: StaticString = #filePath, line: UInt = #line) throws {
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix", file: file, line: line)
        let check = try ExternalTool.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, "qpdf --check: \(check.output)", file: file, line: line)
    }

    // MARK: Tests

    func testRoomOnTheRightGrowsTheMediaBoxAndTheOriginalAreaRendersPixelIdentical() throws {
        let path = try folder.write(page(), to: "right.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try drawn(path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let edit = try XCTUnwrap(editor.addingWritingRoom(to: [PageIndex(0)], side: .right, amount: .percentOfWidth(50)))
        try editor.perform(EditRecord("Add Writing Room", edit))
        try editor.save()
        try assertSound(path, over: original)
        XCTAssertEqual(try box(path, "MediaBox"), [0, 0, 300, 300], "half the width again, on the right")
        let after = try drawn(path)
        XCTAssertEqual(after.width, 300)
        XCTAssertEqual(differences(before, in: after, at: (0, 0)), 0, "what the page showed is drawn on the same pixels")
        XCTAssertFalse((200..<300).contains { x in (0..<300).contains { after.isInk(x: x, y: $0) } }, "the room is empty paper")

        try editor.undo()
        try editor.save()
        try assertSound(path, over: original)
        XCTAssertEqual(try box(path, "MediaBox"), [0, 0, 200, 300], "undo gives the page its size back")
        XCTAssertEqual(differences(before, in: try drawn(path), at: (0, 0)), 0)
    }

    func testRoomOnEverySideKeepsContentAndAnnotationsWhereTheyAreOnThePaper() throws {
        let source = try DeveloperPDFSet.path("annots-text-highlight-ink.pdf")
        let path = try folder.write(Data(contentsOf: URL(fileURLWithPath: source)), to: "every.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try drawn(path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        // The file's page inherits its media box.
        let media = try XCTUnwrap(editor.inheritedPageAttributes(of: try XCTUnwrap(editor.pageObject(PageIndex(0))), ["MediaBox"])["MediaBox"]?.numbers)
        let annotations = editor.annotations(on: PageIndex(0))
        XCTAssertFalse(annotations.isEmpty)
        let edit = try XCTUnwrap(editor.addingWritingRoom(to: [PageIndex(0)], side: .everySide, amount: .millimetres(10)))
        try editor.perform(EditRecord("Add Writing Room", edit))
        let room = (10 * 72 / 25.4).rounded(.up)
        let moved = editor.annotations(on: PageIndex(0))
        for (a, b) in zip(annotations, moved) {
            XCTAssertEqual(b.rect.minX - a.rect.minX, room, accuracy: 1e-6, "\(a.subtype) moves with the page's corner in the model")
        }
        try editor.save()
        try assertSound(path, over: original)
        let grown = try XCTUnwrap(try box(path, "MediaBox"))
        XCTAssertEqual(grown, [media[0] - room, media[1] - room, media[2] + room, media[3] + room])
        let after = try drawn(path)
        XCTAssertEqual(after.width, before.width + 2 * Int(room))
        XCTAssertEqual(differences(before, in: after, at: (Int(room), Int(room))), 0,
                       "the page and its annotations are drawn on the same pixels, \(Int(room)) px in")

        // Reopened, the annotations are where they were on the paper; undo puts every box back.
        let reopened = try DocumentEditor.open(path: path, password: nil)
        for (a, b) in zip(moved, reopened.annotations(on: PageIndex(0))) {
            XCTAssertEqual(a.rect.minX, b.rect.minX, accuracy: 0.01)
            XCTAssertEqual(a.rect.minY, b.rect.minY, accuracy: 0.01)
        }
        try editor.undo()
        XCTAssertEqual(editor.annotations(on: PageIndex(0)), annotations, "undo gives the annotations their places back")
        try editor.save()
        XCTAssertNil(try box(path, "MediaBox"), "undo lets the page inherit its media box again")
        XCTAssertEqual(differences(before, in: try drawn(path), at: (0, 0)), 0)
    }

    func testOnTurnedPagesTheRoomGoesOnTheRightAsThePageShows() throws {
        let source = try DeveloperPDFSet.path("rotate-90-180-270-arabic.pdf")
        let path = try folder.write(Data(contentsOf: URL(fileURLWithPath: source)), to: "turned.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let count = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pages.count
        let before = try (1...count).map { try drawn(path, page: $0) }
        let editor = try DocumentEditor.open(path: path, password: nil)
        let rotations = (0..<count).map { editor.rotation(of: PageIndex($0)) }
        XCTAssertEqual(Set(rotations), [0, 90, 180, 270], "the file turns its pages every way")
        let edit = try XCTUnwrap(editor.addingWritingRoom(to: (0..<count).map(PageIndex.init), side: .right, amount: .millimetres(20)))
        try editor.perform(EditRecord("Add Writing Room", edit))
        try editor.save()
        try assertSound(path, over: original)
        let room = Int((20 * 72 / 25.4).rounded(.up))
        for page in 0..<count {
            let after = try drawn(path, page: page + 1)
            XCTAssertEqual(after.width, before[page].width + room, "page \(page + 1) (/Rotate \(rotations[page])) is wider as it shows")
            XCTAssertEqual(after.height, before[page].height, "and as high")
            XCTAssertEqual(differences(before[page], in: after, at: (0, 0)), 0, "page \(page + 1): the room is on the right")
            let trim = try XCTUnwrap(try box(path, "TrimBox", page: page)), mediaBox = try XCTUnwrap(try box(path, "MediaBox", page: page))
            XCTAssertEqual(trim, mediaBox, "page \(page + 1): its trim box grew with it")
        }
    }

    func testACroppedPageGrowsItsCropBoxAndItsMediaBoxOnlyAsFarAsNeeded() throws {
        let path = try folder.write(page(extra: "/CropBox [100 100 400 500] /TrimBox [110 110 390 490] /ArtBox [120 120 380 480]",
                                         mediaBox: "[0 0 612 792]"), to: "cropped.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try drawn(path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        try editor.perform(EditRecord("Add Writing Room", try XCTUnwrap(editor.addingWritingRoom(to: [PageIndex(0)], side: .right, amount: .millimetres(50)))))
        try editor.save()
        try assertSound(path, over: original)
        let room = (50 * 72 / 25.4).rounded(.up)
        XCTAssertEqual(try box(path, "CropBox"), [100, 100, 400 + room, 500], "the crop box grows")
        XCTAssertEqual(try box(path, "MediaBox"), [0, 0, 612, 792], "the media box holds it already")
        XCTAssertEqual(try box(path, "TrimBox"), [110, 110, 390 + room, 490])
        XCTAssertEqual(try box(path, "ArtBox"), [120, 120, 380 + room, 480])
        let after = try drawn(path)
        XCTAssertEqual(differences(before, in: after, at: (0, 0)), 0, "what showed is drawn on the same pixels")
        XCTAssertTrue(after.isInk(x: 435 - 100, y: 500 - 315), "what the crop box hid on the right shows now: nothing is lost")

        // More than the media box holds: it grows on the right only, as far as the crop box needs.
        try editor.perform(EditRecord("Add Writing Room", try XCTUnwrap(editor.addingWritingRoom(to: [PageIndex(0)], side: .right, amount: .millimetres(100)))))
        try editor.save()
        let more = (100 * 72 / 25.4).rounded(.up)
        XCTAssertEqual(try box(path, "CropBox"), [100, 100, 400 + room + more, 500])
        XCTAssertEqual(try box(path, "MediaBox"), [0, 0, 400 + room + more, 792])
        XCTAssertEqual(differences(before, in: try drawn(path), at: (0, 0)), 0)

        try editor.undo()
        try editor.undo()
        try editor.save()
        try assertSound(path, over: original)
        XCTAssertEqual(try box(path, "CropBox"), [100, 100, 400, 500])
        XCTAssertEqual(try box(path, "MediaBox"), [0, 0, 612, 792])
        XCTAssertEqual(try box(path, "TrimBox"), [110, 110, 390, 490])
    }

    func testInheritedBoxesAreWrittenOnThePageAndUndoLetsItInheritAgain() throws {
        let path = try folder.write(PageOrderTests.document(), to: "inherited.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        try editor.perform(EditRecord("Add Writing Room", try XCTUnwrap(editor.addingWritingRoom(to: [PageIndex(0)], side: .right, amount: .percentOfWidth(10)))))
        try editor.save()
        // Page 1 inherits /Rotate 90 and a 420 × 595 media box: it shows 595 wide, and its right is the media box's top.
        XCTAssertEqual(try box(path, "MediaBox"), [0, 0, 420, 595 + 60])
        try editor.undo()
        try editor.save()
        XCTAssertNil(try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf")).pageDictionary(0)?["/MediaBox"],
                     "the page inherits its media box again")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
    }

    func testNothingOrTooMuchIsRefusedAndTheLargestPageIsKept() {
        XCTAssertNil(WritingRoom.grown(own: ["MediaBox": [0, 0, 100, 100]], inherited: [:], rotation: 0, side: .right, amount: .millimetres(0)))
        XCTAssertNil(WritingRoom.grown(own: [:], inherited: [:], rotation: 0, side: .right, amount: .millimetres(10)), "no media box")
        let huge = WritingRoom.grown(own: ["MediaBox": [0, 0, 100, 100]], inherited: [:], rotation: 0, side: .everySide, amount: .millimetres(1e6))
        XCTAssertEqual(huge?.boxes["MediaBox"], [-7150, -7150, 7250, 7250], "no side beyond 14,400 points")
        let flipped = WritingRoom.grown(own: ["MediaBox": [100, 100, 0, 0]], inherited: [:], rotation: -90, side: .right, amount: .millimetres(1))
        XCTAssertEqual(flipped?.boxes["MediaBox"], [0, -3, 100, 100], "a box given corner last, turned -90 (270): the room below")
        XCTAssertEqual(flipped?.cornerMoved, Vector(dx: 0, dy: -3))
    }
}
