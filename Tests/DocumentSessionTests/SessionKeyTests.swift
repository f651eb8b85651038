// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The session decides what a key pressed on the page does (``DocumentSession/handleKey(_:contactTool:)``),
/// headless: Escape ends the drag under way, the selection, the field's focus or the tool, in
/// that order, and only then goes to the window; Tab walks the form's fields; the arrows nudge
/// the selection, each press one undoable step.
final class SessionKeyTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "new", author: "Tester", date: "D:20261202") })
    // One A5 page at zoom 1 in an 800 × 600 view (and a second page below it).
    let square = Annotation(id: "p0-a0", page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 300, width: 80, height: 40))
    lazy var editor = FakeEditingPort([square])

    override func setUp() {
        session.openTwoA5Pages(editedBy: editor)
        _ = session.refreshTargets(on: PageIndex(0), linksListed: false)
    }

    private func key(_ name: String, _ modifiers: Modifiers = []) -> KeyAnswer {
        clock.advance(by: 0.1)
        let answer = session.handleKey(InputEvent(kind: .key(name: name, pressed: true), source: .keyboard, time: clock.now, modifiers: modifiers))
        clock.advance(by: 0.05)
        _ = session.handleKey(InputEvent(kind: .key(name: name, pressed: false), source: .keyboard, time: clock.now, modifiers: modifiers))
        return answer
    }

    private func mouse(_ phase: InputPhase, _ p: Point) {
        clock.advance(by: 0.05)
        _ = session.handle(InputEvent(kind: .contact(phase), source: .mouse, sequence: .pointer, position: p, time: clock.now, button: .primary))
    }

    private var squareInView: Rect {
        session.interaction.scene.coordinates.viewRect(fromPDF: square.rect, on: square.page)!
    }

    private var moves: [EditRecord] { editor.committed.filter { $0.name == "Move" } }

    // MARK: Escape

    func testEscapeWhileCarryingAnAnnotationCancelsTheCarry() {
        let start = squareInView.center
        mouse(.began, start)
        for step in 1...5 { mouse(.moved, start + Vector(dx: Double(step) * 12, dy: Double(step) * 8)) }
        XCTAssertFalse(session.previews.transforms.isEmpty, "the square is being carried")

        guard case .handled(_, kept: false) = key("Escape") else { return XCTFail("the engine takes Escape, and the window gets it too") }
        XCTAssertTrue(session.previews.transforms.isEmpty, "Escape drops the carry: nothing is drawn moved")
        XCTAssertEqual(session.interaction.selectedAnnotations, [], "and deselects")
        mouse(.moved, start + Vector(dx: 90, dy: 70))
        mouse(.ended, start + Vector(dx: 90, dy: 70))
        XCTAssertEqual(moves.count, 0, "the release after Escape moves nothing")
        XCTAssertEqual(editor.annotation(square.id)?.rect, square.rect)
    }

    func testEscapeWithASelectionDeselectsAndStaysOnThePage() {
        _ = session.perform(.select([square.annotationID]))
        XCTAssertEqual(session.interaction.selectedAnnotations, [square.annotationID])
        guard case .handled(let effects, kept: false) = key("Escape") else { return XCTFail("the engine takes Escape") }
        XCTAssertEqual(session.interaction.selectedAnnotations, [])
        XCTAssertTrue(effects.contains(.selectionChanged), "the window hears the selection went")
    }

    func testEscapeWithAToolPickedAndNothingSelectedLeavesTheTool() {
        _ = session.perform(.pick(.ink))
        guard case .handled(let effects, kept: false) = key("Escape") else { return XCTFail("the engine has Escape, and the window too") }
        XCTAssertEqual(effects.last, .toolLeft, "Escape leaves the Pen: the window shows Select")
    }

    func testEscapeAfterDrawingLeavesTheToolAndKeepsTheStroke() {
        _ = session.perform(.pick(.ink))
        mouse(.began, Point(x: 200, y: 200))
        for step in 1...5 { mouse(.moved, Point(x: 200 + Double(step) * 10, y: 200)) }
        mouse(.ended, Point(x: 250, y: 200))
        guard case .handled(let effects, _) = key("Escape"), effects.contains(.toolLeft) else { return XCTFail("Escape leaves the Pen") }
        // The window shows Select, which picks it.
        _ = session.perform(.pick(nil))
        XCTAssertEqual(editor.committed.count, 1, "the stroke drawn stays")
        XCTAssertNil(session.interaction.pickedTool)
    }

    func testEscapeWithNothingOnThePageToEndGoesToTheWindowFirst() {
        XCTAssertEqual(key("Escape"), .escapeForWindow)
        let event = InputEvent(kind: .key(name: "Escape", pressed: true), source: .keyboard, time: clock.now)
        guard case .handled(_, kept: false) = session.handleKeyOnPage(event) else {
            return XCTFail("when the window does not use it, the page has it and the window gets it too")
        }
    }

    // MARK: Nudges

    func testArrowsNudgeTheSelectionByOnePointAndShiftByTenEachPressOneStep() {
        _ = session.perform(.select([square.annotationID]))
        guard case .handled(_, kept: true) = key("Right") else { return XCTFail("an arrow stays on the page") }
        XCTAssertEqual(moves.count, 1, "one undoable step a press")
        XCTAssertEqual(editor.annotation(square.id)?.rect.minX ?? 0, square.rect.minX + 1, accuracy: 1e-6)
        _ = key("Down", .shift)
        XCTAssertEqual(moves.count, 2, "one undoable step a press")
        XCTAssertEqual(editor.annotation(square.id)?.rect.minY ?? 0, square.rect.minY - 10, accuracy: 1e-6, "screen down is PDF down")
        XCTAssertEqual(editor.annotation(square.id)?.rect.minX ?? 0, square.rect.minX + 1, accuracy: 1e-6)
        XCTAssertEqual(session.interaction.selectedAnnotations, [square.annotationID], "the selection stays")
    }

    func testArrowsWithNothingSelectedScrollThePageAndStayThere() {
        let before = session.view.viewport.offset
        guard case .handled(_, kept: true) = key("Down") else { return XCTFail("an arrow stays on the page") }
        XCTAssertGreaterThan(session.view.viewport.offset.y, before.y, "Down scrolls")
        XCTAssertEqual(moves.count, 0)
    }

    // MARK: Return

    func testReturnWithTheNoteToolPlacesANoteWithoutAPointer() {
        _ = session.perform(.pick(.note))
        guard case .used(let effects) = key("Return") else { return XCTFail("Return places the note") }
        XCTAssertTrue(effects.contains { if case .toolCommand(.addNote) = $0 { return true } else { return false } }, "\(effects)")
    }

    // MARK: Forms

    /// Three fields on the first page in Tab order (name, agree, colour) and one on the second.
    private func addForm() -> [FormField] {
        func widget(_ id: String, page: Int = 0, y: Double, on: String? = nil) -> FormWidget {
            FormWidget(annotationID: id, page: PageIndex(page), rect: Rect(x: 60, y: y, width: 120, height: 20), onState: on)
        }
        let fields = [
            FormField(name: "name", kind: .text, widgets: [widget("w-name", y: 500)]),
            FormField(name: "agree", kind: .checkBox, value: .off, widgets: [widget("w-agree", y: 450, on: "Yes")]),
            FormField(name: "colour", kind: .radioButton, flags: .radio, value: .off,
                      widgets: [widget("w-red", y: 400, on: "Red"), widget("w-green", y: 370, on: "Green")]),
            FormField(name: "city", kind: .text, widgets: [widget("w-city", page: 1, y: 500)]),
        ]
        editor.tabOrder = fields
        for field in fields {
            for w in field.widgets {
                editor.fields[w.annotationID] = (field, w)
                editor.pages[w.page, default: []].append(Annotation(id: w.annotationID, page: w.page, subtype: .widget, rect: w.rect))
            }
        }
        _ = session.refreshTargets(on: PageIndex(0), linksListed: false)
        return fields
    }

    func testTabMovesToTheNextFormFieldInOrderAndShiftTabBack() {
        _ = addForm()
        guard case .used = key("Tab") else { return XCTFail("Tab is the form's") }
        XCTAssertEqual(session.interaction.focusedFormField, AnnotationID("w-name"), "the first Tab goes to the first field")
        _ = key("Tab")
        XCTAssertEqual(session.interaction.focusedFormField, AnnotationID("w-agree"))
        _ = key("Tab")
        XCTAssertEqual(session.interaction.focusedFormField, AnnotationID("w-red"))
        _ = key("ISO_Left_Tab", .shift)
        XCTAssertEqual(session.interaction.focusedFormField, AnnotationID("w-agree"), "Shift+Tab goes back")
        _ = key("Tab", .shift)
        XCTAssertEqual(session.interaction.focusedFormField, AnnotationID("w-name"), "Tab with Shift goes back too")
    }

    func testTabToAFieldOnAPageNotShownGoesThereAndFocusesItWhenItsTargetsArrive() {
        _ = addForm()
        _ = key("Tab")
        _ = key("ISO_Left_Tab", .shift)
        XCTAssertEqual(session.content.focusFieldWhenShown, AnnotationID("w-city"), "back from the first field wraps to the last")
        XCTAssertEqual(session.view.currentPage, PageIndex(1), "its page is gone to")
    }

    func testTabWithoutAFormGoesOnToTheWindow() {
        guard case .handled(_, kept: false) = key("Tab") else { return XCTFail("Tab moves the window's focus") }
        XCTAssertNil(session.interaction.focusedFormField)
    }

    func testSpaceTicksTheFocusedCheckBoxAsOneStepAndEscapeEndsTheFocus() {
        _ = addForm()
        _ = key("Tab")
        _ = key("Tab")
        guard case .used = key("space") else { return XCTFail("Space is the check box's") }
        XCTAssertEqual(editor.committed.map(\.name), ["Check Box"])
        XCTAssertEqual(editor.committed.last?.edit, .setFieldValue(field: "agree", before: .off, after: .state("Yes")))
        guard case .used = key("Escape") else { return XCTFail("Escape ends the field's focus") }
        XCTAssertNil(session.interaction.focusedFormField)
        XCTAssertEqual(key("Escape"), .escapeForWindow, "then Escape is the window's")
    }

    func testArrowsChooseTheNextRadioButtonOfTheFocusedGroup() {
        _ = addForm()
        for _ in 0..<3 { _ = key("Tab") }
        XCTAssertEqual(session.interaction.focusedFormField, AnnotationID("w-red"))
        guard case .used = key("Down") else { return XCTFail("the arrows are the radio group's") }
        XCTAssertEqual(session.interaction.focusedFormField, AnnotationID("w-green"))
        XCTAssertEqual(editor.committed.last?.edit, .setFieldValue(field: "colour", before: .off, after: .state("Green")))
    }

    func testReturnOnTheFocusedTextFieldAsksForItsEditor() {
        _ = addForm()
        _ = key("Tab")
        guard case .used(let effects) = key("Return") else { return XCTFail("Return opens the field") }
        XCTAssertTrue(effects.contains(.openFormFieldEditor(AnnotationID("w-name"))), "\(effects)")
    }
}
