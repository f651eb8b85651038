// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class ToolBehaviourTests: XCTestCase {
    private let square = AnnotationID("square")

    /// A manager in annotation edit with the square (view x 100…200, y 192…292) selected.
    private func editingSquare(rotation: PageRotation = .none) -> ToolManager {
        let manager = ToolManager(environment: makeToolScene(rotation: rotation))
        _ = manager.handle(fxTap(150, 250))
        return manager
    }

    func testDraggingACornerHandleResizesTheAnnotationInPDFSpace() {
        let manager = editingSquare()
        // The resize begins once the contact leaves the tap slop, with the whole travel.
        XCTAssertEqual(manager.handle(fxContact(.began, 200, 292)).commands, [])
        XCTAssertEqual(manager.handle(fxContact(.moved, 201, 293)).commands, [], "within the slop")
        let moved = manager.handle(fxContact(.moved, 230, 312))
        XCTAssertEqual(moved.commands, [.beginTransform(square), .resizeAnnotation(square, to: Rect(x: 100, y: 480, width: 130, height: 120))])
        XCTAssertEqual(manager.handle(fxContact(.ended, 230, 312)).commands, [.endTransform(square, cancelled: false)])
        XCTAssertEqual(manager.pointerShape(atView: Point(x: 100, y: 192), source: .mouse), .resize(.northWest))
    }

    func testAResizeStopsAtTheMinimumSize() {
        let manager = editingSquare()
        _ = manager.handle(fxContact(.began, 200, 242))  // the right edge handle
        let moved = manager.handle(fxContact(.moved, -50, 242))
        XCTAssertEqual(moved.commands, [.beginTransform(square), .resizeAnnotation(square, to: Rect(x: 100, y: 500, width: 8, height: 100))])
    }

    func testPressingInsideMovesTheAnnotationByPDFDisplacementsOnARotatedPage() {
        // At 180° the square (PDF 100…200, 500…600) shows at view x 412…512, y 500…600.
        let manager = ToolManager(environment: makeToolScene(rotation: .half))
        _ = manager.handle(fxTap(450, 550))
        XCTAssertEqual(manager.session.selectedAnnotation, square)
        XCTAssertEqual(manager.handle(fxContact(.began, 450, 550)).commands, [])
        XCTAssertEqual(manager.handle(fxContact(.moved, 460, 545)).commands, [.beginTransform(square), .moveAnnotation(square, by: Vector(dx: -10, dy: -5))])
        XCTAssertEqual(manager.handle(fxContact(.moved, 470, 545)).commands, [.moveAnnotation(square, by: Vector(dx: -10, dy: 0))])
        XCTAssertEqual(manager.handle(fxContact(.cancelled, 470, 545)).commands, [.endTransform(square, cancelled: true)])
    }

    func testAPressOnEmptySpaceDeselectsAndLeavesTheContactToTheRecognizers() {
        let manager = editingSquare()
        let began = manager.handle(fxContact(.began, 500, 700, source: .touchscreen, sequence: 5))
        XCTAssertEqual(began.visited, [.annotationEdit, .pan])
        XCTAssertEqual(began.commands, [.deselectAnnotation(square)])
        XCTAssertFalse(began.isHandled, "scrolling is the engine's scroll recognizer's, not a tool's")
        let moved = manager.handle(fxContact(.moved, 490, 650, source: .touchscreen, sequence: 5))
        XCTAssertFalse(moved.isHandled)
        XCTAssertEqual(moved.commands, [])
    }

    func testALockedAnnotationIsSelectedButNeitherMovedNorDeleted() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .annotationEdit)
        _ = manager.handle(fxContact(.began, 450, 660))
        XCTAssertEqual(manager.session.selectedAnnotation, AnnotationID("locked"))
        XCTAssertEqual(manager.handle(fxContact(.moved, 480, 660)).commands, [])
        _ = manager.handle(fxContact(.ended, 480, 660))
        XCTAssertEqual(manager.handle(fxKey("Delete")).commands, [])
    }

    func testDeleteRemovesTheSelectionAndReturnsToPan() {
        let manager = editingSquare()
        let dispatch = manager.handle(fxKey("Delete"))
        XCTAssertEqual(dispatch.commands, [.deselectAnnotation(square), .deleteAnnotations([square])])
        XCTAssertEqual(manager.currentToolID, .pan)
    }

    func testArrowKeysNudgeByOnePointInTheDirectionSeenOnScreen() {
        let manager = editingSquare(rotation: .quarter)
        XCTAssertEqual(manager.session.selectedAnnotation, nil, "at 90° the square is elsewhere on screen")
        let rotated = ToolManager(environment: makeToolScene(rotation: .quarter))
        _ = rotated.handle(fxTap(550, 150))  // PDF (150, 550) at 90° shows at view (550, 150)
        XCTAssertEqual(rotated.session.selectedAnnotation, square)
        XCTAssertEqual(rotated.handle(fxKey("Right", modifiers: .shift)).commands,
                       [.beginTransform(square), .moveAnnotation(square, by: Vector(dx: 0, dy: 10)), .endTransform(square, cancelled: false)])
    }

    func testTheHighlighterPreviewsWhatADragWouldMarkAndMarksItOnLift() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .highlighter)
        _ = manager.handle(fxContact(.began, 100, 82))  // PDF y 710
        let range = TextRange(start: PagePoint(page: PageIndex(0), point: Point(x: 100, y: 710)),
                              end: PagePoint(page: PageIndex(0), point: Point(x: 200, y: 710)))
        XCTAssertEqual(manager.handle(fxContact(.moved, 200, 82)).commands, [.markupPreview(range)])
        XCTAssertEqual(manager.handle(fxContact(.ended, 200, 82)).commands, [.addTextMarkup(.highlight, range), .clearMarkupPreview])
        XCTAssertEqual(manager.currentToolID, .highlighter, "the tool stays picked")
    }

    func testBrowsingHandsATapOnAnAnnotationToItsEditorAndLeavesLinksAndContactsAlone() {
        let manager = ToolManager(environment: makeToolScene())
        XCTAssertFalse(manager.handle(fxContact(.began, 100, 82)).isHandled, "text selection is the selectText component's")
        XCTAssertFalse(manager.handle(fxTap(350, 282)).isHandled, "following links is the openLink component's")
        XCTAssertEqual(manager.currentToolID, .pan)
        _ = manager.handle(fxTap(150, 250))
        XCTAssertEqual(manager.currentToolID, .annotationEdit)
    }

    func testAnInkStrokeIsCommittedInPDFSpaceWithPressure() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .ink)
        var e = InputEvent(kind: .contact(.began), source: .pen, position: Point(x: 10, y: 12), time: .zero, axes: StylusAxes(pressure: 0.5))
        _ = manager.handle(.input(e))
        e.kind = .contact(.ended)
        let ended = manager.handle(.input(e))
        XCTAssertEqual(ended.commands.first, .addInk(PageIndex(0), [[InkPoint(location: Point(x: 10, y: 780), pressure: 0.5)]]))
        XCTAssertEqual(manager.pointerShape(atView: .zero, source: .pen), .crosshair)
    }

    func testThePensEraserEndHandsInkOverToTheEraserWhichDeletesEachInkAnnotationOnce() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .ink)
        // The ink annotation covers view x 100…200, y 542…592.
        let began = manager.handle(fxContact(.began, 50, 560, source: .eraser))
        XCTAssertEqual(began.visited, [.ink, .eraser])
        let moved = manager.handle(fxContact(.moved, 250, 560, source: .eraser))
        XCTAssertEqual(moved.commands, [.deleteAnnotations([AnnotationID("ink")])])
        XCTAssertEqual(manager.handle(fxContact(.moved, 150, 570, source: .eraser)).commands, [])
    }

    func testThePartialEraserReportsItsPathOnThePageAndItsEndInsteadOfDeleting() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .ink)
        var session = manager.session
        session.eraserEndMode = .partial
        manager.setSession(session)
        _ = manager.handle(fxContact(.began, 50, 560, source: .eraser))
        let moved = manager.handle(fxContact(.moved, 250, 560, source: .eraser))
        // The page's PDF space is the view's turned upright (y = 792 - view y) at zoom 1.
        XCTAssertEqual(moved.commands, [.eraseAlong(PageIndex(0), path: [Point(x: 50, y: 232), Point(x: 250, y: 232)], radius: 6)])
        XCTAssertFalse(moved.commands.contains { if case .deleteAnnotations = $0 { return true } else { return false } })
        XCTAssertEqual(manager.handle(fxContact(.ended, 250, 560, source: .eraser)).commands, [.endErase(cancelled: false)])
        // The mouse with the Eraser picked follows the toolbar's mode, still whole.
        _ = manager.handle(fxContact(.began, 50, 560))
        XCTAssertEqual(manager.handle(fxContact(.moved, 250, 560)).commands, [.deleteAnnotations([AnnotationID("ink")])])
    }

    func testAShapeIsCreatedFromADragAndATinyDragCreatesNothing() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .arrow)
        _ = manager.handle(fxContact(.began, 10, 10))
        XCTAssertEqual(manager.handle(fxContact(.moved, 50, 30)).commands, [.shapePreview(.arrow, PageIndex(0), from: Point(x: 10, y: 782), to: Point(x: 50, y: 762))])
        XCTAssertEqual(manager.handle(fxContact(.ended, 50, 30)).commands,
                       [.clearShapePreview, .addShape(.arrow, PageIndex(0), from: Point(x: 10, y: 782), to: Point(x: 50, y: 762))])
        _ = manager.handle(fxContact(.began, 10, 10))
        XCTAssertEqual(manager.handle(fxContact(.ended, 11, 11)).commands, [.clearShapePreview])
    }

    func testShiftMakesARectangleDragASquareKeepingTheDragsDirection() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .square)
        _ = manager.handle(fxContact(.began, 100, 100))
        // Dragged 60 left and 25 down in view: PDF x shrinks by 60, y by 25 → a 60-pt square.
        XCTAssertEqual(manager.handle(fxContact(.moved, 40, 125, modifiers: .shift)).commands,
                       [.shapePreview(.square, PageIndex(0), from: Point(x: 100, y: 692), to: Point(x: 40, y: 632))])
        XCTAssertEqual(manager.handle(fxContact(.ended, 40, 125, modifiers: .shift)).commands,
                       [.clearShapePreview, .addShape(.square, PageIndex(0), from: Point(x: 100, y: 692), to: Point(x: 40, y: 632))])
        _ = manager.handle(fxContact(.began, 100, 100))
        XCTAssertEqual(manager.handle(fxContact(.ended, 40, 125)).commands,
                       [.clearShapePreview, .addShape(.square, PageIndex(0), from: Point(x: 100, y: 692), to: Point(x: 40, y: 667))],
                       "without Shift the drag is kept as it is")
    }

    func testShiftSnapsALineToTheNearestMultipleOf45Degrees() {
        for (dx, dy, snapped) in [(100.0, 10.0, (x: 100.0, y: 0.0)), (100.0, -90.0, (x: 95.0, y: -95.0)), (-8.0, 120.0, (x: 0.0, y: 120.0))] {
            let end = ShapeTool.constrained(.line, from: Point(x: 10, y: 20), to: Point(x: 10 + dx, y: 20 + dy))
            XCTAssertEqual(end.x, 10 + snapped.x, accuracy: 1e-9, "\(dx), \(dy)")
            XCTAssertEqual(end.y, 20 + snapped.y, accuracy: 1e-9, "\(dx), \(dy)")
        }
        let circle = ShapeTool.constrained(.circle, from: .zero, to: Point(x: -30, y: 70))
        XCTAssertEqual(circle, Point(x: -70, y: 70))
    }

    func testPlacementToolsAddOneAnnotationAtTheTapAndReturnToPan() {
        let manager = ToolManager(environment: makeToolScene(), initialTool: .note)
        XCTAssertEqual(manager.handle(fxTap(20, 92)).commands, [.addNote(PageIndex(0), at: Point(x: 20, y: 700))])
        XCTAssertEqual(manager.currentToolID, .pan)
        manager.select(.freeText)
        XCTAssertEqual(manager.handle(fxTap(20, 92)).commands, [.addFreeText(PageIndex(0), Rect(x: 20, y: 660, width: 150, height: 40))])
        manager.select(.stamp)
        XCTAssertEqual(manager.handle(fxTap(100, 92)).commands, [.addStamp(PageIndex(0), Rect(x: 25, y: 675, width: 150, height: 50), name: "Approved")])
    }

    func testATapOnAFormFieldFocusesItAndATapElsewhereClearsTheFocus() {
        let manager = ToolManager(environment: makeToolScene())
        // The field covers view x 300…450, y 462…492.
        XCTAssertEqual(manager.handle(fxTap(320, 480)).commands, [.focusFormField(AnnotationID("field"))])
        XCTAssertEqual(manager.currentToolID, .formFilling)
        let away = manager.handle(fxTap(550, 750))
        XCTAssertEqual(away.commands, [.clearFormFocus])
        XCTAssertEqual(away.visited, [.formFilling, .pan])
    }
}
