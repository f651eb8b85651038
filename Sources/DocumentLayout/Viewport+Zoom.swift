// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Zooming about a focal point and the zooms that fit a page or spread to the view.
extension Viewport {
    /// The viewport at a new zoom, scrolled so that the document point under `viewPoint` stays
    /// under it, then clamped.
    ///
    /// Gaps and margins do not scale with the zoom, so the canvas does not simply scale about
    /// the focal point. Instead the point is anchored to the page under it (or the nearest page)
    /// by its fractional position in that page's frame, and that position is placed back under
    /// `viewPoint` after the zoom. Points outside every page extrapolate from the nearest one.
    ///
    /// - Parameters:
    ///   - newZoom: the zoom wanted; it is limited to ``zoomRange``.
    ///   - viewPoint: the focal point in view coordinates, such as the pinch centre or pointer.
    public func zoomed(to newZoom: Double, keeping viewPoint: Point, in layout: some DocumentViewLayout) -> Viewport {
        let zoomAfter = Self.clampedZoom(newZoom)
        var result = self
        result.zoom = zoomAfter
        let canvasPoint = viewToCanvas(viewPoint)
        guard zoom > 0, zoom.isFinite,
              let anchor = layout.page(at: canvasPoint, zoom: zoom) ?? layout.nearestPage(to: canvasPoint, zoom: zoom)
        else { return result.clamped(to: layout) }
        let before = layout.pageFrame(anchor, zoom: zoom)
        let after = layout.pageFrame(anchor, zoom: zoomAfter)
        // Scale the offset from the page's origin; the page scales exactly with the zoom.
        let ratio = zoomAfter / zoom
        let moved = Point(x: after.minX + (canvasPoint.x - before.minX) * ratio,
                          y: after.minY + (canvasPoint.y - before.minY) * ratio)
        result.offset = Point(x: moved.x - viewPoint.x, y: moved.y - viewPoint.y)
        return result.clamped(to: layout)
    }

    /// Smart zoom: the viewport zoomed so that `rect` (view coordinates, such as a text column)
    /// spans the view's width less `margin` on each side, the point `focus` keeping its height
    /// on screen and the rectangle's left edge landing at the margin; `nil` for an empty
    /// rectangle or a view too narrow for the margins.
    public func fitting(width rect: Rect, about focus: Point, margin: Double = 12, in layout: some DocumentViewLayout) -> Viewport? {
        guard rect.width > 0, size.width > 2 * margin else { return nil }
        let factor = (size.width - 2 * margin) / rect.width
        let zoomed = zoomed(to: zoom * factor, keeping: focus, in: layout)
        let applied = zoomed.zoom / zoom
        // Where the rectangle's left edge landed after zooming about the focus.
        let left = focus.x + (rect.minX - focus.x) * applied
        return zoomed.scrolled(by: Vector(dx: left - margin, dy: 0), in: layout)
    }

    /// The zoom at which a spread fills the view's width less the margins (and the gap between
    /// its pages), limited to ``zoomRange``.
    ///
    /// - Parameters:
    ///   - page: fit the spread showing this page; `nil` fits the widest spread of the document.
    /// - Returns: 1 when the document has no pages or no width.
    public static func fitWidthZoom(for layout: some DocumentViewLayout, viewSize: Size, page: PageIndex?) -> Double {
        layout.zoom(fitting: .width, viewSize: viewSize, page: page)
    }

    /// The zoom at which a whole spread fits in the view, margins included, limited to
    /// ``zoomRange``.
    ///
    /// - Parameters:
    ///   - page: fit the spread showing this page; `nil` fits every spread of the document.
    /// - Returns: 1 when the document has no pages or only empty ones.
    public static func fitPageZoom(for layout: some DocumentViewLayout, viewSize: Size, page: PageIndex?) -> Double {
        layout.zoom(fitting: .page, viewSize: viewSize, page: page)
    }
}
