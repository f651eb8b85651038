// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class ZoomStripTests: XCTestCase {
    private let a4 = Size(width: 595, height: 842)
    private let strip = Size(width: 900, height: 150)

    private func make(magnification: Double = 3, origin: Point = Point(x: 72, y: 100)) -> ZoomStrip {
        ZoomStrip(page: PageIndex(0), pageSize: a4, stripSize: strip, magnification: magnification, origin: origin)
    }

    func testTheBoxHasTheStripsProportionsAtItsMagnification() {
        let z = make()
        XCTAssertEqual(z.box.width, strip.width / 3, accuracy: 1e-9)
        XCTAssertEqual(z.box.height, strip.height / 3, accuracy: 1e-9)
        XCTAssertEqual(z.box.width / z.box.height, strip.width / strip.height, accuracy: 1e-9)
    }

    func testAStripPointLandsInsideTheBoxScaledByTheBoxToStripRatio() {
        let z = make(magnification: 4, origin: Point(x: 50, y: 300))
        for p in [Point(x: 0, y: 0), Point(x: 450, y: 75), Point(x: 899, y: 149), Point(x: 12.5, y: 140)] {
            let q = z.pagePoint(fromStrip: p)
            XCTAssertTrue(z.box.contains(q), "\(p) → \(q) outside \(z.box)")
            XCTAssertEqual(q.x, z.box.minX + p.x * z.box.width / strip.width, accuracy: 1e-9)
            XCTAssertEqual(q.y, z.box.minY + p.y * z.box.height / strip.height, accuracy: 1e-9)
            let back = z.stripPoint(fromPage: q)
            XCTAssertEqual(back.x, p.x, accuracy: 1e-9)
            XCTAssertEqual(back.y, p.y, accuracy: 1e-9)
        }
    }

    func testTheDefaultMagnificationIsThreeTimesThePageZoomWithinTheStripsOwnLimits() {
        XCTAssertEqual(ZoomStrip.defaultMagnification(forPageZoom: 1.25), 3.75, accuracy: 1e-9)
        XCTAssertEqual(ZoomStrip.defaultMagnification(forPageZoom: 100), ZoomStrip.magnificationLimits.upperBound)
        XCTAssertEqual(ZoomStrip.defaultMagnification(forPageZoom: 0.1), ZoomStrip.magnificationLimits.lowerBound)
    }

    func testTheMagnificationKeepsToItsOwnLimitsAndTheBoxNeverOutgrowsItsPage() {
        var z = make()
        z.setMagnification(1000)
        XCTAssertEqual(z.magnification, ZoomStrip.magnificationLimits.upperBound)
        z.setMagnification(0.01)
        // 900 px over a 595 pt page: the box may be at most as wide as the page.
        XCTAssertEqual(z.magnification, max(ZoomStrip.magnificationLimits.lowerBound, strip.width / a4.width), accuracy: 1e-9)
        XCTAssertLessThanOrEqual(z.box.width, a4.width + 1e-9)
        XCTAssertLessThanOrEqual(z.box.maxX, a4.width + 1e-9)
    }

    func testResizingTheBoxSetsTheMagnification() {
        var z = make()
        z.resizeBox(toWidth: 150)
        XCTAssertEqual(z.magnification, strip.width / 150, accuracy: 1e-9)
        XCTAssertEqual(z.box.width, 150, accuracy: 1e-9)
    }

    func testTheBoxStaysOnItsPage() {
        let z = make(origin: Point(x: 590, y: 900))
        XCTAssertEqual(z.box.maxX, a4.width, accuracy: 1e-9)
        XCTAssertEqual(z.box.maxY, a4.height, accuracy: 1e-9)
        let w = make(origin: Point(x: -40, y: -3))
        XCTAssertEqual(w.origin, Point(x: 0, y: 0))
    }

    func testAStrokeEndingInTheLastFifteenPercentMovesTheBoxAlongTheLine() {
        // A box of 150 points: room to move on along the page.
        var z = make(magnification: 6)
        let before = z.origin
        // Ends before the zone: stays.
        XCTAssertFalse(z.strokeEnded(rightmostStripX: strip.width * 0.8))
        XCTAssertEqual(z.origin, before)
        // Ends in the zone: the end of the writing now shows 15 % from the strip's left.
        let end = strip.width * 0.9
        let endOnPage = z.pagePoint(fromStrip: Point(x: end, y: 0)).x
        XCTAssertTrue(z.strokeEnded(rightmostStripX: end))
        XCTAssertEqual(z.origin.y, before.y)
        XCTAssertEqual(z.stripPoint(fromPage: Point(x: endOnPage, y: 0)).x, strip.width * ZoomStrip.advanceKeep, accuracy: 1e-9)
        XCTAssertEqual(z.lineStart, before.x, "moving on keeps the line's start")
    }

    func testTheBoxStopsAtThePagesRightEdge() {
        var z = make(origin: Point(x: a4.width, y: 100))
        let x = z.origin.x
        XCTAssertFalse(z.strokeEnded(rightmostStripX: strip.width - 1))
        XCTAssertEqual(z.origin.x, x)
        XCTAssertEqual(z.box.maxX, a4.width, accuracy: 1e-9)
    }

    func testReturnGoesDownOneBoxHeightBackToWhereTheLineStarted() {
        var z = make(origin: Point(x: 60, y: 100))
        z.strokeEnded(rightmostStripX: strip.width)
        z.strokeEnded(rightmostStripX: strip.width)
        XCTAssertGreaterThan(z.origin.x, 60)
        let height = z.box.height
        XCTAssertTrue(z.returnToNextLine())
        XCTAssertEqual(z.origin.x, 60, accuracy: 1e-9)
        XCTAssertEqual(z.origin.y, 100 + height, accuracy: 1e-9)
    }

    func testReturnAtTheFootOfThePageStaysThere() {
        var z = make(origin: Point(x: 60, y: a4.height))
        XCTAssertFalse(z.returnToNextLine())
        XCTAssertEqual(z.box.maxY, a4.height, accuracy: 1e-9)
    }

    func testPlacingTheBoxStartsTheLineThere() {
        var z = make()
        z.place(at: Point(x: 200, y: 400))
        z.strokeEnded(rightmostStripX: strip.width)
        z.returnToNextLine()
        XCTAssertEqual(z.origin.x, 200, accuracy: 1e-9)
    }

    func testAWiderStripKeepsTheMagnificationAndWidensTheBox() {
        var z = make()
        z.resizeStrip(to: Size(width: 1200, height: 150))
        XCTAssertEqual(z.magnification, 3, accuracy: 1e-9)
        XCTAssertEqual(z.box.width, 400, accuracy: 1e-9)
    }

    func testTheHandlesSitOnTheTopEdgeAndTheLowerRightCorner() {
        let rect = Rect(x: 100, y: 200, width: 300, height: 50)
        let handles = ZoomStrip.handles(ofBoxAt: rect, size: 16)
        XCTAssertEqual(handles.move.midX, rect.midX, accuracy: 1e-9)
        XCTAssertEqual(handles.move.maxY, rect.minY, accuracy: 1e-9)
        XCTAssertTrue(handles.resize.contains(Point(x: rect.maxX, y: rect.maxY)))
    }
}
