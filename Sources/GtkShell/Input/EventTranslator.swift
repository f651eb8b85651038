// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import InteractionEngine

/// Maps GDK's view of an event (``RawEvent``) to the engine's ``InputEvent``, once per event.
///
/// It drops pointer events synthesised from touch (the touch sequence itself is delivered, so
/// counting both would double every finger) but never a touch event: GTK 4 marks the first
/// finger's own touch events as the ones driving the emulated pointer (X's
/// `XITouchEmulatingPointer`, Wayland's first touch), and those are the finger. It numbers touch
/// sequences, brackets
/// smooth touchpad scrolling with began/ended phases, and tells a held-button motion (a drag)
/// from a hover.
public struct EventTranslator: Sendable {
    private var smoothScrollActive = false
    /// The last real timestamp: GTK synthesises some events (crossing-driven motion) with time
    /// 0, which would otherwise jump the time line back to its origin.
    private var lastTime: UInt32 = 0

    public init() {}

    public mutating func translate(_ raw: RawEvent) -> InputEvent? {
        if raw.pointerEmulated, !Self.touchKinds.contains(raw.kind) { return nil }
        let source = Self.source(raw.device)
        if raw.timeMilliseconds != 0 { lastTime = raw.timeMilliseconds }
        let time = InputTime.milliseconds(Double(lastTime))
        let axes = StylusAxes(pressure: raw.pressure, tiltX: raw.tiltX, tiltY: raw.tiltY)
        func make(_ kind: InputEvent.Kind, sequence: InputSequenceID = .pointer, button: PointerButton? = nil) -> InputEvent {
            InputEvent(kind: kind, source: source, sequence: sequence, position: raw.position, time: time,
                       button: button, modifiers: raw.modifiers, axes: axes)
        }
        let touch = InputSequenceID(raw.sequence)
        switch raw.kind {
        case .buttonPress: return make(.contact(.began), button: PointerButton(raw.button))
        case .buttonRelease: return make(.contact(.ended), button: PointerButton(raw.button))
        case .motion: return make(raw.buttonHeld ? .contact(.moved) : .hover)
        case .touchBegin: return make(.contact(.began), sequence: touch)
        case .touchUpdate: return make(.contact(.moved), sequence: touch)
        case .touchEnd: return make(.contact(.ended), sequence: touch)
        case .touchCancel: return make(.contact(.cancelled), sequence: touch)
        case .enter: return make(.enter)
        case .leave: return make(.leave)
        case .proximityIn: return make(.proximity(entering: true))
        case .proximityOut: return make(.proximity(entering: false))
        case .keyPress, .keyRelease:
            guard let name = raw.keyName else { return nil }
            return make(.key(name: name, pressed: raw.kind == .keyPress))
        case .scroll:
            return translateScroll(raw, make: make)
        case .touchpadPinch:
            guard let phase = raw.gesturePhase else { return nil }
            return make(.touchpadPinch(Self.phase(phase), scale: raw.pinchScale, angleDelta: raw.pinchAngleDelta, fingers: raw.fingers))
        case .touchpadSwipe:
            guard let phase = raw.gesturePhase else { return nil }
            return make(.touchpadSwipe(Self.phase(phase), delta: raw.swipeDelta, fingers: raw.fingers))
        case .touchpadHold:
            guard let phase = raw.gesturePhase else { return nil }
            return make(.touchpadHold(Self.phase(phase), fingers: raw.fingers))
        case .other:
            return nil
        }
    }

    private mutating func translateScroll(_ raw: RawEvent, make: (InputEvent.Kind, InputSequenceID, PointerButton?) -> InputEvent) -> InputEvent? {
        switch raw.scroll {
        case .up?: return make(.scroll(delta: Vector(dx: 0, dy: -1), kind: .discrete, phase: nil), .pointer, nil)
        case .down?: return make(.scroll(delta: Vector(dx: 0, dy: 1), kind: .discrete, phase: nil), .pointer, nil)
        case .left?: return make(.scroll(delta: Vector(dx: -1, dy: 0), kind: .discrete, phase: nil), .pointer, nil)
        case .right?: return make(.scroll(delta: Vector(dx: 1, dy: 0), kind: .discrete, phase: nil), .pointer, nil)
        case .smooth(let dx, let dy, let wheelUnits, let isStop)?:
            if wheelUnits {
                return make(.scroll(delta: Vector(dx: dx, dy: dy), kind: .discrete, phase: nil), .pointer, nil)
            }
            let phase: InputPhase
            if isStop {
                phase = .ended
                smoothScrollActive = false
            } else if smoothScrollActive {
                phase = .moved
            } else {
                phase = .began
                smoothScrollActive = true
            }
            return make(.scroll(delta: Vector(dx: dx, dy: dy), kind: .smooth, phase: phase), .pointer, nil)
        case nil:
            return nil
        }
    }

    private static let touchKinds: Set<RawEvent.Kind> = [.touchBegin, .touchUpdate, .touchEnd, .touchCancel]

    static func source(_ device: RawEvent.Device) -> InputSource {
        switch device {
        case .mouse, .other: return .mouse
        case .pen: return .pen
        case .eraser: return .eraser
        case .touchscreen: return .touchscreen
        case .touchpad: return .touchpad
        case .trackpoint: return .trackpoint
        case .keyboard: return .keyboard
        }
    }

    static func phase(_ p: RawEvent.GesturePhase) -> InputPhase {
        switch p {
        case .begin: return .began
        case .update: return .moved
        case .end: return .ended
        case .cancel: return .cancelled
        }
    }
}
