// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import GtkShell
import InteractionEngine
import XCTest

@testable import GtkShell

/// The canvas paints the engine's pointer effects where the engine puts them: a highlight
/// drifted towards the pointer once, a lifted element grown once.
final class PointerEffectPaintingTests: XCTestCase {
    private func hover(_ x: Double, _ y: Double) -> InputEvent {
        InputEvent(kind: .hover, source: .mouse, position: Point(x: x, y: y), time: .zero)
    }

    func testAHighlightIsPaintedDriftedTowardsThePointerOnce() {
        let rect = Rect(x: 100, y: 100, width: 200, height: 40)
        let pointer = PointerInteraction(regions: [PointerRegion(id: "link", shape: .rect(rect), style: PointerStyle(effect: .highlight))])
        pointer.handle(hover(280, 130))
        _ = pointer.frame(at: InputTime(seconds: 1))
        let effect = try! XCTUnwrap(pointer.frame(at: InputTime(seconds: 2)).effects.first)
        XCTAssertEqual(effect.progress, 1)
        let drift = (Point(x: 280, y: 130) - rect.center) * pointer.highlightDrift
        let painted = FrameOverlays.paintedBounds(of: effect)
        XCTAssertEqual(painted.minX, rect.minX + drift.dx, accuracy: 1e-9, "drifted once, not twice")
        XCTAssertEqual(painted.minY, rect.minY + drift.dy, accuracy: 1e-9)
        XCTAssertEqual(painted.width, rect.width, accuracy: 1e-9)
    }

    func testALiftIsPaintedGrownOnce() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 50)
        let pointer = PointerInteraction(regions: [PointerRegion(id: "button", shape: .rect(rect), style: PointerStyle(effect: .lift()))])
        pointer.handle(hover(50, 25))
        _ = pointer.frame(at: InputTime(seconds: 1))
        let effect = try! XCTUnwrap(pointer.frame(at: InputTime(seconds: 2)).effects.first)
        let painted = FrameOverlays.paintedBounds(of: effect)
        XCTAssertEqual(painted.width, 108, accuracy: 1e-9, "grown by 8 % once")
        XCTAssertEqual(painted.midX, rect.midX, accuracy: 1e-9)
    }
}
