// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Geometry

/// The canvas and its layout: which layout, laid out again when the settings, the provider or
/// the insets change, and told when a viewport change may make its frames stale. The canvas
/// asks nothing of a layout but ``DocumentViewLayout``, so a custom one needs no change here.
extension PdfCanvas {
    /// Lays the pages out another way, keeping the reader on the same page and the same point
    /// of it (the continuous spread index, carried over through the page it falls on).
    public func setLayoutSettings(_ settings: LayoutSettings) {
        guard settings != layoutSettings else { return }
        layoutSettings = settings
        guard layout.pageCount > 0 else { return }
        let index = viewport.size.height > 0 ? viewport.continuousSpreadIndex(in: layout) : 0
        let spread = min(max(0, Int(index.rounded(.down))), layout.spreadCount - 1)
        let fraction = index - Double(spread)
        let page = PageIndex(layout.pageRange(forSpread: spread).lowerBound)
        layout = makeLayout()
        guard viewport.size.width > 0, viewport.size.height > 0 else { return }
        if zoomMode != .free { applyZoomMode() }
        viewport = viewport.scrolled(toContinuousSpreadIndex: Double(layout.spreadIndex(forPage: page)) + fraction, in: layout)
            .clamped(to: layout)
        viewChanged()
    }

    /// The layout for the open document's pages and the settings, with the canvas's choices
    /// (spread zooming, insets) applied and already fitted to the viewport.
    func makeLayout() -> any DocumentViewLayout {
        var made: any DocumentViewLayout
        if let layoutProvider {
            made = layoutProvider(pageSizes, layoutSettings)
        } else {
            var builtIn = DocumentLayout(pageSizes: pageSizes, settings: layoutSettings)
            builtIn.spreadBasedZooming = zoomsEachSpread
            made = builtIn
        }
        made.additionalFrameInsets = additionalFrameInsets
        made.invalidateLayout(with: .allFrames, for: viewport)
        laidOutViewport = viewport
        applyFrameInsets(made.frameInsets)
        return made
    }

    /// Lays the open document out again (a new provider, new insets), on the same page.
    func relayout(keeping place: Bool) {
        guard layout.pageCount > 0 else { layout = makeLayout(); return }
        let page = currentPage ?? PageIndex(0)
        layout = makeLayout()
        if zoomMode != .free { applyZoomMode() }
        if place { viewport = viewport.showing(page: page, in: layout) }
        viewport = viewport.clamped(to: layout)
        viewChanged()
    }

    /// Lets the layout redo what a viewport change made stale (nothing, for the built-in
    /// layouts); the canvas then refreshes what hangs on the frames (scene, tiles, scrollbars,
    /// all redone by ``viewChanged()``).
    func invalidateLayoutIfNeeded() {
        guard viewport != laidOutViewport else { return }
        let context = layout.invalidationContext(forViewportChange: laidOutViewport, to: viewport)
        laidOutViewport = viewport
        guard !context.isEmpty else { return }
        diagnostics.layoutInvalidations += 1
        layout.invalidateLayout(with: context, for: viewport)
        if context.invalidatesConfiguration { applyFrameInsets(layout.frameInsets) }
        if context.invalidatesFrames {
            // Tiles asked for at the old frames are not wanted any more.
            lastRequested = []
            viewport = viewport.clamped(to: layout)
            laidOutViewport = viewport
        }
    }

    /// Pulls the page area in from the canvas's edges (the scrollbars stay at the edges).
    func applyFrameInsets(_ insets: EdgeInsets) {
        gtk_widget_set_margin_top(overlay, Int32(insets.top.rounded()))
        gtk_widget_set_margin_start(overlay, Int32(insets.left.rounded()))
        gtk_widget_set_margin_bottom(overlay, Int32(insets.bottom.rounded()))
        gtk_widget_set_margin_end(overlay, Int32(insets.right.rounded()))
    }
}
