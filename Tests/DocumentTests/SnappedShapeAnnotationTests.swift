// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

/// What a stroke snapped to a shape is in the file: a polygon, a polyline or a line with an
/// open arrow, drawn by the app, and, written over the ink it replaces (same id, same object),
/// none of the ink's geometry left behind.
final class SnappedShapeAnnotationTests: XCTestCase {
    let style = AnnotationStyle(color: RGBColor(red: 0.1, green: 0.3, blue: 0.8), width: 3)
    let stamp = CreationStamp(id: "made-1", author: "Tester", date: "D:20261202")
    let triangle = [Point(x: 100, y: 100), Point(x: 220, y: 110), Point(x: 150, y: 210)]

    func testAPolygonCoversItsVerticesAndHalfItsLineAndIsDrawn() throws {
        let a = try XCTUnwrap(Annotation.polygon(triangle, closed: true, on: PageIndex(0), style: style, stamp: stamp))
        XCTAssertEqual(a.subtype, .polygon)
        XCTAssertEqual(a.geometry, .vertices(triangle))
        XCTAssertEqual(a.rect, Rect(x: 98.5, y: 98.5, width: 123, height: 113))
        XCTAssertEqual(a.borderWidth, 3)
        XCTAssertNotNil(AppearanceBuilder.appearance(for: a))
        XCTAssertTrue(a.isTransformable)
        XCTAssertNil(Annotation.polygon(Array(triangle.prefix(2)), closed: true, on: PageIndex(0), style: style, stamp: stamp))
        XCTAssertEqual(Annotation.polygon(triangle, closed: false, on: PageIndex(0), style: style, stamp: stamp)?.subtype, .polyLine)
    }

    func testAnArrowIsALineWithAnOpenArrowAtItsEnd() throws {
        let a = try XCTUnwrap(Annotation.line(from: Point(x: 10, y: 10), to: Point(x: 200, y: 50), endEnding: .openArrow,
                                              on: PageIndex(0), style: style, stamp: stamp))
        XCTAssertEqual(a.geometry, .line(start: Point(x: 10, y: 10), end: Point(x: 200, y: 50), startEnding: .none, endEnding: .openArrow))
        XCTAssertNil(a.interiorColor, "an open arrow is not filled")
        var d = PDFDictionary()
        AnnotationDictionary.write(a, into: &d, origin: .zero)
        XCTAssertEqual(d["LE"], .array([.name("None"), .name("OpenArrow")]))
    }

    func testInkWrittenOverByItsSnappedShapeKeepsNoInkList() throws {
        let ink = try XCTUnwrap(Annotation.ink([InkStroke(points: triangle + [triangle[0]], pressures: [0.5, 0.5, 0.5, 0.5])],
                                               on: PageIndex(0), style: style, stamp: stamp))
        var d = PDFDictionary()
        AnnotationDictionary.write(ink, into: &d, origin: .zero)
        XCTAssertNotNil(d["InkList"])
        XCTAssertNotNil(d[AnnotationDictionary.pressuresKey])
        let polygon = try XCTUnwrap(Annotation.polygon(triangle, closed: true, on: PageIndex(0), style: style, stamp: stamp))
        AnnotationDictionary.write(polygon, into: &d, origin: .zero)
        XCTAssertEqual(d["Subtype"], .name("Polygon"))
        XCTAssertNil(d["InkList"])
        XCTAssertNil(d[AnnotationDictionary.pressuresKey])
        XCTAssertNotNil(d["Vertices"])
        // And back (undo): the ink's list again, no vertices.
        AnnotationDictionary.write(ink, into: &d, origin: .zero)
        XCTAssertEqual(d["Subtype"], .name("Ink"))
        XCTAssertNil(d["Vertices"])
        XCTAssertNotNil(d["InkList"])
    }
}
