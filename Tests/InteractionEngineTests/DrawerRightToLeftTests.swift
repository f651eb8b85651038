// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

/// The sidebar drawer under a right-to-left interface (``Interactions/Settings/drawerSide``
/// `.right`): it comes from the view's right edge, and every sideways rule is mirrored: a
/// finger swiping in leftwards pulls it, a swipe back rightwards or a tap on the page left of it
/// closes it, and the right edge strip passes every other contact through to the page.
final class DrawerRightToLeftTests: XCTestCase {
    /// The harness's view is 800 pixels wide; a drawer of 280 comes from its right edge.
    private let right = 800.0

    private func harness() -> EngineHarness {
        let h = EngineHarness()
        h.interactions.settings.drawerWidth = 280
        h.interactions.settings.drawerSide = .right
        return h
    }

    func testAFingerSwipingLeftwardsFromTheRightEdgeFollowsTheFingerAndStaysOpenPastHalfway() {
        let h = harness()
        h.drag(from: Point(x: right - 4, y: 400), to: Point(x: right - 200, y: 404))
        let following = h.drawerStates.filter(\.isDragging)
        XCTAssertGreaterThan(following.count, 2, "the drawer follows every move")
        XCTAssertEqual(following.map(\.progress), following.map(\.progress).sorted(), "it comes out as the finger moves in")
        XCTAssertEqual(following.last?.progress ?? 0, 200 / 280, accuracy: 1e-9, "its edge is under the finger")
        XCTAssertEqual(h.drawerStates.last, .open)
        XCTAssertEqual(h.scrollTotal, .zero, "the page did not scroll")
    }

    func testASwipeFromTheLeftEdgeDoesNotOpenItThere() {
        let h = harness()
        h.drag(from: Point(x: 4, y: 400), to: Point(x: 200, y: 400))
        XCTAssertTrue(h.drawerStates.isEmpty, "the left edge is the page's under a right-to-left interface")
        XCTAssertGreaterThan(abs(h.scrollTotal.dx), 100, "the page scrolled sideways with the finger")
    }

    func testAFingerMovingUpFromTheRightEdgeStripScrollsAndOneLetGoBeforeHalfwaySlidesBack() {
        let outwards = harness()
        outwards.drag(from: Point(x: right - 6, y: 400), to: Point(x: right - 6, y: 400 - 300))
        XCTAssertTrue(outwards.drawerStates.isEmpty, "a finger moving up from the strip scrolls")
        XCTAssertGreaterThan(abs(outwards.scrollTotal.dy), 200)
        let short = harness()
        short.drag(from: Point(x: right - 4, y: 400), to: Point(x: right - 120, y: 400))
        XCTAssertEqual(short.drawerStates.last, .closed, "under halfway: it slides back")
    }

    func testAFlingLeftwardsOpensItBeforeHalfwayAndAFlingBackRightwardsClosesIt() {
        let h = harness()
        h.drag(from: Point(x: right - 4, y: 400), to: Point(x: right - 110, y: 400), step: 0.01, rest: 0.01)
        XCTAssertLessThan(h.drawerStates.filter(\.isDragging).last?.progress ?? 1, 0.5, "not halfway")
        XCTAssertEqual(h.drawerStates.last, .open, "flung open")
        h.drag(from: Point(x: right - 250, y: 400), to: Point(x: right - 180, y: 400), start: 2, step: 0.01, rest: 0.01)
        XCTAssertEqual(h.drawerStates.last, .closed, "flung shut")
    }

    func testASwipeBackRightwardsOnTheOpenDrawerFollowsTheFingerAndClosesIt() {
        let h = harness()
        XCTAssertTrue(h.interactions.tryToOpenDrawer())
        h.outputs.removeAll()
        h.drag(from: Point(x: right - 250, y: 400), to: Point(x: right - 60, y: 410), start: 1)
        let following = h.drawerStates.filter(\.isDragging)
        XCTAssertGreaterThan(following.count, 2)
        XCTAssertEqual(following.map(\.progress), following.map(\.progress).sorted(by: >), "it goes back with the finger")
        XCTAssertEqual(following.last?.progress ?? 0, 1 - 190.0 / 280, accuracy: 1e-9, "by the finger's travel")
        XCTAssertEqual(h.drawerStates.last, .closed)
        XCTAssertTrue(h.outputs.allSatisfy { if case .contact = $0 { return false } else { return true } },
                      "the page under the drawer saw no contact")
    }

    func testATapLeftOfTheOpenDrawerClosesItAndATapOnItLeavesItOpen() {
        let h = harness()
        h.interactions.tryToOpenDrawer()
        h.outputs.removeAll()
        h.tap(Point(x: right - 100, y: 400), t: 1)
        h.wait(until: 2)
        XCTAssertEqual(h.decisions, [], "a tap on the drawer is the sidebar's")
        XCTAssertTrue(h.interactions.drawerState.isOpen)
        h.tap(Point(x: 300, y: 400), t: 3)
        h.wait(until: 4)
        XCTAssertEqual(h.decisions, [.drawer(.closed)], "closed, and the tap did not reach the page")
    }

    func testATapInTheRightEdgeStripReachesThePageAndMouseAndPenNeverOpenTheDrawer() {
        let h = harness()
        h.tap(Point(x: right - 6, y: 400), t: 0)
        h.wait(until: 1)
        XCTAssertTrue(h.drawerStates.isEmpty)
        XCTAssertTrue(h.decisions.contains(.fastScroll(.nextPage)), "the edge tap turned on: \(h.decisions)")
        for source in [InputSource.mouse, .pen] {
            let other = harness()
            other.drag(from: Point(x: right - 4, y: 400), to: Point(x: right - 260, y: 400), source: source)
            XCTAssertTrue(other.drawerStates.isEmpty, "\(source)")
        }
    }

    func testTheSideMirrorsInsetsAndTravel() {
        let bounds = Rect(x: 10, y: 0, width: 800, height: 600)
        XCTAssertEqual(DrawerSide.left.inset(ofViewX: 30, in: bounds), 20)
        XCTAssertEqual(DrawerSide.right.inset(ofViewX: 790, in: bounds), 20)
        XCTAssertEqual(DrawerSide.left.outward(-15), -15)
        XCTAssertEqual(DrawerSide.right.outward(-15), 15)
    }
}
