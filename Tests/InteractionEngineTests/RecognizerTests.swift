// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

/// Feeds scripted contacts to a bare arena and records what recognizers and the view see.
final class ArenaDriver {
    var delivered: [ViewDelivery] = []
    private(set) lazy var arena = GestureArena { [unowned self] in self.delivered.append($0) }
    var log: [(String, GestureState)] = []

    @discardableResult
    func add<R: GestureRecognizer>(_ r: R) -> R {
        let previous = r.onStateChange
        r.onStateChange = { [unowned self] g in
            self.log.append((g.name, g.state))
            previous?(g)
        }
        XCTAssertNoThrow(try arena.add(r))
        return r
    }

    func states(of name: String) -> [GestureState] { log.filter { $0.0 == name }.map(\.1) }

    func send(_ kind: InputEvent.Kind, _ source: InputSource = .touchscreen, seq: UInt64 = 1,
              _ p: Point = .zero, t: Double) {
        arena.handle(InputEvent(kind: kind, source: source, sequence: InputSequenceID(seq), position: p,
                                time: InputTime(seconds: t), button: source == .mouse ? .primary : nil))
    }
    func down(_ seq: UInt64, _ p: Point, t: Double, _ source: InputSource = .touchscreen) {
        send(.contact(.began), source, seq: seq, p, t: t)
    }
    func move(_ seq: UInt64, _ p: Point, t: Double, _ source: InputSource = .touchscreen) {
        send(.contact(.moved), source, seq: seq, p, t: t)
    }
    func up(_ seq: UInt64, _ p: Point, t: Double, _ source: InputSource = .touchscreen) {
        send(.contact(.ended), source, seq: seq, p, t: t)
    }
    func tap(_ seq: UInt64, _ p: Point, t: Double, _ source: InputSource = .touchscreen) {
        down(seq, p, t: t, source); up(seq, p, t: t + 0.05, source)
    }
    func wait(until t: Double) { arena.advance(to: InputTime(seconds: t)) }
}

final class RecognizerTapTests: XCTestCase {
    func testASingleTapIsRecognizedWhenTheFingerLifts() {
        let d = ArenaDriver()
        let tap = d.add(TapRecognizer(name: "tap"))
        d.tap(1, Point(x: 10, y: 10), t: 0)
        XCTAssertEqual(d.states(of: "tap"), [.recognized])
        XCTAssertEqual(tap.state, .possible, "reset for the next tap")
    }

    func testTapSlopDependsOnTheSource() {
        let d = ArenaDriver()
        d.add(TapRecognizer(name: "tap"))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 8, y: 0), t: 0.02)
        d.up(1, Point(x: 8, y: 0), t: 0.05)
        d.down(0, Point(x: 0, y: 0), t: 1, .mouse)
        d.move(0, Point(x: 8, y: 0), t: 1.02, .mouse)
        d.up(0, Point(x: 8, y: 0), t: 1.05, .mouse)
        XCTAssertEqual(d.states(of: "tap"), [.recognized], "8 px is inside a finger's slop, outside a mouse's")
    }

    func testADoubleTapNeedsTheSecondTapWithinTheInterval() {
        let d = ArenaDriver()
        d.add(TapRecognizer(name: "double", taps: 2))
        d.tap(1, Point(x: 10, y: 10), t: 0)
        d.tap(2, Point(x: 12, y: 10), t: 0.2)
        d.tap(3, Point(x: 10, y: 10), t: 2)
        d.tap(4, Point(x: 10, y: 10), t: 2.6)
        d.wait(until: 5)
        XCTAssertEqual(d.states(of: "double"), [.recognized])
    }

    func testATapHeldTooLongFails() {
        let d = ArenaDriver()
        d.add(TapRecognizer(name: "tap"))
        d.down(1, Point(x: 10, y: 10), t: 0)
        d.up(1, Point(x: 10, y: 10), t: 1)
        XCTAssertEqual(d.states(of: "tap"), [])
    }

    func testATwoFingerTapNeedsBothFingers() {
        let d = ArenaDriver()
        d.add(TapRecognizer(name: "two", touches: 2))
        d.tap(1, Point(x: 10, y: 10), t: 0)
        d.down(1, Point(x: 10, y: 10), t: 1)
        d.down(2, Point(x: 50, y: 10), t: 1.01)
        d.up(1, Point(x: 10, y: 10), t: 1.05)
        d.up(2, Point(x: 50, y: 10), t: 1.06)
        XCTAssertEqual(d.states(of: "two"), [.recognized])
    }
}

