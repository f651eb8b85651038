// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Tracks which pointer region an indirect pointer (mouse, touchpad, pen hovering) is over and
/// animates the regions' enter and exit effects (about 150 ms each, ``EffectFades``) on the
/// timeline of frame times the host passes in (the GTK frame clock), so that the renderer gets a
/// progress 0…1 per region per frame.
///
/// Touch input gets no hover: direct events are ignored. The topmost (last) region containing
/// the pointer is the active one. Animations retarget smoothly when the pointer moves on before
/// an effect has finished: the new region starts from its current value and the old one fades
/// from where it was.
///
/// - Warning: Main thread only.
public final class PointerInteraction {
    /// The regions in z-order (later regions are above earlier ones), in view coordinates.
    public var regions: [PointerRegion] = [] { didSet { refreshActiveRegion() } }
    public var enterDuration: Double = 0.15
    public var exitDuration: Double = 0.15
    /// How far a highlighted element drifts towards the pointer, as a fraction of the distance.
    public var highlightDrift: Double = 0.08

    public private(set) var activeRegionID: String?
    public private(set) var pointerPosition: Point?

    private var fades = EffectFades<String>()

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
        fades.advance(to: time.seconds)
        // Drop the effects of regions that disappeared.
        let ids = Set(regions.map(\.id))
        fades.removeAll { !ids.contains($0) }
        let values = fades.values
        let effects = regions.compactMap { region in values[region.id].map { effectFrame(region, progress: $0) } }
        return PointerFrame(effects: effects, cursor: cursor, needsAnotherFrame: fades.isAnimating)
    }

    private func refreshActiveRegion() {
        let hit = pointerPosition.flatMap { p in regions.last { $0.shape.contains(p) }?.id }
        guard hit != activeRegionID else { return }
        if let old = activeRegionID { fades.retarget(old, to: 0, duration: exitDuration) }
        if let new = hit { fades.retarget(new, to: 1, duration: enterDuration) }
        activeRegionID = hit
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
