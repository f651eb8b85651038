// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// How far ahead the session says the view is going (what the tiles are drawn ahead of): the
/// way and the speed it moves, by a wheel or a fling's momentum, reaching pages that do not
/// show yet; nothing once it rests, nor after a jump.
final class TravelAheadTests: XCTestCase {
    private let clock = ManualClock(now: InputTime(seconds: 50))
    private lazy var session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "n", author: "T", date: "D:20261202") })

    override func setUp() {
        session.changeView {
            $0.resize(to: Size(width: 1000, height: 700))
            $0.setDocument(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 60))
        }
    }

    private func send(_ kind: InputEvent.Kind, source: InputSource = .touchpad) {
        _ = session.handle(InputEvent(kind: kind, source: source, position: Point(x: 500, y: 350), time: clock.now))
    }

    private func frames(_ n: Int) {
        for _ in 0..<n {
            clock.advance(by: 1.0 / 60)
            _ = session.tick(at: clock.now)
        }
    }

    private var visiblePages: Set<PageIndex> {
        let view = session.view
        return Set(view.layout.visiblePages(in: view.viewport.visibleRect, zoom: view.viewport.zoom))
    }

    /// The pages the view reaches ahead of where it is, not showing yet.
    private var pagesAhead: Set<PageIndex> {
        let view = session.view
        let reach = view.viewport.visibleRect.offsetBy(session.travelAhead)
        return Set(view.layout.visiblePages(in: reach, zoom: view.viewport.zoom)).subtracting(visiblePages)
    }

    func testAFlingsMomentumPointsAheadToPagesThatShowLater() {
        XCTAssertEqual(session.travelAhead, Vector.zero, "a view at rest goes nowhere")
        // Two fingers swipe up on the touchpad, fast, and lift: momentum carries the view down.
        send(.scroll(delta: Vector(dx: 0, dy: 0), kind: .smooth, phase: .began))
        for _ in 0..<6 {
            clock.advance(by: 1.0 / 60)
            send(.scroll(delta: Vector(dx: 0, dy: 60), kind: .smooth, phase: .moved))
        }
        clock.advance(by: 1.0 / 60)
        send(.scroll(delta: .zero, kind: .smooth, phase: .ended))
        frames(3)
        XCTAssertTrue(session.needsFrames, "momentum runs")
        let ahead = session.travelAhead
        XCTAssertGreaterThan(ahead.dy, 500, "the view goes down at the fling's speed")
        XCTAssertEqual(ahead.dx, 0, accuracy: 1e-9)
        let reached = pagesAhead
        XCTAssertFalse(reached.isEmpty, "the pages the fling reaches are not on screen yet")
        var shownLater: Set<PageIndex> = []
        for _ in 0..<120 where session.needsFrames {
            frames(1)
            shownLater.formUnion(visiblePages)
        }
        XCTAssertFalse(reached.intersection(shownLater).isEmpty, "and the fling then shows them")
        // At rest, nothing is ahead.
        frames(30)
        XCTAssertEqual(session.travelAhead, Vector.zero)
    }

    func testWheelClicksUpPointUpInProportionToTheirPace() {
        session.changeView { $0.apply(NavigationAction.scroll(by: Vector(dx: 0, dy: 20_000))) }
        clock.advance(by: 1)
        func clicks(_ n: Int, every seconds: Double) -> Vector {
            for _ in 0..<n {
                clock.advance(by: seconds)
                send(.scroll(delta: Vector(dx: 0, dy: -1), kind: .discrete, phase: nil), source: .mouse)
            }
            return session.travelAhead
        }
        let fast = clicks(12, every: 1.0 / 30)
        clock.advance(by: 1)
        let slow = clicks(12, every: 1.0 / 10)
        XCTAssertLessThan(fast.dy, 0, "up")
        XCTAssertLessThan(slow.dy, 0, "up")
        XCTAssertEqual(fast.dy / slow.dy, 3, accuracy: 0.3, "three times the pace, three times as far ahead")
    }

    func testAJumpIsNoTravel() {
        session.changeView { $0.apply(NavigationAction.scroll(by: Vector(dx: 0, dy: 30))) }
        clock.advance(by: 0.02)
        session.changeView { $0.apply(NavigationAction.scroll(by: Vector(dx: 0, dy: 30_000))) }
        XCTAssertEqual(session.travelAhead, Vector.zero, "going to a page far away is not a fling")
    }
}
