// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A picture stamp: written as an image XObject with a soft mask inside the app's appearance,
/// drawn by MuPDF in its colours and only where it is opaque, journaled with its pixels, and
/// after a save and reopen kept as the file's own appearance through moves.
final class ImageStampTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    /// 40 × 20 pixels: the left half opaque red, the right half fully transparent green.
    static let picture: StampImage = {
        let width = 40, height = 20
        var rgb: [UInt8] = [], alpha: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                rgb += x < width / 2 ? [255, 0, 0] : [0, 255, 0]
                alpha.append(x < width / 2 ? 255 : 0)
            }
        }
        return StampImage(pixelWidth: width, pixelHeight: height, samples: rgb, alpha: alpha)
    }()

    static let stamp = Annotation(id: "p0-npicture", page: PageIndex(0), subtype: .stamp, rect: Rect(x: 100, y: 200, width: 200, height: 100),
                                  uniqueName: "picture-1", image: .held(picture))

    func blankDocument() throws -> String {
        try folder.write(MinimalPDF(pages: [.init(width: 400, height: 500)], content: "\n").data(), to: "blank.pdf")
    }

    private func stamped() throws -> String {
        let path = try blankDocument()
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        try editor.perform(EditRecord("Stamp", .insert([PlacedAnnotation(Self.stamp, at: 0)])))
        try editor.save()
        return path
    }

    func testThePictureIsAnImageWithASoftMaskInTheStampsAppearance() throws {
        let path = try stamped()
        let json = try ExternalTool.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        XCTAssertEqual(json.status, 0, json.output)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func object(_ ref: String) -> [String: Any]? { objects["obj:" + ref] as? [String: Any] }
        func dict(_ ref: String) -> [String: Any]? {
            object(ref)?["value"] as? [String: Any] ?? ((object(ref)?["stream"] as? [String: Any])?["dict"] as? [String: Any])
        }
        let pageRef = try XCTUnwrap((root["pages"] as? [[String: Any]])?.first?["object"] as? String)
        let annotRef = try XCTUnwrap((dict(pageRef)?["/Annots"] as? [String])?.first)
        let annot = try XCTUnwrap(dict(annotRef))
        XCTAssertEqual(annot["/Subtype"] as? String, "/Stamp")
        XCTAssertNil(annot["/Name"], "a picture has no stamp name")
        let form = try XCTUnwrap(dict(try XCTUnwrap((annot["/AP"] as? [String: Any])?["/N"] as? String)))
        let imageRef = try XCTUnwrap(((form["/Resources"] as? [String: Any])?["/XObject"] as? [String: Any])?["/Im0"] as? String)
        let image = try XCTUnwrap(dict(imageRef))
        XCTAssertEqual(image["/Subtype"] as? String, "/Image")
        XCTAssertEqual(image["/Width"] as? Int, 40)
        XCTAssertEqual(image["/Height"] as? Int, 20)
        XCTAssertEqual(image["/ColorSpace"] as? String, "/DeviceRGB")
        let mask = try XCTUnwrap(dict(try XCTUnwrap(image["/SMask"] as? String)))
        XCTAssertEqual(mask["/ColorSpace"] as? String, "/DeviceGray")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
    }

    func testMuPDFDrawsTheOpaqueHalfInItsColourAndNothingWhereTheMaskIsClear() throws {
        _ = try ExternalTool.require("mutool")
        let path = try stamped()
        let pnm = folder.path("picture.pnm")
        let draw = try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", pnm, path, "1"])
        XCTAssertEqual(draw.status, 0, draw.output)
        let image = try PNMImage(path: pnm)
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let o = (y * image.width + x) * 3
            return (Int(image.pixels[o]), Int(image.pixels[o + 1]), Int(image.pixels[o + 2]))
        }
        // The picture fills the 200 × 100 rectangle (same 2:1 shape); page y 200…300 is image y 200…300.
        let left = rgb(150, 250), right = rgb(250, 250), outside = rgb(50, 250)
        XCTAssertGreaterThan(left.0, 200, "red where the picture is opaque: \(left)")
        XCTAssertLessThan(left.1, 60)
        XCTAssertGreaterThan(right.0, 240, "the page shows through the clear half: \(right)")
        XCTAssertGreaterThan(right.1, 240)
        XCTAssertGreaterThan(right.2, 240)
        XCTAssertEqual(outside.0 + outside.1 + outside.2, 3 * 255, "nothing outside the rectangle")
    }

    func testAfterReopeningThePictureStaysTheFilesOwnAppearanceThroughAMoveAndAChange() throws {
        let path = try stamped()
        let reopened = try DocumentEditor.open(path: path, password: nil)
        let read = try XCTUnwrap(reopened.annotations(on: PageIndex(0)).first)
        XCTAssertEqual(read.image, .inFile)
        XCTAssertEqual(read.appearance, .file, "the app cannot draw it again")
        XCTAssertFalse(AppearanceBuilder.canDraw(read))
        XCTAssertTrue(read.isTransformable)
        let before = try XCTUnwrap(reopened.appearanceData(of: read.id))
        try reopened.perform(EditRecord("Move", .replace(before: [read], after: [read.moved(by: Vector(dx: 30, dy: -40))])))
        let moved = try XCTUnwrap(reopened.annotation(read.id))
        let changed = moved.changingProperties { $0.contents = "signed" }
        XCTAssertEqual(changed.appearance, .file, "a property change keeps the picture too")
        try reopened.perform(EditRecord("Edit", .replace(before: [moved], after: [changed])))
        try reopened.save()
        let again = try DocumentEditor.open(path: path, password: nil)
        let final = try XCTUnwrap(again.annotations(on: PageIndex(0)).first)
        XCTAssertEqual(final.rect, Self.stamp.rect.offsetBy(Vector(dx: 30, dy: -40)))
        XCTAssertEqual(final.contents, "signed")
        XCTAssertEqual(again.appearanceData(of: final.id), before, "the picture's appearance, byte for byte")
    }

    func testAPictureStampIsJournaledWithItsPixels() throws {
        let path = try blankDocument()
        let journal = EditJournal(url: folder.url.appendingPathComponent("journal.jsonl"))
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal
            _ = editor.annotations(on: PageIndex(0))
            try editor.perform(EditRecord("Stamp", .insert([PlacedAnnotation(Self.stamp, at: 0)])))
        }
        let contents = try XCTUnwrap(journal.read())
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.annotations(on: PageIndex(0)).first?.image, .held(Self.picture))
    }
}
