// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class PointerInteractionTests: XCTestCase {
    private func hover(_ x: Double, _ y: Double, source: InputSource = .mouse) -> InputEvent {
        InputEvent(kind: .hover, source: source, position: Point(x: x, y: y), time: .zero)
    }

    private let button = PointerRegion(id: "button", shape: .rect(Rect(x: 0, y: 0, width: 100, height: 50)), style: PointerStyle(effect: .lift()))

    func testALiftRegionGrowsOverTheEnterDurationAndHidesThePointer() {
        let interaction = PointerInteraction(regions: [button])
        interaction.handle(hover(50, 25))
        XCTAssertEqual(interaction.activeRegionID, "button")

        let first = interaction.frame(at: InputTime(seconds: 10))
        XCTAssertEqual(first.effects.first?.progress, 0)
        XCTAssertTrue(first.needsAnotherFrame)
        XCTAssertEqual(first.cursor, PointerShape.none)

        let middle = interaction.frame(at: InputTime(seconds: 10.075))
        XCTAssertGreaterThan(middle.effects[0].progress, 0.5)
        XCTAssertLessThan(middle.effects[0].progress, 1)

        let end = interaction.frame(at: InputTime(seconds: 10.2))
        XCTAssertEqual(end.effects[0].progress, 1)
        XCTAssertEqual(end.effects[0].scale, 1.08, accuracy: 1e-12)
        XCTAssertEqual(end.effects[0].shadowOpacity, 0.3, accuracy: 1e-12)
        XCTAssertEqual(end.effects[0].shape.bounds.width, 108, accuracy: 1e-9)
        XCTAssertFalse(end.needsAnotherFrame)
    }

    func testLeavingARegionAnimatesItBackToRestAndThenDropsIt() {
        let interaction = PointerInteraction(regions: [button])
        interaction.handle(hover(50, 25))
        _ = interaction.frame(at: InputTime(seconds: 1))
        _ = interaction.frame(at: InputTime(seconds: 2))
        interaction.handle(hover(300, 300))
        XCTAssertNil(interaction.activeRegionID)
        XCTAssertEqual(interaction.frame(at: InputTime(seconds: 3)).effects.first?.progress, 1)
        let fading = interaction.frame(at: InputTime(seconds: 3.1))
        XCTAssertLessThan(fading.effects[0].progress, 1)
        XCTAssertTrue(fading.needsAnotherFrame)
        XCTAssertNil(fading.cursor)
        XCTAssertTrue(interaction.frame(at: InputTime(seconds: 4)).effects.isEmpty)
    }

    func testTouchGetsNoHoverEffect() {
        let interaction = PointerInteraction(regions: [button])
        interaction.handle(hover(50, 25, source: .touchscreen))
        interaction.handle(InputEvent(kind: .contact(.moved), source: .touchscreen, position: Point(x: 50, y: 25), time: .zero))
        XCTAssertNil(interaction.activeRegionID)
        XCTAssertTrue(interaction.frame(at: InputTime(seconds: 1)).effects.isEmpty)
    }

    func testTheTopmostRegionUnderThePointerIsActiveAndShapesAreRespected() {
        let handle = PointerRegion(id: "handle", shape: .roundedRect(Rect(x: 80, y: 30, width: 20, height: 20), cornerRadius: 10),
                                   style: PointerStyle(effect: .hover(), pointer: .resize(.southEast)))
        let triangle = PointerRegion(id: "triangle", shape: .polygon([Point(x: 200, y: 0), Point(x: 300, y: 0), Point(x: 200, y: 100)]),
                                     style: PointerStyle(effect: .highlight))
        let interaction = PointerInteraction(regions: [button, handle, triangle])
        interaction.handle(hover(90, 40))
        XCTAssertEqual(interaction.activeRegionID, "handle")
        XCTAssertEqual(interaction.cursor?.cursorName, "se-resize")
        interaction.handle(hover(81, 31))  // outside the rounded corner, still on the button
        XCTAssertEqual(interaction.activeRegionID, "button")
        interaction.handle(hover(220, 20))
        XCTAssertEqual(interaction.activeRegionID, "triangle")
        XCTAssertEqual(interaction.cursor, .custom(triangle.shape))
        interaction.handle(hover(290, 90))
        XCTAssertNil(interaction.activeRegionID)
    }

    func testAHighlightedElementDriftsTowardsThePointer() {
        let card = PointerRegion(id: "card", shape: .rect(Rect(x: 0, y: 0, width: 100, height: 100)), style: PointerStyle(effect: .highlight))
        let interaction = PointerInteraction(regions: [card])
        interaction.handle(hover(100 - 0.5, 50))
        _ = interaction.frame(at: InputTime(seconds: 0))
        let frame = interaction.frame(at: InputTime(seconds: 1))
        XCTAssertEqual(frame.effects[0].offset.dx, 49.5 * 0.08, accuracy: 1e-9)
        XCTAssertEqual(frame.effects[0].offset.dy, 0)
        XCTAssertEqual(frame.cursor?.cursorName, "none")
    }

    func testPointerShapesMapToGTKCursorNames() {
        XCTAssertEqual(ResizeHandle.allCases.map(\.pointerShape.cursorName),
                       ["nw-resize", "ne-resize", "se-resize", "sw-resize", "n-resize", "e-resize", "s-resize", "w-resize"])
        XCTAssertEqual([PointerShape.text, .crosshair, .grab, .grabbing, .pointer, .default, .notAllowed, .none, .move].map(\.cursorName),
                       ["text", "crosshair", "grab", "grabbing", "pointer", "default", "not-allowed", "none", "move"])
    }
}
