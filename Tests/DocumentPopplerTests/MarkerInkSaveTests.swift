// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// The Highlighter's freehand stroke saved: a standard /Ink with /CA, whose own appearance
/// strokes it with flat ends and multiplies it with the page (qpdf reads the keys, MuPDF draws
/// it translucent, ending where the stroke ends), known again as a marker when reopened.
final class MarkerInkSaveTests: XCTestCase {
    func testTheHighlightersStrokeIsSavedAsTranslucentInkWithFlatEndsThatMultiplies() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("mutool")
        let folder = try TemporaryFolder()
        let path = try folder.write(NumberedPagesPDF.data(pages: 1), to: "marked.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // As the session's composer makes it: the Highlighter's colour, 12 points wide, half opaque;
        // across the page, 100 points up.
        let width = 12.0, opacity = 0.5
        let style = AnnotationStyle(color: RGBColor(red: 0, green: 0.8, blue: 1), width: width, opacity: opacity)
        let marker = try XCTUnwrap(Annotation.marker((0...40).map { Point(x: 100 + Double($0) * 5, y: 100) }, on: PageIndex(0), style: style,
                                                     stamp: CreationStamp(id: "marker-1", author: "Pen", date: "D:20261202")))
        let editor = try DocumentEditor.open(path: path, password: nil)
        try editor.perform(EditRecord("Highlighter Stroke", .insert([PlacedAnnotation(marker, at: 0)])))
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let file = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        let entries = file.annotsEntries(ofPage: 0)
        let ink = try XCTUnwrap(entries.compactMap { file.objects[$0] as? [String: Any] }.first { $0["/Subtype"] as? String == "/Ink" })
        XCTAssertEqual((ink["/CA"] as? NSNumber)?.doubleValue, opacity)
        XCTAssertEqual((ink["/BS"] as? [String: Any]).flatMap { ($0["/W"] as? NSNumber)?.doubleValue }, width)
        let normal = try XCTUnwrap((ink["/AP"] as? [String: Any])?["/N"] as? String)
        let stream = try XCTUnwrap((file.objects[normal] as? [String: Any])?["stream"] as? [String: Any])
        let resources = try XCTUnwrap((stream["dict"] as? [String: Any])?["/Resources"] as? [String: Any])
        let states = try XCTUnwrap(resources["/ExtGState"] as? [String: Any])
        let gs = try XCTUnwrap(states.values.first.flatMap { ($0 as? [String: Any]) ?? (($0 as? String).flatMap { file.objects[$0] } as? [String: Any]) })
        XCTAssertEqual(gs["/BM"] as? String, "/Multiply")

        let reopened = try DocumentEditor.open(path: path, password: nil)
        let read = try XCTUnwrap(reopened.annotations(on: PageIndex(0)).first { $0.subtype == .ink })
        XCTAssertEqual(read.isMarker, true, "known again as the Highlighter's")
        XCTAssertEqual(read.opacity, opacity)

        // MuPDF at 72 dpi: the row through the stroke is tinted (cyan multiplied with white
        // paper at half opacity: red about halved, blue kept) from x 100 to 300 and no further
        // than a pixel: flat ends, not round caps reaching 6 points beyond.
        let out = folder.path("page.ppm")
        XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-o", out, path, "1"]).status, 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        var fields: [Int] = [], i = 2, number = 0, inNumber = false
        while fields.count < 3, i < bytes.count {
            let c = bytes[i]
            if c >= 48 && c <= 57 { number = number * 10 + Int(c - 48); inNumber = true } else if inNumber { fields.append(number); number = 0; inNumber = false }
            i += 1
        }
        let (w, h) = (fields[0], fields[1])
        let row = h - 100
        func pixel(_ x: Int) -> (r: Int, g: Int, b: Int) {
            let o = i + (row * w + x) * 3
            return (Int(bytes[o]), Int(bytes[o + 1]), Int(bytes[o + 2]))
        }
        let tinted = (0..<w).filter { let p = pixel($0); return p.r < 200 && p.b > 200 }
        let first = try XCTUnwrap(tinted.first), last = try XCTUnwrap(tinted.last)
        XCTAssertEqual(Double(first), 100, accuracy: 1.5, "flat start")
        XCTAssertEqual(Double(last), 300, accuracy: 1.5, "flat end")
        let middle = pixel(200)
        XCTAssertEqual(Double(middle.r), 127, accuracy: 20, "half-way translucent: \(middle)")
        XCTAssertGreaterThan(middle.b, 230, "multiplied, the paper's blue kept: \(middle)")
    }
}
