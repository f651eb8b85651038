// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import InteractionEngine
import XCTest

final class NavigationControllerTests: XCTestCase {
    let nav = NavigationController()

    private func event(_ kind: InputEvent.Kind, _ source: InputSource = .mouse, at t: Double, _ p: Point = .zero,
                       seq: UInt64 = 0, modifiers: Modifiers = []) -> InputEvent {
        InputEvent(kind: kind, source: source, sequence: InputSequenceID(seq), position: p, time: InputTime(seconds: t), modifiers: modifiers)
    }

    func testAWheelDetentScrollsByTheWheelStep() {
        let actions = nav.handle(event(.scroll(delta: Vector(dx: 0, dy: 1), kind: .discrete, phase: nil), at: 0))
        XCTAssertEqual(actions, [.scroll(by: Vector(dx: 0, dy: nav.settings.wheelStep))])
        XCTAssertFalse(nav.isAnimating)
    }

    func testControlWheelZoomsAboutThePointer() {
        let p = Point(x: 120, y: 80)
        let up = nav.handle(event(.scroll(delta: Vector(dx: 0, dy: -1), kind: .discrete, phase: nil), at: 0, p, modifiers: .control))
        XCTAssertEqual(up, [.zoom(by: nav.settings.wheelZoomFactor, about: p)])
    }

    func testASmoothScrollFlingKeepsMovingAfterTheFingersLiftAndThenStops() {
        var t = 0.0
        _ = nav.handle(event(.scroll(delta: Vector(dx: 0, dy: 20), kind: .smooth, phase: .began), .touchpad, at: t))
        for _ in 0..<5 { t += 0.01; _ = nav.handle(event(.scroll(delta: Vector(dx: 0, dy: 20), kind: .smooth, phase: .moved), .touchpad, at: t)) }
        t += 0.01
        _ = nav.handle(event(.scroll(delta: .zero, kind: .smooth, phase: .ended), .touchpad, at: t))
        XCTAssertTrue(nav.isAnimating)
        var travelled = 0.0
        var frames = 0
        while nav.isAnimating, frames < 1000 {
            t += 1.0 / 60
            frames += 1
            if case .scroll(let d)? = nav.tick(at: InputTime(seconds: t)) { travelled += d.dy }
        }
        XCTAssertFalse(nav.isAnimating, "momentum settles")
        // v ≈ 2000 px/s and τ = 0.35 s: the glide covers about v·τ.
        XCTAssertEqual(travelled, 2000 * nav.settings.momentumTimeConstant, accuracy: 150)
    }

    func testMomentumDistanceDoesNotDependOnTheFrameRate() {
        func glide(frameRate: Double) -> Double {
            var m = ScrollMomentum(velocity: Vector(dx: 0, dy: 1000), at: .zero)
            var total = 0.0
            for frame in 1...Int(3 * frameRate) { total += m.step(to: InputTime(seconds: Double(frame) / frameRate)).dy }
            return total
        }
        XCTAssertEqual(glide(frameRate: 30), glide(frameRate: 150), accuracy: 0.001)
    }

    func testAFingerLandingStopsMomentum() {
        _ = nav.handle(event(.contact(.began), .touchscreen, at: 0, Point(x: 0, y: 500), seq: 1))
        for i in 1...5 { _ = nav.handle(event(.contact(.moved), .touchscreen, at: Double(i) * 0.01, Point(x: 0, y: 500 - Double(i) * 40), seq: 1)) }
        _ = nav.handle(event(.contact(.ended), .touchscreen, at: 0.055, Point(x: 0, y: 300), seq: 1))
        XCTAssertTrue(nav.isAnimating)
        _ = nav.handle(event(.contact(.began), .touchscreen, at: 0.1, Point(x: 0, y: 300), seq: 2))
        XCTAssertFalse(nav.isAnimating)
    }

    func testOneFingerDragMovesTheContentWithTheFinger() {
        _ = nav.handle(event(.contact(.began), .touchscreen, at: 0, Point(x: 10, y: 100), seq: 1))
        let actions = nav.handle(event(.contact(.moved), .touchscreen, at: 0.01, Point(x: 10, y: 60), seq: 1))
        XCTAssertEqual(actions, [.scroll(by: Vector(dx: 0, dy: 40))])
    }

    func testTwoFingersSpreadingZoomAboutTheirMidpoint() {
        _ = nav.handle(event(.contact(.began), .touchscreen, at: 0, Point(x: 100, y: 100), seq: 1))
        _ = nav.handle(event(.contact(.began), .touchscreen, at: 0, Point(x: 200, y: 100), seq: 2))
        let actions = nav.handle(event(.contact(.moved), .touchscreen, at: 0.01, Point(x: 300, y: 100), seq: 2))
        XCTAssertEqual(actions, [.zoom(by: 2, about: Point(x: 150, y: 100)), .scroll(by: Vector(dx: -50, dy: 0))])
    }

    func testNavigationKeysMapToScrollsAndJumps() {
        XCTAssertEqual(nav.handle(event(.key(name: "Page_Down", pressed: true), .keyboard, at: 0)), [.scrollScreens(1)])
        XCTAssertEqual(nav.handle(event(.key(name: "space", pressed: true), .keyboard, at: 0, modifiers: .shift)), [.scrollScreens(-1)])
        XCTAssertEqual(nav.handle(event(.key(name: "End", pressed: true), .keyboard, at: 0)), [.toEnd])
        XCTAssertEqual(nav.handle(event(.key(name: "Home", pressed: false), .keyboard, at: 0)), [])
        XCTAssertEqual(nav.handle(event(.key(name: "Down", pressed: true), .keyboard, at: 0, modifiers: .control)), [])
    }
}
