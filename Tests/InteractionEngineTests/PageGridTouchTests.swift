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

    /// The long press is decided by the events' own times: a finger that rests past the hold
    /// and then moves drags, even when the host's timer has not run yet (a busy main loop, or
    /// a replay), exactly as when it had.
    func testALongPressDueBeforeTheNextEventIsDecidedFirstWhateverTheTimer() {
        var grid = PageGridTouch()
        _ = grid.handle(touch(.began, 50, 50, at: 0), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.moved, 50, 300, at: 0.6), pageAt: page),
                       [.claim, .select(PageIndex(0)), .drag(Point(x: 50, y: 300))],
                       "held for 0.5 s by the events' clock: the move drags the page, it does not scroll past it")
        XCTAssertEqual(grid.handle(touch(.ended, 50, 300, at: 0.7), pageAt: page), [.drop(Point(x: 50, y: 300))])

        var early = PageGridTouch()
        _ = early.handle(touch(.began, 50, 50, at: 0), pageAt: page)
        XCTAssertEqual(early.handle(touch(.moved, 50, 300, at: 0.45), pageAt: page), [], "moved before the hold: the grid's scrolling")
        XCTAssertEqual(early.tick(now: InputTime(seconds: 1)), [])
    }

    /// A tap and a hold are the contact vocabulary's: a tap lifts within the tap's time and
    /// slop; a press that lasts longer but not as long as a hold is neither; a finger that
    /// drifts past the hold's slop (but not the tap's) can still tap and can no longer hold.
    func testTapAndHoldAreTheContactVocabularys() {
        let tapTime = ContactVocabulary.tapMaximumPressDuration, hold = ContactVocabulary.holdDuration
        let tapSlop = ContactVocabulary.tapSlop.touch, holdSlop = ContactVocabulary.holdSlop.touch
        XCTAssertLessThan(tapTime, hold)
        XCTAssertLessThan(holdSlop, tapSlop)
        var grid = PageGridTouch()
        _ = grid.handle(touch(.began, 50, 250, at: 0), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.ended, 50, 250, at: (tapTime + hold) / 2), pageAt: page), [],
                       "longer than a tap, shorter than a hold: nothing")
        XCTAssertFalse(grid.selecting)

        _ = grid.handle(touch(.began, 50, 250, at: 1), pageAt: page)
        let drift = (holdSlop + tapSlop) / 2
        XCTAssertEqual(grid.handle(touch(.moved, 50 + drift, 250, at: 1.1), pageAt: page), [])
        XCTAssertNil(grid.deadline, "past the hold's slop: no long press any more")
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 2)), [])
        var drifted = PageGridTouch()
        _ = drifted.handle(touch(.began, 50, 250, at: 0), pageAt: page)
        _ = drifted.handle(touch(.moved, 50 + drift, 250, at: 0.1), pageAt: page)
        XCTAssertEqual(drifted.handle(touch(.ended, 50 + drift, 250, at: 0.2), pageAt: page), [.tap(PageIndex(1))],
                       "within the tap's slop: still a tap")

        var held = PageGridTouch()
        _ = held.handle(touch(.began, 50, 50, at: 0), pageAt: page)
        _ = held.tick(now: InputTime(seconds: hold))
        XCTAssertEqual(held.handle(touch(.moved, 50 + drift, 50, at: 0.7), pageAt: page), [],
                       "a held finger drags only past the tap's slop")
        XCTAssertEqual(held.handle(touch(.moved, 50 + tapSlop + 1, 50, at: 0.8), pageAt: page), [.drag(Point(x: 51 + tapSlop, y: 50))])
    }

    /// Two fingers are neither a tap nor a long press, as on the page: the first finger's hold
    /// and tap end when a second comes down, and the second does nothing of its own.
    func testASecondFingerMakesTheFirstNeitherATapNorAHold() {
        var grid = PageGridTouch()
        _ = grid.handle(touch(.began, 50, 250, at: 0), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.began, 50, 650, at: 0.05, finger: 2), pageAt: page), [])
        XCTAssertNil(grid.deadline)
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 1)), [], "no long press")
        XCTAssertEqual(grid.handle(touch(.ended, 50, 650, at: 1.0, finger: 2), pageAt: page), [])
        XCTAssertEqual(grid.handle(touch(.ended, 50, 250, at: 1.1), pageAt: page), [], "no menu either")
        XCTAssertFalse(grid.selecting)

        _ = grid.handle(touch(.began, 50, 250, at: 2), pageAt: page)
        _ = grid.handle(touch(.began, 50, 650, at: 2.05, finger: 4), pageAt: page)
        XCTAssertEqual(grid.handle(touch(.ended, 50, 250, at: 2.1), pageAt: page), [], "a quick two-finger touch is no tap")
        XCTAssertEqual(grid.contact, nil)

        // Once held, a second finger leaves the hold alone.
        _ = grid.handle(touch(.began, 50, 250, at: 3), pageAt: page)
        XCTAssertEqual(grid.contact, InputSequenceID(1))
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 3.5)), [.claim, .select(PageIndex(1))])
        XCTAssertEqual(grid.handle(touch(.began, 50, 650, at: 3.6, finger: 5), pageAt: page), [])
        XCTAssertEqual(grid.handle(touch(.ended, 50, 250, at: 3.7), pageAt: page), [.menu(Point(x: 50, y: 250))])
    }

    /// A finger GTK's kinetic scrolling took first (live) is the grid's scrolling: no long
    /// press follows, and it selects nothing when it lifts; another finger is not concerned.
    func testAFingerTheGridsScrollingTookIsNeitherATapNorAHold() {
        var grid = PageGridTouch()
        _ = grid.handle(touch(.began, 50, 250, at: 0), pageAt: page)
        grid.gridTook(InputSequenceID(9))
        XCTAssertNotNil(grid.deadline, "another finger's claim changes nothing")
        grid.gridTook(InputSequenceID(1))
        XCTAssertNil(grid.deadline)
        XCTAssertEqual(grid.tick(now: InputTime(seconds: 1)), [])
        XCTAssertEqual(grid.handle(touch(.ended, 50, 250, at: 0.1), pageAt: page), [])
    }
}
