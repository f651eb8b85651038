// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// How a hover effect tints its element.
public enum HoverTint: String, Hashable, Sendable, Codable {
    /// A translucent layer drawn above the element.
    case overlay
    /// A translucent layer drawn below the element.
    case underlay
    case none
}

/// The visual response of an element to an indirect pointer over it.
public enum PointerEffect: Hashable, Sendable {
    /// The pointer morphs into the element's shape (drawn by the renderer as a translucent
    /// plate) and the element drifts slightly towards the pointer.
    case highlight
    /// The element grows with a shadow under it and the pointer hides.
    case lift(scale: Double = 1.08)
    /// A tint over or under the element, optionally scaled and with a shadow; the pointer stays.
    case hover(tint: HoverTint = .overlay, scale: Double = 1, shadow: Bool = false)
}

/// An effect plus an optional pointer shape, attached to a ``PointerRegion``.
public struct PointerStyle: Hashable, Sendable {
    public var effect: PointerEffect
    /// The pointer shown over the region; `nil` picks the effect's default (hidden for lift,
    /// the element's shape for highlight, the arrow for hover).
    public var pointer: PointerShape?

    public init(effect: PointerEffect, pointer: PointerShape? = nil) {
        self.effect = effect
        self.pointer = pointer
    }
}

/// An area of the view (an annotation, a handle, a button) that reacts to an indirect pointer.
public struct PointerRegion: Hashable, Sendable {
    /// Identifies the region across updates, so that its animation continues when the host
    /// re-sends the regions (after a scroll, say).
    public var id: String
    /// View coordinates.
    public var shape: RegionShape
    public var style: PointerStyle

    public init(id: String, shape: RegionShape, style: PointerStyle) {
        self.id = id
        self.shape = shape
        self.style = style
    }
}

/// What a renderer draws for one region in one frame.
public struct PointerEffectFrame: Hashable, Sendable {
    public var regionID: String
    public var effect: PointerEffect
    /// 0 (at rest) … 1 (fully applied), eased.
    public var progress: Double
    /// The region's shape with the scale applied (and the highlight drift).
    public var shape: RegionShape
    public var scale: Double
    public var shadowOpacity: Double
    public var tintOpacity: Double
    /// Drift towards the pointer (highlight), in view pixels.
    public var offset: Vector
}

/// One frame of pointer effects: the effects to draw, the cursor to show, and whether the host
/// should ask for another frame (an animation is still running).
public struct PointerFrame: Hashable, Sendable {
    public var effects: [PointerEffectFrame]
    /// The cursor a region asks for, or `nil` when the pointer is over no region (the current
    /// tool decides then).
    public var cursor: PointerShape?
    public var needsAnotherFrame: Bool
}
