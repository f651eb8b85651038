// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The window's actions carried out by the session, headless: each changes the session's
/// state and answers with what the host must do.
final class SessionCommandTests: XCTestCase {
    let square = Annotation(id: "p0-a0", page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 300, width: 80, height: 40))
    lazy var host = EditingWalkHost([square], pageSizes: Array(repeating: Size(width: 420, height: 595), count: 5))
    var session: DocumentSession { host.session }

    func testGoingToAPageShowsItAndTheHistoryGoesBack() {
        let effects = session.perform(.goTo(PageIndex(3)))
        host.settle()
        XCTAssertTrue(effects.contains(.viewChanged))
        XCTAssertEqual(session.view.currentPage, PageIndex(3))
        _ = session.perform(.setZoom(2))
        XCTAssertEqual(session.view.viewport.zoom, 2, accuracy: 1e-9)
        _ = session.perform(.zoom(by: 0.5, about: nil))
        XCTAssertEqual(session.view.viewport.zoom, 1, accuracy: 1e-9)
    }

    func testPickingAToolSetsTheCursorAndDropsPreviews() {
        session.previews.shape = (.square, PageIndex(0), Point(x: 1, y: 1), Point(x: 5, y: 5))
        let effects = session.perform(.pick(.ink))
        XCTAssertEqual(session.interaction.pickedTool, .ink)
        XCTAssertTrue(effects.contains(.cursor(.crosshair)))
        XCTAssertNil(session.previews.shape)
        XCTAssertTrue(session.perform(.pick(nil)).contains(.cursor(.default)))
        XCTAssertNil(session.interaction.pickedTool)
    }

    func testSelectingThenDeletingIsOneUndoableStep() {
        _ = session.perform(.select([AnnotationID(square.id)]))
        XCTAssertEqual(session.interaction.selectedAnnotation, AnnotationID(square.id))
        let effects = session.perform(.delete([AnnotationID(square.id)]))
        XCTAssertEqual(host.editor.committed.map(\.name), ["Delete"])
        XCTAssertTrue(effects.contains(.redraw))
        XCTAssertNil(host.editor.annotation(square.id))
        _ = session.perform(.deselect)
        XCTAssertNil(session.interaction.selectedAnnotation)
    }
}
