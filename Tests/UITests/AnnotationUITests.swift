// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Existing annotations under a real pointer (xdotool) and replayed touch: hover effect, click
/// to select, drag a handle to resize, long press then drag to move.
final class AnnotationUITests: XCTestCase {
    /// Two squares and two circles without appearance streams, from the developer PDF set.
    static let file = "annots-square-circle-noap.pdf"

    private func open(_ document: String, in session: AppSession, extra: [String] = []) throws -> (AppSession.State, AppSession.Annotation) {
        try session.launch(extra + [document])
        let state = try XCTUnwrap(session.waitFor("annotations listed") { s in
            guard let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.annotations.count == 4
        })
        let square = try XCTUnwrap(state.windows.first?.annotations.first { $0.kind == "square" })
        return (state, square)
    }

    func testHoveringAnAnnotationTintsItAndClickingSelectsIt() throws {
        let document = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (state, square) = try open(document, in: session)
        let w = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let cx = Int(origin.x + w.canvasX + square.x + square.width / 2), cy = Int(origin.y + w.canvasY + square.y + square.height / 2)
        let before = try session.screenshot().pixel(x: cx, y: cy)
        session.xdotool("mousemove", "\(cx)", "\(cy)")
        session.waitFor("the square is hovered") { $0.windows.first?.hoveredAnnotation == square.id && $0.windows.first?.isAnimating == false }
        // The hover tint is drawn over the annotation: its inside is no longer the colour it had.
        let tinted = try session.screenshot().pixel(x: cx, y: cy)
        XCTAssertNotEqual(before.r * 65536 + before.g * 256 + before.b, tinted.r * 65536 + tinted.g * 256 + tinted.b,
                          "hover effect changes the pixels inside the annotation (\(before) → \(tinted))")
        XCTAssertGreaterThan(tinted.b, tinted.r, "the tint is blue")
        session.xdotool("click", "1")
        let selected = session.waitFor("the square is selected") { $0.windows.first?.selectedAnnotation == square.id }
        XCTAssertEqual(selected?.windows.first?.cursor, "move")
        // Delete removes it from the page and from what the engine can hit.
        session.xdotool("key", "Delete")
        let after = session.waitFor("the square is gone") { s in
            guard let w = s.windows.first else { return false }
            return w.annotations.count == 3 && w.selectedAnnotation == nil && w.missingTiles == 0
        }
        XCTAssertFalse(after?.windows.first?.annotations.contains { $0.id == square.id } ?? true)
    }

    func testDraggingTheCornerHandleResizesTheAnnotationAndThePageIsRedrawn() throws {
        let document = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (state, square) = try open(document, in: session)
        let w = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let left = origin.x + w.canvasX + square.x, top = origin.y + w.canvasY + square.y
        session.xdotool("mousemove", "\(Int(left + square.width / 2))", "\(Int(top + square.height / 2))")
        session.xdotool("click", "1")
        session.waitFor("selected") { $0.windows.first?.selectedAnnotation == square.id }
        let hx = Int((left + square.width).rounded()), hy = Int((top + square.height).rounded())
        session.xdotool("mousemove", "\(hx)", "\(hy)")
        session.waitFor("the pointer shows the resize cursor") { $0.windows.first?.cursor == "se-resize" }
        session.xdotool("mousedown", "1")
        for i in 1...10 { session.xdotool("mousemove", "\(hx + i * 8)", "\(hy + i * 6)") }
        session.xdotool("mouseup", "1")
        let after = try XCTUnwrap(session.waitFor("the square grew and its page was re-rendered") { s in
            guard let w = s.windows.first, let a = w.annotations.first(where: { $0.id == square.id }) else { return false }
            return abs(a.width - square.width - 80) < 1.5 && abs(a.height - square.height - 60) < 1.5
                && w.missingTiles == 0 && w.annotationEdits > 0
        })
        let resized = try XCTUnwrap(after.windows.first?.annotations.first { $0.id == square.id })
        XCTAssertEqual(resized.x, square.x, accuracy: 0.5, "the opposite corner stays put")
        XCTAssertEqual(resized.y, square.y, accuracy: 0.5)
        XCTAssertEqual(resized.width, square.width + 80, accuracy: 1.5)
        XCTAssertEqual(resized.height, square.height + 60, accuracy: 1.5)
        // Poppler draws the square's border at its new bottom-right corner.
        session.xdotool("mousemove", "5", "5")
        session.waitFor("hover effect gone") { s in
            s.windows.first.map { $0.hoveredAnnotation == nil && !$0.isAnimating && $0.missingTiles == 0 } ?? false
        }
        let shot = try session.screenshot()
        // A quarter of the way along the new bottom edge: clear of the resize handles and of
        // the neighbouring square.
        let edge = shot.pixel(x: Int(left + resized.width / 4), y: Int(top + resized.height - 2))
        XCTAssertGreaterThan(edge.b, 120, "blue border at the new bottom edge: \(edge)")
        XCTAssertLessThan(edge.r, 80, "blue border at the new bottom edge: \(edge)")
    }
}

/// The touch path through the engine: replayed finger input selects and moves an annotation.
final class AnnotationTouchUITests: XCTestCase {
    func testATapSelectsAnAnnotationAndAFingerDragThenMovesIt() throws {
        let document = try AppSession.sharedPDF(AnnotationUITests.file)
        let session = try AppSession()
        // Probe the layout first (same window size and zoom as the replay run below).
        let probe = try session.probe(document) { $0.annotations.count == 4 }
        let square = try XCTUnwrap(probe.annotations.first { $0.kind == "square" })

        let cx = square.x + square.width / 2, cy = square.y + square.height / 2
        func touch(_ phase: InputPhase, _ id: UInt64, _ x: Double, _ y: Double, _ t: Double) -> InputEvent {
            InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: Point(x: x, y: y), time: InputTime(seconds: t))
        }
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)),
                      touch(.began, 1, cx, cy, 1.0), touch(.ended, 1, cx, cy, 1.08)]
        // After the double-tap window, a second finger drags the selected square 60 px right, 40 down.
        events.append(touch(.began, 2, cx, cy, 1.8))
        for i in 1...20 { events.append(touch(.moved, 2, cx + Double(i) * 3, cy + Double(i) * 2, 1.8 + Double(i) * 0.02)) }
        events.append(touch(.ended, 2, cx + 60, cy + 40, 2.25))
        let after = try session.replay(events, into: document)
        XCTAssertEqual(after.selectedAnnotation, square.id)
        let moved = try XCTUnwrap(after.annotations.first { $0.id == square.id })
        XCTAssertEqual(moved.x - square.x, 60, accuracy: 2)
        XCTAssertEqual(moved.y - square.y, 40, accuracy: 2)
        XCTAssertEqual(after.offsetY, probe.offsetY, "the drag moved the annotation, not the view")
    }
}
