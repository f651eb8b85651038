// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A kept signature placed on two pages and saved: standard /Ink annotations with their own
/// appearance, known again as signatures when the file is reopened, drawn by MuPDF where they
/// were placed, thin where the pen pressed lightly and wide where it pressed hard.
final class HandwrittenSignatureSaveTests: XCTestCase {
    /// Dark pixels in each column of a MuPDF rendering (PGM, 144 dpi) of `page`, within `rows`.
    private func darkColumns(_ path: String, page: Int, rows: Range<Int>, in folder: TemporaryFolder) throws -> (width: Int, columns: [Int]) {
        let out = folder.path("page\(page).pgm")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "144", "-c", "gray", "-o", out, path, "\(page)"]).status, 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        // "P5\n<w> <h>\n255\n" then the samples.
        var fields: [Int] = [], i = 2, number = 0, inNumber = false
        while fields.count < 3, i < bytes.count {
            let c = bytes[i]
            if c >= 48 && c <= 57 { number = number * 10 + Int(c - 48); inNumber = true } else if inNumber { fields.append(number); number = 0; inNumber = false }
            i += 1
        }
        let (w, h) = (fields[0], fields[1])
        let pixels = Array(bytes[i..<min(bytes.count, i + w * h)])
        var columns = [Int](repeating: 0, count: w)
        for y in rows.clamped(to: 0..<h) { for x in 0..<w where pixels[y * w + x] < 128 { columns[x] += 1 } }
        return (w, columns)
    }

    func testASignaturePlacedOnTwoPagesIsSavedAsInkWhoseWidthFollowsThePressure() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        let folder = try TemporaryFolder()
        let path = try folder.write(NumberedPagesPDF.data(pages: 2), to: "signed-by-hand.pdf")
        // One stroke across, pressed lightly at the start and hard at the end.
        let count = 41
        let stroke = InkStroke(points: (0..<count).map { Point(x: 10 + Double($0) * 5, y: 50) },
                               pressures: (0..<count).map { 0.05 + 0.95 * Double($0) / Double(count - 1) })
        let signature = HandwrittenSignature(id: "s", name: "Ada", strokes: [stroke], padSize: Size(width: 300, height: 100), baseline: 60)
        let editor = try DocumentEditor.open(path: path, password: nil)
        var ids: [String] = []
        for page in [PageIndex(0), PageIndex(1)] {
            let ink = try XCTUnwrap(signature.annotation(on: page, centeredAt: Point(x: 210, y: 120), height: 30,
                                                       style: AnnotationStyle(color: RGBColor(red: 0, green: 0, blue: 0), width: 8),
                                                       stamp: CreationStamp(id: "p\(page.rawValue)-n5\(page.rawValue)", author: "Ada", date: "D:20261126")))
            try editor.perform(EditRecord("Signature", .insert([PlacedAnnotation(ink, at: 0)])))
            ids.append(ink.id)
        }
        try editor.save()
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let file = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        for page in 0..<2 {
            let entries = file.annotsEntries(ofPage: page)
            XCTAssertEqual(entries.count, 1)
            let ink = try XCTUnwrap(entries.first.flatMap { file.objects[$0] } as? [String: Any])
            XCTAssertEqual(ink["/Subtype"] as? String, "/Ink")
            XCTAssertNotNil((ink["/AP"] as? [String: Any])?["/N"], "with its own appearance")
        }
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(reopened.annotations(on: PageIndex(1)).first?.isSignature, true, "known again as a signature")

        // The A5 page is 595 points tall: the signature, centred 120 points up, is about row
        // (595 - 120) × 2 at 144 dpi; the page's own text is far above.
        let (width, columns) = try darkColumns(path, page: 2, rows: 900..<1000, in: folder)
        let drawn = columns.indices.filter { columns[$0] > 0 }
        let first = try XCTUnwrap(drawn.first), last = try XCTUnwrap(drawn.last)
        // 200 points of strokes 0 tall are scaled to 240 points (8 to 1 at most), centred on
        // x 210: from 90 to 330 points, 180 to 660 pixels.
        XCTAssertEqual(Double(first), 180, accuracy: 12, "drawn where it was placed")
        XCTAssertEqual(Double(last), 660, accuracy: 12)
        XCTAssertGreaterThan(width, last)
        let span = last - first
        let light = columns[first + span / 10], hard = columns[last - span / 10]
        XCTAssertGreaterThan(hard, light * 2, "wide where pressed hard (\(hard) px), thin where pressed lightly (\(light) px)")
    }
}
