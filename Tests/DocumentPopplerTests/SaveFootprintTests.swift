// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// What a save adds to a file: new streams compressed (and encrypted for encrypted documents),
/// and nothing the edits left behind (appearances drawn again, undone annotations). Judged
/// with qpdf.
final class SaveFootprintTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    private func blank() throws -> String {
        try folder.write(MinimalPDF(pages: [.init(width: 600, height: 800)], content: "\n").data(), to: "blank-\(UUID().uuidString).pdf")
    }

    /// 1024 × 1024 pixels: a smooth two-way gradient with a disc of opaque pixels.
    static let picture: StampImage = {
        let side = 1024
        var rgb: [UInt8] = [], alpha: [UInt8] = []
        rgb.reserveCapacity(side * side * 3)
        for y in 0..<side {
            for x in 0..<side {
                rgb += [UInt8(x / 4), UInt8(y / 4), UInt8((x + y) / 8)]
                let dx = x - side / 2, dy = y - side / 2
                alpha.append(dx * dx + dy * dy < (side / 2) * (side / 2) ? 255 : 0)
            }
        }
        return StampImage(pixelWidth: side, pixelHeight: side, samples: rgb, alpha: alpha)
    }()

    private func square(_ id: String = "p0-nsquare") -> Annotation {
        Annotation(id: id, page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 100, width: 120, height: 80), color: .red)
    }

    private func objectsInUpdate(of path: String, originalLength: Int, qpdf: String) throws -> (rewritten: Set<Int>, inspection: QPDFInspection) {
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        return (IncrementalUpdate.objectNumbers(in: saved, after: originalLength), try QPDFInspection(path: path, qpdf: qpdf))
    }

    func testAPictureStampIsStoredCompressedAndDecodesToEveryPixel() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let path = try blank()
        let originalLength = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        let stamp = Annotation(id: "p0-npicture", page: PageIndex(0), subtype: .stamp, rect: Rect(x: 100, y: 100, width: 300, height: 300),
                               uniqueName: "picture", image: .held(Self.picture))
        try editor.perform(EditRecord("Stamp", .insert([PlacedAnnotation(stamp, at: 0)])))
        try editor.save()

        let added = try Data(contentsOf: URL(fileURLWithPath: path)).count - originalLength
        XCTAssertLessThan(added, 400_000, "a 1024² picture (3 MiB of samples) adds \(added) bytes")
        print("a 1024² picture stamp added \(added) bytes to the file")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        XCTAssertEqual(try checkPicture(in: path, password: nil, qpdf: qpdf), 2, "the picture and its soft mask")
        // The app reads its own compressed appearance back.
        let reopened = try DocumentEditor.open(path: path, password: nil)
        let id = try XCTUnwrap(reopened.annotations(on: PageIndex(0)).first?.id)
        XCTAssertNotNil(reopened.appearanceData(of: id))
    }

    /// Checks with qpdf that every image object (of `among`, when given) is compressed and
    /// decodes (decrypted with `password`) to the test picture's samples or its mask; returns
    /// how many there were.
    private func checkPicture(in path: String, password: String?, qpdf: String, among numbers: Set<Int>? = nil) throws -> Int {
        let inspection = try QPDFInspection(path: path, password: password, qpdf: qpdf)
        var checked = 0
        for (ref, value) in inspection.objects {
            guard let dict = ((value as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any],
                  dict["/Subtype"] as? String == "/Image", let number = Int(ref.split(separator: " ")[0]),
                  numbers?.contains(number) ?? true else { continue }
            XCTAssertEqual(dict["/Filter"] as? String, "/FlateDecode", "\(ref) is compressed")
            let decoded = try ExternalTool.data("qpdf", (password.map { ["--password=\($0)"] } ?? []) + ["--show-object=\(number)", "--filtered-stream-data", path])
            let rgb = dict["/ColorSpace"] as? String == "/DeviceRGB"
            XCTAssertEqual(Array(decoded), rgb ? Self.picture.samples.bytes : Self.picture.alpha?.bytes, "\(ref) decodes to every sample")
            checked += 1
        }
        return checked
    }

    /// A 1024² picture with a photo's smooth shading, as ImageMagick encodes it in a JPEG.
    private func photo() throws -> (StampImage, [UInt8]) {
        _ = try ExternalTool.require("convert")
        let side = 1024
        var ppm = Array("P6\n\(side) \(side)\n255\n".utf8)
        var rgb: [UInt8] = []
        rgb.reserveCapacity(side * side * 3)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x - 400), dy = Double(y - 600)
                let glow = max(0, 255 - (dx * dx + dy * dy).squareRoot() / 3)
                rgb += [UInt8(min(255, glow + Double(x) / 8)), UInt8(Double(y) / 5), UInt8(min(255, 60 + Double(x + y) / 10))]
            }
        }
        ppm += rgb
        let input = folder.path("photo.ppm"), output = folder.path("photo.jpg")
        try Data(ppm).write(to: URL(fileURLWithPath: input))
        let made = try ExternalTool.run("convert", [input, "-quality", "90", output])
        guard made.status == 0 else { throw XCTSkip("ImageMagick could not write a JPEG: \(made.output)") }
        let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
        return (StampImage(pixelWidth: side, pixelHeight: side, samples: rgb, jpeg: jpeg), jpeg)
    }

    func testAPhotoStampIsStoredAsItsJPEG() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let (picture, jpeg) = try photo()
        let path = try blank()
        let originalLength = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        let stamp = Annotation(id: "p0-nphoto", page: PageIndex(0), subtype: .stamp, rect: Rect(x: 100, y: 100, width: 300, height: 300),
                               uniqueName: "photo", image: .held(picture))
        try editor.perform(EditRecord("Stamp", .insert([PlacedAnnotation(stamp, at: 0)])))
        try editor.save()

        let added = try Data(contentsOf: URL(fileURLWithPath: path)).count - originalLength
        XCTAssertLessThan(added, 400_000, "a 1024² photo adds \(added) bytes")
        XCTAssertLessThan(added, jpeg.count + 4_000, "the JPEG and little else")
        print("a 1024² photo stamp added \(added) bytes to the file (its JPEG: \(jpeg.count))")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let inspection = try QPDFInspection(path: path, qpdf: qpdf)
        let images = inspection.objects.compactMap { (ref, value) -> (String, [String: Any])? in
            guard let dict = ((value as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any],
                  dict["/Subtype"] as? String == "/Image" else { return nil }
            return (ref, dict)
        }
        XCTAssertEqual(images.count, 1, "one picture, no mask (a photo is opaque)")
        let (ref, dict) = try XCTUnwrap(images.first)
        XCTAssertEqual(dict["/Filter"] as? String, "/DCTDecode")
        let raw = try ExternalTool.data("qpdf", ["--show-object=\(ref.split(separator: " ")[0])", "--raw-stream-data", path])
        XCTAssertEqual(Array(raw), jpeg, "the JPEG as it was made")
        if ExternalTool.path(of: "mutool") != nil {
            let drawn = try ExternalTool.run("mutool", ["draw", "-q", "-o", folder.path("page.png"), path, "1"])
            XCTAssertEqual(drawn.status, 0, "MuPDF draws the page: \(drawn.output)")
        }
    }

    func testMovingAnAnnotationTenTimesWritesOnlyItAndOneAppearance() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let path = try blank()
        let originalLength = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let before = try QPDFInspection(path: path, qpdf: qpdf)
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        var current = square()
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(current, at: 0)])))
        for _ in 0..<10 {
            let moved = current.moved(by: Vector(dx: 7, dy: 3))
            try editor.perform(EditRecord("Move", .replace(before: [current], after: [moved])))
            current = moved
        }
        let appearance = try XCTUnwrap(editor.appearanceData(of: current.id), "the app's appearance reads back before a save")
        try editor.save()

        let (rewritten, after) = try objectsInUpdate(of: path, originalLength: originalLength, qpdf: qpdf)
        let new = rewritten.subtracting(before.objectNumbers)
        XCTAssertEqual(new.count, 2, "the square and its appearance, not ten appearances: \(new.sorted())")
        XCTAssertEqual(after.objectNumbers.subtracting(before.objectNumbers), new)
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let reopened = try DocumentEditor.open(path: path, password: nil)
        let saved = try XCTUnwrap(reopened.annotations(on: PageIndex(0)).first)
        XCTAssertEqual(saved.rect, current.rect)
        XCTAssertEqual(reopened.appearanceData(of: saved.id), appearance)
    }

    func testAnUndoneAnnotationIsNotWrittenAndARedoAfterTheSaveWritesItAgain() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let path = try blank()
        let originalLength = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let before = try QPDFInspection(path: path, qpdf: qpdf)
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        let stamp = Annotation(id: "p0-npicture", page: PageIndex(0), subtype: .stamp, rect: Rect(x: 100, y: 100, width: 300, height: 300),
                               uniqueName: "picture", image: .held(Self.picture))
        try editor.perform(EditRecord("Stamp", .insert([PlacedAnnotation(stamp, at: 0)])))
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(square(), at: 1)])))
        try editor.undo()
        try editor.undo()
        try editor.save()

        let (rewritten, afterUndo) = try objectsInUpdate(of: path, originalLength: originalLength, qpdf: qpdf)
        XCTAssertTrue(rewritten.subtracting(before.objectNumbers).isEmpty, "no object of the undone edits is written: \(rewritten.sorted())")
        XCTAssertEqual(afterUndo.annotsEntries(ofPage: 0), [])
        XCTAssertLessThan(try Data(contentsOf: URL(fileURLWithPath: path)).count - originalLength, 2_000, "no picture in the file")

        try editor.redo()
        try editor.redo()
        try editor.save()
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(reopened.annotations(on: PageIndex(0)).map(\.subtype), [.stamp, .square], "the redone annotations are in the file")
        XCTAssertEqual(try QPDFInspection(path: path, qpdf: qpdf).annotsEntries(ofPage: 0).count, 2)
    }

    func testNewStreamsOfAnEncryptedDocumentAreCompressedAndEncrypted() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let source = try DeveloperPDFSet.path("encrypted-userpw-libreoffice.pdf")
        let path = folder.path("encrypted.pdf")
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let password = "openpassword"
        let originalLength = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let editor = try DocumentEditor.open(path: path, password: password)
        let page = PageIndex(0)
        let marker = "Secret words nobody reads without the password"
        let stamp = Annotation(id: "p0-npicture", page: page, subtype: .stamp, rect: Rect(x: 100, y: 100, width: 200, height: 200),
                               contents: marker, uniqueName: "picture", image: .held(Self.picture))
        try editor.perform(EditRecord("Stamp", .insert([PlacedAnnotation(stamp, at: editor.annotations(on: page).count)])))
        let appearance = try XCTUnwrap(editor.appearanceData(of: stamp.id))
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertLessThan(saved.count - originalLength, 400_000)
        XCTAssertNil(saved.dropFirst(originalLength).range(of: Data(marker.utf8)), "the stamp's text is encrypted")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", "--password=\(password)", path]).status, 0)
        XCTAssertEqual(try checkPicture(in: path, password: password, qpdf: qpdf, among: IncrementalUpdate.objectNumbers(in: saved, after: originalLength)),
                       2, "the picture and its soft mask, decrypted and decoded")
        let reopened = try DocumentEditor.open(path: path, password: password)
        let read = try XCTUnwrap(reopened.annotations(on: page).first { $0.contents == marker })
        XCTAssertEqual(reopened.appearanceData(of: read.id), appearance, "decrypted and decompressed, the appearance is what was drawn")
    }
}
