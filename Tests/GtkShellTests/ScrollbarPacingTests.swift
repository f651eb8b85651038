// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Geometry
@testable import GtkShell
import XCTest

/// The scrollbars follow the view without moving in every frame of a scroll: what they measure
/// changes at once, the offset at most once per interval (so at most once a frame), and the
/// last offset always arrives. Counts of moves with the time advanced by hand, not times.
final class ScrollbarPacingTests: XCTestCase {
    private let view = Size(width: 800, height: 600)
    private let content = Size(width: 800, height: 50_000)
    /// 60 frames a second, in microseconds.
    private let frame: Int64 = 16_667

    private func shown(_ y: Double, view: Size? = nil, content: Size? = nil) -> ScrollbarPacing.Shown {
        ScrollbarPacing.Shown(offset: Point(x: 0, y: y), viewSize: view ?? self.view, contentSize: content ?? self.content)
    }

    func testABurstOfOffsetMovesReachesTheScrollbarsAtMostOncePerFrameAndAboutTenTimesASecond() {
        var pacing = ScrollbarPacing()
        XCTAssertNotNil(pacing.follow(shown(0), at: 0), "the first view reaches the scrollbars at once")
        var moves: [Double] = []
        var framesWithMoreThanOne = 0
        var y = 0.0
        // Two seconds of wheel scrolling: three view moves in every frame, then the frame.
        for n in 0..<120 {
            let now = Int64(n) * frame
            var inThisFrame = 0
            for step in 0..<3 {
                y += 10
                if let at = pacing.follow(shown(y), at: now + Int64(step) * 100) { moves.append(at.offset.y); inThisFrame += 1 }
            }
            if let due = pacing.due(at: now + 1_000) { moves.append(due.offset.y); inThisFrame += 1 }
            if inThisFrame > 1 { framesWithMoreThanOne += 1 }
        }
        XCTAssertEqual(framesWithMoreThanOne, 0)
        XCTAssertLessThanOrEqual(moves.count, 21, "about ten moves a second, not one a frame (120)")
        XCTAssertGreaterThanOrEqual(moves.count, 19, "the scrollbars keep moving while the view does")
        XCTAssertEqual(moves, moves.sorted(), "each move shows a newer offset")
    }

    func testTheLastOffsetReachesTheScrollbarsOnceTheViewRests() {
        var pacing = ScrollbarPacing()
        _ = pacing.follow(shown(0), at: 0)
        XCTAssertEqual(pacing.follow(shown(10), at: 1_000)?.offset.y, 10, "the first move after a pause goes at once")
        XCTAssertNil(pacing.follow(shown(20), at: 2_000))
        XCTAssertNil(pacing.follow(shown(30), at: 3_000))
        // The view rests at 30: the newest offset waits until the view has rested an interval.
        XCTAssertEqual(pacing.restTime, 3_000 + ScrollbarPacing.defaultInterval)
        XCTAssertNil(pacing.due(at: 50_000), "not due yet")
        XCTAssertEqual(pacing.due(at: 103_000)?.offset.y, 30)
        XCTAssertFalse(pacing.isWaiting)
        XCTAssertNil(pacing.restTime, "nothing more to ask a frame for")
    }

    func testAChangeOfWhatTheScrollbarsMeasureReachesThemAtOnceWithTheOffset() {
        var pacing = ScrollbarPacing()
        _ = pacing.follow(shown(0), at: 0)
        _ = pacing.follow(shown(10), at: 0)
        XCTAssertNil(pacing.follow(shown(20), at: 1_000))
        XCTAssertTrue(pacing.isWaiting)
        // Fitting the page after a scrollbar showed: a narrower view, a smaller document.
        let fitted = shown(25, view: Size(width: 786, height: 600), content: Size(width: 786, height: 40_000))
        XCTAssertEqual(pacing.follow(fitted, at: 2_000), fitted, "at once, in the middle of the interval")
        XCTAssertFalse(pacing.isWaiting, "the offset went with it")
        XCTAssertNil(pacing.due(at: 500_000))
        let longer = shown(25, content: Size(width: 800, height: 60_000))
        XCTAssertEqual(pacing.follow(longer, at: 3_000), longer, "a document that grows changes the range at once")
    }

    func testADraggedScrollbarIsNotMovedBackToWhereTheViewWas() {
        var pacing = ScrollbarPacing()
        _ = pacing.follow(shown(0), at: 0)
        _ = pacing.follow(shown(10), at: 0)
        _ = pacing.follow(shown(20), at: 1_000)
        pacing.moved(to: Point(x: 0, y: 500))
        XCTAssertNil(pacing.follow(shown(500), at: 2_000), "the scrollbar shows the view already")
        XCTAssertFalse(pacing.isWaiting)
    }

    /// The GTK scrollbars themselves: their adjustment's value changes once however many times
    /// the view moves within an interval, and its range changes as soon as the document's size does.
    func testTheScrollbarsAdjustmentMovesOncePerIntervalButTakesANewRangeAtOnce() throws {
        try GtkTestDisplay.require()
        let view = self.view, content = self.content
        MainActor.assumeIsolated {
            let owner = gtk_label_new(nil)!
            g_object_ref_sink(raw(owner))
            defer { g_object_unref(raw(owner)) }
            let scrollbars = CanvasScrollbars(owner: owner)
            g_object_ref_sink(raw(scrollbars.vertical))
            g_object_ref_sink(raw(scrollbars.horizontal))
            defer { g_object_unref(raw(scrollbars.vertical)); g_object_unref(raw(scrollbars.horizontal)) }
            var now: Int64 = 1_000_000
            scrollbars.clock = { now }
            let adjustment = gtk_scrollbar_get_adjustment(cast(scrollbars.vertical))!
            var valueChanges = 0
            Signals.connect(raw(adjustment), "value-changed", whileAlive: raw(owner)!) { valueChanges += 1 }
            var dragged: [Point] = []
            scrollbars.scrolled = { dragged.append($0) }

            scrollbars.follow(Viewport(size: view, offset: .zero), contentSize: content)
            XCTAssertEqual(gtk_adjustment_get_upper(adjustment), content.height)
            valueChanges = 0
            for y in stride(from: 10.0, through: 200, by: 10) {
                scrollbars.follow(Viewport(size: view, offset: Point(x: 0, y: y)), contentSize: content)
                now += 1_000
            }
            XCTAssertEqual(valueChanges, 1, "twenty moves within an interval: the first only")
            XCTAssertTrue(scrollbars.isWaiting)
            now += ScrollbarPacing.defaultInterval
            // (The frame the timeout asks for once the view rested.)
            scrollbars.frame()
            XCTAssertEqual(valueChanges, 2, "and the last once it is due")
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 200, "to where the view is")
            XCTAssertFalse(scrollbars.isWaiting)

            scrollbars.follow(Viewport(size: view, offset: Point(x: 0, y: 210)), contentSize: Size(width: 800, height: 70_000))
            XCTAssertEqual(gtk_adjustment_get_upper(adjustment), 70_000, "the new range at once")
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 210)
            XCTAssertEqual(dragged, [], "following the view is not the user scrolling")
        }
    }
}
