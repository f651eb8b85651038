// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// What a frame draws over the pages besides annotations, and a page turn, worked out by the
/// session in view coordinates: search matches, the ink being drawn, the shape being dragged
/// out, and the turn's picture that both renderers draw.
final class FrameOverlayModelTests: XCTestCase {
    lazy var host = EditingWalkHost([], pageSizes: [Size(width: 420, height: 595), Size(width: 420, height: 595), Size(width: 420, height: 595)])
    var session: DocumentSession { host.session }

    private func pageFrame(_ page: Int) -> Rect {
        let v = session.view.viewport
        return session.view.layout.pageFrame(PageIndex(page), zoom: v.zoom).offsetBy(Point.zero - v.offset)
    }

    private func pen(_ phase: InputPhase, _ p: Point) {
        host.clock.advance(by: 0.008)
        host.send(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: p, time: host.clock.now, axes: StylusAxes(pressure: 0.5)))
    }

    func testSearchMatchesAreDrawnWhereTheirPageIsAndTheCurrentOneStandsOut() {
        let effects = session.perform(.search(TextSearch(query: "word")))
        guard case .readPagesForSearch(_, let order, let generation)? = effects.first(where: {
            if case .readPagesForSearch = $0 { return true } else { return false }
        }) else { return XCTFail("the host is asked to read the pages: \(effects)") }
        XCTAssertEqual(order.first, session.view.currentPage, "from the page in view")
        session.searchReadersStarted(1)
        let box = Rect(x: 50, y: 60, width: 30, height: 10)
        let found: [(page: PageIndex, matches: [(range: ClosedRange<Int>, boxes: [Rect])])] =
            [(PageIndex(0), [(range: 3...6, boxes: [box]), (range: 20...23, boxes: [box.offsetBy(Vector(dx: 0, dy: 40))])])]
        // A reader of a search that was replaced is not heard.
        XCTAssertEqual(session.searchFound(found, read: [PageIndex(0)], readerFinished: false, generation: generation + 1), [])
        XCTAssertEqual(session.frame.searchMatches, [])
        _ = session.searchFound(found, read: order, readerFinished: true, generation: generation)
        let zoom = session.view.viewport.zoom, page = pageFrame(0)
        let matches = session.frame.searchMatches
        XCTAssertEqual(matches.map(\.current), [true, false], "the first match found is the current one")
        XCTAssertEqual(matches.first?.boxes, [Rect(x: page.minX + 50 * zoom - 1, y: page.minY + 60 * zoom - 1, width: 30 * zoom + 2, height: 10 * zoom + 2)])
        XCTAssertTrue(session.frame.hasOverlays)
        // Stepping past the last match wraps round, and says so.
        XCTAssertFalse(session.perform(.stepSearch(forward: true)).contains(.searchWrapped(forward: true)))
        XCTAssertTrue(session.perform(.stepSearch(forward: true)).contains(.searchWrapped(forward: true)))
        XCTAssertEqual(session.frame.searchMatches.map(\.current), [true, false])
        // Ending it leaves the current match selected and nothing drawn for the search.
        _ = session.perform(.endSearch)
        XCTAssertEqual(session.frame.searchMatches, [])
        XCTAssertEqual(session.interaction.textSelection, TextSelection(page: PageIndex(0), anchor: 3, focus: 6))
    }

    func testInkBeingDrawnIsInTheFrameAtItsSamplesAndTheToolsWidthAtThisZoom() {
        _ = session.perform(.pick(.ink))
        let page = pageFrame(0)
        let points = (0..<6).map { Point(x: page.minX + 60 + Double($0) * 12, y: page.minY + 100 + Double($0 % 2) * 9) }
        pen(.began, points[0])
        for p in points.dropFirst() { pen(.moved, p) }
        guard let ink = session.frame.liveInk else { return XCTFail("the stroke is drawn while it is made") }
        XCTAssertEqual(ink.page, PageIndex(0))
        XCTAssertEqual(ink.strokes.count, 1)
        let drawn = ink.strokes[0].points
        XCTAssertEqual(drawn.count, points.count)
        for (a, b) in zip(drawn, points) {
            XCTAssertEqual(a.x, b.x, accuracy: 1e-6)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-6)
        }
        let style = session.composer.style(for: .ink), zoom = session.view.viewport.zoom
        XCTAssertEqual(ink.strokes[0].lineWidth, style.width * zoom, accuracy: 1e-9)
        XCTAssertEqual(ink.strokes[0].widths?.first ?? 0, AppearanceBuilder.inkWidth(style.width, pressure: 0.5) * zoom, accuracy: 1e-9,
                       "with pressure, each sample has its width")
        XCTAssertTrue(session.frame.hasOverlays)
    }

    func testAPageTurnFrameIsThePictureOfTheTurnWithItsShadowsOnEitherSideOfTheFold() {
        host.apply(session.changeView { $0.setTurnsPagesWithCurl(true) })
        host.settle()
        XCTAssertNil(session.frame.turn, "no turn: the frame is the pages")
        host.apply(session.changeView { $0.apply(.scrollScreens(1)) })
        host.run(for: 0.1)
        guard let picture = session.frame.turn, let turn = session.view.pageTurn else { return XCTFail("a turn is under way") }
        XCTAssertEqual(picture.curl, turn.curl)
        XCTAssertEqual(picture.sheet?.page, PageIndex(0), "the first page's sheet turns")
        XCTAssertEqual(picture.beneath.map(\.page), [PageIndex(1)])
        XCTAssertFalse(picture.isFlat)
        guard let shadow = picture.shadow, let crease = picture.crease, let fold = turn.curl.fold else { return XCTFail("a fold") }
        XCTAssertEqual(shadow.from, fold.point)
        XCTAssertEqual(shadow.direction, fold.normal, "the shadow falls on the lifted side, onto the page beneath")
        XCTAssertEqual(crease.direction, fold.normal * -1, "the crease shades the flap, on the other side")
        XCTAssertLessThan(crease.length, shadow.length)
        host.settle()
        XCTAssertNil(session.frame.turn, "the turn is over")
    }
}
