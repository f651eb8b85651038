// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

/// While pages turn by dragging, a drag from an edge band is a page turn (began, changed as it
/// moves, ended with its velocity) instead of a scroll; the fastScroll component governs it.
final class PageTurnDragTests: XCTestCase {
    private func drag(_ h: EngineHarness, from a: Point, to b: Point, source: InputSource = .touchscreen) {
        h.down(1, a, t: 0, source: source)
        for i in 1...6 {
            let f = Double(i) / 6
            h.move(1, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), t: 0.02 * Double(i), source: source)
        }
        h.up(1, b, t: 0.14, source: source)
    }

    private func turns(_ h: EngineHarness) -> [(FastScrollDirection, GesturePhase, Point)] {
        h.outputs.compactMap { if case .turnPage(let d, let p, let at, _) = $0 { return (d, p, at) } else { return nil } }
    }

    func testADragFromTheRightEdgeTurnsForwardInsteadOfScrolling() {
        for source in [InputSource.touchscreen, .mouse] {
            let h = EngineHarness()
            h.interactions.settings.turnsPagesByDragging = true
            drag(h, from: Point(x: 780, y: 400), to: Point(x: 300, y: 420), source: source)
            let seen = turns(h)
            XCTAssertEqual(seen.first?.0, .nextPage, "\(source)")
            XCTAssertEqual(seen.first?.1, .began)
            XCTAssertEqual(seen.last?.1, .ended)
            XCTAssertEqual(seen.last?.2, Point(x: 300, y: 420), "the last position is where the contact ended")
            XCTAssertGreaterThan(seen.filter { $0.1 == .changed }.count, 1, "the sheet follows every move")
            XCTAssertEqual(h.scrollTotal, .zero, "nothing scrolled")
            let ended = h.outputs.compactMap { if case .turnPage(_, .ended, _, let v) = $0 { return v } else { return nil } }
            XCTAssertLessThan(ended.first?.dx ?? 0, 0, "a leftward velocity")
        }
    }

    func testANarrowSpreadIsHeldByItsOuterEdgeNotOnlyByTheViewsEdge() {
        let h = EngineHarness()
        h.interactions.settings.turnsPagesByDragging = true
        // A spread from x 250 to 550 in an 800-wide view: its right edge lies far inside the
        // view's edge band (which starts at 680).
        h.targets.pagesBounds = Rect(x: 250, y: 0, width: 300, height: 900)
        drag(h, from: Point(x: 540, y: 400), to: Point(x: 300, y: 420))
        XCTAssertEqual(turns(h).first?.0, .nextPage, "held by the page's outer edge")
        XCTAssertEqual(h.scrollTotal, .zero)
        let away = EngineHarness()
        away.interactions.settings.turnsPagesByDragging = true
        away.targets.pagesBounds = Rect(x: 250, y: 0, width: 300, height: 900)
        drag(away, from: Point(x: 400, y: 400), to: Point(x: 300, y: 420))
        XCTAssertTrue(turns(away).isEmpty, "the middle of the spread is not an edge")
    }

    func testADragFromTheLeftEdgeTurnsBack() {
        let h = EngineHarness()
        h.interactions.settings.turnsPagesByDragging = true
        // Inside the band but clear of the drawer's edge strip (its leftmost 24 pixels).
        drag(h, from: Point(x: 40, y: 400), to: Point(x: 500, y: 400))
        XCTAssertEqual(turns(h).first?.0, .previousPage)
    }

    func testWithoutPageTurnsOrAwayFromTheEdgesADragScrolls() {
        let off = EngineHarness()
        drag(off, from: Point(x: 780, y: 400), to: Point(x: 780, y: 200))
        XCTAssertTrue(turns(off).isEmpty)
        XCTAssertNotEqual(off.scrollTotal, .zero)
        let middle = EngineHarness()
        middle.interactions.settings.turnsPagesByDragging = true
        drag(middle, from: Point(x: 400, y: 400), to: Point(x: 400, y: 200))
        XCTAssertTrue(turns(middle).isEmpty, "the middle of the view scrolls")
        XCTAssertNotEqual(middle.scrollTotal, .zero)
    }

    func testTheFastScrollComponentGovernsPageTurns() {
        let disabled = EngineHarness()
        disabled.interactions.settings.turnsPagesByDragging = true
        disabled.interactions.fastScroll.isEnabled = false
        drag(disabled, from: Point(x: 780, y: 400), to: Point(x: 300, y: 400))
        XCTAssertTrue(turns(disabled).isEmpty)
        let refused = EngineHarness()
        refused.interactions.settings.turnsPagesByDragging = true
        refused.interactions.fastScroll.addActivationCondition { _, _, _ in false }
        drag(refused, from: Point(x: 780, y: 400), to: Point(x: 300, y: 400))
        XCTAssertTrue(turns(refused).isEmpty)
    }
}
