// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

final class NavigationControllerTests: XCTestCase {
    let nav = NavigationController()

    private func key(_ name: String, pressed: Bool = true, modifiers: Modifiers = []) -> InputEvent {
        InputEvent(kind: .key(name: name, pressed: pressed), source: .keyboard, time: .zero, modifiers: modifiers)
    }

    func testMomentumDistanceDoesNotDependOnTheFrameRate() {
        func glide(frameRate: Double) -> Double {
            var m = ScrollMomentum(velocity: Vector(dx: 0, dy: 1000), at: .zero)
            var total = 0.0
            for frame in 1...Int(3 * frameRate) { total += m.step(to: InputTime(seconds: Double(frame) / frameRate)).dy }
            return total
        }
        XCTAssertEqual(glide(frameRate: 30), glide(frameRate: 150), accuracy: 0.001)
        // v·τ is the whole glide of an exponential decay.
        XCTAssertEqual(glide(frameRate: 60), 1000 * 0.35, accuracy: 1)
    }

    func testAFlingTooSlowToCountStartsNoMomentum() {
        nav.startMomentum(velocity: Vector(dx: 0, dy: nav.settings.minimumFlingSpeed / 2), at: .zero)
        XCTAssertFalse(nav.isAnimating)
        nav.startMomentum(velocity: Vector(dx: 0, dy: 2000), at: .zero)
        XCTAssertTrue(nav.isAnimating)
    }

    func testMomentumSettlesAndThenAsksForNoMoreFrames() {
        nav.startMomentum(velocity: Vector(dx: 0, dy: 2000), at: .zero)
        var frames = 0
        while nav.isAnimating, frames < 1000 {
            frames += 1
            _ = nav.tick(at: InputTime(seconds: Double(frames) / 60))
        }
        XCTAssertFalse(nav.isAnimating)
        XCTAssertLessThan(frames, 1000)
        XCTAssertNil(nav.tick(at: InputTime(seconds: 100)))
    }

    func testNavigationKeysMapToScrollsAndJumps() {
        XCTAssertEqual(nav.handle(key("Page_Down")), [.scrollScreens(1)])
        XCTAssertEqual(nav.handle(key("space", modifiers: .shift)), [.scrollScreens(-1)])
        XCTAssertEqual(nav.handle(key("Down")), [.scroll(by: Vector(dx: 0, dy: nav.settings.lineStep))])
        XCTAssertEqual(nav.handle(key("End")), [.toEnd])
        XCTAssertEqual(nav.handle(key("Home", pressed: false)), [])
        XCTAssertEqual(nav.handle(key("Down", modifiers: .control)), [], "Ctrl+keys belong to the app's shortcuts")
    }

    func testAKeyStopsMomentum() {
        nav.startMomentum(velocity: Vector(dx: 0, dy: 2000), at: .zero)
        _ = nav.handle(key("Up"))
        XCTAssertFalse(nav.isAnimating)
    }
}
