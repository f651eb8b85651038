// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import Document
import Geometry

/// Turning annotations: ink and polygons turn their points, shapes, stamps and text boxes turn
/// their drawing inside a grown /Rect (kept as an angle the file carries), a turn back gives
/// the upright value back, and the edit undoes exactly. Vertices move, come and go.
final class AnnotationRotationTests: XCTestCase {
    private func square(_ rect: Rect, subtype: AnnotationSubtype = .square) -> Annotation {
        var a = Annotation(id: "new-1", page: PageIndex(0), subtype: subtype, rect: rect, color: .red, borderWidth: 2)
        if subtype == .stamp { a.iconName = "Approved" }
        if subtype == .freeText { a.contents = "Hello"; a.freeText = FreeTextStyle() }
        return a
    }

    // MARK: Ink

    func testInkTurnsItsPointsKeepsItsPressuresAndItsRectangleHoldsTheStroke() throws {
        let stroke = InkStroke(points: [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 200, y: 150)], pressures: [0.2, 0.6, 1])
        let ink = try XCTUnwrap(Annotation.ink([stroke], on: PageIndex(0), style: AnnotationStyle(color: .black, width: 4),
                                               stamp: CreationStamp(id: "i", author: nil, date: "D:2026")))
        let pivot = Point(x: 150, y: 125)
        let turned = ink.rotated(by: 90, about: pivot)
        guard case .ink(let strokes) = turned.geometry else { return XCTFail("still ink") }
        // A quarter turn counter-clockwise about (150, 125): (x, y) -> (150 - (y - 125), 125 + (x - 150)).
        let expected = stroke.points.map { Point(x: 150 - ($0.y - 125), y: 125 + ($0.x - 150)) }
        for (p, e) in zip(strokes[0].points, expected) {
            XCTAssertEqual(p.x, e.x, accuracy: 1e-4)
            XCTAssertEqual(p.y, e.y, accuracy: 1e-4)
        }
        XCTAssertEqual(strokes[0].pressures, stroke.pressures, "pressures ride along")
        // The rectangle holds the turned points and half the width and a point around them.
        let xs = expected.map(\.x), ys = expected.map(\.y)
        XCTAssertEqual(turned.rect.minX, xs.min()! - 3, accuracy: 1e-3)
        XCTAssertEqual(turned.rect.maxX, xs.max()! + 3, accuracy: 1e-3)
        XCTAssertEqual(turned.rect.minY, ys.min()! - 3, accuracy: 1e-3)
        XCTAssertEqual(turned.rect.maxY, ys.max()! + 3, accuracy: 1e-3)
        XCTAssertNil(turned.rotation, "ink keeps no angle: its points are turned")
        XCTAssertEqual(turned.appearance, .generated)
    }

    func testAFullTurnAndATurnAndItsOppositeComeBackToTheStart() throws {
        let stroke = InkStroke(points: [Point(x: 10, y: 10), Point(x: 80, y: 30), Point(x: 40, y: 90)])
        let ink = try XCTUnwrap(Annotation.ink([stroke], on: PageIndex(0), style: AnnotationStyle(color: .black, width: 2),
                                               stamp: CreationStamp(id: "i", author: nil, date: "D:2026")))
        XCTAssertEqual(ink.rotated(by: 360, about: Point(x: 3, y: 4)), ink)
        let back = ink.rotated(by: 37, about: Point(x: 50, y: 50)).rotated(by: -37, about: Point(x: 50, y: 50))
        guard case .ink(let a) = back.geometry, case .ink(let b) = ink.geometry else { return XCTFail() }
        for (p, q) in zip(a[0].points, b[0].points) { XCTAssertEqual(p.distance(to: q), 0, accuracy: 1e-3) }
    }

    // MARK: Boxes

    func testASquareKeepsItsBoxTurnsItsDrawingAndGrowsItsRectangle() throws {
        let s = square(Rect(x: 100, y: 200, width: 120, height: 60))
        let turned = s.rotated(by: 30, about: s.rect.center)
        let r = try XCTUnwrap(turned.rotation)
        XCTAssertEqual(r.degrees, 30)
        XCTAssertEqual(r.size, Size(width: 120, height: 60), "the upright box is kept")
        let c = cos(Double.pi / 6), sn = sin(Double.pi / 6)
        XCTAssertEqual(turned.rect.width, 120 * c + 60 * sn, accuracy: 1e-3, "/Rect holds the turned box")
        XCTAssertEqual(turned.rect.height, 120 * sn + 60 * c, accuracy: 1e-3)
        XCTAssertEqual(turned.rect.midX, s.rect.midX, accuracy: 1e-3)
        XCTAssertEqual(turned.rect.midY, s.rect.midY, accuracy: 1e-3)
        XCTAssertEqual(turned.uprightBox, s.rect)
        // Turned back: exactly the upright square again.
        let back = turned.rotated(by: -30, about: s.rect.center)
        XCTAssertNil(back.rotation)
        XCTAssertEqual(back.rect, s.rect)
    }

    func testTheAppearanceIsTheUprightDrawingTurnedByItsMatrixAboutItsMiddle() throws {
        for subtype in [AnnotationSubtype.square, .circle, .stamp, .freeText] {
            let s = square(Rect(x: 100, y: 200, width: 120, height: 60), subtype: subtype)
            let upright = try XCTUnwrap(AppearanceBuilder.appearance(for: s))
            let turned = s.rotated(by: 45, about: Point(x: 0, y: 0))
            let stream = try XCTUnwrap(AppearanceBuilder.appearance(for: turned), "\(subtype)")
            XCTAssertEqual(stream.boundingBox, Rect(x: 0, y: 0, width: 120, height: 60), "\(subtype): drawn in its upright box")
            XCTAssertEqual(stream.content, upright.content, "\(subtype): the same drawing")
            let m = try XCTUnwrap(stream.matrix, "\(subtype)")
            let map = AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
            // §12.5.5: the box turned by /Matrix, bounded, lands on /Rect without scaling.
            let turnedBox = map.apply(to: stream.boundingBox)
            XCTAssertEqual(turnedBox.width, turned.rect.width, accuracy: 0.01, "\(subtype)")
            XCTAssertEqual(turnedBox.height, turned.rect.height, accuracy: 0.01, "\(subtype)")
            let middle = map.apply(to: Point(x: 60, y: 30))
            XCTAssertEqual(middle.x, 60, accuracy: 1e-3, "\(subtype): turned about its middle")
            XCTAssertEqual(middle.y, 30, accuracy: 1e-3)
            let corner = map.apply(to: Point(x: 120, y: 30))
            XCTAssertGreaterThan(corner.y, 30, "\(subtype): counter-clockwise, as PDF measures angles")
        }
    }

    func testTheAngleTravelsThroughTheFileAndMovesAndResizesKeepIt() throws {
        let turned = square(Rect(x: 100, y: 200, width: 120, height: 60)).rotated(by: -75, about: Point(x: 300, y: 300))
        var d = PDFDictionary()
        AnnotationDictionary.write(turned, into: &d, origin: .zero)
        d["AP"] = .dictionary(PDFDictionary([("N", .reference(9, 0))]))
        d[AnnotationDictionary.generatedKey] = .bool(true)
        let read = AnnotationDictionary.annotation(id: turned.id, page: turned.page, dictionary: d, origin: .zero)
        XCTAssertEqual(read.rotation, turned.rotation)
        XCTAssertEqual(read.rect, turned.rect)
        let moved = turned.moved(by: Vector(dx: 10, dy: -5))
        XCTAssertEqual(moved.rotation, turned.rotation)
        XCTAssertEqual(moved.rect.size, turned.rect.size)
        // Twice as large: the upright box doubles and stays turned by the same angle.
        let big = Rect(x: turned.rect.minX, y: turned.rect.minY, width: turned.rect.width * 2, height: turned.rect.height * 2)
        let grown = turned.resized(to: big)
        XCTAssertEqual(grown.rotation?.degrees ?? 0, -75, accuracy: 1e-3)
        XCTAssertEqual(grown.rotation?.size.width ?? 0, 240, accuracy: 1e-3)
        XCTAssertEqual(grown.rect.width, big.width, accuracy: 1e-3)
    }

    func testWhatCannotTurnFollowsTheTurnWithItsMiddle() {
        let note = Annotation(id: "n", page: PageIndex(0), subtype: .text, rect: Rect(x: 90, y: -10, width: 20, height: 20))
        let turned = note.rotated(by: 90, about: .zero)
        XCTAssertEqual(turned.rect.size, note.rect.size)
        XCTAssertEqual(turned.rect.midX, 0, accuracy: 1e-3)
        XCTAssertEqual(turned.rect.midY, 100, accuracy: 1e-3)
        XCTAssertNil(turned.rotation)
    }

    func testARotationIsOneEditWhoseInverseGivesTheExactValueBack() throws {
        let s = square(Rect(x: 100, y: 200, width: 120, height: 60))
        var model = AnnotationModel()
        model.load([s], on: PageIndex(0))
        let turned = s.rotated(by: 12.3456, about: Point(x: 17, y: 23))
        let inverse = try model.apply(.replace(before: [s], after: [turned]))
        XCTAssertEqual(model.annotation(s.id), turned)
        _ = try model.apply(inverse)
        XCTAssertEqual(model.annotation(s.id), s, "undo is exact, not a turn back")
    }

    // MARK: Angles

    func testAnglesSnapToFifteenDegreesAndStayInAHalfTurnEitherWay() {
        XCTAssertEqual(RotationAngle.snapped(22), 15)
        XCTAssertEqual(RotationAngle.snapped(23), 30)
        XCTAssertEqual(RotationAngle.snapped(-8), -15)
        XCTAssertEqual(RotationAngle.snapped(7), 0)
        XCTAssertEqual(RotationAngle.normalized(190), -170)
        XCTAssertEqual(RotationAngle.normalized(-180), 180)
        XCTAssertEqual(RotationAngle.normalized(720 + 45), 45)
        for degrees in stride(from: -720.0, through: 720, by: 7.5) {
            let n = RotationAngle.normalized(degrees)
            XCTAssertTrue(n > -180 && n <= 180, "\(degrees) -> \(n)")
            XCTAssertEqual(cos(n * .pi / 180), cos(degrees * .pi / 180), accuracy: 1e-6)
        }
    }

    // MARK: Vertices

    func testVerticesMoveComeAndGoAndTheRectangleFollows() {
        let points = [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 150, y: 180)]
        let polygon = Annotation(id: "p", page: PageIndex(0), subtype: .polygon, rect: Rect(x: 99, y: 99, width: 102, height: 82),
                                 borderWidth: 2, geometry: .vertices(points), appearance: .file)
        let moved = polygon.withVertex(2, at: Point(x: 150, y: 250))
        XCTAssertEqual(moved.vertices[2], Point(x: 150, y: 250))
        XCTAssertEqual(moved.rect, Rect(x: 99, y: 99, width: 102, height: 152), "/Rect covers the vertices and half the width")
        XCTAssertEqual(moved.appearance, .generated, "the app draws the new shape")
        let added = polygon.insertingVertex(Point(x: 150, y: 90), at: 1)
        XCTAssertEqual(added.vertices, [points[0], Point(x: 150, y: 90), points[1], points[2]])
        XCTAssertEqual(added.rect.minY, 89)
        XCTAssertEqual(added.removingVertex(1), polygon.withVertices(points), "taking it out gives the shape back")
        XCTAssertEqual(polygon.removingVertex(0), polygon, "a polygon keeps three vertices")
        let polyline = Annotation(id: "l", page: PageIndex(0), subtype: .polyLine, rect: .zero,
                                  geometry: .vertices([points[0], points[1]]))
        XCTAssertEqual(polyline.removingVertex(0), polyline, "a polyline keeps two")
        XCTAssertEqual(polygon.withVertex(7, at: .zero), polygon, "no such vertex: unchanged")
    }

    func testADoubleClickFindsTheNearestEdgeIncludingAPolygonsClosingOne() {
        let square = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)]
        let top = PolygonEdges.nearestEdge(to: Point(x: 40, y: 3), vertices: square, closed: true, tolerance: 5)
        XCTAssertEqual(top?.index, 1)
        XCTAssertEqual(top?.point, Point(x: 40, y: 0))
        let closing = PolygonEdges.nearestEdge(to: Point(x: -2, y: 60), vertices: square, closed: true, tolerance: 5)
        XCTAssertEqual(closing?.index, 4, "the edge from the last vertex back to the first")
        XCTAssertNil(PolygonEdges.nearestEdge(to: Point(x: -2, y: 60), vertices: square, closed: false, tolerance: 5),
                     "a polyline has no closing edge")
        XCTAssertNil(PolygonEdges.nearestEdge(to: Point(x: 50, y: 50), vertices: square, closed: true, tolerance: 5))
    }
}
