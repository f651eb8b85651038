// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Tracks which pointer region an indirect pointer (mouse, touchpad, pen hovering) is over and
/// animates the regions' enter and exit effects on the timeline of frame times the host passes
/// in (the GTK frame clock), so that the renderer gets a progress 0…1 per region per frame.
///
/// Touch input gets no hover: direct events are ignored. The topmost (last) region containing
/// the pointer is the active one. Animations retarget smoothly when the pointer leaves a region
/// before its enter animation has finished.
///
/// - Warning: Main thread only.
public final class PointerInteraction {
    /// The regions in z-order (later regions are above earlier ones), in view coordinates.
    public var regions: [PointerRegion] = [] { didSet { refreshActiveRegion() } }
    public var enterDuration: Double = 0.15
    public var exitDuration: Double = 0.25
    /// How far a highlighted element drifts towards the pointer, as a fraction of the distance.
    public var highlightDrift: Double = 0.08

    public private(set) var activeRegionID: String?
    public private(set) var pointerPosition: Point?

    private struct Transition {
        var from: Double
        var to: Double
        var start: InputTime?
        var duration: Double
        var current: Double
    }
    private var transitions: [String: Transition] = [:]
    private var lastFrameTime: InputTime?

    public init(regions: [PointerRegion] = []) {
        self.regions = regions
    }

    /// Feeds one input event; only indirect hover, motion and leave events matter.
    public func handle(_ event: InputEvent) {
        guard !event.isDirect else { return }
        switch event.kind {
        case .hover, .enter, .contact(.moved), .contact(.began), .contact(.ended):
            pointerPosition = event.position
        case .leave, .proximity(entering: false):
            pointerPosition = nil
        default:
            return
        }
        refreshActiveRegion()
    }

    /// The cursor for the current pointer position, without advancing the animation.
    public var cursor: PointerShape? {
        guard let id = activeRegionID, let region = regions.last(where: { $0.id == id }) else { return nil }
        return Self.cursor(for: region)
    }

    /// Advances the timeline to a frame time and returns what to draw.
    public func frame(at time: InputTime) -> PointerFrame {
        lastFrameTime = time
        var effects: [PointerEffectFrame] = []
        var running = false
        for region in regions {
            guard var t = transitions[region.id] else { continue }
            if t.start == nil { t.start = time }
            let linear = t.duration > 0 ? min(max((time - t.start!) / t.duration, 0), 1) : 1
            t.current = t.from + (t.to - t.from) * Self.ease(linear)
            if linear < 1 { running = true }
            if linear >= 1, t.to == 0 {
                transitions[region.id] = nil
                continue
            }
            transitions[region.id] = t
            effects.append(effectFrame(region, progress: t.current))
        }
        // Drop transitions of regions that disappeared.
        let ids = Set(regions.map(\.id))
        for id in transitions.keys where !ids.contains(id) { transitions[id] = nil }
        return PointerFrame(effects: effects, cursor: cursor, needsAnotherFrame: running)
    }

    private func refreshActiveRegion() {
        let hit = pointerPosition.flatMap { p in regions.last { $0.shape.contains(p) }?.id }
        guard hit != activeRegionID else { return }
        if let old = activeRegionID { retarget(old, to: 0, duration: exitDuration) }
        if let new = hit { retarget(new, to: 1, duration: enterDuration) }
        activeRegionID = hit
    }

    private func retarget(_ id: String, to target: Double, duration: Double) {
        let current = transitions[id]?.current ?? 0
        transitions[id] = Transition(from: current, to: target, start: nil, duration: duration * abs(target - current), current: current)
    }

    private func effectFrame(_ region: PointerRegion, progress p: Double) -> PointerEffectFrame {
        var scale = 1.0, shadow = 0.0, tint = 0.0, offset = Vector.zero
        switch region.style.effect {
        case .highlight:
            tint = 0.15 * p
            if let pointer = pointerPosition, region.id == activeRegionID {
                offset = (pointer - region.shape.bounds.center) * (highlightDrift * p)
            }
        case .lift(let s):
            scale = 1 + (s - 1) * p
            shadow = 0.3 * p
        case .hover(let tintMode, let s, let wantsShadow):
            scale = 1 + (s - 1) * p
            shadow = wantsShadow ? 0.25 * p : 0
            tint = tintMode == .none ? 0 : 0.12 * p
        }
        var shape = scale == 1 ? region.shape : region.shape.scaled(by: scale)
        if offset != .zero { shape = shape.translated(by: offset) }
        return PointerEffectFrame(regionID: region.id, effect: region.style.effect, progress: p, shape: shape,
                                  scale: scale, shadowOpacity: shadow, tintOpacity: tint, offset: offset)
    }

    static func cursor(for region: PointerRegion) -> PointerShape {
        if let pointer = region.style.pointer { return pointer }
        switch region.style.effect {
        case .highlight: return .custom(region.shape)
        case .lift: return .none
        case .hover: return .default
        }
    }

    /// Ease-out cubic: quick response, gentle settle.
    static func ease(_ t: Double) -> Double {
        let u = 1 - t
        return 1 - u * u * u
    }
}

extension RegionShape {
    /// The shape moved by a displacement.
    public func translated(by v: Vector) -> RegionShape {
        switch self {
        case .rect(let r): return .rect(r.offsetBy(v))
        case .roundedRect(let r, let radius): return .roundedRect(r.offsetBy(v), cornerRadius: radius)
        case .polygon(let points): return .polygon(points.map { $0 + v })
        }
    }
}
