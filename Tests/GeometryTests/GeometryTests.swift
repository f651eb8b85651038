// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import XCTest

final class GeometryTests: XCTestCase {
    func testQuarterTurnsMapCornersExactly() {
        let r = AffineTransform.quarterTurns(1).apply(to: Point(x: 10, y: 0))
        XCTAssertEqual(r, Point(x: 0, y: 10))
        XCTAssertEqual(AffineTransform.quarterTurns(-1), AffineTransform.quarterTurns(3))
    }

    func testInverseUndoesTransform() throws {
        let t = AffineTransform.scale(2, 3).concatenating(.translation(5, -7)).concatenating(.quarterTurns(1))
        let p = Point(x: 1.5, y: -4)
        let back = try XCTUnwrap(t.inverted).apply(to: t.apply(to: p))
        XCTAssertEqual(back.x, p.x, accuracy: 1e-12)
        XCTAssertEqual(back.y, p.y, accuracy: 1e-12)
        XCTAssertNil(AffineTransform.scale(0, 1).inverted)
    }

    func testRectIntersectionAndContainment() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)), Rect(x: 5, y: 5, width: 5, height: 5))
        XCTAssertNil(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)))
        XCTAssertTrue(a.contains(Point(x: 0, y: 0)))
        XCTAssertFalse(a.contains(Point(x: 10, y: 5)))
    }

    func testSmallRectExpandsAboutItsCentre() {
        let r = Rect(x: 10, y: 10, width: 4, height: 60).expanded(toAtLeast: Size(width: 44, height: 44))
        XCTAssertEqual(r, Rect(x: -10, y: 10, width: 44, height: 60))
    }

    func testRotationNormalisesDegrees() {
        XCTAssertEqual(PageRotation(degrees: -90), .threeQuarters)
        XCTAssertEqual(PageRotation(degrees: 450), .quarter)
        XCTAssertEqual(PageRotation(degrees: 45), .none)
        XCTAssertEqual(PageRotation.quarter.rotated(Size(width: 612, height: 792)), Size(width: 792, height: 612))
    }
}
