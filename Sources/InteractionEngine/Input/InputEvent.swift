// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The kind of device an event came from, as GTK 4.8 reports it (`gdk_device_get_source`, with
/// the tablet tool type deciding between pen and eraser).
public enum InputSource: String, Hashable, Sendable, Codable, CaseIterable {
    case mouse, touchpad, touchscreen, pen, eraser, trackpoint, keyboard

    /// Direct input touches the content itself (a finger on the screen): it gets larger targets
    /// and no hover. Everything else moves a pointer and is indirect.
    public var isDirect: Bool { self == .touchscreen }
}

/// Where an event stands in the life of a touch, a button press, a scroll or a touchpad gesture.
public enum InputPhase: String, Hashable, Sendable, Codable {
    case began, moved, ended, cancelled
}

/// Identifies one finger (or one pointer) for the duration of its contact. Pointer devices use
/// ``InputSequenceID/pointer``; each touch sequence gets its own value.
public struct InputSequenceID: Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    /// The single sequence of a mouse, touchpad pointer, trackpoint or pen.
    public static let pointer = InputSequenceID(0)
    public var description: String { "seq\(rawValue)" }
}

/// Keyboard modifiers held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let `super` = Modifiers(rawValue: 1 << 3)
}

/// A mouse or pen button (1 primary, 2 middle, 3 secondary, as GDK numbers them).
public struct PointerButton: Hashable, Sendable, Codable {
    public var number: Int
    public init(_ number: Int) { self.number = number }
    public static let primary = PointerButton(1)
    public static let middle = PointerButton(2)
    public static let secondary = PointerButton(3)
    /// The side buttons of a mouse that browsers use for back and forward.
    public static let back = PointerButton(8)
    public static let forward = PointerButton(9)
}

/// Pen axes; values GTK does not report stay `nil`.
public struct StylusAxes: Hashable, Sendable, Codable {
    /// 0…1.
    public var pressure: Double?
    /// -1…1 in each direction.
    public var tiltX: Double?
    public var tiltY: Double?
    public init(pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil) {
        self.pressure = pressure; self.tiltX = tiltX; self.tiltY = tiltY
    }
}

/// A moment on the event time line, in seconds since an arbitrary origin (GDK event times are
/// milliseconds since an arbitrary origin). The engine never reads the wall clock.
public struct InputTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
    public static func milliseconds(_ ms: Double) -> InputTime { InputTime(seconds: ms / 1000) }
    public static func < (l: InputTime, r: InputTime) -> Bool { l.seconds < r.seconds }
    public static func + (l: InputTime, r: Double) -> InputTime { InputTime(seconds: l.seconds + r) }
    public static func - (l: InputTime, r: InputTime) -> Double { l.seconds - r.seconds }
    public static let zero = InputTime(seconds: 0)
    public var description: String { "t=\(seconds)s" }
}

/// How a scroll was produced: a wheel with detents, or a smooth device bracketed by begin/end,
/// followed by kinetic momentum the engine itself computes from the velocity at the end.
public enum ScrollKind: String, Hashable, Sendable, Codable {
    /// One wheel detent per unit of delta.
    case discrete
    /// Touchpad or smooth wheel, in surface pixels.
    case smooth
}

/// One input event in the engine's own terms: everything GTK 4.8 can tell about pointer, touch,
/// pen, scroll, touchpad gesture and key input, with no GDK type in sight.
public struct InputEvent: Hashable, Sendable, Codable {
    /// What happened.
    public enum Kind: Hashable, Sendable, Codable {
        /// A finger, button or pen contact going down, moving, lifting or being cancelled.
        case contact(InputPhase)
        /// The pointer moving with no button held (hover); also pen in proximity.
        case hover
        /// The pointer entering or leaving the view.
        case enter, leave
        /// A scroll; `phase` is `nil` for wheel detents, `.began`/`.moved`/`.ended` for smooth
        /// scrolling (ended with zero deltas when the fingers lift).
        case scroll(delta: Vector, kind: ScrollKind, phase: InputPhase?)
        /// A touchpad pinch: `scale` is cumulative since begin, `angleDelta` in radians.
        case touchpadPinch(InputPhase, scale: Double, angleDelta: Double, fingers: Int)
        /// A touchpad swipe with three or more fingers; `delta` since the last event.
        case touchpadSwipe(InputPhase, delta: Vector, fingers: Int)
        /// Fingers resting on the touchpad (stops momentum).
        case touchpadHold(InputPhase, fingers: Int)
        /// A key press or release (`pressed` true on press); `name` is the GDK key name.
        case key(name: String, pressed: Bool)
        /// The pen came close to or left the tablet.
        case proximity(entering: Bool)
    }

    public var kind: Kind
    public var source: InputSource
    public var sequence: InputSequenceID
    /// Position in view coordinates (logical pixels, y down).
    public var position: Point
    public var time: InputTime
    public var button: PointerButton?
    public var modifiers: Modifiers
    /// 1 for a single click, 2 for a double click, … (as GTK counts presses).
    public var clickCount: Int
    public var axes: StylusAxes

    public init(
        kind: Kind, source: InputSource, sequence: InputSequenceID = .pointer,
        position: Point = .zero, time: InputTime, button: PointerButton? = nil,
        modifiers: Modifiers = [], clickCount: Int = 1, axes: StylusAxes = StylusAxes()
    ) {
        self.kind = kind; self.source = source; self.sequence = sequence; self.position = position
        self.time = time; self.button = button; self.modifiers = modifiers
        self.clickCount = clickCount; self.axes = axes
    }

    /// Whether the event comes from a finger on the screen (see ``InputSource/isDirect``).
    public var isDirect: Bool { source.isDirect }

    /// The contact phase when this is a contact event.
    public var contactPhase: InputPhase? {
        if case .contact(let p) = kind { return p }
        return nil
    }
}
