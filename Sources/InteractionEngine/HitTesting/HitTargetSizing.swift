// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// How far a small target's touch area is enlarged, in view pixels, so that a finger can hit a
/// note icon or a hairline and a mouse still picks precisely between neighbours.
public struct HitTargetSizing: Hashable, Sendable, Codable {
    /// A target smaller than this (in view pixels) is hit-tested as if it were this large,
    /// grown about its centre.
    public var minimumSize: Size
    /// A margin (in view pixels) added around every enlargeable target.
    public var tolerance: Double

    public init(minimumSize: Size, tolerance: Double = 0) {
        self.minimumSize = minimumSize
        self.tolerance = tolerance
    }

    /// No enlargement at all.
    public static let exact = HitTargetSizing(minimumSize: .zero)

    /// The largest distance (in view pixels) by which any target's edge can move outwards.
    var maximumOutset: Double { max(minimumSize.width, minimumSize.height) / 2 + tolerance }
}

/// The target sizing for direct (touch) and indirect (mouse, touchpad, pen) input: a finger
/// needs at least 44×44 logical pixels, a precise pointer only a few.
public struct HitTargetPolicy: Hashable, Sendable, Codable {
    public var direct: HitTargetSizing
    public var indirect: HitTargetSizing

    public init(
        direct: HitTargetSizing = HitTargetSizing(minimumSize: Size(width: 44, height: 44)),
        indirect: HitTargetSizing = HitTargetSizing(minimumSize: Size(width: 8, height: 8))
    ) {
        self.direct = direct
        self.indirect = indirect
    }

    /// 44×44 px for touch, 8×8 px for pointers.
    public static let standard = HitTargetPolicy()

    public func sizing(for source: InputSource) -> HitTargetSizing {
        source.isDirect ? direct : indirect
    }
}
