// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Keyboard navigation and kinetic momentum for a document view.
///
/// Keys (arrows, Page Up/Down, Space, Home/End) become ``NavigationAction``s; a fling that the
/// recognizers report ended with a velocity becomes ``ScrollMomentum``, which advances only when
/// the host calls ``tick(at:)`` with frame times, so a scripted sequence replays exactly.
/// Pointer, touch and touchpad scrolling and zooming are the recognizers' business
/// (``Engine``); this type only carries on what they started.
public final class NavigationController {
    /// Tunables, in view pixels and seconds.
    public struct Settings: Equatable, Sendable {
        /// Distance of one wheel detent (kept for hosts that scroll by wheel steps).
        public var wheelStep: Double = 64
        /// Distance of one arrow-key press.
        public var lineStep: Double = 48
        /// Fling speeds below this start no momentum.
        public var minimumFlingSpeed: Double = 150
        public var momentumTimeConstant: Double = 0.35
        public init() {}
    }

    public var settings: Settings
    public private(set) var momentum: ScrollMomentum?

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Whether momentum is running and the host should keep calling ``tick(at:)``.
    public var isAnimating: Bool { momentum != nil }

    /// Starts kinetic scrolling after a fling that ended at `time` with `velocity` (view px/s),
    /// unless it was too slow to count as a fling.
    public func startMomentum(velocity: Vector, at time: InputTime) {
        guard velocity.length >= settings.minimumFlingSpeed else { return }
        momentum = ScrollMomentum(velocity: velocity, at: time, timeConstant: settings.momentumTimeConstant)
    }

    /// Stops any momentum (a finger landed, a key was pressed, the document changed).
    public func stopMomentum() { momentum = nil }

    /// Advances momentum to `time` and returns the scroll it causes, if any.
    public func tick(at time: InputTime) -> NavigationAction? {
        guard var m = momentum else { return nil }
        let d = m.step(to: time)
        momentum = m.isFinished ? nil : m
        return d.length > 0 ? .scroll(by: d) : nil
    }

    /// Interprets a key event; returns the navigation it asks for (possibly none).
    public func handle(_ event: InputEvent) -> [NavigationAction] {
        guard case .key(let name, true) = event.kind else { return [] }
        return handleKey(name, modifiers: event.modifiers)
    }

    private func handleKey(_ name: String, modifiers: Modifiers) -> [NavigationAction] {
        guard modifiers.isDisjoint(with: [.control, .alt, .super]) else { return [] }
        momentum = nil
        switch name {
        case "Down", "KP_Down": return [.scroll(by: Vector(dx: 0, dy: settings.lineStep))]
        case "Up", "KP_Up": return [.scroll(by: Vector(dx: 0, dy: -settings.lineStep))]
        case "Right", "KP_Right": return [.scroll(by: Vector(dx: settings.lineStep, dy: 0))]
        case "Left", "KP_Left": return [.scroll(by: Vector(dx: -settings.lineStep, dy: 0))]
        case "Page_Down", "KP_Page_Down": return [.scrollScreens(1)]
        case "Page_Up", "KP_Page_Up": return [.scrollScreens(-1)]
        case "space": return [.scrollScreens(modifiers.contains(.shift) ? -1 : 1)]
        case "BackSpace": return [.scrollScreens(-1)]
        case "Home", "KP_Home": return [.toStart]
        case "End", "KP_End": return [.toEnd]
        default: return []
        }
    }
}
