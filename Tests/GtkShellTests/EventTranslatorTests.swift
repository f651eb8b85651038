// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
@testable import GtkShell
import InteractionEngine
import XCTest

/// The GDK-to-engine mapping, fed with the field values GDK reports for each kind of device.
final class EventTranslatorTests: XCTestCase {
    var translator = EventTranslator()

    func testPointerEventsEmulatedFromTouchAreDroppedSoEachFingerCountsOnce() {
        let touch = RawEvent(kind: .touchBegin, device: .touchscreen, timeMilliseconds: 10, position: Point(x: 5, y: 6), sequence: 7)
        let emulated = RawEvent(kind: .buttonPress, device: .touchscreen, timeMilliseconds: 10, position: Point(x: 5, y: 6), button: 1, pointerEmulated: true)
        let first = translator.translate(touch)
        XCTAssertEqual(first?.kind, .contact(.began))
        XCTAssertEqual(first?.sequence, InputSequenceID(7))
        XCTAssertEqual(first?.source, .touchscreen)
        XCTAssertTrue(first?.isDirect == true)
        XCTAssertNil(translator.translate(emulated))
    }

    /// GTK 4 flags the first finger's own touch events as emulating the pointer (X sets
    /// XITouchEmulatingPointer on them, Wayland marks the first touch): they are that finger,
    /// with its own sequence and time, and a second finger's events come unflagged beside them.
    func testTheFirstFingersTouchEventsFlaggedAsDrivingThePointerAreKept() {
        let phases: [(RawEvent.Kind, InputPhase)] = [(.touchBegin, .began), (.touchUpdate, .moved), (.touchEnd, .ended), (.touchCancel, .cancelled)]
        for (i, (kind, phase)) in phases.enumerated() {
            let first = RawEvent(kind: kind, device: .touchscreen, timeMilliseconds: UInt32(100 + i), position: Point(x: 5, y: 6),
                                 sequence: 7, pointerEmulated: true)
            let event = translator.translate(first)
            XCTAssertEqual(event?.kind, .contact(phase), "\(kind)")
            XCTAssertEqual(event?.sequence, InputSequenceID(7))
            XCTAssertEqual(event?.time, InputTime.milliseconds(Double(100 + i)))
        }
        let second = translator.translate(RawEvent(kind: .touchBegin, device: .touchscreen, timeMilliseconds: 110, sequence: 8))
        XCTAssertEqual(second?.sequence, InputSequenceID(8))
    }

    func testTouchSequencePhasesMapToContactPhases() {
        let kinds: [(RawEvent.Kind, InputPhase)] = [(.touchBegin, .began), (.touchUpdate, .moved), (.touchEnd, .ended), (.touchCancel, .cancelled)]
        for (kind, phase) in kinds {
            let event = translator.translate(RawEvent(kind: kind, device: .touchscreen, timeMilliseconds: 1, sequence: 3))
            XCTAssertEqual(event?.kind, .contact(phase), "\(kind)")
        }
    }

    func testMotionWithAButtonHeldIsADragAndWithoutOneIsAHover() {
        let drag = translator.translate(RawEvent(kind: .motion, device: .mouse, timeMilliseconds: 1, buttonHeld: true))
        let hover = translator.translate(RawEvent(kind: .motion, device: .mouse, timeMilliseconds: 2))
        XCTAssertEqual(drag?.kind, .contact(.moved))
        XCTAssertEqual(hover?.kind, .hover)
        XCTAssertFalse(hover?.isDirect ?? true)
    }

    func testWheelDetentsAreDiscreteAndCarryTheirDirection() {
        let down = translator.translate(RawEvent(kind: .scroll, device: .mouse, timeMilliseconds: 1, scroll: .down))
        let left = translator.translate(RawEvent(kind: .scroll, device: .mouse, timeMilliseconds: 1, scroll: .left))
        XCTAssertEqual(down?.kind, .scroll(delta: Vector(dx: 0, dy: 1), kind: .discrete, phase: nil))
        XCTAssertEqual(left?.kind, .scroll(delta: Vector(dx: -1, dy: 0), kind: .discrete, phase: nil))
    }

