// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What the drawer component acts on: a finger went down in the edge strip at the view's left
/// edge, whose width it gives (view pixels).
public struct DrawerContext: Hashable, Sendable {
    public var edgeWidth: Double
    public init(edgeWidth: Double) { self.edgeWidth = edgeWidth }
}

/// The view's edge the sidebar drawer comes from: the left one, or the right one under a
/// right-to-left interface, where every sideways rule of the drawer is mirrored.
public enum DrawerSide: String, Hashable, Sendable {
    case left, right

    /// How far view x `x` lies in from this edge of `bounds` (the drawer's edge strip is where it
    /// is small; a drawer `progress` out covers it up to `progress` × its width).
    public func inset(ofViewX x: Double, in bounds: Rect) -> Double {
        switch self {
        case .left: return x - bounds.minX
        case .right: return bounds.maxX - x
        }
    }

    /// A sideways travel or speed as the drawer sees it: positive when it pulls the drawer out
    /// (rightwards from the left edge, leftwards from the right one).
    public func outward(_ dx: Double) -> Double {
        switch self {
        case .left: return dx
        case .right: return -dx
        }
    }
}

/// Where the sidebar drawer stands, as the engine decided it: how far it is pulled out over the
/// page (0 hidden, 1 all of its width), whether it stays open, and whether a finger is moving it.
///
/// While `isDragging`, the host shows the drawer at `progress` at once (it follows the finger);
/// otherwise `progress` is 0 or 1 and the host slides the drawer there.
public struct DrawerState: Hashable, Sendable {
    public var progress: Double
    public var isOpen: Bool
    public var isDragging: Bool

    public init(progress: Double = 0, isOpen: Bool = false, isDragging: Bool = false) {
        self.progress = progress
        self.isOpen = isOpen
        self.isDragging = isDragging
    }

    /// Hidden and still.
    public static let closed = DrawerState()
    /// Open and still.
    public static let open = DrawerState(progress: 1, isOpen: true)

    /// Whether any of the drawer shows (open, or being pulled).
    public var isShown: Bool { isOpen || progress > 0 }
}

/// The drawer's decisions, pure functions of finger travel and speed (view pixels, and view
/// pixels per second), so that the rules read in one place and test without a view.
public enum DrawerRules {
    /// How far out the drawer is when its edge is at view x `x` (the finger pulling it holds
    /// its edge), for a drawer `width` wide.
    public static func progress(edgeAt x: Double, width: Double) -> Double {
        guard width > 0 else { return 0 }
        return min(1, max(0, x / width))
    }

    /// How far out an open drawer is once a finger dragged `travel` pixels sideways
    /// (negative: leftwards, pushing it back).
    public static func progress(openDraggedBy travel: Double, width: Double) -> Double {
        guard width > 0 else { return 0 }
        return min(1, max(0, 1 + travel / width))
    }

    /// Whether the drawer stays open when the finger lifts: a fling decides by its direction,
    /// else the drawer stays open past halfway.
    /// - Parameters:
    ///   - progress: how far out the drawer was when the finger lifted.
    ///   - velocity: the finger's sideways speed as it lifted (positive: rightwards, opening).
    ///   - flingVelocity: the least speed that counts as a fling.
    public static func staysOpen(progress: Double, velocity: Double, flingVelocity: Double) -> Bool {
        if velocity >= flingVelocity { return true }
        if velocity <= -flingVelocity { return false }
        return progress >= 0.5
    }

    /// Whether a contact's travel so far is a sideways drag rather than a tap or a scroll:
    /// beyond `slop`, and more across than up or down.
    public static func isSidewaysDrag(_ travel: Vector, slop: Double) -> Bool {
        abs(travel.dx) > slop && abs(travel.dx) >= abs(travel.dy)
    }
}

/// One contact on the page while the drawer is open: every contact then is the drawer's (the
/// page under the scrim takes none). A finger dragging sideways moves the drawer; a tap outside
/// it closes it.
struct DrawerContact {
    let sequence: InputSequenceID
    let source: InputSource
    let start: Point
    let startTime: InputTime
    var last: Point
    var lastTime: InputTime
    var velocity = Vector.zero
    var dragging = false

    init(_ event: InputEvent) {
        sequence = event.sequence
        source = event.source
        start = event.position
        startTime = event.time
        last = event.position
        lastTime = event.time
    }

    /// Follows a move; the velocity is smoothed as the pan recognizer smooths it.
    mutating func move(to point: Point, at time: InputTime) {
        let dt = time - lastTime
        if dt > 0 { velocity = velocity * 0.3 + (point - last) * (0.7 / dt) }
        last = point
        lastTime = time
    }
}
