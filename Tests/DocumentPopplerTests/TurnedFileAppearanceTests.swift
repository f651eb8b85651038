// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A picture stamp read from a file (its drawing only in the file's /AP) turned a quarter:
/// saved with a new /AP /N form that draws the original stream by reference under a turning
/// /Matrix, /Rect grown to hold it, the original object untouched; MuPDF draws it turned (the
/// opaque half of the picture, left of the middle before, below it after); undo gives the
/// original /AP reference back.
final class TurnedFileAppearanceTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder = nil; super.tearDown() }

    private func annotation(_ path: String) throws -> [String: Any] {
        let file = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        let ref = try XCTUnwrap(file.annotsEntries(ofPage: 0).first)
        return try XCTUnwrap(file.objects[ref] as? [String: Any])
    }

    /// Red pixels of a MuPDF rendering at 72 dpi (top-left origin): their box.
    private func redBox(_ path: String) throws -> Rect {
        let pnm = folder.path("page-\(UUID().uuidString).pnm")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", pnm, path, "1"]).status, 0)
        let image = try PNMImage(path: pnm)
        var box: Rect?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let o = (y * image.width + x) * 3
                guard image.pixels[o] > 200, image.pixels[o + 1] < 80, image.pixels[o + 2] < 80 else { continue }
                let p = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                box = box.map { $0.union(p) } ?? p
            }
        }
        return try XCTUnwrap(box, "no red drawn")
    }

    func testAPictureStampFromTheFileTurnsByAFormThatDrawsItsOwnAppearanceTurned() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        let path = try folder.write(MinimalPDF(pages: [.init(width: 400, height: 500)], content: "\n").data(), to: "stamped.pdf")
        let first = try DocumentEditor.open(path: path, password: nil)
        _ = first.annotations(on: PageIndex(0))
        try first.perform(EditRecord("Stamp", .insert([PlacedAnnotation(ImageStampTests.stamp, at: 0)])))
        try first.save()
        let upright = try redBox(path)
        let originalAP = try XCTUnwrap((try annotation(path)["/AP"] as? [String: Any])?["/N"] as? String)
        let originalBytes = try Data(contentsOf: URL(fileURLWithPath: path))

        let editor = try DocumentEditor.open(path: path, password: nil)
        let read = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first)
        XCTAssertEqual(read.image, .inFile)
        XCTAssertTrue(read.isRotatable, "its own drawing turns")
        let turned = read.rotated(by: 90, about: read.rect.center)
        XCTAssertEqual(turned.appearance, .file, "the file's drawing, not one the app makes")
        let turn = EditRecord("Rotate", .replace(before: [read], after: [turned]))
        try editor.perform(turn)
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(originalBytes.count), originalBytes, "an incremental update")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let file = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        let annot = try annotation(path)
        let newAP = try XCTUnwrap((annot["/AP"] as? [String: Any])?["/N"] as? String)
        XCTAssertNotEqual(newAP, originalAP)
        let form = try XCTUnwrap(((file.objects[newAP] as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any])
        XCTAssertEqual(((form["/Resources"] as? [String: Any])?["/XObject"] as? [String: Any])?["/Fm0"] as? String, originalAP,
                       "the original stream by reference, not a copy")
        let matrix = try XCTUnwrap((form["/Matrix"] as? [NSNumber])?.map(\.doubleValue))
        XCTAssertEqual(matrix[0], 0, accuracy: 1e-6); XCTAssertEqual(matrix[1], 1, accuracy: 1e-6)
        XCTAssertNotNil(file.objects[originalAP], "the original appearance stays in the file")
        let rect = try XCTUnwrap((annot["/Rect"] as? [NSNumber])?.map(\.doubleValue))
        XCTAssertEqual(rect[2] - rect[0], 100, accuracy: 0.5, "/Rect holds the turned box: 200 × 100 on its side")
        XCTAssertEqual(rect[3] - rect[1], 200, accuracy: 0.5)

        // MuPDF: upright, the opaque (red) half is the left 100 × 100 of 200 × 100; a quarter
        // turn counter-clockwise puts it below the middle, 100 wide and 100 tall.
        let drawn = try redBox(path)
        XCTAssertEqual(upright.width, 100, accuracy: 2); XCTAssertEqual(upright.height, 100, accuracy: 2)
        XCTAssertEqual(drawn.width, 100, accuracy: 2); XCTAssertEqual(drawn.height, 100, accuracy: 2)
        let middle = Point(x: upright.maxX, y: upright.midY)  // the stamp's middle, top-left origin
        XCTAssertEqual(drawn.midX, middle.x, accuracy: 2, "centred under the middle")
        XCTAssertEqual(drawn.minY, middle.y, accuracy: 2, "below the middle (the left half turned down)")

        // Reopened (a copy) and moved, it stays turned a quarter (the saved form is not turned again).
        let copy = folder.path("copy.pdf")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let reopened = try DocumentEditor.open(path: copy, password: nil)
        let again = try XCTUnwrap(reopened.annotations(on: PageIndex(0)).first)
        XCTAssertEqual(again.rotation?.degrees, 90)
        try reopened.perform(EditRecord("Move", .replace(before: [again], after: [again.moved(by: Vector(dx: 10, dy: 0))])))
        try reopened.save()
        XCTAssertEqual(try redBox(copy), drawn.offsetBy(Vector(dx: 10, dy: 0)))
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", copy]).status, 0)

        // Undo: the original /AP reference again.
        try editor.perform(turn.inverse)
        try editor.save()
        XCTAssertEqual((try annotation(path)["/AP"] as? [String: Any])?["/N"] as? String, originalAP)
        XCTAssertEqual(try redBox(path), upright)
    }
}
