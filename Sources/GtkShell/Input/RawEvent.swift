// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import InteractionEngine

/// The fields of one GDK event, copied out as plain Swift values by the thin C adapter
/// (`GdkEventReader`), so that the mapping to engine events can be tested without a display.
public struct RawEvent: Equatable, Sendable {
    /// The GDK event types the canvas handles (`GdkEventType`).
    public enum Kind: Hashable, Sendable {
        case buttonPress, buttonRelease, motion, touchBegin, touchUpdate, touchEnd, touchCancel
        case scroll, touchpadPinch, touchpadSwipe, touchpadHold, keyPress, keyRelease
        case enter, leave, proximityIn, proximityOut, other
    }

    /// `GdkInputSource`, plus the tablet tool type that tells a pen from its eraser end.
    public enum Device: Equatable, Sendable {
        case mouse, pen, eraser, touchscreen, touchpad, trackpoint, keyboard, other
    }

    /// `GdkScrollDirection` and `GdkScrollUnit` folded into one value.
    public enum ScrollDetail: Equatable, Sendable {
        case up, down, left, right
        /// Smooth deltas; `wheelUnits` when GDK reports `GDK_SCROLL_UNIT_WHEEL`.
        case smooth(dx: Double, dy: Double, wheelUnits: Bool, isStop: Bool)
    }

    /// `GdkTouchpadGesturePhase`.
    public enum GesturePhase: Equatable, Sendable { case begin, update, end, cancel }

    public var kind: Kind
    public var device: Device
    /// Milliseconds, as `gdk_event_get_time`.
    public var timeMilliseconds: UInt32
    /// In the canvas widget's coordinates.
    public var position: Point
    public var modifiers: Modifiers
    /// Whether a mouse or pen button is held during a motion event.
    public var buttonHeld: Bool
    public var button: Int
    /// The touch sequence (`GdkEventSequence*` as a number); 0 for pointer events.
    public var sequence: UInt64
    /// `gdk_event_get_pointer_emulated`. GTK 4 sets it only on touch events, those of the finger
    /// that drives the emulated pointer (the first one down); on a pointer event it would mean
    /// one synthesised from touch.
    public var pointerEmulated: Bool
    public var scroll: ScrollDetail?
    public var gesturePhase: GesturePhase?
    public var fingers: Int
    public var pinchScale: Double
    public var pinchAngleDelta: Double
    public var swipeDelta: Vector
    public var keyName: String?
    public var pressure: Double?
    public var tiltX: Double?
    public var tiltY: Double?

    public init(kind: Kind, device: Device, timeMilliseconds: UInt32, position: Point = .zero,
                modifiers: Modifiers = [], buttonHeld: Bool = false, button: Int = 0, sequence: UInt64 = 0,
                pointerEmulated: Bool = false, scroll: ScrollDetail? = nil, gesturePhase: GesturePhase? = nil,
                fingers: Int = 0, pinchScale: Double = 1, pinchAngleDelta: Double = 0, swipeDelta: Vector = .zero,
                keyName: String? = nil, pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil) {
        self.kind = kind; self.device = device; self.timeMilliseconds = timeMilliseconds
        self.position = position; self.modifiers = modifiers; self.buttonHeld = buttonHeld
        self.button = button; self.sequence = sequence; self.pointerEmulated = pointerEmulated
        self.scroll = scroll; self.gesturePhase = gesturePhase; self.fingers = fingers
        self.pinchScale = pinchScale; self.pinchAngleDelta = pinchAngleDelta; self.swipeDelta = swipeDelta
        self.keyName = keyName; self.pressure = pressure; self.tiltX = tiltX; self.tiltY = tiltY
    }
}
