// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// How fast and which way the view is moving, from where it was at the last few transitions:
/// what the tile planner draws ahead of, so that a wheel, a drag or a fling's momentum reaches
/// pages already drawn. One estimate for every way of scrolling (it reads the viewport's
/// offset, not the input), in view pixels per second at the current zoom; a zoom change or a
/// jump of more than two views starts it again, and a view still for ``restDelay`` is at rest.
public struct ViewTravel: Equatable, Sendable {
    /// Seconds of travel drawn ahead: a wheel at 30 clicks a second, or a fling, reaches what
    /// is drawn in this time before it shows.
    public static let horizon = 0.4
    /// The estimate spans the moves of this many seconds (and the place before them).
    public static let window = 0.15
    /// A view that has not moved for this long is at rest: nothing is drawn ahead any more.
    public static let restDelay = 0.3

    private struct Sample: Equatable, Sendable {
        var time: Double
        var offset: Point
    }

    private var samples: [Sample] = []
    private var zoom = 0.0

    public init() {}

    /// The view's velocity in view pixels per second (zero with fewer than two places known).
    public var velocity: Vector {
        guard let first = samples.first, let last = samples.last, last.time - first.time > 1e-3 else { return .zero }
        let dt = last.time - first.time
        return Vector(dx: (last.offset.x - first.offset.x) / dt, dy: (last.offset.y - first.offset.y) / dt)
    }

    /// When the view last moved (nil before it has).
    public var lastMove: Double? { samples.count > 1 ? samples.last?.time : nil }

    /// Notes where the view is at `time` (`offset` of a view of `size` at `zoom`).
    public mutating func note(offset: Point, zoom: Double, size: Size, at time: Double) {
        if zoom != self.zoom { samples = []; self.zoom = zoom }
        if let last = samples.last {
            if last.offset == offset { return }
            let jump = abs(offset.x - last.offset.x) > 2 * size.width || abs(offset.y - last.offset.y) > 2 * size.height
            if jump || time < last.time { samples = [] }
        }
        samples.append(Sample(time: time, offset: offset))
        // The moves of the window, and the place the view moved from before them.
        while samples.count > 2, samples[1].time < time - Self.window { samples.removeFirst() }
    }

    /// How far the view is expected to travel in the next ``horizon`` seconds, seen at `time`:
    /// zero once it has rested ``restDelay``.
    public func ahead(at time: Double) -> Vector {
        guard let last = lastMove, time - last <= Self.restDelay else { return .zero }
        return velocity * Self.horizon
    }
}
