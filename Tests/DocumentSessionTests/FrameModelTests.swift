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
        // Lifted, and grown in fully once the lift's 150 ms have passed.
        host.run(for: 0.2)
        let lifted = try? XCTUnwrap(session.frame.lifted)
        XCTAssertEqual(lifted?.source, rect)
        XCTAssertEqual(lifted?.page, PageIndex(0))
        XCTAssertEqual(lifted?.progress, 1)
        XCTAssertEqual(lifted?.shown.width ?? 0, rect.width * FrameModel.liftScale, accuracy: 1e-9)
        XCTAssertEqual(lifted?.shown.midY ?? 0, rect.midY, accuracy: 1e-9, "about its own middle")
        XCTAssertNil(session.frame.pressed, "a lift is no longer a press")
        XCTAssertEqual(session.frame.selection.handleSide, 22, "finger-sized handles after a touch")
        send(.ended, .touchscreen, rect.center)
        XCTAssertNil(session.frame.lifted)
        host.run(for: 0.2)
        XCTAssertEqual(session.frame.settling, [], "settled back")
    }

    /// The frames of a lift on the session's frame clock: it grows in from its own size, with
    /// a tick asked for each frame only while it moves; let go, it settles back from where it
    /// was, and no frame is asked for once it rests.
    func testALiftGrowsInAndSettlesBackOnTheFrameClock() throws {
        let rect = squareInView
        send(.began, .touchscreen, rect.center)
        var frames: [FrameModel.Lifted] = []
        for _ in 0..<90 where frames.last?.progress ?? 0 < 1 {
            host.clock.advance(by: 1.0 / 60)
            host.apply(session.tick(at: host.clock.now))
            if let lifted = session.frame.lifted { frames.append(lifted) }
        }
        XCTAssertGreaterThanOrEqual(frames.count, 6, "grows over several frames (150 ms at 60 Hz)")
        XCTAssertEqual(frames.first?.progress, 0, "from its own size")
        XCTAssertEqual(frames.first?.shown.width ?? 0, rect.width, accuracy: 1e-9)
        XCTAssertEqual(frames.map(\.progress), frames.map(\.progress).sorted(), "it only grows")
        XCTAssertTrue(frames.dropFirst().dropLast().contains { $0.shown.width > rect.width && $0.shown.width < rect.width * FrameModel.liftScale },
                      "sizes in between")
        XCTAssertEqual(frames.last?.shown.width ?? 0, rect.width * FrameModel.liftScale, accuracy: 1e-9)
        XCTAssertFalse(session.needsFrames, "held still, fully lifted: no frames")

        send(.ended, .touchscreen, rect.center)
        XCTAssertTrue(session.needsFrames, "settling back asks for frames")
        var settling: [Double] = []
        for _ in 0..<30 where session.needsFrames {
            host.clock.advance(by: 1.0 / 60)
            host.apply(session.tick(at: host.clock.now))
            XCTAssertNil(session.frame.lifted)
            settling += session.frame.settling.map(\.progress)
        }
        XCTAssertGreaterThanOrEqual(settling.count, 5)
        XCTAssertEqual(settling, settling.sorted(by: >), "it only settles")
        XCTAssertEqual(session.frame.settling, [])
        XCTAssertFalse(session.needsFrames, "at rest: no idle frames")
    }

    /// The hover corners fade in and out with the annotation's hover tint (the engine's pointer
    /// effect at each frame time), the corners of the annotation left fading where they were.
    func testHoverCornersFadeWithTheHoverTint() {
        let rect = squareInView
        func hover(_ p: Point) {
            host.clock.advance(by: 0.016)
            host.send(InputEvent(kind: .hover, source: .mouse, position: p, time: host.clock.now))
        }
        func frame(at t: Double) -> FrameModel {
            session.pointerEffects = session.interaction.pointerFrame(at: InputTime(seconds: t))
            return session.frame
        }
        hover(rect.center)
        let t = host.clock.now.seconds
        XCTAssertNil(frame(at: t).hoverCorners, "at rest on the effect's first frame")
        let halfWay = frame(at: t + 0.05)
        XCTAssertEqual(halfWay.hoverCorners?.count, 4)
        XCTAssertGreaterThan(halfWay.hoverCornersOpacity, 0)
        XCTAssertLessThan(halfWay.hoverCornersOpacity, 1)
        XCTAssertEqual(frame(at: t + 0.2).hoverCornersOpacity, 1)

        hover(Point(x: rect.maxX + 200, y: rect.maxY + 200))
        XCTAssertNil(session.interaction.hoveredAnnotation)
        let u = host.clock.now.seconds
        XCTAssertEqual(frame(at: u).hoverCornersOpacity, 1, "the corners left fade from where they were")
        let leaving = frame(at: u + 0.05)
        XCTAssertEqual(leaving.hoverCorners?.count, 4)
        XCTAssertLessThan(leaving.hoverCornersOpacity, 1)
        XCTAssertNil(frame(at: u + 0.2).hoverCorners, "gone once faded")
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
