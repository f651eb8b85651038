// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

/// A screenful, the start, the end and a wheel turn go along the reading direction in every
/// layout: down when vertical, right when horizontal, left when bound on the right.
final class ViewportNavigationTests: XCTestCase {
    private func layout(_ direction: ScrollDirection, rightToLeft: Bool = false, mode: SpreadMode = .single) -> DocumentLayout {
        DocumentLayout(pageSizes: uniformPages(6), settings: LayoutSettings(spreadMode: mode, direction: direction, rightToLeft: rightToLeft))
    }

    func testAScreenfulGoesAlongTheReadingDirectionInEveryLayout() {
        let view = Viewport(size: Size(width: 150, height: 300))
        let vertical = layout(.vertical)
        let down = view.atStart(in: vertical).scrolledScreens(1, in: vertical)
        XCTAssertEqual(down.offset.y, 252, "a screen less 48 px of overlap")
        XCTAssertEqual(down.scrolledScreens(-1, in: vertical).offset.y, 0)

        let horizontal = layout(.horizontal)
        let right = view.atStart(in: horizontal).scrolledScreens(1, in: horizontal)
        XCTAssertEqual(right.offset.x, view.atStart(in: horizontal).offset.x + 102, "a screen's width less the overlap")

        let rtl = layout(.horizontal, rightToLeft: true)
        let start = view.atStart(in: rtl)
        XCTAssertEqual(start.offset.x, rtl.contentSize(zoom: 1).width - 150, "a right-to-left book starts at its right end")
        XCTAssertLessThan(start.scrolledScreens(1, in: rtl).offset.x, start.offset.x, "and reads on to the left")
        XCTAssertEqual(view.atEnd(in: rtl).offset.x, 0)
    }

    func testTheStartAndEndShowTheFirstAndLastSpreads() {
        for (direction, rtl) in [(ScrollDirection.vertical, false), (.horizontal, false), (.horizontal, true)] {
            for mode in SpreadMode.allCases {
                let l = layout(direction, rightToLeft: rtl, mode: mode)
                let view = Viewport(size: Size(width: 150, height: 300))
                XCTAssertEqual(view.atStart(in: l).continuousSpreadIndex(in: l), 0, accuracy: 0.01, "\(direction) \(rtl) \(mode)")
                XCTAssertGreaterThan(view.atEnd(in: l).continuousSpreadIndex(in: l), Double(l.spreadCount - 2), "\(direction) \(rtl) \(mode)")
            }
        }
    }

    func testAnEdgeTapTurnsToTheAdjacentSpreadAndStopsAtTheEnds() {
        let double = layout(.vertical, mode: .double)
        let view = Viewport(size: Size(width: 300, height: 300)).atStart(in: double)
        XCTAssertTrue(view.showsWholeSpread(of: PageIndex(0), in: double))
        let next = view.showingSpread(1, from: PageIndex(0), in: double)
        XCTAssertEqual(next.currentPage(in: double), PageIndex(2), "pages 3 and 4")
        XCTAssertEqual(next.showingSpread(-5, from: PageIndex(2), in: double).offset, view.offset, "not before the first spread")
        XCTAssertFalse(Viewport(size: Size(width: 300, height: 100)).showsWholeSpread(of: PageIndex(0), in: double), "taller than the view")
        let rtl = layout(.horizontal, rightToLeft: true, mode: .double)
        let start = Viewport(size: Size(width: 300, height: 300)).atStart(in: rtl)
        let turned = start.turnedAtEdge(right: false, from: PageIndex(0), in: rtl)
        XCTAssertEqual(turned.currentPage(in: rtl).map(rtl.spreadIndex(forPage:)), 1, "bound on the right, the left edge turns forward")
        XCTAssertEqual(view.turnedAtEdge(right: true, from: PageIndex(0), in: double).currentPage(in: double), PageIndex(2))
    }

    func testOneSpreadAtATimeSettlesOnTheSpreadInTheDirectionOfTravel() {
        for (direction, rtl) in [(ScrollDirection.vertical, false), (.horizontal, false), (.horizontal, true)] {
            let l = layout(direction, rightToLeft: rtl)
            let view = Viewport(size: Size(width: 130, height: 240))
            let onTwo = view.showingSpread(2, from: PageIndex(0), in: l)
            XCTAssertEqual(onTwo.spreadToSettle(restingOn: 0, in: l), 2, "sitting exactly on a spread (a jump): that one")
            let forward = direction == .vertical ? Vector(dx: 0, dy: 20) : Vector(dx: rtl ? -20 : 20, dy: 0)
            let ahead = onTwo.scrolled(by: forward, in: l), behind = onTwo.scrolled(by: Vector(dx: -forward.dx, dy: -forward.dy), in: l)
            XCTAssertEqual(ahead.spreadToSettle(restingOn: 2, in: l), 3, "\(direction) \(rtl): a little forward turns to the next")
            XCTAssertEqual(behind.spreadToSettle(restingOn: 2, in: l), 1, "\(direction) \(rtl): a little back to the previous")
            let nudge = onTwo.scrolled(by: Vector(dx: forward.dx / 20, dy: forward.dy / 20), in: l)
            XCTAssertEqual(nudge.spreadToSettle(restingOn: 2, in: l), 2, "a nudge under 3 % springs back")
            let end = view.atEnd(in: l).scrolled(by: forward, in: l)
            XCTAssertEqual(end.spreadToSettle(restingOn: l.spreadCount - 1, in: l), l.spreadCount - 1, "never past the last")
        }
    }

    func testAWheelTurnMovesAlongPagesThatFitTheViewsHeight() {
        let horizontal = layout(.horizontal)
        let tall = Viewport(size: Size(width: 150, height: 1000))
        XCTAssertEqual(tall.scrolled(alongReading: Vector(dx: 0, dy: 40), in: horizontal).offset.x, tall.clamped(to: horizontal).offset.x + 40)
        let rtl = layout(.horizontal, rightToLeft: true)
        let rtlStart = tall.atStart(in: rtl)
        XCTAssertEqual(rtlStart.scrolled(alongReading: Vector(dx: 0, dy: 40), in: rtl).offset.x, rtlStart.offset.x - 40)
        // Pages taller than the view: the wheel scrolls them down as usual.
        let short = Viewport(size: Size(width: 150, height: 100))
        XCTAssertEqual(short.scrolled(alongReading: Vector(dx: 0, dy: 40), in: horizontal).offset.y, short.clamped(to: horizontal).offset.y + 40)
    }
}

/// A document's own /PageLayout and /Direction choose its first layout.
final class DocumentLayoutPreferenceTests: XCTestCase {
    func testTheDocumentsPageLayoutAndDirectionPickTheSpreads() {
        XCTAssertEqual(LayoutSettings(pageLayout: nil, rightToLeft: false), LayoutSettings())
        XCTAssertEqual(LayoutSettings(pageLayout: "OneColumn", rightToLeft: false).spreadMode, .single)
        XCTAssertEqual(LayoutSettings(pageLayout: "TwoColumnLeft", rightToLeft: false).spreadMode, .double)
        XCTAssertEqual(LayoutSettings(pageLayout: "TwoPageRight", rightToLeft: false).spreadMode, .book)
        XCTAssertTrue(LayoutSettings(pageLayout: "TwoPageLeft", rightToLeft: true).rightToLeft)
    }
}
