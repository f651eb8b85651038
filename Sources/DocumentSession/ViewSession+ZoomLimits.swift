// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry

/// The zooms the view allows now. The layout sets its own range
/// (``DocumentViewLayout/zoomLimits(viewSize:page:)``); one spread at a time narrows it so the
/// view never shrinks below a whole spread (there is nothing beside it to show, and the next
/// turn would jump back). Every way the zoom changes (a pinch, Ctrl+wheel, the zoom actions,
/// smart zoom, a place from the history or a bookmark) goes through ``limitedZoom(_:)``.
extension ViewSession {
    /// The least and greatest zoom, now.
    public var zoomLimits: ClosedRange<Double> {
        let page = currentPage
        let own = layout.zoomLimits(viewSize: viewport.size, page: page)
        guard pagesOneSpreadAtATime, hasSize, layout.pageCount > 0 else { return own }
        let scopePage = layout.spreadBasedZooming ? page ?? PageIndex(0) : nil
        let whole = Viewport.fitPageZoom(for: layout, viewSize: viewport.size, page: scopePage)
        return min(max(whole, own.lowerBound), own.upperBound)...own.upperBound
    }

    /// `zoom` within ``zoomLimits``.
    public func limitedZoom(_ zoom: Double) -> Double {
        let limits = zoomLimits
        return min(max(Viewport.clampedZoom(zoom), limits.lowerBound), limits.upperBound)
    }
}
