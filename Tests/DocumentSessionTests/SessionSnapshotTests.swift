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
        XCTAssertEqual(s.viewport, session.view.viewport)
        XCTAssertEqual(s.pages.map(\.number), session.view.shownPages.map { $0.rawValue + 1 })
        let v = session.view.viewport
        XCTAssertEqual(s.pages.first?.frame, session.view.layout.pageFrame(session.view.shownPages[0], zoom: v.zoom).offsetBy(Point.zero - v.offset))
        XCTAssertTrue(s.canGoBack == session.view.history.canGoBack)
        XCTAssertNil(s.search)
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
