// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import InteractionEngine
import XCTest

/// A finger on the Pages grid: taps show a page, a long press selects and turns on selection
/// mode (then taps toggle and drags scroll), lifted in place it opens the menu, and a long
/// press that moves drags pages to where the finger lifts; the mouse is left to the grid.
final class PageGridTouchTests: XCTestCase {
    /// Thumbnails 200 points tall, one per row.
    private func page(at point: Point) -> PageIndex? {
        point.y >= 0 && point.y < 1000 ? PageIndex(Int(point.y / 200)) : nil
    }

    private func touch(_ phase: InputPhase, _ x: Double, _ y: Double, at t: Double, finger: UInt64 = 1) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(finger), position: Point(x: x, y: y),
                   time: InputTime(seconds: t))
    }

    func testATapShowsThePageAndLeavesScrollingToTheGrid() {
        var grid = PageGridTouch()
        XCTAssertEqual(grid.handle(touch(.began, 50, 250, at: 0), pageAt: page), [], "nothing claimed: the grid may scroll")
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 0.2)), [])
        XCTAssertEqual(grid.handle(touch(.ended, 52, 251, at: 0.15), pageAt: page), [.tap(PageIndex(1))])
        XCTAssertFalse(grid.selecting)

        _ = grid.handle(touch(.began, 50, 250, at: 1), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.moved, 50, 150, at: 1.1), pageAt: page), [], "a swipe is the grid's scrolling")
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 2)), [], "and never becomes a long press")
        XCTAssertEqual(grid.handle(touch(.ended, 50, 100, at: 1.2), pageAt: page), [])
    }

    func testALongPressSelectsThenTapsToggleAndSwipesScroll() {
        var grid = PageGridTouch()
        _ = grid.handle(touch(.began, 50, 450, at: 0), pageAt: page)
        XCTAssertEqual(grid.deadline, InputTime(seconds: 0.5))
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 0.49)), [])
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 0.5)), [.claim, .select(PageIndex(2))])
        XCTAssertEqual(grid.handle(touch(.ended, 50, 452, at: 0.7), pageAt: page), [.menu(Point(x: 50, y: 452))],
                       "lifting in place after the hold opens the pages' menu")
        XCTAssertTrue(grid.selecting)

        XCTAssertEqual(grid.handle(touch(.began, 50, 650, at: 1, finger: 2), pageAt: page), [.claim], "in selection mode every finger is ours")
        XCTAssertEqual(grid.handle(touch(.ended, 50, 650, at: 1.1, finger: 2), pageAt: page), [.toggle(PageIndex(3))])

        _ = grid.handle(touch(.began, 50, 650, at: 2, finger: 3), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.moved, 50, 600, at: 2.1, finger: 3), pageAt: page), [.scroll(dy: 50)])
        XCTAssertEqual(grid.handle(touch(.moved, 50, 580, at: 2.2, finger: 3), pageAt: page), [.scroll(dy: 20)])
        XCTAssertEqual(grid.handle(touch(.ended, 50, 580, at: 2.3, finger: 3), pageAt: page), [], "a swipe toggles nothing")
    }

    func testALongPressThatMovesDragsThePagesToWhereTheFingerLifts() {
        var grid = PageGridTouch()
        _ = grid.handle(touch(.began, 50, 50, at: 0), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.moved, 53, 55, at: 0.3), pageAt: page), [], "within the slop")
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 0.6)), [.claim, .select(PageIndex(0))])
        XCTAssertEqual(grid.handle(touch(.moved, 50, 300, at: 0.8), pageAt: page), [.drag(Point(x: 50, y: 300))])
        XCTAssertEqual(grid.handle(touch(.moved, 50, 560, at: 0.9), pageAt: page), [.drag(Point(x: 50, y: 560))])
        XCTAssertEqual(grid.handle(touch(.moved, 50, 570, at: 0.95, finger: 9), pageAt: page), [], "a second finger is ignored")
        XCTAssertEqual(grid.handle(touch(.ended, 50, 560, at: 1), pageAt: page), [.drop(Point(x: 50, y: 560))])

        _ = grid.handle(touch(.began, 50, 50, at: 2), pageAt: page)
        _ = grid.tick(now: InputTime(seconds: 2.6))
        _ = grid.handle(touch(.moved, 50, 300, at: 2.8), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.cancelled, 50, 300, at: 2.9), pageAt: page), [.cancelDrag])
    }

    func testTheMouseAndALongPressOverNoPageAreLeftAlone() {
        var grid = PageGridTouch()
        let click = InputEvent(kind: .contact(.began), source: .mouse, position: Point(x: 50, y: 50), time: .zero, button: .primary)
        XCTAssertEqual(grid.handle(click, pageAt: page), [])
        XCTAssertNil(grid.deadline)
        _ = grid.handle(touch(.began, 50, 5000, at: 0), pageAt: page)
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 1)), [], "no page under the finger")
        XCTAssertFalse(grid.selecting)
    }
}