final class RecognizerLongPressTests: XCTestCase {
    func testALongPressBeginsAfterTheDurationThenFollowsTheFinger() {
        let d = ArenaDriver()
        let press = d.add(LongPressRecognizer(name: "press"))
        d.down(1, Point(x: 10, y: 10), t: 0)
        XCTAssertEqual(d.arena.nextDeadline, InputTime(seconds: 0.5))
        d.wait(until: 0.6)
        d.move(1, Point(x: 50, y: 10), t: 0.7)
        XCTAssertEqual(press.location, Point(x: 50, y: 10))
        d.up(1, Point(x: 50, y: 10), t: 0.8)
        XCTAssertEqual(d.states(of: "press"), [.began, .changed, .ended])
    }

    func testALongPressFailsWhenTheFingerMovesBeyondTheAllowance() {
        let d = ArenaDriver()
        d.add(LongPressRecognizer(name: "press"))
        d.down(1, Point(x: 10, y: 10), t: 0)
        d.move(1, Point(x: 40, y: 10), t: 0.2)
        d.wait(until: 1)
        XCTAssertEqual(d.states(of: "press"), [])
        XCTAssertNil(d.arena.nextDeadline)
    }
}

final class RecognizerPanTests: XCTestCase {
    func testAPanBeginsBeyondTheMinimumDistanceAndReportsTranslation() {
        let d = ArenaDriver()
        let pan = d.add(PanRecognizer(name: "pan"))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 5, y: 0), t: 0.01)
        XCTAssertEqual(pan.state, .possible)
        d.move(1, Point(x: 20, y: 0), t: 0.02)
        d.move(1, Point(x: 30, y: 5), t: 0.03)
        XCTAssertEqual(pan.translation, Vector(dx: 30, dy: 5))
        d.up(1, Point(x: 30, y: 5), t: 0.04)
        XCTAssertEqual(d.states(of: "pan"), [.began, .changed, .ended])
    }

    func testAPanFailsWhenMoreFingersLandThanItAllows() {
        let d = ArenaDriver()
        d.add(PanRecognizer(name: "pan", maximumTouches: 2))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.down(2, Point(x: 50, y: 0), t: 0)
        d.down(3, Point(x: 100, y: 0), t: 0)
        for (i, s) in [UInt64(1), 2, 3].enumerated() { d.move(s, Point(x: Double(i) * 50, y: 40), t: 0.1) }
        XCTAssertEqual(d.states(of: "pan"), [])
    }

    func testATwoFingerPanIgnoresOneFinger() {
        let d = ArenaDriver()
        d.add(PanRecognizer(name: "pan2", minimumTouches: 2))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 0, y: 100), t: 0.1)
        XCTAssertEqual(d.states(of: "pan2"), [])
        d.down(2, Point(x: 50, y: 100), t: 0.2)
        d.move(1, Point(x: 0, y: 130), t: 0.3)
        d.move(2, Point(x: 50, y: 130), t: 0.3)
        XCTAssertEqual(d.states(of: "pan2"), [.began, .changed])
    }
}

