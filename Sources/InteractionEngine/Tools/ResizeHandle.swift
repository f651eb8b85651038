// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One of the eight handles around a selected annotation, named as seen on screen (after page
/// rotation), so that dragging the top handle always moves the edge the user sees on top.
public enum ResizeHandle: String, Hashable, Sendable, Codable, CaseIterable {
    case topLeft, topRight, bottomRight, bottomLeft, top, right, bottom, left

    /// The handle's centre on a rectangle (view coordinates, y down).
    public func position(on r: Rect) -> Point {
        switch self {
        case .topLeft: return Point(x: r.minX, y: r.minY)
        case .top: return Point(x: r.midX, y: r.minY)
        case .topRight: return Point(x: r.maxX, y: r.minY)
        case .right: return Point(x: r.maxX, y: r.midY)
        case .bottomRight: return Point(x: r.maxX, y: r.maxY)
        case .bottom: return Point(x: r.midX, y: r.maxY)
        case .bottomLeft: return Point(x: r.minX, y: r.maxY)
        case .left: return Point(x: r.minX, y: r.midY)
        }
    }

    public var direction: ResizeDirection {
        switch self {
        case .topLeft: return .northWest
        case .top: return .north
        case .topRight: return .northEast
        case .right: return .east
        case .bottomRight: return .southEast
        case .bottom: return .south
        case .bottomLeft: return .southWest
        case .left: return .west
        }
    }

    public var pointerShape: PointerShape { .resize(direction) }

    private var movesLeft: Bool { self == .topLeft || self == .left || self == .bottomLeft }
    private var movesRight: Bool { self == .topRight || self == .right || self == .bottomRight }
    private var movesTop: Bool { self == .topLeft || self == .top || self == .topRight }
    private var movesBottom: Bool { self == .bottomLeft || self == .bottom || self == .bottomRight }

    /// The rectangle with this handle dragged by `delta`; the opposite edges stay put and the
    /// result is never smaller than `minimum` (the dragged edge stops instead of crossing over).
    public func resize(_ r: Rect, by delta: Vector, minimum: Size) -> Rect {
        var minX = r.minX, maxX = r.maxX, minY = r.minY, maxY = r.maxY
        if movesLeft { minX = min(r.minX + delta.dx, r.maxX - minimum.width) }
        if movesRight { maxX = max(r.maxX + delta.dx, r.minX + minimum.width) }
        if movesTop { minY = min(r.minY + delta.dy, r.maxY - minimum.height) }
        if movesBottom { maxY = max(r.maxY + delta.dy, r.minY + minimum.height) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
