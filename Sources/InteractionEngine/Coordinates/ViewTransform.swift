// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// How the canvas (the whole laid-out document at the current zoom) sits behind the visible
/// view: the host's zoom factor and scroll offset, kept as one value so conversions never mix
/// a stale zoom with a fresh offset.
///
/// Canvas coordinates are logical pixels at the current zoom with the document's top-left at
/// the origin; view coordinates are the widget's logical pixels. `canvas = view + scrollOffset`.
public struct ViewTransform: Hashable, Sendable, Codable {
    /// Logical pixels per PDF point (1 shows a page at 72 dpi).
    public var zoom: Double
    /// The canvas point shown at the view's top-left corner.
    public var scrollOffset: Vector

    public init(zoom: Double = 1, scrollOffset: Vector = .zero) {
        self.zoom = zoom
        self.scrollOffset = scrollOffset
    }

    public static let identity = ViewTransform()

    public func canvasPoint(fromView point: Point) -> Point { point + scrollOffset }

    public func viewPoint(fromCanvas point: Point) -> Point { point - scrollOffset }

    public func canvasRect(fromView rect: Rect) -> Rect { rect.offsetBy(scrollOffset) }

    public func viewRect(fromCanvas rect: Rect) -> Rect { rect.offsetBy(scrollOffset * -1) }

    /// The map from view to canvas coordinates as an affine transform.
    public var viewToCanvas: AffineTransform { .translation(scrollOffset.dx, scrollOffset.dy) }
}
