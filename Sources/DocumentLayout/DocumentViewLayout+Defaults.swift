// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What a custom layout inherits: answers built from its spread frames alone. They test every
/// spread, which is right for a few hundred pages; ``DocumentLayout`` answers the searches in
/// O(log n) instead.
extension DocumentViewLayout {
    /// The pages a spread shows, as page indices in reading order.
    public func pages(inSpread spread: Int) -> [PageIndex] {
        pageRange(forSpread: spread).map(PageIndex.init)
    }

    public func pageFrame(_ page: PageIndex, zoom: Double) -> Rect {
        let frames = pageFrames(inSpread: spreadIndex(forPage: page), zoom: zoom)
        return frames.first { $0.page == page }?.frame ?? .zero
    }

    public func visibleSpreads(in canvasRect: Rect, zoom: Double) -> [Int] {
        guard !canvasRect.isEmpty else { return [] }
        return (0..<spreadCount).filter { spreadFrame($0, zoom: zoom).intersects(canvasRect) }
    }

    public func visiblePages(in canvasRect: Rect, zoom: Double) -> [PageIndex] {
        var pages: [PageIndex] = []
        for spread in visibleSpreads(in: canvasRect, zoom: zoom) {
            for (page, frame) in pageFrames(inSpread: spread, zoom: zoom) where frame.intersects(canvasRect) {
                pages.append(page)
            }
        }
        return pages.sorted()
    }

    public func page(at canvasPoint: Point, zoom: Double) -> PageIndex? {
        let probe = Rect(x: canvasPoint.x - 0.5, y: canvasPoint.y - 0.5, width: 1, height: 1)
        for spread in visibleSpreads(in: probe, zoom: zoom) {
            for (page, frame) in pageFrames(inSpread: spread, zoom: zoom) where frame.contains(canvasPoint) {
                return page
            }
        }
        return nil
    }

    public func nearestPage(to canvasPoint: Point, zoom: Double) -> PageIndex? {
        var best: (page: PageIndex, distance: Double)?
        for spread in 0..<spreadCount {
            for (page, frame) in pageFrames(inSpread: spread, zoom: zoom) {
                let distance = DocumentLayout.distance(from: canvasPoint, to: frame)
                if best == nil || distance < best!.distance { best = (page, distance) }
            }
        }
        return best?.page
    }

    public var scrollDirection: ScrollDirection { .vertical }
    public var readsRightToLeft: Bool { false }
    public var margin: Double { 0 }
    public var spreadBasedZooming: Bool { false }
    public func zoomLimits(viewSize: Size, page: PageIndex?) -> ClosedRange<Double> { Viewport.zoomRange }
    public var frameInsets: EdgeInsets { additionalFrameInsets }

    /// Whether the content is mirrored left to right: reading starts at its right edge.
    var isMirrored: Bool { scrollDirection == .horizontal && readsRightToLeft }

    public func zoom(fitting fit: ZoomFit, viewSize: Size, page: PageIndex?) -> Double {
        let spreads: any Sequence<Int> = page.map { [spreadIndex(forPage: $0)] } ?? Array(0..<spreadCount)
        var best: Double?
        for spread in spreads {
            // Frames are a + b·zoom on each axis: solve for the zoom that fills the view.
            let one = spreadFrame(spread, zoom: 1), two = spreadFrame(spread, zoom: 2)
            func solve(_ at1: Double, _ at2: Double, _ room: Double) -> Double? {
                let perZoom = at2 - at1, fixed = at1 - perZoom
                guard perZoom > 0 else { return nil }
                return (room - 2 * margin - fixed) / perZoom
            }
            let byWidth = solve(one.width, two.width, viewSize.width)
            let byHeight = fit == .page ? solve(one.height, two.height, viewSize.height) : nil
            guard let zoom = [byWidth, byHeight].compactMap({ $0 }).min() else { continue }
            best = min(best ?? zoom, zoom)
        }
        return best.map(Viewport.clampedZoom) ?? 1
    }

    public func invalidationContext(forViewportChange old: Viewport, to new: Viewport) -> LayoutInvalidationContext {
        .none
    }

    public mutating func invalidateLayout(with context: LayoutInvalidationContext, for viewport: Viewport) {}

    public func pagesAhead(ofVisible visible: [PageIndex], forward: Bool) -> [PageIndex] {
        guard let first = visible.min(), let last = visible.max(), spreadCount > 0 else { return [] }
        let spread = forward ? spreadIndex(forPage: last) + 1 : spreadIndex(forPage: first) - 1
        guard spread >= 0, spread < spreadCount else { return [] }
        return pages(inSpread: spread)
    }

    public func leadingEdge(forward: Bool) -> LeadingEdge {
        switch scrollDirection {
        case .vertical: return forward ? .top : .bottom
        case .horizontal:
            // Left to right, the next page comes in from the right: its left side shows first.
            return forward != readsRightToLeft ? .left : .right
        }
    }
}
