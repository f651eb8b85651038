// SPDX-License-Identifier: GPL-3.0-or-later

/// A set of input sources, stored as bits so that the per-event "does this recognizer listen to
/// this device" check costs one AND.
public struct InputSourceSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public init(_ source: InputSource) { self.init(rawValue: 1 << InputSourceSet.bit(source)) }

    public static let mouse = InputSourceSet(.mouse)
    public static let touchpad = InputSourceSet(.touchpad)
    public static let touchscreen = InputSourceSet(.touchscreen)
    public static let pen = InputSourceSet(.pen)
    public static let eraser = InputSourceSet(.eraser)
    public static let trackpoint = InputSourceSet(.trackpoint)
    public static let keyboard = InputSourceSet(.keyboard)

    /// Devices that move an on-screen pointer.
    public static let pointers: InputSourceSet = [.mouse, .touchpad, .trackpoint]
    /// Both ends of a stylus.
    public static let stylus: InputSourceSet = [.pen, .eraser]
    /// Everything that can press at a point: fingers, pointers and the pen tip.
    public static let contacts: InputSourceSet = [.touchscreen, .pen, .mouse, .touchpad, .trackpoint]
    public static let all = InputSourceSet(rawValue: 0x7F)

    @inline(__always)
    public func contains(_ source: InputSource) -> Bool {
        rawValue & (1 << InputSourceSet.bit(source)) != 0
    }

    @inline(__always)
    static func bit(_ source: InputSource) -> UInt16 {
        switch source {
        case .mouse: return 0
        case .touchpad: return 1
        case .touchscreen: return 2
        case .pen: return 3
        case .eraser: return 4
        case .trackpoint: return 5
        case .keyboard: return 6
        }
    }
}

/// A distance that depends on the kind of device, because a finger is less precise than a pen,
/// and a pen less than a mouse (tap slop, pan threshold, distance between taps).
public struct SourceTolerance: Hashable, Sendable {
    public var touch: Double
    public var pen: Double
    public var pointer: Double

    public init(touch: Double, pen: Double, pointer: Double) {
        self.touch = touch; self.pen = pen; self.pointer = pointer
    }

    /// How far a contact may move and still be a tap (``ContactVocabulary/tapSlop``).
    public static var tapSlop: SourceTolerance { ContactVocabulary.tapSlop }

    @inline(__always)
    public func value(for source: InputSource) -> Double {
        switch source {
        case .touchscreen: return touch
        case .pen, .eraser: return pen
        case .mouse, .touchpad, .trackpoint, .keyboard: return pointer
        }
    }
}
