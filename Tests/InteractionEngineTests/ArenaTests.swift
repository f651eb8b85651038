// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class ArenaTests: XCTestCase {
    private func drag(_ d: ArenaDriver, seq: UInt64 = 1, t: Double = 0) {
        d.down(seq, Point(x: 0, y: 0), t: t)
        d.move(seq, Point(x: 0, y: 30), t: t + 0.05)
        d.move(seq, Point(x: 0, y: 60), t: t + 0.1)
        d.up(seq, Point(x: 0, y: 60), t: t + 0.15)
    }

    func testRecognizersAreExclusiveByDefaultAndTheFirstToBeginWins() {
        let d = ArenaDriver()
        d.add(PanRecognizer(name: "a"))
        d.add(PanRecognizer(name: "b"))
        drag(d)
        XCTAssertEqual(d.states(of: "a"), [.began, .changed, .ended])
        XCTAssertEqual(d.states(of: "b"), [])
    }

    func testRecognizersAllowedTogetherBothBegin() {
        let d = ArenaDriver()
        let a = d.add(PanRecognizer(name: "a"))
        let b = d.add(PanRecognizer(name: "b"))
        a.allowSimultaneousRecognition(with: b)
        drag(d)
        XCTAssertEqual(d.states(of: "b"), [.began, .changed, .ended])
        XCTAssertTrue(a.canRecognizeSimultaneously(with: b) && b.canRecognizeSimultaneously(with: a))
    }

    func testTheSimultaneityDelegateIsAsked() {
        let d = ArenaDriver()
        let a = d.add(PanRecognizer(name: "a"))
        d.add(PanRecognizer(name: "b"))
        a.shouldRecognizeSimultaneously = { _, other in other.name == "b" }
        drag(d)
        XCTAssertEqual(d.states(of: "b").first, .began)
    }

    func testASingleTapWaitsForTheDoubleTapToFail() {
        let d = ArenaDriver()
        let single = d.add(TapRecognizer(name: "single"))
        let double = d.add(TapRecognizer(name: "double", taps: 2))
        single.require(toFail: double)
        d.tap(1, Point(x: 5, y: 5), t: 0)
        XCTAssertEqual(d.states(of: "single"), [], "held back")
        d.wait(until: 0.5)
        XCTAssertEqual(d.states(of: "single"), [.recognized])
    }

    func testASingleTapFailsWhenTheDoubleTapSucceeds() {
        let d = ArenaDriver()
        let single = d.add(TapRecognizer(name: "single"))
        let double = d.add(TapRecognizer(name: "double", taps: 2))
        single.require(toFail: double)
        d.tap(1, Point(x: 5, y: 5), t: 0)
        d.tap(2, Point(x: 5, y: 5), t: 0.15)
        d.wait(until: 1)
        XCTAssertEqual(d.states(of: "single"), [])
        XCTAssertEqual(d.states(of: "double"), [.recognized])
    }

    func testTheRequireFailureDelegateCreatesARequirementOnTheFly() {
        let d = ArenaDriver()
        let single = d.add(TapRecognizer(name: "single"))
        d.add(TapRecognizer(name: "double", taps: 2))
        single.shouldRequireFailure = { _, other in other.name == "double" }
        d.tap(1, Point(x: 5, y: 5), t: 0)
        XCTAssertEqual(d.states(of: "single"), [])
        d.wait(until: 1)
        XCTAssertEqual(d.states(of: "single"), [.recognized])
    }

    func testARecognizerThatMayNotBeginReleasesTheOnesWaitingForIt() {
        let d = ArenaDriver()
        let single = d.add(TapRecognizer(name: "single"))
        let double = d.add(TapRecognizer(name: "double", taps: 2))
        single.require(toFail: double)
        double.shouldBegin = { _ in false }
        d.tap(1, Point(x: 5, y: 5), t: 0)
        d.tap(2, Point(x: 5, y: 5), t: 0.15)
        XCTAssertEqual(d.states(of: "double"), [])
        XCTAssertEqual(d.states(of: "single"), [.recognized])
    }

    func testAFailureRequirementCycleIsRefusedAtRegistration() {
        let d = ArenaDriver()
        let a = TapRecognizer(name: "a"), b = TapRecognizer(name: "b"), c = TapRecognizer(name: "c")
        a.require(toFail: b); b.require(toFail: c); c.require(toFail: a)
        XCTAssertNoThrow(try d.arena.add(a))
        XCTAssertNoThrow(try d.arena.add(b))
        XCTAssertThrowsError(try d.arena.add(c)) { error in
            guard case GestureArenaError.failureRequirementCycle(let names)? = error as? GestureArenaError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(Set(names), ["a", "b", "c"])
        }
        XCTAssertEqual(d.arena.recognizers.count, 2)
    }

    func testARequirementAddedLaterThatClosesACycleIsRefusedAndReported() {
        let d = ArenaDriver()
        let a = d.add(TapRecognizer(name: "a")), b = d.add(TapRecognizer(name: "b"))
        a.require(toFail: b)
        b.require(toFail: a)
        XCTAssertFalse(b.requiresFailure(of: a))
        XCTAssertEqual(d.arena.diagnostics.count, 1)
        XCTAssertNoThrow(try d.arena.validateRelationships())
    }

    func testRegisteringTwiceIsRefused() {
        let d = ArenaDriver()
        let a = d.add(TapRecognizer(name: "a"))
        XCTAssertThrowsError(try d.arena.add(a))
    }

    func testDisablingAnActiveRecognizerCancelsIt() {
        let d = ArenaDriver()
        let pan = d.add(PanRecognizer(name: "pan"))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 0, y: 30), t: 0.05)
        pan.isEnabled = false
        XCTAssertEqual(d.states(of: "pan"), [.began, .cancelled])
        XCTAssertEqual(pan.state, .possible)
        XCTAssertTrue(pan.touches.isEmpty)
    }

    func testReEnablingIgnoresContactsAlreadyDownButAcceptsNewOnes() {
        let d = ArenaDriver()
        let pan = d.add(PanRecognizer(name: "pan"))
        d.down(1, Point(x: 0, y: 0), t: 0)
        pan.isEnabled = false
        pan.isEnabled = true
        d.move(1, Point(x: 0, y: 50), t: 0.1)
        XCTAssertEqual(d.states(of: "pan"), [])
        d.down(2, Point(x: 100, y: 0), t: 0.2)
        d.move(2, Point(x: 100, y: 50), t: 0.3)
        XCTAssertEqual(d.states(of: "pan"), [.began])
    }

    func testDisablingARecognizerReleasesThoseWaitingForIt() {
        let d = ArenaDriver()
        let single = d.add(TapRecognizer(name: "single"))
        let double = d.add(TapRecognizer(name: "double", taps: 2))
        single.require(toFail: double)
        d.tap(1, Point(x: 5, y: 5), t: 0)
        double.isEnabled = false
        XCTAssertEqual(d.states(of: "single"), [.recognized])
    }

    func testAWinningRecognizerCancelsItsTouchesInTheView() {
        let d = ArenaDriver()
        d.add(PanRecognizer(name: "pan"))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 0, y: 30), t: 0.05)
        d.move(1, Point(x: 0, y: 40), t: 0.06)
        XCTAssertEqual(d.delivered.count, 2)
        XCTAssertEqual(d.delivered.last, .cancelled(InputSequenceID(1)))
    }

    func testARecognizerThatLeavesTouchesToTheViewDoesNotCancelThem() {
        let d = ArenaDriver()
        let pan = d.add(PanRecognizer(name: "pan"))
        pan.cancelsTouchesInView = false
        drag(d)
        XCTAssertEqual(d.delivered.count, 4)
        XCTAssertFalse(d.delivered.contains(.cancelled(InputSequenceID(1))))
    }

    func testDelayedTouchesAreReleasedInOrderWhenTheDelayingRecognizerFails() {
        let d = ArenaDriver()
        d.add(TouchDelayRecognizer(name: "delay", delay: 0.15))
        d.down(1, Point(x: 0, y: 0), t: 0)
        d.move(1, Point(x: 1, y: 0), t: 0.05)
        XCTAssertTrue(d.delivered.isEmpty)
        d.up(1, Point(x: 1, y: 0), t: 0.1)
        let phases = d.delivered.compactMap { delivery -> InputPhase? in
            if case .contact(let e) = delivery { return e.contactPhase }
            return nil
        }
        XCTAssertEqual(phases, [.began, .moved, .ended])
    }

    func testTheArenaReportsItsEarliestDeadline() {
        let d = ArenaDriver()
        d.add(LongPressRecognizer(name: "press"))
        d.add(TouchDelayRecognizer(name: "delay", delay: 0.15))
        XCTAssertNil(d.arena.nextDeadline)
        d.down(1, Point(x: 0, y: 0), t: 1)
        XCTAssertEqual(d.arena.nextDeadline, InputTime(seconds: 1.15))
        d.wait(until: 1.2)
        XCTAssertEqual(d.arena.nextDeadline, InputTime(seconds: 1.5))
    }

    func testAnActiveRecognizerBlocksOneThatMustWaitForItsFailure() {
        let d = ArenaDriver()
        let a = d.add(PanRecognizer(name: "a"))
        let b = d.add(PanRecognizer(name: "b"))
        a.allowSimultaneousRecognition(with: b)
        b.require(toFail: a)
        drag(d)
        XCTAssertEqual(d.states(of: "a").first, .began)
        XCTAssertEqual(d.states(of: "b"), [])
    }
}
