// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// A carried annotation: the view scrolls near the edges, the annotation stays under the
/// contact, and over another page it belongs to that page, at the same place on screen.
final class AnnotationCarryingTests: XCTestCase {
    /// Two A5 pages one above the other at zoom 1, with a 12 px gap, the view scrolled 500 px.
    let coordinates = DocumentCoordinates(
        view: ViewTransform(zoom: 1, scrollOffset: Vector(dx: 0, dy: 500)),
        pages: [PageGeometry(index: PageIndex(0), origin: Point(x: 16, y: 16), mediaSize: Size(width: 420, height: 595), zoom: 1),
                PageGeometry(index: PageIndex(1), origin: Point(x: 16, y: 623), mediaSize: Size(width: 420, height: 595), zoom: 1)])

    let note = Annotation(id: "7-0", page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 40, width: 60, height: 30))

    func testTheViewScrollsOnlyNearItsEdgesFasterCloserToThem() {
        let size = Size(width: 800, height: 600)
        XCTAssertEqual(AnnotationCarrying.autoScrollVelocity(contact: Point(x: 400, y: 300), viewSize: size), .zero)
        let near = AnnotationCarrying.autoScrollVelocity(contact: Point(x: 400, y: 590), viewSize: size)
        let nearer = AnnotationCarrying.autoScrollVelocity(contact: Point(x: 400, y: 598), viewSize: size)
        XCTAssertGreaterThan(near.dy, 0)
        XCTAssertGreaterThan(nearer.dy, near.dy)
        XCTAssertEqual(near.dx, 0)
        XCTAssertLessThan(AnnotationCarrying.autoScrollVelocity(contact: Point(x: 400, y: 5), viewSize: size).dy, 0)
        XCTAssertEqual(AnnotationCarrying.autoScrollVelocity(contact: Point(x: 400, y: 700), viewSize: size).dy,
                       AnnotationCarrying.topSpeed, "past the edge: top speed")
    }

    func testTheAnnotationFollowsTheScrollToStayUnderTheContact() {
        let before = try! XCTUnwrap(coordinates.viewRect(fromPDF: note.rect, on: note.page))
        let moved = AnnotationCarrying.following(note, viewScrolledBy: Vector(dx: 0, dy: 40), in: coordinates)
        var scrolled = coordinates
        scrolled.view = ViewTransform(zoom: 1, scrollOffset: Vector(dx: 0, dy: 540))
        let after = try! XCTUnwrap(scrolled.viewRect(fromPDF: moved.rect, on: moved.page))
        XCTAssertEqual(after.minY, before.minY, accuracy: 1e-9, "still under the contact on screen")
        XCTAssertEqual(after.minX, before.minX, accuracy: 1e-9)
    }

    func testOverAnotherPageItBelongsToThatPageAtTheSamePlaceOnScreen() {
        XCTAssertNil(AnnotationCarrying.rehomed(note, in: coordinates), "over its own page it stays")
        // Carried down until its middle is over page 2.
        var carried = note
        while let shown = coordinates.viewRect(fromPDF: carried.rect, on: carried.page), coordinates.page(atView: shown.center)?.index != PageIndex(1) {
            carried = carried.moved(by: Vector(dx: 0, dy: -20))
        }
        let shownBefore = try! XCTUnwrap(coordinates.viewRect(fromPDF: carried.rect, on: carried.page))
        let rehomed = try! XCTUnwrap(AnnotationCarrying.rehomed(carried, in: coordinates))
        XCTAssertEqual(rehomed.page, PageIndex(1))
        XCTAssertEqual(rehomed.id, note.id, "the same annotation, moved")
        let shownAfter = try! XCTUnwrap(coordinates.viewRect(fromPDF: rehomed.rect, on: rehomed.page))
        XCTAssertEqual(shownAfter.minX, shownBefore.minX, accuracy: 0.01)
        XCTAssertEqual(shownAfter.minY, shownBefore.minY, accuracy: 0.01)
        XCTAssertEqual(rehomed.rect.size, note.rect.size)
    }
}
