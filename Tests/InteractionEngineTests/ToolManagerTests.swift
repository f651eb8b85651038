// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

/// A letter page at zoom 1 at the view's origin with a square, a link, a form field and an ink
/// annotation, and text in the band PDF y 700…720.
func makeToolScene(rotation: PageRotation = .none) -> DocumentScene {
    let scene = DocumentScene(coordinates: DocumentCoordinates(pages: [fxPage(rotation: rotation)]))
    scene.setAnnotations([
        fxAnnotation("square", .square, Rect(x: 100, y: 500, width: 100, height: 100)),
        fxAnnotation("link", .link, Rect(x: 300, y: 500, width: 100, height: 20)),
        fxAnnotation("field", .widget, Rect(x: 300, y: 300, width: 150, height: 30)),
        fxAnnotation("ink", .ink, Rect(x: 100, y: 200, width: 100, height: 50)),
        fxAnnotation("locked", .stamp, Rect(x: 400, y: 100, width: 100, height: 50), locked: true),
    ], on: PageIndex(0))
    scene.textLookup = { $0.point.y >= 700 && $0.point.y <= 720 }
    return scene
}

func fxContact(_ phase: InputPhase, _ x: Double, _ y: Double, source: InputSource = .mouse, sequence: UInt64 = 0, t: Double = 0,
               modifiers: Modifiers = []) -> ToolEvent {
    .input(InputEvent(kind: .contact(phase), source: source, sequence: InputSequenceID(sequence), position: Point(x: x, y: y),
                      time: InputTime(seconds: t), button: source == .touchscreen ? nil : .primary, modifiers: modifiers))
}

func fxTap(_ x: Double, _ y: Double, source: InputSource = .touchscreen) -> ToolEvent {
    .tap(ToolGesture(position: Point(x: x, y: y), source: source))
}

func fxKey(_ name: String, modifiers: Modifiers = []) -> ToolEvent {
    .input(InputEvent(kind: .key(name: name, pressed: true), source: .keyboard, time: .zero, modifiers: modifiers))
}

/// Hands every event to `next`.
final class FxForwardingTool: Tool {
    let id: ToolID
    let next: ToolID
    init(_ id: ToolID, forwardsTo next: ToolID) { self.id = id; self.next = next }
    func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition { .switchTo(next, replay: true) }
}

final class ToolManagerTests: XCTestCase {
    func testATapOnAnAnnotationWhilePanningHandsOverToAnnotationEditWhichSelectsIt() {
        let manager = ToolManager(environment: makeToolScene())
        XCTAssertEqual(manager.currentToolID, .pan)

        // The square covers view x 100…200, y 192…292.
        let dispatch = manager.handle(fxTap(150, 250))

        XCTAssertTrue(dispatch.isHandled)
        XCTAssertEqual(dispatch.visited, [.pan, .annotationEdit])
        XCTAssertEqual(dispatch.commands, [.selectAnnotation(AnnotationID("square"))])
        XCTAssertNil(dispatch.problem)
        XCTAssertEqual(manager.currentToolID, .annotationEdit)
        XCTAssertEqual(manager.session.selectedAnnotation, AnnotationID("square"))
    }

    func testATapOnEmptyPageWhileEditingDeselectsAndHandsBackToPan() {
        let manager = ToolManager(environment: makeToolScene())
        _ = manager.handle(fxTap(150, 250))
        let dispatch = manager.handle(fxTap(550, 750))
        XCTAssertEqual(dispatch.visited, [.annotationEdit, .pan])
        XCTAssertEqual(dispatch.commands, [.deselectAnnotation(AnnotationID("square"))])
        XCTAssertEqual(manager.currentToolID, .pan)
        XCTAssertNil(manager.session.selectedAnnotation)
    }

    func testAHandoffCycleIsDetectedAndReportedInsteadOfLoopingForever() {
        let a = ToolID("a"), b = ToolID("b")
        let manager = ToolManager(environment: makeToolScene(), initialTool: a, factories: [
            a: { FxForwardingTool(a, forwardsTo: b) },
            b: { FxForwardingTool(b, forwardsTo: a) },
        ])
        var reported: [ToolHandoffProblem] = []
        manager.onProblem = { reported.append($0) }

        let dispatch = manager.handle(fxTap(1, 1))

        XCTAssertFalse(dispatch.isHandled)
        XCTAssertEqual(dispatch.problem, .cycle(path: [a, b, a]))
        XCTAssertEqual(reported, [.cycle(path: [a, b, a])])
        XCTAssertEqual(dispatch.visited, [a, b])
        XCTAssertEqual(manager.currentToolID, b)
        XCTAssertEqual(dispatch.problem?.description, "tool handoff cycle: a → b → a")
    }

    func testAToolThatHandsOverToItselfIsACycleOfOne() {
        let a = ToolID("a")
        let manager = ToolManager(environment: makeToolScene(), initialTool: a, factories: [a: { FxForwardingTool(a, forwardsTo: a) }])
        XCTAssertEqual(manager.handle(fxTap(1, 1)).problem, .cycle(path: [a, a]))
    }

    func testAHandoffToAnUnregisteredToolIsReported() {
        let a = ToolID("a"), ghost = ToolID("ghost")
        let manager = ToolManager(environment: makeToolScene(), initialTool: a, factories: [a: { FxForwardingTool(a, forwardsTo: ghost) }])
        let dispatch = manager.handle(fxTap(1, 1))
        XCTAssertEqual(dispatch.problem, .unknownTool(ghost, requestedBy: a))
        XCTAssertEqual(manager.currentToolID, a)
    }

    func testChoosingAnotherToolLetsTheOutgoingToolCommitItsWork() {
        let manager = ToolManager(environment: makeToolScene())
        manager.select(.ink)
        (manager.currentTool as! InkTool).commitsEachStroke = false
        _ = manager.handle(fxContact(.began, 10, 10, source: .pen))
        _ = manager.handle(fxContact(.moved, 20, 10, source: .pen))
        _ = manager.handle(fxContact(.ended, 20, 10, source: .pen))
        let commands = manager.select(.pan)
        XCTAssertEqual(commands, [
            .addInk(PageIndex(0), [[InkPoint(location: Point(x: 10, y: 782)), InkPoint(location: Point(x: 20, y: 782))]]),
            .inkPreview(PageIndex(0), []),
        ])
        XCTAssertEqual(manager.currentToolID, .pan)
    }

    func testAKeyNoToolWantsIsReportedUnhandled() {
        let manager = ToolManager(environment: makeToolScene())
        let dispatch = manager.handle(fxKey("a"))
        XCTAssertFalse(dispatch.isHandled)
        XCTAssertEqual(dispatch.visited, [.pan])
        XCTAssertTrue(dispatch.commands.isEmpty)
    }
}
