// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The built-in layouts answer the view's questions from their settings, and search their
/// spread prefix sums where the protocol's defaults would test every spread.
extension DocumentLayout {
    public var scrollDirection: ScrollDirection { settings.direction }
    public var readsRightToLeft: Bool { settings.rightToLeft }
    public var margin: Double { settings.margin }

    /// The spreads whose frames meet `canvasRect`, ascending; O(log n + k).
    public func visibleSpreads(in canvasRect: Rect, zoom: Double) -> [Int] {
        guard spreadCount > 0, !canvasRect.isEmpty else { return [] }
        let (lower, upper) = alongBounds(of: canvasRect, zoom: zoom)
        var spread = max(0, firstSpread(endingAfter: lower, zoom: zoom) - 1)
        var result: [Int] = []
        while spread < spreadCount, alongStart(ofSpread: spread, zoom: zoom) < upper + 1 {
            if spreadFrame(spread, zoom: zoom).intersects(canvasRect) { result.append(spread) }
            spread += 1
        }
        return result
    }

    /// A canvas rectangle's extent along the scroll axis, in reading order.
    func alongBounds(of canvasRect: Rect, zoom: Double) -> (lower: Double, upper: Double) {
        if isVertical { return (canvasRect.minY, canvasRect.maxY) }
        if isMirrored {
            let length = alongLength(zoom: zoom)
            return (length - canvasRect.maxX, length - canvasRect.minX)
        }
        return (canvasRect.minX, canvasRect.maxX)
    }

    /// Fits the widest and tallest spreads (or the page's own spread) exactly: gaps and margins
    /// stay in view pixels while pages scale.
    public func zoom(fitting fit: ZoomFit, viewSize: Size, page: PageIndex?) -> Double {
        let margin = settings.margin, gap = settings.pageGap
        let spreads: [Int] = page.map { [spreadIndex(forPage: $0)] } ?? widestAndTallestSpreads
        var best: Double?
        for s in spreads {
            let extent = spreadPointExtent(s)
            let gaps = Double(max(0, extent.pages - 1))
            let byWidth = extent.width > 0 ? (viewSize.width - 2 * margin - gap * gaps) / extent.width : Double.infinity
            var zoom = byWidth
            if fit == .page {
                let byHeight = extent.height > 0 ? (viewSize.height - 2 * margin) / extent.height : Double.infinity
                zoom = min(byWidth, byHeight)
            }
            if zoom.isFinite { best = min(best ?? zoom, zoom) }
        }
        return best.map(Viewport.clampedZoom) ?? 1
    }
}
