// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The session's part of the state dump is worked out by the session, in the dump's terms.
final class SessionSnapshotTests: XCTestCase {
    let square = Annotation(id: "p1-a0", page: PageIndex(1), subtype: .square, rect: Rect(x: 100, y: 300, width: 80, height: 40))
    lazy var host = EditingWalkHost([square], pageSizes: [Size(width: 420, height: 595), Size(width: 420, height: 595), Size(width: 420, height: 595)])
    var session: DocumentSession { host.session }

    func testTheSnapshotSaysWhatTheViewShowsInPageNumbersAndViewCoordinates() {
        host.apply(session.perform(.goTo(PageIndex(1))))
        host.settle()
        let s = session.snapshot
        XCTAssertEqual(s.pageCount, 3)
        XCTAssertEqual(s.currentPage, 2, "1-based")
        XCTAssertTrue(s.pages.map(\.number).contains(2))
        // Page 2 is where the view is: in view coordinates its frame covers the view's top.
        let shown = Rect(x: 0, y: 0, width: s.viewport.size.width, height: s.viewport.size.height)
        let two = s.pages.first { $0.number == 2 }?.frame
        XCTAssertTrue(two.map { $0.intersects(shown) && $0.minY <= shown.height / 2 } ?? false, "\(String(describing: two)) in \(shown)")
        XCTAssertTrue(s.pages.allSatisfy { $0.frame.intersects(shown.insetBy(dx: -2, dy: -2)) }, "only pages on screen")
        XCTAssertNil(s.search)
        _ = session.perform(.search(TextSearch(query: "page")))
        XCTAssertEqual(session.snapshot.search?.query, "page")
        XCTAssertEqual(session.snapshot.search?.matches, 0)
    }

    func testTheSnapshotListsTheAnnotationsOnScreenAndWhatIsSelected() {
        host.apply(session.perform(.goTo(PageIndex(1))))
        host.settle()
        let shown = session.snapshot.annotations.first { $0.id == square.id }
        XCTAssertEqual(shown?.kind, "square")
        XCTAssertEqual(shown?.page, 2)
        let target = session.interaction.scene.annotation(AnnotationID(square.id))
        XCTAssertEqual(shown?.rect, target.flatMap { session.interaction.scene.coordinates.viewRect(fromPDF: $0.bounds, on: $0.page) })
        XCTAssertNil(session.snapshot.selectedAnnotation)
        host.apply(session.perform(.select([AnnotationID(square.id)])))
        XCTAssertEqual(session.snapshot.selectedAnnotation, square.id)
        XCTAssertEqual(session.snapshot.selectedAnnotations, [square.id])
    }
}
