// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

/// The sidebar drawer component: a finger swiping in from the view's left edge pulls the drawer
/// as it moves; it stays open past halfway or on a fling and slides back otherwise; a swipe back
/// or a tap outside closes it; every other contact in the edge strip, and every mouse or pen,
/// reaches the page as anywhere else.
final class DrawerTests: XCTestCase {
    /// A drawer 280 pixels wide in the harness's 800-pixel-wide view.
    private func harness() -> EngineHarness {
        let h = EngineHarness()
        h.interactions.settings.drawerWidth = 280
        return h
    }

    func testAFingerSwipeFromTheLeftEdgeFollowsTheFingerAndStaysOpenPastHalfway() {
        let h = harness()
        h.drag(from: Point(x: 4, y: 400), to: Point(x: 200, y: 404))
        let states = h.drawerStates
        let following = states.filter(\.isDragging)
        XCTAssertGreaterThan(following.count, 2, "the drawer follows every move")
        XCTAssertEqual(following.map(\.progress), following.map(\.progress).sorted(), "it comes out as the finger moves in")
        XCTAssertEqual(following.last?.progress ?? 0, 200 / 280, accuracy: 1e-9, "its edge is under the finger")
        XCTAssertEqual(states.last, .open, "let go past halfway: it stays open")
        XCTAssertEqual(h.interactions.drawerState, .open)
        XCTAssertEqual(h.scrollTotal, .zero, "the page did not scroll")
    }

    func testLetGoBeforeHalfwayTheDrawerSlidesBack() {
        let h = harness()
        h.drag(from: Point(x: 4, y: 400), to: Point(x: 120, y: 400))
        XCTAssertLessThan(h.drawerStates.filter(\.isDragging).last?.progress ?? 1, 0.5)
        XCTAssertEqual(h.drawerStates.last, .closed)
        XCTAssertFalse(h.interactions.drawerState.isShown)
    }

    func testAFlingOpensTheDrawerBeforeHalfway() {
        let h = harness()
        h.drag(from: Point(x: 4, y: 400), to: Point(x: 110, y: 400), step: 0.01, rest: 0.01)
        XCTAssertLessThan(h.drawerStates.filter(\.isDragging).last?.progress ?? 1, 0.5, "not halfway")
        XCTAssertEqual(h.drawerStates.last, .open, "flung open")
    }

    func testASwipeBackOnTheOpenDrawerFollowsTheFingerAndClosesIt() {
        let h = harness()
        XCTAssertTrue(h.interactions.tryToOpenDrawer())
        h.outputs.removeAll()
        h.drag(from: Point(x: 250, y: 400), to: Point(x: 60, y: 410), start: 1)
        let following = h.drawerStates.filter(\.isDragging)
        XCTAssertGreaterThan(following.count, 2)
        XCTAssertEqual(following.map(\.progress), following.map(\.progress).sorted(by: >), "it goes back with the finger")
        XCTAssertEqual(following.last?.progress ?? 0, 1 - 190.0 / 280, accuracy: 1e-9, "by the finger's travel")
        XCTAssertEqual(h.drawerStates.last, .closed)
        XCTAssertTrue(h.decisions.allSatisfy { if case .drawer = $0 { return true } else { return false } },
                      "nothing but the drawer: \(h.decisions)")
        XCTAssertTrue(h.outputs.allSatisfy { if case .contact = $0 { return false } else { return true } },
                      "the page under the drawer saw no contact")
    }

    func testAShortSwipeBackLeavesTheDrawerOpenButAFlingBackClosesIt() {
        let h = harness()
        h.interactions.tryToOpenDrawer()
        h.drag(from: Point(x: 250, y: 400), to: Point(x: 180, y: 400), start: 1)
        XCTAssertEqual(h.drawerStates.last, .open, "still past halfway")
        h.drag(from: Point(x: 250, y: 400), to: Point(x: 180, y: 400), start: 3, step: 0.01, rest: 0.01)
        XCTAssertEqual(h.drawerStates.last, .closed, "flung shut")
    }

    func testATapOnThePageOutsideTheOpenDrawerClosesItAndDoesNothingElse() {
        let h = harness()
        h.interactions.tryToOpenDrawer()
        h.outputs.removeAll()
        h.tap(Point(x: 500, y: 400), t: 1)
        h.wait(until: 2)
        XCTAssertEqual(h.decisions, [.drawer(.closed)], "closed, and the tap did not reach the page")
    }

    func testATapOnTheOpenDrawerLeavesItOpenAndAMouseClickOutsideClosesIt() {
        let h = harness()
        h.interactions.tryToOpenDrawer()
        h.outputs.removeAll()
        h.tap(Point(x: 100, y: 400), t: 1)
        h.wait(until: 2)
        XCTAssertEqual(h.decisions, [], "a tap on the drawer is the sidebar's")
        XCTAssertTrue(h.interactions.drawerState.isOpen)
        h.tap(Point(x: 600, y: 400), t: 3, source: .mouse)
        XCTAssertEqual(h.drawerStates.last, .closed)
    }

