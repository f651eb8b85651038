// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// The composition a document view uses: input in, host decisions out.
final class DocumentInteractionTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    let square = AnnotationTarget(id: AnnotationID("sq"), kind: .square, page: PageIndex(0), bounds: Rect(x: 100, y: 500, width: 200, height: 100))

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        // One Letter page at zoom 1, its top-left at canvas (16, 16), unscrolled.
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 600))
        interaction.setAnnotations([square], on: PageIndex(0))
    }

    private func send(_ kind: InputEvent.Kind, _ source: InputSource = .mouse, at p: Point = .zero, seq: UInt64 = 0,
                      button: PointerButton? = nil, modifiers: Modifiers = []) {
        interaction.handle(InputEvent(kind: kind, source: source, sequence: InputSequenceID(seq), position: p, time: clock.now,
                                      button: button, modifiers: modifiers))
    }

    private var navigations: [NavigationAction] {
        outputs.compactMap { if case .navigate(let a) = $0 { return a } else { return nil } }
    }

    private var commands: [ToolCommand] {
        outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
    }

    /// The square's view rectangle: PDF y-up bounds on a page whose top is at view y 16.
    private var squareInView: Rect { Rect(x: 16 + 100, y: 16 + 792 - 600, width: 200, height: 100) }

    func testAWheelDetentScrollsAndControlWheelZoomsAboutThePointer() {
        send(.scroll(delta: Vector(dx: 0, dy: 1), kind: .discrete, phase: nil))
        send(.scroll(delta: Vector(dx: 0, dy: -1), kind: .discrete, phase: nil), at: Point(x: 50, y: 60), modifiers: .control)
        XCTAssertEqual(navigations.count, 2)
        XCTAssertEqual(navigations.first, .scroll(by: Vector(dx: 0, dy: 64)))
        guard case .zoom(let factor, let focus)? = navigations.last else { return XCTFail("\(navigations)") }
        XCTAssertGreaterThan(factor, 1)
        XCTAssertEqual(focus, Point(x: 50, y: 60))
    }

    func testATouchpadFlingGlidesOnAfterTheFingersLift() {
        send(.scroll(delta: Vector(dx: 0, dy: 20), kind: .smooth, phase: .began), .touchpad)
        for _ in 0..<6 {
            clock.advance(by: 0.01)
            send(.scroll(delta: Vector(dx: 0, dy: 20), kind: .smooth, phase: .moved), .touchpad)
        }
        clock.advance(by: 0.01)
        send(.scroll(delta: .zero, kind: .smooth, phase: .ended), .touchpad)
        let scrolledByFingers = navigations.count
        XCTAssertTrue(interaction.needsTicks, "momentum runs")
        for _ in 0..<10 { clock.advance(by: 1.0 / 60); interaction.tick(at: clock.now) }
        XCTAssertGreaterThan(navigations.count, scrolledByFingers, "frames keep scrolling after the lift")
        send(.touchpadHold(.began, fingers: 2), .touchpad)
        XCTAssertFalse(interaction.needsTicks, "resting fingers stop the glide")
    }

    func testHoveringAnAnnotationWithAPointerReportsItAndItsCursor() {
        send(.hover, at: squareInView.center)
        XCTAssertEqual(interaction.hoveredAnnotation, square.id)
        XCTAssertTrue(outputs.contains(.hoverChanged(square.id)))
        XCTAssertTrue(outputs.contains(.cursor(.pointer)))
        send(.leave)
        XCTAssertNil(interaction.hoveredAnnotation)
    }

    func testTouchGetsNoHover() {
        send(.contact(.began), .touchscreen, at: squareInView.center, seq: 5)
        XCTAssertNil(interaction.hoveredAnnotation)
    }

    func testAClickSelectsAndDraggingTheCornerHandleResizesInPDFSpace() {
        send(.contact(.began), at: squareInView.center, button: .primary)
        send(.contact(.ended), at: squareInView.center, button: .primary)
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
        XCTAssertTrue(outputs.contains(.selectionChanged(square.id)))
        let corner = Point(x: squareInView.maxX, y: squareInView.maxY)
        send(.contact(.began), at: corner, button: .primary)
        send(.contact(.moved), at: corner + Vector(dx: 30, dy: 20), button: .primary)
        send(.contact(.ended), at: corner + Vector(dx: 30, dy: 20), button: .primary)
        XCTAssertTrue(commands.contains(.beginTransform(square.id)))
        // Dragging the bottom-right corner 30 right and 20 down grows the rect; in PDF space
        // (y up) its bottom edge moves down by 20.
        XCTAssertTrue(commands.contains(.resizeAnnotation(square.id, to: Rect(x: 100, y: 480, width: 230, height: 120))), "\(commands)")
        XCTAssertTrue(commands.contains(.endTransform(square.id, cancelled: false)))
        XCTAssertTrue(navigations.isEmpty, "the drag belonged to the tool, not to scrolling")
    }

    func testAPointerPressOnEmptyPageDeselects() {
        send(.contact(.began), at: squareInView.center, button: .primary)
        send(.contact(.ended), at: squareInView.center, button: .primary)
        send(.contact(.began), at: Point(x: 40, y: 40), button: .primary)
        send(.contact(.ended), at: Point(x: 40, y: 40), button: .primary)
        XCTAssertNil(interaction.selectedAnnotation)
        XCTAssertEqual(outputs.last { if case .selectionChanged = $0 { return true } else { return false } }, .selectionChanged(nil))
    }

    func testArrowKeysNudgeTheSelectionAndPageDownScrollsWithout() {
        send(.key(name: "Page_Down", pressed: true), .keyboard)
        XCTAssertEqual(navigations, [.scrollScreens(1)])
        send(.contact(.began), at: squareInView.center, button: .primary)
        send(.contact(.ended), at: squareInView.center, button: .primary)
        send(.key(name: "Right", pressed: true), .keyboard)
        XCTAssertTrue(commands.contains(.moveAnnotation(square.id, by: Vector(dx: 1, dy: 0))), "\(commands)")
        XCTAssertEqual(navigations, [.scrollScreens(1)], "the arrow moved the annotation, not the view")
    }

    func testWithThePenPickedAMouseDragOverAnAnnotationDrawsOneInkStrokeInsteadOfMovingIt() {
        interaction.pick(.ink)
        let start = Point(x: squareInView.midX, y: squareInView.midY)
        send(.contact(.began), at: start, seq: 5, button: .primary)
        for i in 1...5 {
            clock.advance(by: 0.01)
            send(.contact(.moved), at: Point(x: start.x + Double(i) * 10, y: start.y + Double(i) * 4), seq: 5)
        }
        send(.contact(.ended), at: Point(x: start.x + 50, y: start.y + 20), seq: 5)
        let inks = commands.compactMap { c -> (PageIndex, [[InkPoint]])? in
            if case .addInk(let page, let strokes) = c { return (page, strokes) } else { return nil }
        }
        XCTAssertEqual(inks.count, 1)
        XCTAssertEqual(inks.first?.1.count, 1, "one stroke")
        XCTAssertEqual(inks.first?.1.first?.count, 6, "every motion sample")
        // The first point in PDF space: view (x - 16, 16 + 792 - y).
        XCTAssertEqual(inks.first?.1.first?.first?.location, Point(x: start.x - 16, y: 16 + 792 - start.y))
        XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } })
        XCTAssertTrue(commands.contains { if case .inkPreview = $0 { return true } else { return false } }, "drawn live")
    }

    func testPickingNothingGoesBackToSelectingAnnotations() {
        interaction.pick(.square)
        interaction.pick(nil)
        XCTAssertNil(interaction.pickedTool)
        send(.contact(.began), at: Point(x: squareInView.midX, y: squareInView.midY), seq: 6, button: .primary)
        XCTAssertEqual(interaction.selectedAnnotation, AnnotationID("sq"))
    }

    func testAShapeDragAddsTheShapeBetweenPressAndRelease() {
        interaction.pick(.arrow)
        send(.contact(.began), at: Point(x: 50, y: 100), seq: 7, button: .primary)
        send(.contact(.moved), at: Point(x: 150, y: 180), seq: 7)
        send(.contact(.ended), at: Point(x: 150, y: 180), seq: 7)
        XCTAssertTrue(commands.contains(.addShape(.arrow, PageIndex(0), from: Point(x: 34, y: 708), to: Point(x: 134, y: 628))), "\(commands)")
    }

    func testWithTheNoteToolAClickPlacesANoteWhereItIs() {
        interaction.pick(.note)
        send(.contact(.began), at: Point(x: 60, y: 116), seq: 8, button: .primary)
        send(.contact(.ended), at: Point(x: 61, y: 116), seq: 8)
        XCTAssertTrue(commands.contains(.addNote(PageIndex(0), at: Point(x: 45, y: 692))), "\(commands)")
    }

    func testReturnWithTheNoteToolPlacesANoteWithoutAPointer() {
        XCTAssertFalse(interaction.placeFromKeyboard(at: Point(x: 60, y: 116), time: clock.now), "nothing is placed with no tool picked")
        interaction.pick(.ink)
        XCTAssertFalse(interaction.placeFromKeyboard(at: Point(x: 60, y: 116), time: clock.now), "the pen places nothing")
        interaction.pick(.note)
        XCTAssertTrue(interaction.placeFromKeyboard(at: Point(x: 60, y: 116), time: clock.now))
        XCTAssertTrue(commands.contains(.addNote(PageIndex(0), at: Point(x: 44, y: 692))), "where the keyboard placed it: \(commands)")
    }

    func testAContactWithTheSelectStandInSelectsWithThePenPickedAndThePenIsBackAfter() {
        interaction.pick(.ink)
        func buttonContact(_ phase: InputPhase, _ p: Point) {
            interaction.handle(InputEvent(kind: .contact(phase), source: .mouse, sequence: InputSequenceID(30), position: p,
                                          time: clock.now, button: phase == .moved ? nil : .primary), contactTool: .select)
        }
        buttonContact(.began, squareInView.center)
        XCTAssertNil(interaction.pickedTool, "Select stands in while the contact lasts")
        buttonContact(.ended, squareInView.center)
        XCTAssertEqual(interaction.selectedAnnotation, AnnotationID("sq"), "the button's contact selected the square")
        XCTAssertEqual(interaction.pickedTool, .ink, "the pen is picked again")
        XCTAssertFalse(commands.contains { if case .inkPreview = $0 { return true } else { return false } }, "no ink drawn")
        // The tip's next stroke is ink again.
        outputs.removeAll()
        send(.contact(.began), .pen, at: Point(x: 60, y: 300), seq: 32, button: .primary)
        for i in 1...4 { send(.contact(.moved), .pen, at: Point(x: 60 + Double(i) * 10, y: 300), seq: 32) }
        XCTAssertTrue(commands.contains { if case .inkPreview = $0 { return true } else { return false } }, "the tip inks: \(commands)")
    }

    func testTheStandInEndsWithItsContactEvenWhenTheLastEventNamesNoStandIn() {
        interaction.pick(.square)
        interaction.handle(InputEvent(kind: .contact(.began), source: .pen, sequence: InputSequenceID(33), position: Point(x: 50, y: 100),
                                      time: clock.now, button: .primary), contactTool: .highlight)
        interaction.handle(InputEvent(kind: .contact(.ended), source: .pen, sequence: InputSequenceID(33), position: Point(x: 60, y: 100),
                                      time: clock.now, button: .primary), contactTool: nil)
        XCTAssertEqual(interaction.pickedTool, .square)
    }

    func testAToolPickedDuringAStandInStaysPicked() {
        interaction.pick(.square)
        interaction.handle(InputEvent(kind: .contact(.began), source: .pen, sequence: InputSequenceID(34), position: Point(x: 50, y: 100),
                                      time: clock.now, button: .primary), contactTool: .highlight)
        interaction.pick(.note)
        interaction.handle(InputEvent(kind: .contact(.ended), source: .pen, sequence: InputSequenceID(34), position: Point(x: 60, y: 100),
                                      time: clock.now, button: .primary), contactTool: .highlight)
        XCTAssertEqual(interaction.pickedTool, .note)
    }

    func testAContactWithTheHighlightStandInUsesTheHighlighterThenThePickedToolAgain() {
        interaction.pick(.square)
        interaction.handle(InputEvent(kind: .contact(.began), source: .pen, sequence: InputSequenceID(31), position: Point(x: 50, y: 100),
                                      time: clock.now, button: .primary), contactTool: .highlight)
        XCTAssertEqual(interaction.pickedTool, .highlighter)
        interaction.handle(InputEvent(kind: .contact(.ended), source: .pen, sequence: InputSequenceID(31), position: Point(x: 150, y: 100),
                                      time: clock.now, button: .primary), contactTool: .highlight)
        XCTAssertEqual(interaction.pickedTool, .square, "the rectangle tool is picked again")
        XCTAssertFalse(commands.contains { if case .addShape = $0 { return true } else { return false } }, "no rectangle made: \(commands)")
    }

    func testWithTheAnnotationComponentsDisabledAClickAndADragOnAnAnnotationDoNothingToIt() {
        interaction.engine.interactions.allAnnotationInteractions.isEnabled = false
        send(.contact(.began), at: squareInView.center, seq: 9, button: .primary)
        for i in 1...5 { clock.advance(by: 0.01); send(.contact(.moved), at: squareInView.center + Vector(dx: Double(i) * 10, dy: 0), seq: 9) }
        send(.contact(.ended), at: squareInView.center + Vector(dx: 50, dy: 0), seq: 9)
        clock.advance(by: 0.5)
        interaction.tick(at: clock.now)
        XCTAssertNil(interaction.selectedAnnotation)
        XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } }, "\(commands)")
        XCTAssertFalse(commands.contains { if case .selectAnnotation = $0 { return true } else { return false } })
    }

    func testAConditionRefusingTransformsKeepsTheSelectedAnnotationInPlace() {
        send(.contact(.began), at: squareInView.center, seq: 10, button: .primary)
        send(.contact(.ended), at: squareInView.center, seq: 10)
        XCTAssertEqual(interaction.selectedAnnotation, AnnotationID("sq"))
        interaction.engine.interactions.transformAnnotation.addActivationCondition { _, _, _ in false }
        outputs.removeAll()
        send(.contact(.began), at: squareInView.center, seq: 11, button: .primary)
        for i in 1...5 { clock.advance(by: 0.01); send(.contact(.moved), at: squareInView.center + Vector(dx: Double(i) * 10, dy: 0), seq: 11) }
        send(.contact(.ended), at: squareInView.center + Vector(dx: 50, dy: 0), seq: 11)
        XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } }, "\(commands)")
        send(.key(name: "Right", pressed: true), seq: 12)
        XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } }, "no nudge either")
    }

    func testAPenDrawsAtOnceWithNoToolPickedWhileAFingerStillScrolls() {
        XCTAssertNil(interaction.pickedTool)
        send(.contact(.began), .pen, at: Point(x: 300, y: 300), seq: 20)
        for i in 1...4 { clock.advance(by: 0.01); send(.contact(.moved), .pen, at: Point(x: 300 + Double(i) * 8, y: 300), seq: 20) }
        send(.contact(.ended), .pen, at: Point(x: 332, y: 300), seq: 20)
        XCTAssertTrue(commands.contains { if case .addInk = $0 { return true } else { return false } }, "\(commands)")
        XCTAssertEqual(interaction.tools.currentToolID, .pan, "back to browsing when the pen lifts")
        outputs.removeAll()
        // Once the palm-rejection window after the pen has passed, a finger scrolls as before.
        clock.advance(by: 3)
        interaction.tick(at: clock.now)
        send(.contact(.began), .touchscreen, at: Point(x: 300, y: 400), seq: 21)
        for i in 1...6 { clock.advance(by: 0.016); send(.contact(.moved), .touchscreen, at: Point(x: 300, y: 400 - Double(i) * 15), seq: 21) }
        send(.contact(.ended), .touchscreen, at: Point(x: 300, y: 310), seq: 21)
        XCTAssertFalse(commands.contains { if case .addInk = $0 { return true } else { return false } }, "a finger does not draw")
        XCTAssertFalse(navigations.isEmpty, "a finger scrolls")
    }

    func testOnceAPenWasUsedAFingerScrollsWithThePenPickedUnlessFingerDrawingIsOn() {
        interaction.pick(.ink)
        // Before any pen, a finger draws.
        send(.contact(.began), .touchscreen, at: Point(x: 300, y: 300), seq: 30)
        send(.contact(.moved), .touchscreen, at: Point(x: 320, y: 300), seq: 30)
        send(.contact(.ended), .touchscreen, at: Point(x: 320, y: 300), seq: 30)
        XCTAssertEqual(commands.filter { if case .addInk = $0 { return true } else { return false } }.count, 1)
        // A pen stroke; later a finger no longer draws.
        send(.contact(.began), .pen, at: Point(x: 300, y: 350), seq: 31)
        send(.contact(.moved), .pen, at: Point(x: 330, y: 350), seq: 31)
        send(.contact(.ended), .pen, at: Point(x: 330, y: 350), seq: 31)
        XCTAssertTrue(interaction.penSeen)
        clock.advance(by: 3)
        interaction.tick(at: clock.now)
        outputs.removeAll()
        send(.contact(.began), .touchscreen, at: Point(x: 300, y: 400), seq: 32)
        for i in 1...6 { clock.advance(by: 0.016); send(.contact(.moved), .touchscreen, at: Point(x: 300, y: 400 - Double(i) * 15), seq: 32) }
        send(.contact(.ended), .touchscreen, at: Point(x: 300, y: 310), seq: 32)
        XCTAssertFalse(commands.contains { if case .addInk = $0 { return true } else { return false } }, "the palm does not draw")
        XCTAssertFalse(navigations.isEmpty, "the finger scrolls")
        // "Draw with finger" on: it draws again.
        interaction.fingerDraws = true
        outputs.removeAll()
        clock.advance(by: 3)
        interaction.tick(at: clock.now)
        send(.contact(.began), .touchscreen, at: Point(x: 300, y: 300), seq: 33)
        send(.contact(.moved), .touchscreen, at: Point(x: 340, y: 300), seq: 33)
        send(.contact(.ended), .touchscreen, at: Point(x: 340, y: 300), seq: 33)
        XCTAssertTrue(commands.contains { if case .addInk = $0 { return true } else { return false } }, "\(commands)")
    }

    func testThePensEraserEndErasesTheAnnotationItTouchesWithNoToolPicked() {
        send(.contact(.began), .eraser, at: squareInView.center, seq: 40)
        send(.contact(.moved), .eraser, at: squareInView.center + Vector(dx: 5, dy: 0), seq: 40)
        send(.contact(.ended), .eraser, at: squareInView.center + Vector(dx: 5, dy: 0), seq: 40)
        XCTAssertTrue(commands.contains(.deleteAnnotations([AnnotationID("sq")])), "\(commands)")
        XCTAssertEqual(interaction.tools.currentToolID, .pan)
    }
}
