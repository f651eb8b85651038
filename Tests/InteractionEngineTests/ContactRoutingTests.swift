// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// What each contact does while an annotation is selected: the routing asks the interaction
/// components, with their conditions, before any tool acts. A finger's swipe scrolls and keeps
/// the selection, a tap elsewhere deselects (and does nothing else), a hold lifts; a move
/// starts only past the tap slop; a pen moves what is selected even while it draws at once;
/// only the contact that carries an annotation is the carrying one.
final class ContactRoutingTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    // One Letter page at zoom 1, its top-left at view (16, 16): PDF (x, y) is view (16 + x, 808 - y).
    let square = AnnotationTarget(id: AnnotationID("sq"), kind: .square, page: PageIndex(0), bounds: Rect(x: 100, y: 500, width: 200, height: 100))
    let circle = AnnotationTarget(id: AnnotationID("ci"), kind: .circle, page: PageIndex(0), bounds: Rect(x: 300, y: 200, width: 150, height: 100))

    private func view(_ x: Double, _ y: Double) -> Point { Point(x: 16 + x, y: 808 - y) }
    private func centre(_ a: AnnotationTarget) -> Point { view(a.bounds.midX, a.bounds.midY) }
    /// Page space away from both annotations and from any edge band.
    private var emptySpace: Point { view(300, 400) }

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        interaction.setAnnotations([square, circle], on: PageIndex(0))
    }

    // MARK: Input

    private func send(_ phase: InputPhase, _ p: Point, source: InputSource, finger: UInt64 = 1) {
        let axes = source == .pen ? StylusAxes(pressure: 0.5) : StylusAxes()
        interaction.handle(InputEvent(kind: .contact(phase), source: source, sequence: InputSequenceID(finger), position: p,
                                      time: clock.now, button: source == .mouse ? .primary : nil, axes: axes))
    }

    /// A contact from `a` to `b` in `steps` moves 16 ms apart.
    private func drag(_ source: InputSource, from a: Point, to b: Point, steps: Int = 10, finger: UInt64 = 1) {
        send(.began, a, source: source, finger: finger)
        for i in 1...steps {
            clock.advance(by: 0.016)
            let f = Double(i) / Double(steps)
            send(.moved, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), source: source, finger: finger)
        }
        clock.advance(by: 0.016)
        send(.ended, b, source: source, finger: finger)
    }

    private func tap(_ source: InputSource, _ p: Point, jitter: Vector = .zero) {
        send(.began, p, source: source)
        clock.advance(by: 0.03)
        if jitter != .zero { send(.moved, p + jitter, source: source) }
        clock.advance(by: 0.03)
        send(.ended, p + jitter, source: source)
    }

    /// Lets time pass as a host's timer would, ticking every 50 ms.
    private func wait(_ seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end {
            clock.advance(by: 0.05)
            interaction.tick(at: clock.now)
        }
    }

    private func selectSquare() {
        interaction.select(square.id)
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
        outputs.removeAll()
    }

    // MARK: What came out

    private var commands: [ToolCommand] {
        outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
    }
    private var moves: [ToolCommand] {
        commands.filter {
            switch $0 {
            case .beginTransform, .moveAnnotation, .resizeAnnotation, .moveLineEnd: return true
            default: return false
            }
        }
    }
    private func moved(_ id: AnnotationID) -> Vector {
        commands.reduce(Vector.zero) { sum, c in if case .moveAnnotation(id, let v) = c { return sum + v } else { return sum } }
    }
    private var scrolled: Vector {
        outputs.reduce(Vector.zero) { sum, o in if case .navigate(.scroll(let v)) = o { return sum + v } else { return sum } }
    }
    private var toggles: Int {
        outputs.filter { $0 == .engine(.toggleUserInterface) }.count
    }

    // MARK: A finger with a selection

    func testAFingerSwipeFromEmptySpaceScrollsAndKeepsTheSelection() {
        selectSquare()
        drag(.touchscreen, from: emptySpace, to: emptySpace + Vector(dx: 0, dy: -150))
        wait(0.5)
        XCTAssertGreaterThan(scrolled.dy, 100, "the swipe scrolled")
        XCTAssertEqual(interaction.selectedAnnotation, square.id, "the swipe kept the selection")
        XCTAssertFalse(outputs.contains(.selectionChanged(nil)), "\(outputs)")
        XCTAssertEqual(moves, [])
    }

    func testAFingerSwipeFromAnotherAnnotationScrollsAndMovesNothing() {
        selectSquare()
        drag(.touchscreen, from: centre(circle), to: centre(circle) + Vector(dx: 0, dy: -150))
        wait(0.5)
        XCTAssertGreaterThan(scrolled.dy, 100, "the swipe scrolled")
        XCTAssertEqual(moves, [], "nothing moved: \(commands)")
        XCTAssertEqual(interaction.selectedAnnotation, square.id, "the other annotation was not selected")
    }

    func testAFingerTapOnEmptySpaceDeselectsAndDoesNothingElse() {
        selectSquare()
        tap(.touchscreen, emptySpace)
        wait(0.6)
        XCTAssertNil(interaction.selectedAnnotation)
        XCTAssertTrue(outputs.contains(.selectionChanged(nil)))
        XCTAssertEqual(toggles, 0, "the tap that ended the selection did not toggle reading mode")
        // With nothing selected, the same tap is the reading-mode toggle.
        outputs.removeAll()
        clock.advance(by: 1)
        tap(.touchscreen, emptySpace)
        wait(0.6)
        XCTAssertEqual(toggles, 1)
    }

    func testAFingerTapOnAnotherAnnotationSelectsIt() {
        selectSquare()
        tap(.touchscreen, centre(circle))
        wait(0.6)
        XCTAssertEqual(interaction.selectedAnnotation, circle.id)
        XCTAssertEqual(moves, [])
    }

    func testAHoldOnTheSelectedAnnotationLiftsItAndLiftedInPlaceOpensItsMenu() {
        selectSquare()
        send(.began, centre(square), source: .touchscreen)
        wait(0.7)
        XCTAssertTrue(outputs.contains(.lift(square.id)), "\(outputs)")
        XCTAssertEqual(moves, [], "the hold moved nothing")
        send(.ended, centre(square), source: .touchscreen)
        XCTAssertTrue(outputs.contains(.contextMenu(at: centre(square), annotation: square.id)), "\(outputs)")
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
    }

    func testADragAfterTheHoldCarriesTheSelectedAnnotation() {
        selectSquare()
        send(.began, centre(square), source: .touchscreen)
        wait(0.7)
        for i in 1...8 {
            clock.advance(by: 0.016)
            send(.moved, centre(square) + Vector(dx: 0, dy: Double(i) * 6), source: .touchscreen)
        }
        XCTAssertEqual(interaction.carryingContact, InputSequenceID(1))
        send(.ended, centre(square) + Vector(dx: 0, dy: 48), source: .touchscreen)
        XCTAssertLessThan(moved(square.id).dy, -30, "dragged down the page (PDF y falls)")
        XCTAssertNil(interaction.carryingContact, "the carrying ended with its contact")
        XCTAssertFalse(outputs.contains { if case .contextMenu = $0 { return true } else { return false } })
    }

    func testAFingerDragOnTheSelectedAnnotationMovesItOnceTheHoldIsRuledOut() {
        selectSquare()
        drag(.touchscreen, from: centre(square), to: centre(square) + Vector(dx: 60, dy: 0))
        XCTAssertGreaterThan(moved(square.id).dx, 30, "\(commands)")
        XCTAssertEqual(scrolled, .zero, "the drag on the selection did not scroll")
    }

    // MARK: Slop

    func testAMouseClickWithJitterOnTheSelectionMovesNothing() {
        selectSquare()
        tap(.mouse, centre(square), jitter: Vector(dx: 1, dy: 1))
        XCTAssertEqual(moves, [], "a one-pixel jitter records no step")
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
        outputs.removeAll()
        drag(.mouse, from: centre(square), to: centre(square) + Vector(dx: 20, dy: 0))
        XCTAssertEqual(moved(square.id).dx, 20, accuracy: 1e-9, "past the slop the whole travel counts")
    }

    func testADragEndsWhereTheContactLifts() {
        selectSquare()
        send(.began, centre(square), source: .mouse)
        clock.advance(by: 0.016)
        send(.moved, centre(square) + Vector(dx: 10, dy: 0), source: .mouse)
        clock.advance(by: 0.016)
        send(.ended, centre(square) + Vector(dx: 25, dy: 0), source: .mouse)
        XCTAssertEqual(moved(square.id).dx, 25, accuracy: 1e-9, "the lift's own place counts")
        XCTAssertEqual(commands.last, .endTransform(square.id, cancelled: false))
    }

    func testAFingerOnAHandleResizesOnlyPastTheSlop() {
        selectSquare()
        // The square's bottom-right corner: view (316, 308).
        let corner = view(300, 500)
        tap(.touchscreen, corner, jitter: Vector(dx: 3, dy: 2))
        XCTAssertEqual(moves, [], "a jittery tap on a handle resizes nothing")
        drag(.touchscreen, from: corner, to: corner + Vector(dx: 40, dy: 30))
        XCTAssertTrue(commands.contains { if case .resizeAnnotation(square.id, _) = $0 { return true } else { return false } }, "\(commands)")
        XCTAssertEqual(scrolled, .zero)
    }

    // MARK: The components decide

    func testWithDeselectionDisabledNoPressOrTapDeselects() {
        selectSquare()
        interaction.engine.interactions.deselectAnnotation.isEnabled = false
        tap(.mouse, emptySpace)
        clock.advance(by: 1)
        tap(.touchscreen, emptySpace)
        wait(0.6)
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
        XCTAssertFalse(outputs.contains(.selectionChanged(nil)))
    }

    func testAConditionOnDeselectionKeepsTheSelection() {
        selectSquare()
        var asked = 0
        interaction.engine.interactions.deselectAnnotation.addActivationCondition { _, _, _ in
            asked += 1
            return false
        }
        tap(.mouse, emptySpace)
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
        XCTAssertGreaterThan(asked, 0, "the condition was asked")
    }

    func testWithTransformDisabledAPressThatSelectsDragsNothing() {
        interaction.engine.interactions.transformAnnotation.isEnabled = false
        drag(.mouse, from: centre(circle), to: centre(circle) + Vector(dx: 40, dy: 0))
        XCTAssertEqual(interaction.selectedAnnotation, circle.id, "the press still selects")
        XCTAssertEqual(moves, [], "but moves nothing: \(commands)")
    }

    func testATransformConditionIsAskedOnThePressThatSelects() {
        var asked: [AnnotationID] = []
        interaction.engine.interactions.transformAnnotation.addActivationCondition { context, _, _ in
            asked.append(context.annotation.id)
            return false
        }
        drag(.mouse, from: centre(circle), to: centre(circle) + Vector(dx: 40, dy: 0))
        XCTAssertEqual(interaction.selectedAnnotation, circle.id)
        XCTAssertTrue(asked.contains(circle.id))
        XCTAssertEqual(moves, [])
    }

    // MARK: The pen

    func testAPenDragOnTheSelectedAnnotationMovesItWhilePenDrawsAtOnce() {
        XCTAssertTrue(interaction.penDrawsAtOnce)
        selectSquare()
        drag(.pen, from: centre(square), to: centre(square) + Vector(dx: 30, dy: 20))
        XCTAssertEqual(moved(square.id).dx, 30, accuracy: 1e-9)
        XCTAssertEqual(moved(square.id).dy, -20, accuracy: 1e-9)
        XCTAssertFalse(commands.contains { if case .addInk = $0 { return true } else { return false } }, "no ink")
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
    }

    func testAPenDragElsewhereStillInksWhileSomethingIsSelected() {
        selectSquare()
        drag(.pen, from: emptySpace, to: emptySpace + Vector(dx: 60, dy: 10))
        XCTAssertTrue(commands.contains { if case .addInk = $0 { return true } else { return false } }, "\(commands)")
        XCTAssertEqual(moves, [])
    }

    func testAPenTapOnEmptySpaceWithNoToolIsNotReadingModesToggle() {
        tap(.pen, emptySpace)
        wait(0.6)
        XCTAssertEqual(toggles, 0, "a pen's tap on the page is not a finger's")
    }

    // MARK: Carrying

    func testOnlyTheContactMovingAnAnnotationCarriesIt() {
        selectSquare()
        send(.began, centre(square), source: .mouse)
        clock.advance(by: 0.016)
        send(.moved, centre(square) + Vector(dx: 0, dy: 20), source: .mouse)
        XCTAssertEqual(interaction.carryingContact, InputSequenceID(1))
        clock.advance(by: 0.016)
        send(.ended, centre(square) + Vector(dx: 0, dy: 20), source: .mouse)
        XCTAssertNil(interaction.carryingContact)
    }

    func testASecondFingerScrollingWhileOneHoldsIsNotTheCarryingContact() {
        selectSquare()
        send(.began, centre(square), source: .touchscreen, finger: 1)
        wait(0.7)
        for i in 1...4 {
            clock.advance(by: 0.016)
            send(.moved, centre(square) + Vector(dx: Double(i) * 6, dy: 0), source: .touchscreen, finger: 1)
        }
        drag(.touchscreen, from: Point(x: 600, y: 800), to: Point(x: 600, y: 600), finger: 2)
        XCTAssertEqual(interaction.carryingContact, InputSequenceID(1), "the scrolling finger is not the carrying one")
        send(.ended, centre(square) + Vector(dx: 24, dy: 0), source: .touchscreen, finger: 1)
        XCTAssertNil(interaction.carryingContact)
    }
}