    func testASwipeThatStartsFurtherInScrollsThePage() {
        let h = harness()
        h.drag(from: Point(x: 200, y: 400), to: Point(x: 500, y: 400))
        XCTAssertTrue(h.drawerStates.isEmpty)
        XCTAssertNotEqual(h.scrollTotal, .zero, "it scrolled")
    }

    func testAFingerMovingUpOrDownFromTheEdgeStripScrolls() {
        let h = harness()
        h.drag(from: Point(x: 6, y: 600), to: Point(x: 12, y: 300))
        XCTAssertTrue(h.drawerStates.isEmpty)
        XCTAssertGreaterThan(abs(h.scrollTotal.dy), 200, "the page scrolled with the finger")
    }

    func testATapInTheEdgeStripReachesThePage() {
        let h = harness()
        h.tap(Point(x: 6, y: 400), t: 0)
        h.wait(until: 1)
        XCTAssertTrue(h.drawerStates.isEmpty)
        XCTAssertTrue(h.decisions.contains(.fastScroll(.previousPage)), "the edge tap turned back: \(h.decisions)")
    }

    func testWhilePagesTurnByDraggingTheEdgeStripStillPullsTheDrawer() {
        let h = harness()
        h.interactions.settings.turnsPagesByDragging = true
        h.drag(from: Point(x: 4, y: 400), to: Point(x: 200, y: 400))
        XCTAssertEqual(h.drawerStates.last, .open)
        XCTAssertFalse(h.outputs.contains { if case .turnPage = $0 { return true } else { return false } }, "no page turned")
    }

    func testMouseAndPenNeverOpenTheDrawer() {
        for source in [InputSource.mouse, .pen] {
            let h = harness()
            h.drag(from: Point(x: 4, y: 400), to: Point(x: 260, y: 400), source: source)
            XCTAssertTrue(h.drawerStates.isEmpty, "\(source)")
            XCTAssertFalse(h.interactions.drawerState.isShown, "\(source)")
        }
    }

    func testWithTheComponentDisabledAnEdgeSwipeScrolls() {
        let h = harness()
        h.interactions.drawer.isEnabled = false
        h.drag(from: Point(x: 4, y: 400), to: Point(x: 260, y: 400))
        XCTAssertTrue(h.drawerStates.isEmpty)
        XCTAssertGreaterThan(abs(h.scrollTotal.dx), 200, "the page scrolled sideways with the finger")
        XCTAssertFalse(h.interactions.tryToOpenDrawer(), "nor does anything else open it")
    }

    func testAConditionThatRefusesKeepsTheDrawerShutAndTheCallbackRunsOnActivation() {
        let refused = harness()
        refused.interactions.drawer.addActivationCondition { _, _, _ in false }
        refused.drag(from: Point(x: 4, y: 400), to: Point(x: 260, y: 400))
        XCTAssertTrue(refused.drawerStates.isEmpty)
        let watched = harness()
        var activations = 0
        watched.interactions.drawer.addActivationCallback { _, _, _ in activations += 1 }
        watched.drag(from: Point(x: 4, y: 400), to: Point(x: 260, y: 400))
        XCTAssertEqual(activations, 1, "observed once per swipe")
        XCTAssertNotNil(watched.interactions.component(named: "drawer"), "named like the other components")
    }

    func testTheRulesHalfwayAndFling() {
        let fling = 400.0
        for (progress, velocity, open) in [(0.49, 0.0, false), (0.5, 0.0, true), (0.9, 0.0, true), (0.1, 0.0, false),
                                           (0.1, 400.0, true), (0.9, -400.0, false), (0.3, 399.0, false), (0.7, -399.0, true)] {
            XCTAssertEqual(DrawerRules.staysOpen(progress: progress, velocity: velocity, flingVelocity: fling), open,
                           "progress \(progress), velocity \(velocity)")
        }
        XCTAssertEqual(DrawerRules.progress(edgeAt: 140, width: 280), 0.5)
        XCTAssertEqual(DrawerRules.progress(edgeAt: 400, width: 280), 1, "never more than all of it")
        XCTAssertEqual(DrawerRules.progress(openDraggedBy: -70, width: 280), 0.75)
        XCTAssertEqual(DrawerRules.progress(openDraggedBy: 50, width: 280), 1)
        XCTAssertTrue(DrawerRules.isSidewaysDrag(Vector(dx: -20, dy: 5), slop: 12))
        XCTAssertFalse(DrawerRules.isSidewaysDrag(Vector(dx: -20, dy: 30), slop: 12), "more down than across")
    }
}