    func testSmoothTouchpadScrollingIsBracketedByBeganAndEnded() {
        func smooth(_ dy: Double, stop: Bool = false) -> InputEvent? {
            translator.translate(RawEvent(kind: .scroll, device: .touchpad, timeMilliseconds: 1,
                                          scroll: .smooth(dx: 0, dy: dy, wheelUnits: false, isStop: stop)))
        }
        XCTAssertEqual(smooth(3)?.kind, .scroll(delta: Vector(dx: 0, dy: 3), kind: .smooth, phase: .began))
        XCTAssertEqual(smooth(4)?.kind, .scroll(delta: Vector(dx: 0, dy: 4), kind: .smooth, phase: .moved))
        XCTAssertEqual(smooth(0, stop: true)?.kind, .scroll(delta: .zero, kind: .smooth, phase: .ended))
        XCTAssertEqual(smooth(2)?.kind, .scroll(delta: Vector(dx: 0, dy: 2), kind: .smooth, phase: .began))
    }

    func testHighResolutionWheelDeltasStayDiscrete() {
        let event = translator.translate(RawEvent(kind: .scroll, device: .mouse, timeMilliseconds: 1,
                                                  scroll: .smooth(dx: 0, dy: 0.5, wheelUnits: true, isStop: false)))
        XCTAssertEqual(event?.kind, .scroll(delta: Vector(dx: 0, dy: 0.5), kind: .discrete, phase: nil))
    }

    func testTouchpadPinchCarriesScaleFingersAndPhase() {
        let event = translator.translate(RawEvent(kind: .touchpadPinch, device: .touchpad, timeMilliseconds: 1,
                                                  gesturePhase: .update, fingers: 2, pinchScale: 1.5, pinchAngleDelta: 0.1))
        XCTAssertEqual(event?.kind, .touchpadPinch(.moved, scale: 1.5, angleDelta: 0.1, fingers: 2))
    }

    func testPenAxesAndTheEraserEndAreReported() {
        let pen = translator.translate(RawEvent(kind: .buttonPress, device: .pen, timeMilliseconds: 1, button: 1, pressure: 0.4, tiltX: 0.1, tiltY: -0.2))
        let eraser = translator.translate(RawEvent(kind: .buttonPress, device: .eraser, timeMilliseconds: 1, button: 1))
        XCTAssertEqual(pen?.source, .pen)
        XCTAssertEqual(pen?.axes, StylusAxes(pressure: 0.4, tiltX: 0.1, tiltY: -0.2))
        XCTAssertEqual(eraser?.source, .eraser)
    }

    func testKeysCarryTheirNameAndModifiers() {
        let event = translator.translate(RawEvent(kind: .keyPress, device: .keyboard, timeMilliseconds: 1, modifiers: [.shift], keyName: "space"))
        XCTAssertEqual(event?.kind, .key(name: "space", pressed: true))
        XCTAssertEqual(event?.modifiers, [.shift])
    }

    func testEventTimesBecomeSecondsOnTheEventTimeLine() {
        let event = translator.translate(RawEvent(kind: .motion, device: .mouse, timeMilliseconds: 1500))
        XCTAssertEqual(event?.time, InputTime(seconds: 1.5))
    }
}

extension EventTranslatorTests {
    func testEventsGTKSynthesisesWithTimeZeroKeepTheTimeLineMonotonic() {
        _ = translator.translate(RawEvent(kind: .motion, device: .mouse, timeMilliseconds: 5000))
        let synthetic = translator.translate(RawEvent(kind: .motion, device: .mouse, timeMilliseconds: 0))
        XCTAssertEqual(synthetic?.time, InputTime(seconds: 5))
    }
}
