// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import TestSupport
import XCTest

/// The images a page draws: listed where they lie (PDF space, as annotations), taken out at
/// their own resolution with their own pixels, and refused with a reason when their data is
/// damaged or they are enormous (before anything that large is allocated).
final class PageImageTests: XCTestCase {
    /// 4 × 3 RGB samples, row by row from the top.
    static let samples: [[UInt8]] = [
        [255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255],
        [0, 0, 0], [255, 255, 0], [0, 255, 255], [255, 0, 255],
        [10, 20, 30], [200, 100, 50], [128, 128, 128], [0, 128, 255],
    ]

    /// A 420 × 595 page drawing `image` (an XObject dictionary and stream) at 200 × 150 from
    /// (100, 300), with a crop box starting at (10, 20) on the second page.
    static func pdf(image: String) -> Data {
        let content = "q 200 0 0 150 100 300 cm /Im1 Do Q"
        return NumberedObjectsPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>",
            image,
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /CropBox [10 20 420 595] /Contents 3 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>",
        ])
    }

    static var goodImage: String {
        let hex = samples.map { $0.map { String(format: "%02X", $0) }.joined() }.joined() + ">"
        return "<< /Type /XObject /Subtype /Image /Width 4 /Height 3 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /ASCIIHexDecode /Length \(hex.utf8.count) >>\nstream\n\(hex)\nendstream"
    }

    func testAPagesImageIsListedWhereItLiesAndTakenOutWithItsOwnPixels() throws {
        let folder = try TemporaryFolder()
        let doc = try PopplerDocument.open(path: try folder.write(Self.pdf(image: Self.goodImage), to: "image.pdf"))
        let images = doc.images(on: PageIndex(0))
        XCTAssertEqual(images, [PageImage(page: PageIndex(0), id: 0, rect: Rect(x: 100, y: 300, width: 200, height: 150))])
        let cropped = doc.images(on: PageIndex(1))
        XCTAssertEqual(cropped.map(\.rect), [Rect(x: 90, y: 280, width: 200, height: 150)], "from the crop box's corner")

        let pixels = try doc.imagePixels(of: images[0])
        XCTAssertEqual(pixels.width, 4)
        XCTAssertEqual(pixels.height, 3)
        for (i, rgb) in Self.samples.enumerated() {
            let argb = pixels.argb(x: i % 4, y: i / 4)
            XCTAssertEqual(argb, 0xFF00_0000 | UInt32(rgb[0]) << 16 | UInt32(rgb[1]) << 8 | UInt32(rgb[2]), "pixel \(i)")
        }
    }

    func testADamagedImageIsRefusedAsUnreadable() throws {
        let folder = try TemporaryFolder()
        let broken = [
            // A JPEG cut off after its first header.
            "<< /Type /XObject /Subtype /Image /Width 640 /Height 480 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter [/ASCIIHexDecode /DCTDecode] /Length 41 >>\nstream\nFFD8FFE000104A46494600DEADBEEF0102030405>\nendstream",
            // Raw samples, one pixel's worth of 3,072.
            "<< /Type /XObject /Subtype /Image /Width 64 /Height 48 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /ASCIIHexDecode /Length 7 >>\nstream\nFF0000>\nendstream",
        ]
        for (i, image) in broken.enumerated() {
            let doc = try PopplerDocument.open(path: try folder.write(Self.pdf(image: image), to: "broken\(i).pdf"))
            let found = try XCTUnwrap(doc.images(on: PageIndex(0)).first, "the page still draws it")
            XCTAssertThrowsError(try doc.imagePixels(of: found), "case \(i)") { error in
                XCTAssertEqual(error as? ImageExtractionError, .unreadable)
            }
        }
    }

    func testAnEnormousImageIsRefusedWithItsSize() throws {
        let folder = try TemporaryFolder()
        let huge = "<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /ASCIIHexDecode /Length 7 >>\nstream\nFF0000>\nendstream"
        let doc = try PopplerDocument.open(path: try folder.write(Self.pdf(image: huge), to: "huge.pdf"))
        let found = try XCTUnwrap(doc.images(on: PageIndex(0)).first)
        XCTAssertThrowsError(try doc.imagePixels(of: found)) { error in
            XCTAssertEqual(error as? ImageExtractionError, .tooLarge(width: 100_000, height: 100_000))
        }
    }
}
