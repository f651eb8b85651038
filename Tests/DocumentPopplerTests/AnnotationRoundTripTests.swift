// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Every kind the app creates: added, saved, read back with every property equal, with an
/// appearance of the app's that tools other than poppler draw inside the rectangle only.
final class AnnotationRoundTripTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    /// A blank one-page document to annotate.
    func blankDocument() throws -> String {
        try folder.write(MinimalPDF(pages: [.init(width: 400, height: 500)], content: "\n").data(), to: "blank.pdf")
    }

    static func samples() -> [Annotation] {
        let page = PageIndex(0)
        let blue = RGBColor(red: 0.1, green: 0.2, blue: 0.9)
        let stroke = InkStroke(points: [Point(x: 40, y: 40), Point(x: 60, y: 70), Point(x: 90, y: 60), Point(x: 110, y: 90)],
                               pressures: [0.2, 0.8, 1, 0.4])
        return [
            Annotation(id: "p0-nink", page: page, subtype: .ink, rect: Rect(x: 30, y: 30, width: 90, height: 70), color: blue,
                       borderWidth: 4, contents: "a stroke", author: "Tester", modified: "D:20261123120000Z", uniqueName: "ink-1",
                       geometry: .ink([stroke])),
            Annotation(id: "p0-nhighlight", page: page, subtype: .highlight, rect: Rect(x: 150, y: 400, width: 120, height: 20),
                       color: .yellow, opacity: 0.8, uniqueName: "hl-1",
                       geometry: .quadPoints([Point(x: 150, y: 420), Point(x: 270, y: 420), Point(x: 150, y: 400), Point(x: 270, y: 400)])),
            Annotation(id: "p0-nunderline", page: page, subtype: .underline, rect: Rect(x: 150, y: 360, width: 120, height: 20),
                       color: RGBColor(red: 0, green: 0.6, blue: 0),
                       geometry: .quadPoints([Point(x: 150, y: 380), Point(x: 270, y: 380), Point(x: 150, y: 360), Point(x: 270, y: 360)])),
            Annotation(id: "p0-nstrike", page: page, subtype: .strikeOut, rect: Rect(x: 150, y: 320, width: 120, height: 20),
                       color: .red,
                       geometry: .quadPoints([Point(x: 150, y: 340), Point(x: 270, y: 340), Point(x: 150, y: 320), Point(x: 270, y: 320)])),
            Annotation(id: "p0-nsquiggly", page: page, subtype: .squiggly, rect: Rect(x: 150, y: 280, width: 120, height: 20),
                       color: .red,
                       geometry: .quadPoints([Point(x: 150, y: 300), Point(x: 270, y: 300), Point(x: 150, y: 280), Point(x: 270, y: 280)])),
            Annotation(id: "p0-nsquare", page: page, subtype: .square, rect: Rect(x: 30, y: 150, width: 80, height: 50), color: .red,
                       borderWidth: 3, dashPattern: [4, 2], interiorColor: RGBColor(red: 1, green: 0.9, blue: 0.8)),
            Annotation(id: "p0-ncircle", page: page, subtype: .circle, rect: Rect(x: 30, y: 220, width: 80, height: 50), color: blue,
                       opacity: 0.5, borderWidth: 2),
            Annotation(id: "p0-narrow", page: page, subtype: .line, rect: Rect(x: 150, y: 150, width: 120, height: 60), color: blue,
                       borderWidth: 2, interiorColor: blue,
                       geometry: .line(start: Point(x: 160, y: 160), end: Point(x: 260, y: 200), startEnding: .none, endEnding: .closedArrow)),
            Annotation(id: "p0-nfreetext", page: page, subtype: .freeText, rect: Rect(x: 30, y: 300, width: 100, height: 60),
                       color: .black, borderWidth: 1, contents: "Free text that wraps over a few lines",
                       freeText: FreeTextStyle(fontSize: 11, textColor: blue, alignment: .center)),
            Annotation(id: "p0-nnote", page: page, subtype: .text, rect: Rect(x: 300, y: 450, width: 20, height: 20), color: .yellow,
                       contents: "A note with ünïcödé", author: "Tester", iconName: "Comment", isOpen: false),
            Annotation(id: "p0-nstamp", page: page, subtype: .stamp, rect: Rect(x: 280, y: 40, width: 100, height: 40),
                       color: .red, iconName: "Approved"),
        ]
    }

    func testEveryKindSavesAndReadsBackWithEveryPropertyEqual() throws {
        let path = try blankDocument()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(editor.annotations(on: PageIndex(0)), [])
        let samples = Self.samples()
        for (i, a) in samples.enumerated() {
            try editor.perform(EditRecord("Add", .insert([PlacedAnnotation(a, at: i)])))
        }
        try editor.save()
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original)

        let reopened = try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0))
        XCTAssertEqual(reopened.count, samples.count)
        for (read, written) in zip(reopened, samples) {
            var expected = written
            expected.id = read.id
            XCTAssertEqual(read, expected, "\(written.subtype)")
            XCTAssertEqual(read.appearance, .generated, "\(written.subtype) carries the app's appearance")
        }
        let check = try ExternalTool.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, check.output)
    }

    func testAnAnnotationTheAppCreatedKeepsItsIdAcrossSavingAndReopening() throws {
        let path = try blankDocument()
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        let note = Annotation.note(at: Point(x: 50, y: 400), on: PageIndex(0), text: "kept", color: .yellow,
                                   stamp: CreationStamp(id: "p0-n5eed", author: nil, date: "D:20261124120000Z"))
        var twin = note
        twin.id = "p0-ntwin"
        twin.uniqueName = "p0-n5eed" // a copy made elsewhere with the same /NM
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: 0)])))
        try editor.save()
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).map(\.id), ["p0-n5eed"])
        let again = try DocumentEditor.open(path: path, password: nil)
        _ = again.annotations(on: PageIndex(0))
        try again.perform(EditRecord("Note", .insert([PlacedAnnotation(twin, at: 1)])))
        try again.save()
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).map(\.id), ["p0-a0", "p0-a1"],
                       "two annotations naming the same id fall back to their places in /Annots")
    }

    /// qpdf (not poppler) sees each annotation's dictionary with an /AP whose stream is a form.
    func testQpdfSeesAnAppearanceStreamForEveryAnnotation() throws {
        let path = try blankDocument()
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        for (i, a) in Self.samples().enumerated() { try editor.perform(EditRecord("Add", .insert([PlacedAnnotation(a, at: i)]))) }
        try editor.save()
        let json = try ExternalTool.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        XCTAssertEqual(json.status, 0, json.output)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let qpdf = try XCTUnwrap(root["qpdf"] as? [Any])
        let objects = try XCTUnwrap(qpdf.last as? [String: Any])
        func value(_ ref: String) -> [String: Any]? { (objects["obj:" + ref] as? [String: Any])?["value"] as? [String: Any] }
        func streamDict(_ ref: String) -> [String: Any]? {
            ((objects["obj:" + ref] as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any]
        }
        let pages = try XCTUnwrap(root["pages"] as? [[String: Any]])
        let pageRef = try XCTUnwrap(pages.first?["object"] as? String)
        let annotRefs = try XCTUnwrap(value(pageRef)?["/Annots"] as? [String])
        XCTAssertEqual(annotRefs.count, Self.samples().count)
        for ref in annotRefs {
            let dict = try XCTUnwrap(value(ref), ref)
            let ap = try XCTUnwrap(dict["/AP"] as? [String: Any], "\(dict["/Subtype"] ?? "?") has /AP")
            let normal = try XCTUnwrap(ap["/N"] as? String)
            XCTAssertEqual(streamDict(normal)?["/Subtype"] as? String, "/Form", "\(dict["/Subtype"] ?? "?")")
        }
    }

    /// MuPDF draws each annotation inside its rectangle and nowhere else.
    func testMuPDFDrawsEachAnnotationInsideItsRectangleOnly() throws {
        _ = try ExternalTool.require("mutool")
        let scale = 2.0
        for a in Self.samples() {
            let path = try blankDocument()
            let editor = try DocumentEditor.open(path: path, password: nil)
            _ = editor.annotations(on: PageIndex(0))
            try editor.perform(EditRecord("Add", .insert([PlacedAnnotation(a, at: 0)])))
            try editor.save()
            let png = folder.path("\(a.id).pnm")
            let draw = try ExternalTool.run("mutool", ["draw", "-q", "-r", "\(Int(72 * scale))", "-F", "pnm", "-o", png, path, "1"])
            XCTAssertEqual(draw.status, 0, draw.output)
            let image = try PNMImage(path: png)
            // The rectangle in image pixels (y down), with a pixel of slack for anti-aliasing.
            let r = a.rect
            let inside = Rect(x: r.minX * scale - 2, y: (500 - r.maxY) * scale - 2, width: r.width * scale + 4, height: r.height * scale + 4)
            var marked = 0, outside = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.isInk(x: x, y: y) {
                    if inside.contains(Point(x: Double(x), y: Double(y))) { marked += 1 } else { outside += 1 }
                }
            }
            XCTAssertGreaterThan(marked, 20, "\(a.subtype) is drawn")
            XCTAssertEqual(outside, 0, "\(a.subtype) stays inside its rectangle")
        }
    }
}
