// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Keeping the view on the content, scrolling, and finding or showing a page.
extension Viewport {
    /// The viewport with its offset kept on the content: within `0...(content - size)` on each
    /// axis, or centring the content where it is smaller than the view (a negative offset).
    public func clamped(to layout: some DocumentViewLayout) -> Viewport {
        let content = layout.contentSize(zoom: zoom)
        func clamp(_ offset: Double, content: Double, view: Double) -> Double {
            if content <= view { return (content - view) / 2 }
            return min(max(offset, 0), content - view)
        }
        var result = self
        result.offset = Point(x: clamp(offset.x, content: content.width, view: size.width),
                              y: clamp(offset.y, content: content.height, view: size.height))
        return result
    }

    /// The viewport moved by `delta` canvas pixels, then clamped.
    public func scrolled(by delta: Vector, in layout: some DocumentViewLayout) -> Viewport {
        var result = self
        result.offset = offset + delta
        return result.clamped(to: layout)
    }

    /// The page the reader is on: among the pages crossed by the line through the view's centre
    /// across the scroll axis (a horizontal line in a vertical layout), the one with the most
    /// visible area; failing that the most visible page; failing that the page nearest the
    /// view's centre. Ties go to the lower page. `nil` only with no pages.
    public func currentPage(in layout: some DocumentViewLayout) -> PageIndex? {
        let visible = visibleRect
        let centre = visible.center
        var onLine: (page: PageIndex, area: Double)?
        var anywhere: (page: PageIndex, area: Double)?
        for page in layout.visiblePages(in: visible, zoom: zoom) {
            let frame = layout.pageFrame(page, zoom: zoom)
            guard let overlap = frame.intersection(visible) else { continue }
            let area = overlap.width * overlap.height
            let crossesLine = (layout.scrollDirection == .vertical)
                ? frame.minY <= centre.y && centre.y < frame.maxY
                : frame.minX <= centre.x && centre.x < frame.maxX
            if crossesLine, area > onLine?.area ?? -1 { onLine = (page, area) }
            if area > anywhere?.area ?? -1 { anywhere = (page, area) }
        }
        return onLine?.page ?? anywhere?.page ?? layout.nearestPage(to: centre, zoom: zoom)
    }

    /// The viewport scrolled along the scroll axis so that `page`'s leading edge sits one margin
    /// from the view's leading edge (its top in a vertical layout), then clamped. The cross-axis
    /// offset is kept.
    ///
    /// - Precondition: `page` is a page of the layout.
    public func showing(page: PageIndex, in layout: some DocumentViewLayout) -> Viewport {
        let frame = layout.pageFrame(page, zoom: zoom)
        let margin = layout.margin
        var result = self
        if (layout.scrollDirection == .vertical) {
            result.offset.y = frame.minY - margin
        } else if layout.isMirrored {
            result.offset.x = frame.maxX + margin - size.width
        } else {
            result.offset.x = frame.minX - margin
        }
        return result.clamped(to: layout)
    }

    /// The scroll position as a fractional spread index (see
    /// ``DocumentLayout/continuousSpreadIndex(forContentOffset:zoom:)``), measured from the view's
    /// leading corner.
    public func continuousSpreadIndex(in layout: some DocumentViewLayout) -> Double {
        layout.continuousSpreadIndex(forContentOffset: leadingCorner(in: layout), zoom: zoom)
    }

    /// The viewport scrolled along the scroll axis to a fractional spread index, then clamped;
    /// use it to keep the reader's place when the layout is rebuilt.
    public func scrolled(toContinuousSpreadIndex index: Double, in layout: some DocumentViewLayout) -> Viewport {
        let corner = layout.contentOffset(forContinuousSpreadIndex: index, zoom: zoom)
        var result = self
        if (layout.scrollDirection == .vertical) {
            result.offset.y = corner.y
        } else {
            result.offset.x = layout.isMirrored ? corner.x - size.width : corner.x
        }
        return result.clamped(to: layout)
    }

    /// The view's corner where reading starts: top-left, or top-right in a right-to-left
    /// horizontal layout.
    func leadingCorner(in layout: some DocumentViewLayout) -> Point {
        layout.isMirrored ? Point(x: offset.x + size.width, y: offset.y) : offset
    }
}
