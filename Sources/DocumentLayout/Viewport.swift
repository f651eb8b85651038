// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The visible window onto the canvas: the value the canvas widget stores and the interaction
/// engine changes.
///
/// Keeping scroll offset and zoom in a plain value, apart from the widget and from the
/// ``DocumentLayout``, lets zooming about a finger, clamping and "go to page" be tested without
/// GTK. Every operation returns a new viewport; none of them mutates the layout.
public struct Viewport: Hashable, Sendable {
    /// The view's size in view pixels.
    public var size: Size
    /// The canvas point shown at the view's top-left corner. It may be negative on an axis where
    /// the content is smaller than the view and is centred in it.
    public var offset: Point
    /// Canvas pixels per PDF point.
    public var zoom: Double

    /// The zooms a viewport accepts. Keeping rendered tiles to a sane pixel size at the top end
    /// is the renderer's job, not this range's.
    public static let zoomRange: ClosedRange<Double> = 0.05...16

    public init(size: Size, offset: Point = .zero, zoom: Double = 1) {
        self.size = size
        self.offset = offset
        self.zoom = zoom
    }

    /// The canvas rectangle the view shows.
    public var visibleRect: Rect { Rect(origin: offset, size: size) }

    /// A point in view coordinates (origin at the view's top-left) as a canvas point.
    public func viewToCanvas(_ p: Point) -> Point { Point(x: p.x + offset.x, y: p.y + offset.y) }

    /// A canvas point in view coordinates.
    public func canvasToView(_ p: Point) -> Point { Point(x: p.x - offset.x, y: p.y - offset.y) }

    /// A zoom limited to ``zoomRange``; non-finite zooms become 1.
    public static func clampedZoom(_ zoom: Double) -> Double {
        guard zoom.isFinite else { return 1 }
        return min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
    }
}
