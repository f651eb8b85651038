// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class PalmRejectionTests: XCTestCase {
    private func touch(_ phase: InputPhase, _ seq: UInt64, t: Double, x: Double = 100) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(seq),
                   position: Point(x: x, y: 100), time: InputTime(seconds: t))
    }
    private func pen(_ kind: InputEvent.Kind, t: Double, source: InputSource = .pen) -> InputEvent {
        InputEvent(kind: kind, source: source, position: Point(x: 300, y: 300), time: InputTime(seconds: t))
    }

    private func run(_ stage: PalmRejectionStage, _ events: [InputEvent]) -> [InputEvent] {
        var out: [InputEvent] = []
        for e in events { stage.process(e) { out.append($0) } }
        return out
    }

    func testALoneTouchIsDroppedWhileThePenIsInProximity() {
        let stage = PalmRejectionStage()
        let out = run(stage, [
            pen(.proximity(entering: true), t: 0),
            touch(.began, 1, t: 0.1), touch(.moved, 1, t: 0.2), touch(.moved, 1, t: 0.3), touch(.ended, 1, t: 0.4),
        ])
        XCTAssertEqual(out.map(\.source), [.pen])
    }

    func testADeliberateTwoFingerGesturePassesInItsOriginalOrder() {
        let stage = PalmRejectionStage()
        let events = [touch(.began, 1, t: 0.1), touch(.moved, 1, t: 0.12), touch(.began, 2, t: 0.15, x: 200),
                      touch(.moved, 2, t: 0.2, x: 210)]
        let out = run(stage, [pen(.proximity(entering: true), t: 0)] + events)
        XCTAssertEqual(Array(out.dropFirst()), events)
    }

    func testTouchPassesOnceThePenHasBeenAwayLongEnough() {
        let stage = PalmRejectionStage()
        let out = run(stage, [
            pen(.contact(.began), t: 0), pen(.contact(.ended), t: 0.1), pen(.proximity(entering: false), t: 0.2),
            touch(.began, 1, t: 0.4), touch(.ended, 1, t: 0.45),
            touch(.began, 2, t: 1.0), touch(.ended, 2, t: 1.05),
        ])
        XCTAssertEqual(out.filter { $0.source == .touchscreen }.map(\.sequence), [InputSequenceID(2), InputSequenceID(2)])
    }

    func testAHeldTouchIsRejectedWhenNoSecondFingerComes() {
        let stage = PalmRejectionStage()
        _ = run(stage, [pen(.proximity(entering: true), t: 0), touch(.began, 1, t: 0.1)])
        XCTAssertEqual(stage.nextDeadline, InputTime(seconds: 0.1 + stage.settings.multiFingerWindow))
        stage.expire(at: InputTime(seconds: 0.5))
        XCTAssertEqual(stage.rejectedSequences, [InputSequenceID(1)])
        XCTAssertEqual(run(stage, [touch(.moved, 1, t: 0.6), touch(.began, 3, t: 0.7, x: 50)]), [])
    }

    func testTouchesDownBeforeThePenCameAreLeftAlone() {
        let stage = PalmRejectionStage()
        let out = run(stage, [touch(.began, 1, t: 0), pen(.proximity(entering: true), t: 0.1), touch(.moved, 1, t: 0.2)])
        XCTAssertEqual(out.filter { $0.source == .touchscreen }.count, 2)
    }

    func testTheEngineReportsTheEraserEndSoTheToolLayerCanSelectTheEraser() {
        let h = EngineHarness()
        h.send(.hover, .pen, seq: 0, at: Point(x: 1, y: 1), t: 0)
        h.send(.hover, .eraser, seq: 0, at: Point(x: 1, y: 1), t: 0.1)
        h.send(.hover, .eraser, seq: 0, at: Point(x: 2, y: 1), t: 0.2)
        h.send(.hover, .pen, seq: 0, at: Point(x: 2, y: 1), t: 0.3)
        XCTAssertEqual(h.outputs.filter { if case .stylusEnd = $0 { return true } else { return false } },
                       [.stylusEnd(.tip), .stylusEnd(.eraser), .stylusEnd(.tip)])
    }

    func testThePalmIsInvisibleToTheRecognizersWhileThePenWrites() {
        let h = EngineHarness()
        h.send(.proximity(entering: true), .pen, seq: 0, at: Point(x: 1, y: 1), t: 0)
        h.down(1, Point(x: 400, y: 400), t: 0.1)
        h.move(1, Point(x: 400, y: 500), t: 0.3)
        h.up(1, Point(x: 400, y: 500), t: 0.4)
        h.wait(until: 1)
        XCTAssertEqual(h.decisions, [.stylusEnd(.tip)])
    }
}
