// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// What a frame shows, worked out by the session once per frame in view coordinates: the
/// pages and their frames, the pressed and lifted annotation, moves in progress and the
/// selection with its handles; the frame builders only draw it.
final class FrameModelTests: XCTestCase {
    let square = Annotation(id: "p0-a0", page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 300, width: 80, height: 40))
    lazy var host = EditingWalkHost([square], pageSizes: [Size(width: 420, height: 595), Size(width: 420, height: 595)])
    var session: DocumentSession { host.session }

    private var squareInView: Rect {
        let target = session.interaction.scene.annotation(AnnotationID(square.id))!
        return session.interaction.scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page)!
    }

    private func send(_ phase: InputPhase, _ source: InputSource, _ p: Point, finger: UInt64 = 1) {
        host.clock.advance(by: 0.016)
        host.send(InputEvent(kind: .contact(phase), source: source, sequence: source == .touchscreen ? InputSequenceID(finger) : .pointer,
                             position: p, time: host.clock.now, button: source == .mouse ? .primary : nil))
    }

    /// Rectangles equal to a thousandth of a pixel (view to PDF and back rounds).
    private func assertClose(_ a: Rect?, _ b: Rect, _ message: String = "", line: UInt = #line) {
        guard let a else { return XCTFail("nil \(message)", line: line) }
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-3, "\(a) vs \(b) \(message)", line: line)
        }
    }

    func testThePagesAreTheViewsShownPagesAtTheirFrames() {
        let frame = session.frame
        XCTAssertEqual(frame.pages.map(\.page), session.view.shownPages)
        let zoom = session.view.viewport.zoom, offset = session.view.viewport.offset
        for shown in frame.pages {
            XCTAssertEqual(shown.frame, session.view.layout.pageFrame(shown.page, zoom: zoom).offsetBy(Point.zero - offset))
        }
        XCTAssertNil(frame.pressed)
        XCTAssertEqual(frame.moves, [])
        XCTAssertEqual(frame.selection.outlines, [])
        XCTAssertEqual(frame.selection.handles, .none)
    }

    func testAMoveInProgressShowsThePixelsFromWhereThePageHasThemAtTheirNewPlace() {
        let start = squareInView
        send(.began, .mouse, start.center)
        send(.moved, .mouse, start.center + Vector(dx: 20, dy: 0))
        send(.moved, .mouse, start.center + Vector(dx: 40, dy: 30))
        let moves = session.frame.moves
        XCTAssertEqual(moves.count, 1)
        XCTAssertEqual(moves.first?.from, start, "the pixels come from where the tiles show it")
        assertClose(moves.first?.to, start.offsetBy(Vector(dx: 40, dy: 30)))
        XCTAssertEqual(moves.first?.page, PageIndex(0))
        XCTAssertEqual(session.frame.selection.outlines.count, 1)
        assertClose(session.frame.selection.outlines.first, start.offsetBy(Vector(dx: 40, dy: 30)), "the selection goes with it")
        send(.ended, .mouse, start.center + Vector(dx: 40, dy: 30))
        XCTAssertEqual(session.frame.moves, [], "committed: the page shows it now")
    }

    func testAFingerPressesThenLiftsTheAnnotationLarger() {
        let rect = squareInView
        send(.began, .touchscreen, rect.center)
        host.run(for: 0.25)
        XCTAssertEqual(session.frame.pressed, rect, "pressed once the touch delay passed")
        host.run(for: 0.5)
        let lifted = try? XCTUnwrap(session.frame.lifted)
        XCTAssertEqual(lifted?.source, rect)
        XCTAssertEqual(lifted?.page, PageIndex(0))
        XCTAssertEqual(lifted?.shown.width ?? 0, rect.width * FrameModel.liftScale, accuracy: 1e-9)
        XCTAssertEqual(lifted?.shown.midY ?? 0, rect.midY, accuracy: 1e-9, "about its own middle")
        XCTAssertNil(session.frame.pressed, "a lift is no longer a press")
        XCTAssertEqual(session.frame.selection.handleSide, 22, "finger-sized handles after a touch")
        send(.ended, .touchscreen, rect.center)
        XCTAssertNil(session.frame.lifted)
    }

    func testASelectedSquareHasEightHandlesAroundIt() {
        let rect = squareInView
        send(.began, .mouse, rect.center)
        send(.ended, .mouse, rect.center)
        let selection = session.frame.selection
        XCTAssertEqual(selection.outlines, [rect])
        XCTAssertEqual(selection.handleSide, 10)
        guard case .squares(let points, let box) = selection.handles else { return XCTFail("\(selection.handles)") }
        XCTAssertEqual(Set(points.map { "\($0)" }), Set(ResizeHandle.allCases.map { "\($0.position(on: rect))" }))
        XCTAssertNil(box, "a box only around several")
    }
}
