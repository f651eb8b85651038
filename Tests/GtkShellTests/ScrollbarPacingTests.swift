// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Geometry
@testable import GtkShell
import XCTest

/// The scrollbars follow the view without moving in every frame of a scroll: what they measure
/// changes at once, the offset at most once a frame and about ten times a second, and the last
/// offset always arrives. Counts of moves on a frame clock advanced by hand, not times.
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
        XCTAssertNotNil(pacing.follow(shown(0)), "the first view reaches the scrollbars at once")
        var moves: [Double] = []
        var framesWithMoreThanOne = 0
        var y = 0.0
        // Two seconds of wheel scrolling: three view moves in every frame.
        for n in 0..<120 {
            for _ in 0..<3 {
                y += 10
                XCTAssertNil(pacing.follow(shown(y)), "an offset move waits for the frame")
            }
            var inThisFrame = 0
            if let due = pacing.frame(at: Int64(n) * frame).apply { moves.append(due.offset.y); inThisFrame += 1 }
            if inThisFrame > 1 { framesWithMoreThanOne += 1 }
        }
        XCTAssertEqual(framesWithMoreThanOne, 0)
        XCTAssertLessThanOrEqual(moves.count, 21, "about ten moves a second, not one a frame (120)")
        XCTAssertGreaterThanOrEqual(moves.count, 19, "the scrollbars keep moving while the view does")
        XCTAssertEqual(moves, moves.sorted(), "each move shows a newer offset")
    }

    func testTheLastOffsetReachesTheScrollbarsOnceTheViewRests() {
        var pacing = ScrollbarPacing()
        _ = pacing.follow(shown(0))
        _ = pacing.follow(shown(10))
        XCTAssertEqual(pacing.frame(at: 0).apply?.offset.y, 10, "the first move of a rest goes at once")
        _ = pacing.follow(shown(20))
        _ = pacing.follow(shown(30))
        // The view rests at 30: the frames go on until the move is due, then stop asking.
        var applied: ScrollbarPacing.Shown?
        var frames = 0
        var time: Int64 = 0
        while true {
            time += frame
            frames += 1
            let (due, again) = pacing.frame(at: time)
            if let due { applied = due }
            if !again { break }
            XCTAssertLessThan(frames, 10, "the waiting move is due within the interval")
        }
        XCTAssertEqual(applied?.offset.y, 30)
        XCTAssertFalse(pacing.isWaiting)
        XCTAssertEqual(pacing.frame(at: time + frame).again, false, "nothing more to do at rest")
    }

    func testAChangeOfWhatTheScrollbarsMeasureReachesThemAtOnceWithTheOffset() {
        var pacing = ScrollbarPacing()
        _ = pacing.follow(shown(0))
        _ = pacing.follow(shown(10))
        _ = pacing.frame(at: 0)
        _ = pacing.follow(shown(20))
        XCTAssertTrue(pacing.isWaiting)
        // Fitting the page after a scrollbar showed: a narrower view, a smaller document.
        let fitted = shown(25, view: Size(width: 786, height: 600), content: Size(width: 786, height: 40_000))
        XCTAssertEqual(pacing.follow(fitted), fitted, "at once, in the middle of the pacing interval")
        XCTAssertFalse(pacing.isWaiting, "the offset went with it")
        XCTAssertEqual(pacing.frame(at: frame).apply, nil)
        let longer = shown(25, content: Size(width: 800, height: 60_000))
        XCTAssertEqual(pacing.follow(longer), longer, "a document that grows changes the range at once")
    }

    func testADraggedScrollbarIsNotMovedBackToWhereTheViewWas() {
        var pacing = ScrollbarPacing()
        _ = pacing.follow(shown(0))
        _ = pacing.follow(shown(10))
        _ = pacing.frame(at: 0)
        _ = pacing.follow(shown(20))
        pacing.moved(to: Point(x: 0, y: 500))
        XCTAssertNil(pacing.follow(shown(500)), "the scrollbar shows the view already")
        XCTAssertFalse(pacing.isWaiting)
    }

    /// The GTK scrollbars themselves: their adjustment's value changes once however many times
    /// the view moves between two frames, and its range changes as soon as the document's size does.
    func testTheScrollbarsAdjustmentMovesOncePerFrameButTakesANewRangeAtOnce() throws {
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
            }
            XCTAssertEqual(valueChanges, 0, "twenty moves between two frames: none yet")
            XCTAssertFalse(scrollbars.frame(at: 1_000_000), "nothing waits after it")
            XCTAssertEqual(valueChanges, 1, "one move in the frame")
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 200, "to where the view is")

            scrollbars.follow(Viewport(size: view, offset: Point(x: 0, y: 210)), contentSize: Size(width: 800, height: 70_000))
            XCTAssertEqual(gtk_adjustment_get_upper(adjustment), 70_000, "the new range at once, between frames")
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 210)
            XCTAssertEqual(dragged, [], "following the view is not the user scrolling")
        }
    }
}
