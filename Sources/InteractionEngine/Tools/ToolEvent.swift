// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A recognized tap or long press as the tool manager receives it from the gesture layer.
public struct ToolGesture: Hashable, Sendable {
    /// View coordinates.
    public var position: Point
    public var source: InputSource
    /// Number of taps (1 single, 2 double); 1 for a long press.
    public var count: Int
    public var time: InputTime
    public var modifiers: Modifiers

    public init(position: Point, source: InputSource, count: Int = 1, time: InputTime = .zero, modifiers: Modifiers = []) {
        self.position = position; self.source = source; self.count = count; self.time = time; self.modifiers = modifiers
    }
}

/// What a tool receives: raw input (contacts, hover, keys) and the taps and long presses the
/// recognizers decided on, so that a tool never re-implements gesture recognition.
public enum ToolEvent: Hashable, Sendable {
    case input(InputEvent)
    case tap(ToolGesture)
    case longPress(ToolGesture)

    /// View coordinates of the event.
    public var position: Point {
        switch self {
        case .input(let e): return e.position
        case .tap(let g), .longPress(let g): return g.position
        }
    }

    public var source: InputSource {
        switch self {
        case .input(let e): return e.source
        case .tap(let g), .longPress(let g): return g.source
        }
    }

    /// The contact phase for raw contact input.
    var contactPhase: InputPhase? {
        if case .input(let e) = self { return e.contactPhase }
        return nil
    }

    /// The key name when this is a key press.
    var pressedKey: String? {
        if case .input(let e) = self, case .key(let name, true) = e.kind { return name }
        return nil
    }
}
