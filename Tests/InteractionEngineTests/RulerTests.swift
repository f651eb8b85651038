// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// The ruler, headless: two fingers turn and carry it, its angle snaps to 0°, 45° and 90°, its
/// marks are the page's real centimetres and inches at any zoom and on a turned page, strokes
/// that start at its edge are drawn straight along it and strokes elsewhere are untouched.
final class RulerTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    let viewSize = Size(width: 800, height: 900)

    /// One Letter page at `zoom`, its top-left at view (16, 16), turned by `rotation`.
    private func layOut(zoom: Double = 1, rotation: PageRotation = .none) {
        let page = PageGeometry(index: PageIndex(0), origin: Point(x: 16, y: 16), mediaSize: Size(width: 612, height: 792),
                                rotation: rotation, zoom: zoom)
        interaction.setPages([page], view: ViewTransform(zoom: zoom), viewSize: viewSize)
    }

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        layOut()
    }

    private func touch(_ id: UInt64, _ phase: InputPhase, _ p: Point) {
        interaction.handle(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: p, time: clock.now))
        clock.advance(by: 0.016)
    }

    private func pen(_ phase: InputPhase, _ p: Point) {
        interaction.handle(InputEvent(kind: .contact(phase), source: .pen, position: p, time: clock.now, axes: StylusAxes(pressure: 0.5)))
        clock.advance(by: 0.016)
    }

    private var placement: RulerPlacement { interaction.ruler!.placement(in: interaction.scene.coordinates)! }

    private var inks: [[[InkPoint]]] {
        outputs.compactMap { if case .tool(.addInk(_, let strokes)) = $0 { return strokes } else { return nil } }
    }
    private var navigations: [NavigationAction] {
        outputs.compactMap { if case .navigate(let a) = $0 { return a } else { return nil } }
    }

    /// The greatest distance of the points from the line through the first and the last.
    private func straightness(_ points: [Point]) -> Double {
        guard let a = points.first, let b = points.last, a.distance(to: b) > 0 else { return 0 }
        let d = b - a, n = Vector(dx: -d.dy / d.length, dy: d.dx / d.length)
        return points.map { abs(($0 - a).dx * n.dx + ($0 - a).dy * n.dy) }.max() ?? 0
    }

    // MARK: Moving and turning

    func testTwoFingersTurningByThirtyDegreesTurnTheRulerThirtyDegreesAboutTheirMidpoint() {
        interaction.showRuler(true, unit: .centimetre)
        let c = placement.center
        XCTAssertEqual(placement.angle, 0)
        // Two fingers on the ruler, 120 px apart about a point 40 px right of its middle.
        let mid = Point(x: c.x + 40, y: c.y)
        touch(1, .began, Point(x: mid.x - 60, y: mid.y))
        touch(2, .began, Point(x: mid.x + 60, y: mid.y))
        for step in 1...6 {
            let turn = Double(step) * 5 * .pi / 180
            let v = Vector(dx: 60 * cos(turn), dy: -60 * sin(turn))
            touch(1, .moved, mid - v)
            touch(2, .moved, mid + v)
        }
        touch(1, .ended, mid)
        touch(2, .ended, mid)
        XCTAssertEqual(placement.angle, 30, accuracy: 1e-9)
        XCTAssertEqual(interaction.ruler?.shownAngle, 30)
        // The ruler turned about the fingers' midpoint: its middle went round it by 30°.
        let expected = mid + Vector(dx: -40 * cos(Double.pi / 6), dy: 40 * sin(Double.pi / 6))
        XCTAssertEqual(placement.center.x, expected.x, accuracy: 1e-6)
        XCTAssertEqual(placement.center.y, expected.y, accuracy: 1e-6)
        XCTAssertTrue(navigations.isEmpty, "fingers on the ruler do not scroll or zoom: \(navigations)")
    }

    func testTwoFingersMovingTogetherCarryTheRulerByTheirMidpoint() {
        interaction.showRuler(true, unit: .centimetre)
        let c = placement.center
        touch(1, .began, Point(x: c.x - 50, y: c.y + 5))
        touch(2, .began, Point(x: c.x + 50, y: c.y - 5))
        for step in 1...10 {
            let d = Double(step) * 8
            touch(1, .moved, Point(x: c.x - 50 + d, y: c.y + 5 + d))
            touch(2, .moved, Point(x: c.x + 50 + d, y: c.y - 5 + d))
        }
        touch(1, .ended, .zero)
        touch(2, .ended, .zero)
        XCTAssertEqual(placement.center.x, c.x + 80, accuracy: 1e-9)
        XCTAssertEqual(placement.center.y, c.y + 80, accuracy: 1e-9)
        XCTAssertEqual(placement.angle, 0, accuracy: 1e-9)
        XCTAssertTrue(navigations.isEmpty)
    }

    func testTheTurnHandleTurnsTheRulerForAMouseAndSnapsNearFortyFiveDegrees() {
        interaction.showRuler(true, unit: .centimetre)
        let c = placement.center, handle = placement.position(of: .turn)
        func mouse(_ phase: InputPhase, _ p: Point) {
            interaction.handle(InputEvent(kind: .contact(phase), source: .mouse, position: p, time: clock.now, button: .primary))
            clock.advance(by: 0.016)
        }
        interaction.handle(InputEvent(kind: .hover, source: .mouse, position: handle, time: clock.now))
        XCTAssertEqual(outputs.last { if case .cursor = $0 { return true } else { return false } }, .cursor(.grab), "a hand over the handle")
        mouse(.began, handle)
        // To 43.5°: within the tolerance of 45°, so it snaps.
        let r = 43.5 * .pi / 180
        mouse(.moved, Point(x: c.x + 110 * cos(r), y: c.y - 110 * sin(r)))
        XCTAssertEqual(placement.angle, 45, accuracy: 1e-9)
        // On to 50°: out of the tolerance, the angle follows the pointer again.
        let s = 50 * Double.pi / 180
        mouse(.moved, Point(x: c.x + 110 * cos(s), y: c.y - 110 * sin(s)))
        XCTAssertEqual(placement.angle, 50, accuracy: 1e-9)
        mouse(.ended, Point(x: c.x + 110 * cos(s), y: c.y - 110 * sin(s)))
        XCTAssertEqual(placement.center, c, "the turn handle turns the ruler about its middle")
    }

    func testSnappingPullsAnglesWithinTheToleranceToRightAnglesAndDiagonalsOnly() {
        XCTAssertEqual(Ruler.snapped(2.5), 0)
        XCTAssertEqual(Ruler.snapped(-2), 0)
        XCTAssertEqual(Ruler.snapped(358), 0)
        XCTAssertEqual(Ruler.snapped(88), 90)
        XCTAssertEqual(Ruler.snapped(136.9), 135)
        XCTAssertEqual(Ruler.snapped(3.5), 3.5)
        XCTAssertEqual(Ruler.snapped(30), 30)
        XCTAssertEqual(Ruler.snapped(-30), 330)
    }

    func testTheRulerLiesOnThePageItScrollsAndZoomsWithIt() {
        interaction.showRuler(true, unit: .centimetre)
        let before = interaction.scene.coordinates.convert(placement.center, from: .view, to: .pdf(PageIndex(0)))!
        let page = PageGeometry(index: PageIndex(0), origin: Point(x: 16, y: 16), mediaSize: Size(width: 612, height: 792), zoom: 2)
        interaction.setPages([page], view: ViewTransform(zoom: 2, scrollOffset: Vector(dx: 100, dy: 300)), viewSize: viewSize)
        let after = interaction.scene.coordinates.convert(placement.center, from: .view, to: .pdf(PageIndex(0)))!
        XCTAssertEqual(before.x, after.x, accuracy: 1e-9)
        XCTAssertEqual(before.y, after.y, accuracy: 1e-9)
        XCTAssertEqual(placement.length, 2 * 30 * 72 / 2.54, accuracy: 1e-9)
    }

    // MARK: Marks

    /// The PDF distance between successive numbered marks on the ruler's upper edge.
    private func majorSpacings() -> [Double] {
        let coordinates = interaction.scene.coordinates
        let majors = placement.ticks().filter { $0.number != nil }
            .map { coordinates.convert($0.edge, from: .view, to: .pdf(PageIndex(0)))! }
        return zip(majors, majors.dropFirst()).map { $0.distance(to: $1) }
    }

    func testNumberedMarksAreOneCentimetreOfThePageAtZoomOneTwoAndAHalf() {
        for zoom in [1.0, 2, 0.5] {
            layOut(zoom: zoom)
            interaction.showRuler(true, unit: .centimetre)
            let spacings = majorSpacings()
            XCTAssertEqual(spacings.count, 30, "30 cm at zoom \(zoom)")
            for s in spacings { XCTAssertEqual(s, 72 / 2.54, accuracy: 1e-6, "zoom \(zoom)") }
            let numbers = placement.ticks().compactMap(\.number)
            XCTAssertEqual(numbers.first, 0)
            XCTAssertEqual(numbers.last, 30)
        }
    }

    func testMarksAreOneCentimetreOnATurnedPageAndOnATurnedRuler() {
        layOut(zoom: 1.5, rotation: .quarter)
        interaction.showRuler(true, unit: .centimetre)
        interaction.scene.ruler?.angle = 30
        for s in majorSpacings() { XCTAssertEqual(s, 72 / 2.54, accuracy: 1e-6) }
    }

    func testInchRulersMarkEighthsAndCountInches() {
        interaction.showRuler(true, unit: .inch)
        for s in majorSpacings() { XCTAssertEqual(s, 72, accuracy: 1e-6) }
        let upper = placement.ticks().enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        XCTAssertEqual(upper.count, 12 * 8 + 1, "a mark every eighth of an inch over 12 in")
        XCTAssertEqual(upper[0].edge.distance(to: upper[1].edge), 9, accuracy: 1e-9)
        XCTAssertEqual(RulerUnit.forLocale("en_US.UTF-8"), .inch)
        XCTAssertEqual(RulerUnit.forLocale("en-US"), .inch)
        XCTAssertEqual(RulerUnit.forLocale("en_GB.UTF-8"), .centimetre)
        XCTAssertEqual(RulerUnit.forLocale("de_DE@euro"), .centimetre)
        XCTAssertEqual(RulerUnit.forLocale("C"), .centimetre)
    }

    func testMillimetreMarksGiveWayWhenTooDenseToSee() {
        layOut(zoom: 0.25)
        interaction.showRuler(true, unit: .centimetre)
        XCTAssertFalse(placement.ticks().contains { $0.kind == .minor }, "millimetres at zoom 0.25 are 0.7 px apart")
        XCTAssertEqual(placement.ticks().filter { $0.number != nil }.count, 31)
    }

    // MARK: Strokes along the edge

    func testAPenStrokeStartingAtTheEdgeIsDrawnStraightAlongItOutsideTheRuler() {
        interaction.scene.inkWidth = { 4 }
        interaction.showRuler(true, unit: .centimetre)
        interaction.pick(.ink)
        let p = placement
        // The ruler is 3 cm (85 px) wide: its upper edge is 42.5 px above its middle.
        let edge = p.center.y - p.width / 2
        pen(.began, Point(x: p.center.x - 150, y: edge - 10))
        for i in 1...20 { pen(.moved, Point(x: p.center.x - 150 + Double(i) * 15, y: edge - 10 + (i % 3 == 0 ? 8 : -6))) }
        pen(.ended, Point(x: p.center.x + 150, y: edge - 12))
        let stroke = inks.last?.first ?? []
        XCTAssertGreaterThan(stroke.count, 10)
        let view = stroke.map { interaction.scene.coordinates.convert($0.location, from: .pdf(PageIndex(0)), to: .view)! }
        XCTAssertLessThan(straightness(stroke.map(\.location)), 1e-6)
        // Half the ink's width (2 pt at zoom 1) above the edge, where the stroke started.
        for v in view { XCTAssertEqual(v.y, edge - 2, accuracy: 1e-6) }
    }

    func testAStrokeTurnedWithTheRulerFollowsItsAngleAndTheLowerEdgeFromBelow() {
        interaction.scene.inkWidth = { 0 }
        interaction.showRuler(true, unit: .centimetre)
        interaction.scene.ruler?.angle = 30
        interaction.pick(.ink)
        let p = placement
        let start = p.point(along: -100, across: -p.width / 2 - 15)
        pen(.began, start)
        for i in 1...10 { pen(.moved, p.point(along: -100 + Double(i) * 20, across: -p.width / 2 - 15 + Double(i % 2) * 9)) }
        pen(.ended, p.point(along: 110, across: -p.width / 2 - 5))
        let view = (inks.last?.first ?? []).map { interaction.scene.coordinates.convert($0.location, from: .pdf(PageIndex(0)), to: .view)! }
        XCTAssertGreaterThan(view.count, 5)
        for v in view { XCTAssertEqual(p.local(v).across, -p.width / 2, accuracy: 1e-6) }
        let direction = view.last! - view.first!
        XCTAssertEqual(atan2(-direction.dy, direction.dx) * 180 / .pi, 30, accuracy: 1e-6)
    }

    func testAFingerStrokeNearTheEdgeFollowsItTooButAFingerOnTheRulerMovesIt() {
        interaction.showRuler(true, unit: .centimetre)
        interaction.pick(.ink)
        let p = placement, edge = p.center.y + p.width / 2
        touch(5, .began, Point(x: p.center.x, y: edge + 12))
        for i in 1...8 { touch(5, .moved, Point(x: p.center.x + Double(i) * 20, y: edge + 12 + Double(i % 2) * 7)) }
        touch(5, .ended, Point(x: p.center.x + 180, y: edge + 15))
        XCTAssertEqual(inks.count, 1)
        XCTAssertLessThan(straightness((inks.last?.first ?? []).map(\.location)), 1e-6)
        // A finger on the ruler's body carries it and draws nothing.
        touch(6, .began, Point(x: p.center.x - 200, y: p.center.y))
        touch(6, .moved, Point(x: p.center.x - 200, y: p.center.y + 30))
        touch(6, .ended, Point(x: p.center.x - 200, y: p.center.y + 30))
        XCTAssertEqual(inks.count, 1)
        XCTAssertEqual(placement.center.y, p.center.y + 30, accuracy: 1e-9)
    }

    func testStrokesFarFromTheRulerAreUntouched() {
        interaction.showRuler(true, unit: .centimetre)
        interaction.pick(.ink)
        let p = placement
        let points = (0...10).map { Point(x: p.center.x - 100 + Double($0) * 20, y: p.center.y + p.width / 2 + 60 + Double($0 % 2) * 9) }
        pen(.began, points[0])
        for q in points.dropFirst() { pen(.moved, q) }
        pen(.ended, points.last!)
        let view = (inks.last?.first ?? []).map { interaction.scene.coordinates.convert($0.location, from: .pdf(PageIndex(0)), to: .view)! }
        XCTAssertEqual(view.count, points.count)
        for (v, q) in zip(view, points) {
            XCTAssertEqual(v.x, q.x, accuracy: 1e-9)
            XCTAssertEqual(v.y, q.y, accuracy: 1e-9)
        }
    }

    func testTheGuideProjectsOntoItsLine() {
        let guide = RulerGuide(origin: Point(x: 10, y: 10), direction: Vector(dx: 0.6, dy: 0.8))
        let q = guide.project(Point(x: 10 + 0.6 * 50 - 0.8 * 7, y: 10 + 0.8 * 50 + 0.6 * 7))
        XCTAssertEqual(q.x, 40, accuracy: 1e-9)
        XCTAssertEqual(q.y, 50, accuracy: 1e-9)
    }

    func testAHiddenRulerGuidesNothingAndTakesNoFingers() {
        interaction.showRuler(true, unit: .centimetre)
        let c = placement.center
        interaction.showRuler(false, unit: .centimetre)
        XCTAssertNil(interaction.ruler)
        XCTAssertNil(interaction.scene.rulerGuide(forStrokeAtView: c, on: PageIndex(0)))
    }
}