final class RecognizerPinchTests: XCTestCase {
    func testATwoFingerPinchReportsScaleAndFocalPoint() {
        let d = ArenaDriver()
        let pinch = d.add(PinchRecognizer(name: "pinch"))
        d.down(1, Point(x: 100, y: 100), t: 0)
        d.down(2, Point(x: 200, y: 100), t: 0)
        d.move(2, Point(x: 300, y: 100), t: 0.1)
        XCTAssertEqual(pinch.scale, 2, accuracy: 1e-9)
        XCTAssertEqual(pinch.focalPoint, Point(x: 200, y: 100))
        d.up(1, Point(x: 100, y: 100), t: 0.2)
        XCTAssertEqual(d.states(of: "pinch"), [.began, .ended])
    }

    func testATouchpadPinchIsAPinchToo() {
        let d = ArenaDriver()
        let pinch = d.add(PinchRecognizer(name: "pinch"))
        let at = Point(x: 40, y: 60)
        d.send(.touchpadPinch(.began, scale: 1, angleDelta: 0, fingers: 2), .touchpad, seq: 0, at, t: 0)
        d.send(.touchpadPinch(.moved, scale: 1.5, angleDelta: 0, fingers: 2), .touchpad, seq: 0, at, t: 0.1)
        XCTAssertEqual(pinch.scale, 1.5, accuracy: 1e-9)
        XCTAssertEqual(pinch.focalPoint, at)
        d.send(.touchpadPinch(.ended, scale: 1.5, angleDelta: 0, fingers: 2), .touchpad, seq: 0, at, t: 0.2)
        XCTAssertEqual(d.states(of: "pinch"), [.began, .changed, .ended])
    }
}

final class RecognizerSwipeHoverDelayTests: XCTestCase {
    func testAQuickStrokeToTheRightIsASwipeRight() {
        let d = ArenaDriver()
        let swipe = d.add(SwipeRecognizer(name: "swipe", directions: .horizontal))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 60, y: 5), t: 0.1)
        XCTAssertEqual(d.states(of: "swipe"), [.recognized])
        XCTAssertEqual(swipe.recognizedDirection, .right)
    }

    func testASlowStrokeIsNoSwipe() {
        let d = ArenaDriver()
        d.add(SwipeRecognizer(name: "swipe"))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 20, y: 0), t: 0.3)
        d.move(1, Point(x: 80, y: 0), t: 0.9)
        XCTAssertEqual(d.states(of: "swipe"), [])
    }

    func testAThreeFingerTouchpadSwipeIsRecognized() {
        let d = ArenaDriver()
        let swipe = d.add(SwipeRecognizer(name: "swipe", touches: 3, allowedSources: .touchpad))
        d.send(.touchpadSwipe(.began, delta: .zero, fingers: 3), .touchpad, seq: 0, t: 0)
        d.send(.touchpadSwipe(.moved, delta: Vector(dx: 0, dy: -70), fingers: 3), .touchpad, seq: 0, t: 0.1)
        XCTAssertEqual(swipe.recognizedDirection, .up)
    }

    func testHoverFollowsThePointerUntilItLeaves() {
        let d = ArenaDriver()
        d.add(HoverRecognizer(name: "hover"))
        d.send(.hover, .mouse, seq: 0, Point(x: 1, y: 1), t: 0)
        d.send(.hover, .mouse, seq: 0, Point(x: 2, y: 1), t: 0.1)
        d.send(.leave, .mouse, seq: 0, Point(x: 2, y: 1), t: 0.2)
        d.send(.hover, .touchscreen, seq: 0, Point(x: 2, y: 1), t: 0.3)
        XCTAssertEqual(d.states(of: "hover"), [.began, .changed, .ended])
    }

    func testTheTouchDelayFailsWhenItsTimeIsUp() {
        let d = ArenaDriver()
        let delay = d.add(TouchDelayRecognizer(name: "delay", delay: 0.15))
        d.down(1, Point(x: 0, y: 0), t: 0)
        XCTAssertTrue(d.delivered.isEmpty)
        d.wait(until: 0.2)
        XCTAssertEqual(d.delivered.count, 1)
        XCTAssertEqual(delay.state, .failed, "failed, waiting for the finger to lift before resetting")
    }
}
