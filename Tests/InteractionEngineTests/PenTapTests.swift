// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// With Pen Draws at Once the pen inks from its first event, yet a pen tap (short and still) on
/// a link, an annotation or a form field does what a finger's tap does there, and so does every
/// pen tap with no tool picked; with the pen tool picked a tap on the page leaves a dot.
final class PenTapTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    // One Letter page at zoom 1, its top-left at view (16, 16): PDF (x, y) is view (16 + x, 808 - y).
    let link = AnnotationTarget(id: AnnotationID("link"), kind: .link, page: PageIndex(0), bounds: Rect(x: 100, y: 700, width: 120, height: 14))
    let square = AnnotationTarget(id: AnnotationID("sq"), kind: .square, page: PageIndex(0), bounds: Rect(x: 300, y: 500, width: 100, height: 80))
    let field = AnnotationTarget(id: AnnotationID("name"), kind: .widget, page: PageIndex(0), bounds: Rect(x: 100, y: 400, width: 200, height: 20))
    let handwriting = AnnotationTarget(id: AnnotationID("ink"), kind: .ink, page: PageIndex(0), bounds: Rect(x: 100, y: 200, width: 30, height: 30))

    private func view(_ x: Double, _ y: Double) -> Point { Point(x: 16 + x, y: 808 - y) }
    private func centre(_ a: AnnotationTarget) -> Point { view(a.bounds.midX, a.bounds.midY) }
    /// Text all over the page, nowhere near an annotation.
    private var emptySpace: Point { view(480, 100) }

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        interaction.setAnnotations([link, square, field, handwriting], on: PageIndex(0))
        // One text column, narrower than the view: a double tap zooms to it.
        interaction.columnLookup = { _, _ in Rect(x: 50, y: 50, width: 250, height: 700) }
    }

    private func pen(_ phase: InputPhase, _ p: Point) {
        interaction.handle(InputEvent(kind: .contact(phase), source: .pen, position: p, time: clock.now, axes: StylusAxes(pressure: 0.5)))
    }

    private func penTap(_ p: Point) {
        pen(.began, p)
        clock.advance(by: 0.06)
        pen(.ended, p)
    }

    /// Lets time pass as a host's timer would, ticking every 50 ms.
    private func wait(_ seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end {
            clock.advance(by: 0.05)
            interaction.tick(at: clock.now)
        }
    }

    private var commands: [ToolCommand] {
        outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
    }
    private var inks: [[[InkPoint]]] {
        commands.compactMap { if case .addInk(_, let strokes) = $0 { return strokes } else { return nil } }
    }
    private var previews: [[[InkPoint]]] {
        commands.compactMap { if case .inkPreview(_, let strokes) = $0 { return strokes } else { return nil } }
    }
    /// The engine's decisions, but for the pen's end (the tip) it reports on first contact.
    private var decisions: [EngineOutput] {
        outputs.compactMap { if case .engine(let d) = $0, d != .stylusEnd(.tip) { return d } else { return nil } }
    }
    private var openedLinks: [AnnotationID] {
        decisions.compactMap { if case .openLink(let hit) = $0 { return hit.annotation.id } else { return nil } }
    }
    private var editRequests: [AnnotationID] {
        decisions.compactMap { if case .editAnnotation(let t) = $0 { return t.id } else { return nil } }
    }
    private var zooms: [Rect] {
        outputs.compactMap { if case .smartZoom(let rect, _) = $0 { return rect } else { return nil } }
    }

    func testPenTapOnLinkFollowsItWithPenDrawsAtOnce() {
        XCTAssertTrue(interaction.penDrawsAtOnce)
        penTap(centre(link))
        wait(0.5)
        XCTAssertEqual(openedLinks, [link.id])
        XCTAssertEqual(inks, [], "no ink is saved for a tap")
        XCTAssertEqual(previews.last, [], "the stroke's preview is dropped")
        XCTAssertEqual(interaction.tools.currentToolID, .pan)
    }

    func testPenTapOnLinkDoesNotFollowItWhileOpeningLinksIsDisabled() {
        interaction.engine.interactions.openLinkAnnotation.isEnabled = false
        penTap(centre(link))
        wait(0.5)
        XCTAssertEqual(openedLinks, [])
        XCTAssertEqual(inks, [])
        XCTAssertEqual(decisions, [], "nothing: a pen's tap on the page is not reading mode's toggle")
    }

    func testPenTapOnAnAnnotationSelectsIt() {
        penTap(centre(square))
        wait(0.5)
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
        XCTAssertTrue(outputs.contains(.selectionChanged(square.id)))
        XCTAssertEqual(inks, [])
    }

    func testPenTapOnAFormFieldAsksToFocusIt() {
        penTap(centre(field))
        wait(0.5)
        XCTAssertEqual(editRequests, [field.id])
        XCTAssertEqual(inks, [])
    }

    func testPenTapOnEmptySpaceWithNoToolPickedLeavesNoInkAndTogglesNothing() {
        penTap(emptySpace)
        wait(0.5)
        XCTAssertEqual(inks, [])
        XCTAssertEqual(decisions, [], "reading mode's toggle is a finger's tap only")
    }

    func testPenTapOnEmptySpaceWithPenToolLeavesADot() {
        interaction.pick(.ink)
        penTap(emptySpace)
        wait(0.5)
        XCTAssertEqual(inks.count, 1)
        XCTAssertEqual(inks.first?.count, 1, "one stroke")
        XCTAssertEqual(inks.first?.first?.count, 1, "of one point: a dot")
        XCTAssertEqual(decisions, [], "the tap is the pen tool's")
    }

    func testPenTapOnLinkWithPenToolPickedFollowsIt() {
        interaction.pick(.ink)
        penTap(centre(link))
        wait(0.5)
        XCTAssertEqual(openedLinks, [link.id])
        XCTAssertEqual(inks, [])
    }

    func testPenTapOnHandwritingWithPenToolPickedLeavesADot() {
        // The dot of an i lands on the stroke below it: it is writing, not a selection.
        interaction.pick(.ink)
        penTap(centre(handwriting))
        wait(0.5)
        XCTAssertEqual(inks.count, 1)
        XCTAssertNil(interaction.selectedAnnotation)
    }

    func testPenDoubleTapZooms() {
        penTap(emptySpace)
        clock.advance(by: 0.1)
        penTap(emptySpace + Vector(dx: 3, dy: 2))
        wait(0.5)
        XCTAssertEqual(zooms, [Rect(x: 66, y: 66, width: 250, height: 700)])
        XCTAssertEqual(decisions, [], "no single tap besides")
        XCTAssertEqual(inks, [])
    }

    func testPenDoubleTapZoomsWhenTheSecondTapLiftsAfterTheFirstTapsWindow() {
        // The second tap lands in time but lifts after the first one's window closed; a finger
        // doing so double-taps, and so does the pen.
        penTap(emptySpace)
        clock.advance(by: 0.2)
        pen(.began, emptySpace)
        wait(0.15)
        pen(.ended, emptySpace)
        wait(0.5)
        XCTAssertEqual(zooms.count, 1)
        XCTAssertEqual(decisions, [])
        XCTAssertEqual(inks, [])
    }

    func testPenDoubleTapWithPenToolPickedLeavesTwoDots() {
        // A colon, or the dots of an ü: writing, not zooming.
        interaction.pick(.ink)
        penTap(emptySpace)
        clock.advance(by: 0.1)
        penTap(emptySpace + Vector(dx: 0, dy: 6))
        wait(0.5)
        XCTAssertEqual(inks.count, 2)
        XCTAssertEqual(zooms, [])
    }

    func testPenStrokeStillStartsAtFirstEvent() {
        let start = centre(link)
        pen(.began, start)
        XCTAssertEqual(previews.count, 1, "the stroke shows from the pen's first event")
        XCTAssertEqual(previews.first?.first?.count, 1)
        for i in 1...4 {
            clock.advance(by: 0.01)
            pen(.moved, start + Vector(dx: Double(i) * 8, dy: 0))
        }
        pen(.ended, start + Vector(dx: 32, dy: 0))
        wait(0.5)
        XCTAssertEqual(inks.count, 1)
        XCTAssertEqual(inks.first?.first?.count, 5, "every sample")
        XCTAssertEqual(openedLinks, [], "a stroke over a link is ink")
    }

    func testPenHeldStillOnALinkLeavesInk() {
        pen(.began, centre(link))
        wait(0.6)
        pen(.ended, centre(link))
        wait(0.5)
        XCTAssertEqual(inks.count, 1, "a long press is no tap")
        XCTAssertEqual(openedLinks, [])
    }
}
