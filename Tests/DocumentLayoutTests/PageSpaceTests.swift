// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class PageSpaceTests: XCTestCase {
    private let media = Size(width: 600, height: 800)

    private func space(_ rotation: PageRotation, zoom: Double = 1.5) -> PageSpace {
        let layout = DocumentLayout(pageSizes: [uniformPages(1, 300, 300)[0], rotation.rotated(media)])
        return layout.pageSpace(PageIndex(1), zoom: zoom, mediaSize: media, rotation: rotation)
    }

    func testDisplaySizeIsTheMediaSizeTurnedByTheRotation() {
        XCTAssertEqual(space(.none).displaySize, Size(width: 600, height: 800))
        XCTAssertEqual(space(.quarter).displaySize, Size(width: 800, height: 600))
        XCTAssertEqual(space(.half).displaySize, Size(width: 600, height: 800))
        XCTAssertEqual(space(.threeQuarters).displaySize, Size(width: 800, height: 600))
    }

    func testPDFCornersShowAtTheCornersAClockwiseTurnCarriesThemTo() {
        // PDF corners, named as they sit on the unrotated page (y up).
        let lowerLeft = Point(x: 0, y: 0), lowerRight = Point(x: 600, y: 0)
        let upperLeft = Point(x: 0, y: 800), upperRight = Point(x: 600, y: 800)
        let expected: [PageRotation: [(pdf: Point, shownAt: KeyPath<Rect, Point>)]] = [
            .none: [(upperLeft, \.topLeft), (upperRight, \.topRight), (lowerRight, \.bottomRight), (lowerLeft, \.bottomLeft)],
            .quarter: [(upperLeft, \.topRight), (upperRight, \.bottomRight), (lowerRight, \.bottomLeft), (lowerLeft, \.topLeft)],
            .half: [(upperLeft, \.bottomRight), (upperRight, \.bottomLeft), (lowerRight, \.topLeft), (lowerLeft, \.topRight)],
            .threeQuarters: [(upperLeft, \.bottomLeft), (upperRight, \.topLeft), (lowerRight, \.topRight), (lowerLeft, \.bottomRight)],
        ]
        for rotation in PageRotation.allCases {
            let space = space(rotation)
            let pageRect = Rect(origin: .zero, size: space.displaySize)
            for (pdf, corner) in expected[rotation]! {
                assertEqual(space.pdfToPage(pdf), pageRect[keyPath: corner], "\(rotation) \(pdf)")
                assertEqual(space.pdfToCanvas(pdf), space.frame[keyPath: corner], "\(rotation) \(pdf)")
                assertEqual(space.canvasToPDF(space.frame[keyPath: corner]), pdf, accuracy: 1e-9, "\(rotation)")
            }
        }
    }

    func testCanvasToPDFAndBackRoundTripsForEveryRotation() {
        var rng = SeededGenerator(seed: 21)
        for rotation in PageRotation.allCases {
            for zoom in [0.05, 1, 3.3] {
                let space = space(rotation, zoom: zoom)
                for _ in 0..<50 {
                    let canvas = Point(x: Double.random(in: space.frame.minX...space.frame.maxX, using: &rng),
                                       y: Double.random(in: space.frame.minY...space.frame.maxY, using: &rng))
                    let pdf = space.canvasToPDF(canvas)
                    XCTAssertTrue((0...600).contains(pdf.x) && (0...800).contains(pdf.y), "\(rotation) \(pdf)")
                    assertEqual(space.pdfToCanvas(pdf), canvas, accuracy: 1e-9, "\(rotation)")
                    assertEqual(space.pageToCanvas(space.canvasToPage(canvas)), canvas, accuracy: 1e-9)
                    let page = space.canvasToPage(canvas)
                    assertEqual(space.pdfToPage(space.pageToPDF(page)), page, accuracy: 1e-9)
                }
            }
        }
    }

    func testTheCanvasToPDFTransformIsTheInverseOfPDFToCanvas() {
        for rotation in PageRotation.allCases {
            let space = space(rotation, zoom: 2.5)
            let product = space.canvasToPDFTransform.concatenating(space.pdfToCanvasTransform)
            XCTAssertEqual(product.a, 1, accuracy: 1e-12); XCTAssertEqual(product.b, 0, accuracy: 1e-12)
            XCTAssertEqual(product.c, 0, accuracy: 1e-12); XCTAssertEqual(product.d, 1, accuracy: 1e-12)
            XCTAssertEqual(product.tx, 0, accuracy: 1e-9); XCTAssertEqual(product.ty, 0, accuracy: 1e-9)
            let frameInPDF = space.canvasToPDF(space.frame)
            assertEqual(frameInPDF, Rect(x: 0, y: 0, width: 600, height: 800), accuracy: 1e-9, "\(rotation)")
        }
    }

    func testPageSpaceScalesByTheZoomFromTheFrameOrigin() {
        let space = space(.none, zoom: 2)
        assertEqual(space.pageToCanvas(Point(x: 10, y: 20)), Point(x: space.frame.minX + 20, y: space.frame.minY + 40))
        assertEqual(space.canvasToPDF(Point(x: space.frame.minX + 20, y: space.frame.minY + 40)), Point(x: 10, y: 780))
    }
}

private extension Rect {
    var topLeft: Point { Point(x: minX, y: minY) }
    var topRight: Point { Point(x: maxX, y: minY) }
    var bottomLeft: Point { Point(x: minX, y: maxY) }
    var bottomRight: Point { Point(x: maxX, y: maxY) }
}
