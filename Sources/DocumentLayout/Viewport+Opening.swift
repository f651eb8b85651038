// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension Viewport {
    /// This viewport zoomed to `fit` — the widest spread across the view, or `page`'s whole
    /// spread in it — with `page` brought into view when fitting a page or while the view is at
    /// the start, then clamped to the content.
    public func fitted(_ fit: ZoomFit, in layout: some DocumentViewLayout, keeping page: PageIndex?) -> Viewport {
        // The widest spread decides the width, so a fit-width document never scrolls sideways.
        let zoom = fit == .width
            ? Viewport.fitWidthZoom(for: layout, viewSize: size, page: nil)
            : Viewport.fitPageZoom(for: layout, viewSize: size, page: page ?? PageIndex(0))
        var fitted = self
        fitted.zoom = Viewport.clampedZoom(zoom)
        if let page, fit == .page || offset == .zero { fitted = fitted.showing(page: page, in: layout) }
        return fitted.clamped(to: layout)
    }

    /// The view a document opens at when the view first has `size`: fitted (`fit`), else at
    /// `zoom`; then at `spreadIndex` (where the reader left it), else at the start. The canvas
    /// opens documents this way, and the start-up worker foretells their first frame with it.
    public static func opening(in layout: some DocumentViewLayout, size: Size, fit: ZoomFit?, zoom: Double,
                               at spreadIndex: Double?) -> Viewport {
        var viewport = Viewport(size: size, offset: .zero, zoom: fit == nil ? zoom : 1)
        if let fit { viewport = viewport.fitted(fit, in: layout, keeping: viewport.currentPage(in: layout)) }
        if let spreadIndex { viewport = viewport.scrolled(toContinuousSpreadIndex: spreadIndex, in: layout) }
        return viewport.clamped(to: layout)
    }
}
