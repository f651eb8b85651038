// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What the document view asks of a layout: where each spread sits, how pages group into
/// spreads, how a scroll position reads as a spread index, how far the view is inset, and
/// whether a viewport change makes anything stale.
///
/// The canvas knows nothing but this protocol, so any layout that answers it is shown, hit
/// tested, prefetched and navigated without a change to the canvas. ``DocumentLayout`` (the
/// built-in continuous layouts: single, double and book spreads, vertical or horizontal, left
/// to right or right to left) implements it; a custom layout (a grid, a fan) needs only the
/// requirements without a default and inherits the rest from `DocumentViewLayout+Defaults`.
///
/// Coordinates are canvas pixels with the origin at the content's top-left corner; zoom (canvas
/// pixels per PDF point) is a parameter of every geometric query, so zooming rebuilds nothing
/// unless ``invalidationContext(forViewportChange:to:)`` says it must.
public protocol DocumentViewLayout: Sendable {
    // MARK: Pages and spreads

    /// The number of pages laid out.
    var pageCount: Int { get }
    /// The number of spreads (sets of adjacent pages always shown together).
    var spreadCount: Int { get }
    /// The spread that shows a page.
    func spreadIndex(forPage page: PageIndex) -> Int
    /// The adjacent pages (raw indices, reading order) a spread shows.
    func pageRange(forSpread spread: Int) -> Range<Int>

    // MARK: Frames

    /// The size of the whole canvas at a zoom, margins included.
    func contentSize(zoom: Double) -> Size
    /// The canvas rectangle of a spread.
    func spreadFrame(_ spread: Int, zoom: Double) -> Rect
    /// The canvas rectangle of each page of a spread, in reading order.
    func pageFrames(inSpread spread: Int, zoom: Double) -> [(page: PageIndex, frame: Rect)]
    /// The canvas rectangle of a page. Default: looked up among its spread's frames.
    func pageFrame(_ page: PageIndex, zoom: Double) -> Rect
    /// The spreads whose frames meet a canvas rectangle, ascending. Default: every spread is
    /// tested (O(n); a layout for long documents answers faster).
    func visibleSpreads(in canvasRect: Rect, zoom: Double) -> [Int]
    /// The pages whose frames meet a canvas rectangle, ascending. Default: the pages of the
    /// visible spreads whose frames meet it.
    func visiblePages(in canvasRect: Rect, zoom: Double) -> [PageIndex]
    /// The page under a canvas point, if any. Default: from the spreads around the point.
    func page(at canvasPoint: Point, zoom: Double) -> PageIndex?
    /// The page whose frame is nearest a canvas point, `nil` only without pages. Default:
    /// every page is measured.
    func nearestPage(to canvasPoint: Point, zoom: Double) -> PageIndex?

    // MARK: Scroll position as a spread index

    /// The continuous spread index at a content offset (the view's leading corner): 2.5 is
    /// halfway from showing spread 2 to showing spread 3.
    func continuousSpreadIndex(forContentOffset offset: Point, zoom: Double) -> Double
    /// The content offset (the view's leading corner) at a continuous spread index; the
    /// inverse of ``continuousSpreadIndex(forContentOffset:zoom:)``.
    func contentOffset(forContinuousSpreadIndex index: Double, zoom: Double) -> Point

    // MARK: Reading direction

    /// The axis reading moves along (the next screenful, the leading edge of pages ahead).
    /// Default: vertical.
    var scrollDirection: ScrollDirection { get }
    /// Whether the document is read right to left (an edge tap on the left goes forward; a
    /// horizontal layout starts at the right). Default: `false`.
    var readsRightToLeft: Bool { get }
    /// The space kept between a page that is gone to and the view's leading edge. Default: 0.
    var margin: Double { get }

    // MARK: Configuration

    /// Whether each spread zooms on its own (turning shows the next one whole, as a photo
    /// viewer does) rather than the whole document zooming as one canvas (as a browser does).
    /// Default: `false`.
    var spreadBasedZooming: Bool { get }
    /// The least and greatest zoom the layout allows for a view of `viewSize` showing `page`
    /// (a layout for slides may refuse to shrink below a whole slide, a magnifier may keep its
    /// own range). The view session narrows it further for its own modes and applies it wherever
    /// the zoom changes. Default: ``Viewport/zoomRange``.
    func zoomLimits(viewSize: Size, page: PageIndex?) -> ClosedRange<Double>
    /// How far the view is inset from its widget's edges: the layout's own insets plus
    /// ``additionalFrameInsets``. Default: the additional insets alone.
    var frameInsets: EdgeInsets { get }
    /// Insets the layout's user adds to the layout's own (zero unless set).
    var additionalFrameInsets: EdgeInsets { get set }

    /// The zoom at which a spread (the one showing `page`, or with `nil` every spread) fits the
    /// view's width, or the whole spread fits the view. Default: solved from the frames at two
    /// zooms, which assumes frames grow linearly with the zoom.
    func zoom(fitting fit: ZoomFit, viewSize: Size, page: PageIndex?) -> Double

    // MARK: Invalidation

    /// What a change of the viewport (scroll, zoom, size) makes stale. Default: nothing.
    func invalidationContext(forViewportChange old: Viewport, to new: Viewport) -> LayoutInvalidationContext
    /// Redoes what a context says is stale, for the new viewport. Default: nothing to redo.
    mutating func invalidateLayout(with context: LayoutInvalidationContext, for viewport: Viewport)

    // MARK: Drawing ahead

    /// The pages to draw before they show, reading forward or back from the visible ones.
    /// Default: the spread after the last visible page or before the first.
    func pagesAhead(ofVisible visible: [PageIndex], forward: Bool) -> [PageIndex]
    /// Which edge of a page ahead shows first. Default: from the reading direction.
    func leadingEdge(forward: Bool) -> LeadingEdge
}

/// What a fitted zoom fits to the view.
public enum ZoomFit: Sendable {
    /// The spread's width fills the view's width.
    case width
    /// The whole spread is in view.
    case page
}

/// Which edge of a page ahead shows first: in a vertical layout its top when reading forward
/// (bottom when reading back); in a horizontal one the side facing the reader.
public enum LeadingEdge: Sendable { case top, bottom, left, right }
