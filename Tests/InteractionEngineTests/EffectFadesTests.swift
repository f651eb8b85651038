// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import InteractionEngine

/// The pointer effects' and the lift's animation, on explicit frame times: an effect grows in
/// over its duration, settles back the same way, and when the pointer moves on half way the new
/// target starts from where it is and the old one fades from the value it had reached.
final class EffectFadesTests: XCTestCase {
    func testAnEffectGrowsInOverItsDurationEasedAndThenStopsAnimating() {
        var fades = EffectFades<String>()
        fades.show("a", duration: 0.15, at: 10)
        XCTAssertTrue(fades.isAnimating)
        fades.advance(to: 10)
        XCTAssertEqual(fades.value(of: "a"), 0)
        fades.advance(to: 10.05)
        let third = fades.value(of: "a")
        XCTAssertGreaterThan(third, 1.0 / 3, "eased out: past a third of the way a third of the time in")
        XCTAssertLessThan(third, 1)
        fades.advance(to: 10.1)
        XCTAssertGreaterThan(fades.value(of: "a"), third)
        XCTAssertTrue(fades.isAnimating)
        fades.advance(to: 10.15)
        XCTAssertEqual(fades.value(of: "a"), 1)
        XCTAssertFalse(fades.isAnimating, "no more frames once it is in")
    }

    func testWithoutATimeItBeginsOnTheNextFrame() {
        var fades = EffectFades<String>()
        fades.show("a", duration: 0.15)
        fades.advance(to: 3)
        XCTAssertEqual(fades.value(of: "a"), 0, "the first frame after the change begins it")
        fades.advance(to: 3.2)
        XCTAssertEqual(fades.value(of: "a"), 1)
    }

    func testMovingOnHalfWayStartsEachFromWhereItWas() {
        var fades = EffectFades<String>()
        fades.show("a", duration: 0.15, at: 0)
        fades.advance(to: 0.05)
        let reached = fades.value(of: "a")
        XCTAssertGreaterThan(reached, 0)
        XCTAssertLessThan(reached, 1)

        fades.show("b", duration: 0.15, at: 0.05)
        fades.advance(to: 0.05)
        XCTAssertEqual(fades.value(of: "a"), reached, accuracy: 1e-12, "the old one fades from where it was, no jump")
        XCTAssertEqual(fades.value(of: "b"), 0, "the new one starts from rest")
        fades.advance(to: 0.07)
        XCTAssertLessThan(fades.value(of: "a"), reached)
        XCTAssertGreaterThan(fades.value(of: "a"), 0)
        XCTAssertGreaterThan(fades.value(of: "b"), 0)
        // The old one had a part of the way to go back, so it takes that part of the time.
        fades.advance(to: 0.05 + 0.15 * reached + 1e-9)
        XCTAssertEqual(fades.value(of: "a"), 0)
        XCTAssertNil(fades.values["a"], "settled at rest: forgotten")
        XCTAssertLessThan(fades.value(of: "b"), 1)
        fades.advance(to: 0.2)
        XCTAssertEqual(fades.value(of: "b"), 1)
        XCTAssertFalse(fades.isAnimating)
    }

    func testComingBackWhileItFadesTurnsItAroundFromItsCurrentValue() {
        var fades = EffectFades<String>()
        fades.show("a", duration: 0.15, at: 0)
        fades.advance(to: 1)
        fades.show(nil, duration: 0.15, at: 1)
        fades.advance(to: 1.04)
        let fading = fades.value(of: "a")
        XCTAssertLessThan(fading, 1)
        XCTAssertGreaterThan(fading, 0)
        fades.show("a", duration: 0.15, at: 1.04)
        fades.advance(to: 1.05)
        XCTAssertGreaterThan(fades.value(of: "a"), fading, "back up from where it had faded to")
        fades.advance(to: 2)
        XCTAssertEqual(fades.value(of: "a"), 1)
    }

    func testShowingWhatIsShownAlreadyAsksForNoFrames() {
        var fades = EffectFades<String>()
        fades.show("a", duration: 0.15, at: 0)
        fades.advance(to: 1)
        fades.show("a", duration: 0.15, at: 1)
        XCTAssertFalse(fades.isAnimating)
        fades.show(nil, duration: 0.15, at: 2)
        fades.advance(to: 3)
        XCTAssertTrue(fades.values.isEmpty)
        fades.show(nil, duration: 0.15, at: 3)
        XCTAssertFalse(fades.isAnimating, "nothing shown, nothing to animate")
    }
}
