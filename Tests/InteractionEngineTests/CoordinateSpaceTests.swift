// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class CoordinateSpaceTests: XCTestCase {
    private func assertClose(_ a: Point?, _ b: Point, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no point", file: file, line: line) }
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, file: file, line: line)
    }

    func testViewPageAndPDFPointsRoundTripForAllFourRotations() {
        var rng = SpatialRNG(seed: 42)
        for rotation in PageRotation.allCases {
            let page = PageGeometry(index: PageIndex(3), origin: Point(x: 40, y: 900), mediaSize: Size(width: 595, height: 842),
                                    rotation: rotation, zoom: 1.75)
            let coordinates = DocumentCoordinates(view: ViewTransform(zoom: 1.75, scrollOffset: Vector(dx: 13, dy: 700)), pages: [page])
            for _ in 0..<200 {
                let pdf = Point(x: Double.random(in: 0...595, using: &rng), y: Double.random(in: 0...842, using: &rng))
                let view = coordinates.convert(pdf, from: .pdf(page.index), to: .view)
                assertClose(coordinates.convert(view!, from: .view, to: .pdf(page.index)), pdf)
                let shown = coordinates.convert(pdf, from: .pdf(page.index), to: .page(page.index))
                assertClose(coordinates.convert(shown!, from: .page(page.index), to: .pdf(page.index)), pdf)
                assertClose(coordinates.convert(shown!, from: .page(page.index), to: .view), view!)
            }
        }
    }

    func testPDFCornersLandOnTheExpectedScreenCornersForEachRotation() {
        let w = 200.0, h = 100.0
        // Where the PDF lower-left and upper-left corners appear on the page as shown (y down).
        let expected: [PageRotation: (lowerLeft: Point, upperLeft: Point, shown: Size)] = [
            .none: (Point(x: 0, y: h), Point(x: 0, y: 0), Size(width: w, height: h)),
            .quarter: (Point(x: 0, y: 0), Point(x: h, y: 0), Size(width: h, height: w)),
            .half: (Point(x: w, y: 0), Point(x: w, y: h), Size(width: w, height: h)),
            .threeQuarters: (Point(x: h, y: w), Point(x: 0, y: w), Size(width: h, height: w)),
        ]
        for rotation in PageRotation.allCases {
            let page = PageGeometry(index: PageIndex(0), origin: .zero, mediaSize: Size(width: w, height: h), rotation: rotation, zoom: 1)
            XCTAssertEqual(page.displayedSize, expected[rotation]!.shown)
            XCTAssertEqual(page.pagePoint(fromPDF: Point(x: 0, y: 0)), expected[rotation]!.lowerLeft, "\(rotation)")
            XCTAssertEqual(page.pagePoint(fromPDF: Point(x: 0, y: h)), expected[rotation]!.upperLeft, "\(rotation)")
        }
    }

    func testZoomAndScrollOffsetPlaceAPageOnTheView() {
        let page = fxPage(0, at: Point(x: 100, y: 50), zoom: 2)
        XCTAssertEqual(page.frame, Rect(x: 100, y: 50, width: 1224, height: 1584))
        let coordinates = DocumentCoordinates(view: ViewTransform(zoom: 2, scrollOffset: Vector(dx: 30, dy: 40)), pages: [page])
        // The PDF upper-left corner is the frame's top-left, shifted by the scroll offset.
        XCTAssertEqual(coordinates.convert(Point(x: 0, y: 792), from: .pdf(PageIndex(0)), to: .view), Point(x: 70, y: 10))
        XCTAssertEqual(coordinates.convert(Point(x: 10, y: 782), from: .pdf(PageIndex(0)), to: .view), Point(x: 90, y: 30))
        XCTAssertEqual(coordinates.convert(Point(x: 90, y: 30), from: .view, to: .page(PageIndex(0))), Point(x: 10, y: 10))
    }

    func testAMediaBoxOffsetFromTheOriginIsRespected() {
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 0, y: 0, width: 100, height: 100),
                                mediaSize: Size(width: 100, height: 100), mediaOrigin: Point(x: -50, y: 20))
        XCTAssertEqual(page.pdfPoint(fromCanvas: Point(x: 0, y: 100)), Point(x: -50, y: 20))
        XCTAssertEqual(page.canvasPoint(fromPDF: Point(x: 50, y: 120)), Point(x: 100, y: 0))
    }

    func testRectanglesConvertExactlyAcrossQuarterTurns() {
        let page = PageGeometry(index: PageIndex(0), origin: .zero, mediaSize: Size(width: 612, height: 792), rotation: .quarter, zoom: 1)
        let coordinates = DocumentCoordinates(pages: [page])
        let pdf = Rect(x: 10, y: 20, width: 30, height: 40)
        let view = coordinates.viewRect(fromPDF: pdf, on: PageIndex(0))
        // At 90° the PDF x axis runs down the screen and the y axis to the right.
        XCTAssertEqual(view, Rect(x: 20, y: 10, width: 40, height: 30))
        XCTAssertEqual(coordinates.convert(view!, from: .view, to: .pdf(PageIndex(0))), pdf)
    }

    func testAViewDragBecomesARotatedAndScaledPDFVector() {
        let page = PageGeometry(index: PageIndex(0), origin: .zero, mediaSize: Size(width: 612, height: 792), rotation: .half, zoom: 2)
        let coordinates = DocumentCoordinates(view: ViewTransform(zoom: 2), pages: [page])
        XCTAssertEqual(coordinates.pdfVector(fromView: Vector(dx: 10, dy: 4), on: PageIndex(0)), Vector(dx: -5, dy: 2))
    }

    func testConversionsInvolvingAPageThatIsNotLaidOutReturnNil() {
        let coordinates = DocumentCoordinates(pages: [fxPage(0)])
        XCTAssertNil(coordinates.convert(Point(x: 1, y: 1), from: .view, to: .pdf(PageIndex(7))))
        XCTAssertNil(coordinates.pagePoint(atView: Point(x: 700, y: 10)))
        XCTAssertEqual(coordinates.nearestPage(toView: Point(x: 700, y: 10))?.index, PageIndex(0))
    }
}

final class CoordinateTransformTests: XCTestCase {
    func testTheViewToPageTransformAgreesWithPointConversion() {
        let page = fxPage(2, at: Point(x: 30, y: 1700), zoom: 1.25, rotation: .threeQuarters)
        let view = ViewTransform(zoom: 1.25, scrollOffset: Vector(dx: 5, dy: 1500))
        let coordinates = DocumentCoordinates(view: view, pages: [page])
        let p = Point(x: 100, y: 300)
        let expected = coordinates.convert(p, from: .view, to: .page(PageIndex(2)))!
        let actual = page.viewToPage(view).apply(to: p)
        XCTAssertEqual(actual.x, expected.x, accuracy: 1e-9)
        XCTAssertEqual(actual.y, expected.y, accuracy: 1e-9)
    }
}
