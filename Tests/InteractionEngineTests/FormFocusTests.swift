// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// Form fields take the focus from a click (through the editAnnotation component) or from the
/// host (Tab), lose it to a click elsewhere, and never while editing is switched off.
final class FormFocusTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    let person = AnnotationTarget(id: AnnotationID("name"), kind: .widget, page: PageIndex(0), bounds: Rect(x: 100, y: 600, width: 200, height: 20))
    let city = AnnotationTarget(id: AnnotationID("city"), kind: .widget, page: PageIndex(0), bounds: Rect(x: 100, y: 500, width: 200, height: 20))
    /// Far below the view (800 × 300 shows the page's top only).
    let offScreen = AnnotationTarget(id: AnnotationID("zip"), kind: .widget, page: PageIndex(0), bounds: Rect(x: 100, y: 40, width: 100, height: 20))
    let square = AnnotationTarget(id: AnnotationID("square"), kind: .square, page: PageIndex(0), bounds: Rect(x: 400, y: 600, width: 50, height: 50))

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 300))
        interaction.setAnnotations([person, city, offScreen, square], on: PageIndex(0))
    }

    private func view(_ x: Double, _ y: Double) -> Point { Point(x: 16 + x, y: 808 - y) }

    private func click(_ p: Point, seq: UInt64) {
        for phase in [InputPhase.began, .ended] {
            clock.advance(by: 0.02)
            interaction.handle(InputEvent(kind: .contact(phase), source: .mouse, sequence: InputSequenceID(seq), position: p, time: clock.now,
                                          button: .primary))
        }
        clock.advance(by: 0.5)
        interaction.tick(at: clock.now)
    }

    private var focusCommands: [ToolCommand] {
        outputs.compactMap {
            if case .tool(let c) = $0 {
                switch c {
                case .focusFormField, .clearFormFocus: return c
                default: return nil
                }
            }
            return nil
        }
    }

    private var editRequests: [AnnotationID] {
        outputs.compactMap { if case .engine(.editAnnotation(let t)) = $0 { return t.id } else { return nil } }
    }

    func testAClickOnAFieldAsksToEditItAndTheHostFocusesIt() {
        click(view(150, 610), seq: 1)
        XCTAssertEqual(editRequests, [person.id])
        XCTAssertTrue(interaction.focusFormField(person.id))
        XCTAssertEqual(interaction.focusedFormField, person.id)
        XCTAssertEqual(focusCommands, [.focusFormField(person.id)])
    }

    func testTabCanFocusAFieldOutOfViewAndMovesTheFocusOn() {
        XCTAssertTrue(interaction.focusFormField(person.id))
        XCTAssertTrue(interaction.focusFormField(offScreen.id), "Tab reaches fields that are not on screen")
        XCTAssertEqual(interaction.focusedFormField, offScreen.id)
        XCTAssertTrue(interaction.focusFormField(nil))
        XCTAssertNil(interaction.focusedFormField)
        XCTAssertEqual(focusCommands, [.focusFormField(person.id), .focusFormField(offScreen.id), .clearFormFocus])
    }

    func testAClickOnEmptyPageSpaceEndsTheFocus() {
        XCTAssertTrue(interaction.focusFormField(city.id))
        click(view(500, 400), seq: 2)
        XCTAssertNil(interaction.focusedFormField)
        XCTAssertEqual(focusCommands.last, .clearFormFocus)
    }

    func testNothingIsFocusedWhileEditingIsSwitchedOffOrAConditionRefuses() {
        interaction.engine.interactions.editAnnotation.isEnabled = false
        XCTAssertFalse(interaction.focusFormField(person.id))
        click(view(150, 610), seq: 3)
        XCTAssertEqual(editRequests, [], "the component that would ask is off")
        interaction.engine.interactions.editAnnotation.isEnabled = true
        interaction.engine.interactions.editAnnotation.addActivationCondition { context, _, _ in context.annotation.id != self.city.id }
        XCTAssertFalse(interaction.focusFormField(city.id))
        XCTAssertTrue(interaction.focusFormField(person.id))
        XCTAssertFalse(interaction.focusFormField(square.id), "only widgets are filled")
    }
}
