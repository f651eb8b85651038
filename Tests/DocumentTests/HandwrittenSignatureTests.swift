// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

/// A kept signature placed on a page: the pad's strokes (y down) become an /Ink in PDF space
/// (y up), scaled to the height asked for and centred where asked, pressures kept, marked as a
/// signature.
final class HandwrittenSignatureTests: XCTestCase {
    private let stamp = CreationStamp(id: "p0-n1", author: "Ada", date: "D:20261126")
    private let style = AnnotationStyle(color: RGBColor(red: 0.1, green: 0.1, blue: 0.4), width: 2)

    func testPlacedStrokesAreScaledCentredAndTheRightWayUp() throws {
        // An "L": down the left side, then along the bottom, on a 300×100 pad.
        let signature = HandwrittenSignature(id: "a", name: "Ada", strokes: [
            InkStroke(points: [Point(x: 10, y: 10), Point(x: 10, y: 60), Point(x: 110, y: 60)], pressures: [0.2, 0.6, 1]),
        ], padSize: Size(width: 300, height: 100), baseline: 70)
        XCTAssertEqual(signature.bounds, Rect(x: 10, y: 10, width: 100, height: 50))
        let ink = try XCTUnwrap(signature.annotation(on: PageIndex(2), centeredAt: Point(x: 300, y: 200), height: 25, style: style, stamp: stamp))
        XCTAssertEqual(ink.isSignature, true)
        XCTAssertEqual(ink.subtype, .ink)
        XCTAssertEqual(ink.page, PageIndex(2))
        XCTAssertEqual(ink.contents, "Ada")
        guard case .ink(let strokes) = ink.geometry else { return XCTFail("an ink geometry") }
        let points = try XCTUnwrap(strokes.first?.points)
        XCTAssertEqual(points[0].x, 275, accuracy: 0.1, "50 points wide, centred on x 300")
        XCTAssertEqual(points[0].y, 212.5, accuracy: 0.1, "the top of the pad is the top on the page")
        XCTAssertEqual(points[1].y, 187.5, accuracy: 0.1, "25 points tall")
        XCTAssertEqual(points[2].x, 325, accuracy: 0.1)
        XCTAssertEqual(strokes.first?.pressures, [0.2, 0.6, 1], "pressures kept")
    }

    func testAnEmptySignatureCannotBePlaced() {
        let empty = HandwrittenSignature(id: "b", name: "Nothing", strokes: [], padSize: Size(width: 300, height: 100), baseline: 70)
        XCTAssertNil(empty.annotation(on: PageIndex(0), centeredAt: .zero, height: 20, style: style, stamp: stamp))
    }
}

/// A scanned signature loses its paper: white turns clear, the ink stays opaque and its colour.
final class SignaturePictureTests: XCTestCase {
    func testThePaperBecomesClearAndTheInkStays() {
        // 10×10 off-white paper (a scan is never pure white) with a dark blue stroke on row 5.
        var rgb = [UInt8]()
        for y in 0..<10 { for _ in 0..<10 { rgb += y == 5 ? [20, 30, 90] : [238, 236, 230] } }
        let scan = StampImage(pixelWidth: 10, pixelHeight: 10, samples: rgb, jpeg: [0xFF, 0xD8])
        let cut = scan.withoutBackground()
        let alpha = cut.alpha?.bytes ?? []
        XCTAssertEqual(alpha.count, 100)
        XCTAssertEqual(alpha[0], 0, "paper clear")
        XCTAssertEqual(alpha[5 * 10 + 3], 255, "ink opaque")
        XCTAssertEqual(Array(cut.samples.bytes[(50 * 3)..<(50 * 3 + 3)]), [20, 30, 90], "the ink keeps its colour")
        XCTAssertNil(cut.jpeg, "no JPEG: it has no alpha")
    }
}
