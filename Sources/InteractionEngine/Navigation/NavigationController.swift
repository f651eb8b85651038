// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns browsing input (wheel, touchpad scroll and pinch, one-finger touch pan, two-finger
/// touch pinch, navigation keys) into ``NavigationAction``s, with kinetic momentum after
/// touchpad and touchscreen flings.
///
/// This is the behaviour of the browse tool: it decides how the view moves, never what a touch
/// on an annotation means (that belongs to the recognizers and components in front of it).
/// Momentum advances only when the host calls ``tick(at:)`` with frame times, so a scripted
/// sequence replays exactly.
public final class NavigationController {
    /// Tunables, in view pixels and seconds.
    public struct Settings: Equatable, Sendable {
        /// Distance of one wheel detent.
        public var wheelStep: Double = 64
        /// Distance of one arrow-key press.
        public var lineStep: Double = 48
        /// Zoom factor of one Ctrl+wheel detent.
        public var wheelZoomFactor: Double = 1.15
        /// Fling speeds below this start no momentum.
        public var minimumFlingSpeed: Double = 150
        public var momentumTimeConstant: Double = 0.35
        public init() {}
    }

    public var settings: Settings
    public private(set) var momentum: ScrollMomentum?

    private var touches: [InputSequenceID: Point] = [:]
    private var touchOrder: [InputSequenceID] = []
    private var touchVelocity = VelocityTracker()
    private var scrollVelocity = VelocityTracker()
    private var pinchScale: Double = 1

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Whether momentum is running and the host should keep calling ``tick(at:)``.
    public var isAnimating: Bool { momentum != nil }

    /// Number of touch sequences currently down.
    public var activeTouchCount: Int { touches.count }

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

    /// Interprets one event; returns the navigation it asks for (possibly none).
    public func handle(_ event: InputEvent) -> [NavigationAction] {
        switch event.kind {
        case .scroll(let delta, let kind, let phase):
            return handleScroll(delta: delta, kind: kind, phase: phase, event: event)
        case .touchpadPinch(let phase, let scale, _, _):
            momentum = nil
            switch phase {
            case .began: pinchScale = 1; return []
            case .moved:
                guard scale > 0, pinchScale > 0 else { return [] }
                let factor = scale / pinchScale
                pinchScale = scale
                return factor == 1 ? [] : [.zoom(by: factor, about: event.position)]
            case .ended, .cancelled: pinchScale = 1; return []
            }
        case .touchpadHold(let phase, _):
            if phase == .began { momentum = nil }
            return []
        case .contact(let phase) where event.source == .touchscreen:
            return handleTouch(phase: phase, event: event)
        case .contact(.began):
            momentum = nil
            return []
        case .key(let name, let pressed):
            guard pressed else { return [] }
            return handleKey(name, modifiers: event.modifiers)
        default:
            return []
        }
    }

    private func handleScroll(delta: Vector, kind: ScrollKind, phase: InputPhase?, event: InputEvent) -> [NavigationAction] {
        if event.modifiers.contains(.control) {
            momentum = nil
            let factor: Double
            switch kind {
            case .discrete: factor = pow(settings.wheelZoomFactor, -delta.dy)
            case .smooth: factor = exp(-delta.dy * 0.01)
            }
            return factor == 1 ? [] : [.zoom(by: factor, about: event.position)]
        }
        switch kind {
        case .discrete:
            momentum = nil
            let d = delta * settings.wheelStep
            return d.length == 0 ? [] : [.scroll(by: d)]
        case .smooth:
            switch phase {
            case .began?:
                momentum = nil
                scrollVelocity.reset()
            case .ended?, .cancelled?:
                let v = scrollVelocity.velocity(at: event.time)
                scrollVelocity.reset()
                if phase == .ended, v.length >= settings.minimumFlingSpeed {
                    momentum = ScrollMomentum(velocity: v, at: event.time, timeConstant: settings.momentumTimeConstant)
                }
                return delta.length == 0 ? [] : [.scroll(by: delta)]
            default:
                momentum = nil
            }
            scrollVelocity.add(delta, at: event.time)
            return delta.length == 0 ? [] : [.scroll(by: delta)]
        }
    }

    private func handleTouch(phase: InputPhase, event: InputEvent) -> [NavigationAction] {
        let id = event.sequence
        switch phase {
        case .began:
            momentum = nil
            touches[id] = event.position
            touchOrder.append(id)
            touchVelocity.reset()
            return []
        case .moved:
            guard let previous = touches[id] else { return [] }
            if touches.count >= 2, let a = touchOrder.first, let b = touchOrder.dropFirst().first,
               let pa = touches[a], let pb = touches[b], id == a || id == b {
                // Two-finger pinch: zoom by the change in finger distance about the midpoint and
                // pan by the midpoint's movement, so content stays under both fingers.
                let oldMid = Point(x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2)
                let oldDistance = pa.distance(to: pb)
                touches[id] = event.position
                let na = touches[a]!, nb = touches[b]!
                let newMid = Point(x: (na.x + nb.x) / 2, y: (na.y + nb.y) / 2)
                let newDistance = na.distance(to: nb)
                // Zoom about the old midpoint first, then pan it to the new one: zooming in first
                // gives the pan room, so clamping at the content's edge drops as little as possible.
                var actions: [NavigationAction] = []
                if oldDistance > 1, newDistance > 1, newDistance != oldDistance {
                    actions.append(.zoom(by: newDistance / oldDistance, about: oldMid))
                }
                let pan = oldMid - newMid
                if pan.length > 0 { actions.append(.scroll(by: pan)) }
                return actions
            }
            touches[id] = event.position
            guard touches.count == 1 else { return [] }
            let d = previous - event.position
            touchVelocity.add(d, at: event.time)
            return d.length == 0 ? [] : [.scroll(by: d)]
        case .ended, .cancelled:
            let wasSingle = touches.count == 1
            touches[id] = nil
            touchOrder.removeAll { $0 == id }
            if wasSingle, phase == .ended {
                let v = touchVelocity.velocity(at: event.time)
                if v.length >= settings.minimumFlingSpeed {
                    momentum = ScrollMomentum(velocity: v, at: event.time, timeConstant: settings.momentumTimeConstant)
                }
            }
            touchVelocity.reset()
            return []
        }
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
