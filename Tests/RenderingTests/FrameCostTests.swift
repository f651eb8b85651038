// SPDX-License-Identifier: GPL-3.0-or-later
import Rendering
import XCTest

/// How long arriving tiles may wait for a frame, from what the canvas's frames cost.
final class FrameCostTests: XCTestCase {
    func testTilesWaitForNoFrameBeforeAnyFrameWasTimed() {
        XCTAssertEqual(FrameCost().arrivalWaitMicroseconds, 0)
    }

    func testCheapFramesNeverHoldTilesBack() {
        var cost = FrameCost()
        for _ in 0..<20 { cost.add(microseconds: 5_000) }
        XCTAssertEqual(cost.arrivalWaitMicroseconds, 0)
    }

    func testExpensiveFramesLetTilesWaitThreeFramesCost() {
        var cost = FrameCost()
        for _ in 0..<40 { cost.add(microseconds: 25_000) }
        XCTAssertEqual(Double(cost.arrivalWaitMicroseconds), 75_000, accuracy: 10)
    }

    func testTheWaitNeverExceedsTheLongest() {
        var cost = FrameCost()
        for _ in 0..<40 { cost.add(microseconds: 90_000) }
        XCTAssertEqual(cost.arrivalWaitMicroseconds, Int64(FrameCost.longestWaitMicroseconds))
    }

    func testTheWaitFollowsFramesAsTheyGetCheaper() {
        var cost = FrameCost()
        for _ in 0..<40 { cost.add(microseconds: 30_000) }
        XCTAssertGreaterThan(cost.arrivalWaitMicroseconds, 0)
        // The window moved to a smaller screen: within a few frames, nothing waits.
        var frames = 0
        while cost.arrivalWaitMicroseconds > 0 && frames < 100 {
            cost.add(microseconds: 4_000)
            frames += 1
        }
        XCTAssertEqual(cost.arrivalWaitMicroseconds, 0)
        XCTAssertLessThan(frames, 10)
    }

    func testWithCheapFramesEveryTileShowsAtOnce() {
        var cost = FrameCost()
        for _ in 0..<10 { cost.add(microseconds: 5_000) }
        XCTAssertNil(cost.arrivalDelay(now: 1_000_000, lastShown: 999_000, completesView: false))
    }

    func testWithDearFramesATileWaitsForTheRestOfTheWaitSinceTheLastShown() {
        var cost = FrameCost()
        for _ in 0..<40 { cost.add(microseconds: 25_000) }
        let wait = cost.arrivalWaitMicroseconds
        // Shown 20 ms ago: this one waits out the rest, with whatever else arrives.
        XCTAssertEqual(cost.arrivalDelay(now: 1_000_000, lastShown: 980_000, completesView: false), wait - 20_000)
        // Nothing shown for longer than the wait: at once.
        XCTAssertNil(cost.arrivalDelay(now: 1_000_000, lastShown: 1_000_000 - wait, completesView: false))
    }

    func testTheTileThatCompletesTheViewNeverWaits() {
        var cost = FrameCost()
        for _ in 0..<40 { cost.add(microseconds: 40_000) }
        XCTAssertNil(cost.arrivalDelay(now: 1_000_000, lastShown: 999_999, completesView: true))
    }
}
