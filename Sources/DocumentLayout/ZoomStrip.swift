// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The zoom writing strip's geometry: a box on a page, shown magnified in a strip docked under
/// the page view, where writing lands on the page inside the box (GoodNotes' zoom window).
///
/// The box is in the page's space as displayed (points from its top-left, y down, after
/// /Rotate: ``PageSpace``'s *page* space). The strip is in its widget's logical pixels. The
/// box always has the strip's proportions, so one number, the ``magnification`` (strip pixels
/// per page point), ties them: a point `p` of the strip is `box.origin + p / magnification` on
/// the page. The strip has its own magnification, apart from the page view's zoom, kept within
/// ``magnificationLimits`` and never so small that the box outgrows its page.
///
/// Writing moves the box: a stroke that ends in the strip's last ``advanceZone`` moves the box
/// on along the line (``strokeEnded(rightmostStripX:)``), and the return control takes it to the
/// start of the next line (``returnToNextLine()``): down by the box's height, back to the left
/// margin where the line's writing started (where the box was last placed).
public struct ZoomStrip: Hashable, Sendable {
    /// The strip's own least and greatest magnification, strip pixels per page point.
    public static let magnificationLimits: ClosedRange<Double> = 1.5...16
    /// A new box magnifies this many times the page view's zoom.
    public static let defaultZoomFactor = 3.0
    /// The share of the strip's width, at its right end, where a stroke's end moves the box on.
    public static let advanceZone = 0.15
    /// After the box moved on, the end of the writing shows this share of the strip's width
    /// from its left end (the last words stay in sight).
    public static let advanceKeep = 0.15

    /// The page the box lies on.
    public private(set) var page: PageIndex
    /// The page's size as displayed (points, after /Rotate).
    public private(set) var pageSize: Size
    /// The strip's size, logical pixels.
    public private(set) var stripSize: Size
    /// Strip pixels per page point.
    public private(set) var magnification: Double
    /// The box's top-left on the page (page space).
    public private(set) var origin: Point
    /// Where the line being written starts on the page (page space x): where the box was last
    /// placed; a return comes back here.
    public private(set) var lineStart: Double

    /// A box on `page` at `origin` (moved into the page if it would stick out), magnifying
    /// `magnification` times into a strip of `stripSize`.
    public init(page: PageIndex, pageSize: Size, stripSize: Size, magnification: Double, origin: Point) {
        self.page = page
        self.pageSize = pageSize
        self.stripSize = stripSize
        self.magnification = Self.defaultZoomFactor
        self.origin = origin
        lineStart = origin.x
        self.magnification = clampedMagnification(magnification)
        self.origin = clampedOrigin(origin)
        lineStart = self.origin.x
    }

    /// The magnification of a new box for a page view at `zoom`: ``defaultZoomFactor`` times it,
    /// within ``magnificationLimits``.
    public static func defaultMagnification(forPageZoom zoom: Double) -> Double {
        min(max(zoom * defaultZoomFactor, magnificationLimits.lowerBound), magnificationLimits.upperBound)
    }

    /// The box on the page (page space).
    public var box: Rect {
        Rect(x: origin.x, y: origin.y, width: stripSize.width / magnification, height: stripSize.height / magnification)
    }

    /// A strip point (logical pixels) on the page (page space).
    public func pagePoint(fromStrip p: Point) -> Point {
        Point(x: origin.x + p.x / magnification, y: origin.y + p.y / magnification)
    }

    /// A page point (page space) in the strip (logical pixels).
    public func stripPoint(fromPage p: Point) -> Point {
        Point(x: (p.x - origin.x) * magnification, y: (p.y - origin.y) * magnification)
    }

    // MARK: Changes

    /// Places the box with its top-left at `origin` on `page` (of `pageSize`): the user moved
    /// it, so the line's writing starts here.
    public mutating func place(at origin: Point, on page: PageIndex? = nil, pageSize: Size? = nil) {
        if let page { self.page = page }
        if let pageSize { self.pageSize = pageSize }
        magnification = clampedMagnification(magnification)
        self.origin = clampedOrigin(origin)
        lineStart = self.origin.x
    }

    /// Sets the magnification (within the strip's own limits), the box's top-left staying put.
    public mutating func setMagnification(_ value: Double) {
        magnification = clampedMagnification(value)
        origin = clampedOrigin(origin)
    }

    /// Gives the box a width of `width` points (the user dragged its handle): the magnification
    /// follows, within its limits.
    public mutating func resizeBox(toWidth width: Double) {
        guard width > 0 else { return }
        setMagnification(stripSize.width / width)
    }

    /// The strip got another size: the magnification stays, the box follows the strip's shape.
    public mutating func resizeStrip(to size: Size) {
        guard size.width > 0, size.height > 0 else { return }
        stripSize = size
        magnification = clampedMagnification(magnification)
        origin = clampedOrigin(origin)
    }

    /// The page got another size (pages organised, writing room added).
    public mutating func resizePage(to size: Size) {
        pageSize = size
        magnification = clampedMagnification(magnification)
        origin = clampedOrigin(origin)
    }

    /// A stroke ended in the strip, its rightmost point at `rightmostStripX`: when that lies in
    /// the last ``advanceZone`` of the strip, the box moves on along the line so that it shows
    /// ``advanceKeep`` of the strip's width from the left (as far as the page goes). Returns
    /// whether it moved.
    @discardableResult
    public mutating func strokeEnded(rightmostStripX: Double) -> Bool {
        guard rightmostStripX >= stripSize.width * (1 - Self.advanceZone) else { return false }
        let before = origin
        origin = clampedOrigin(Point(x: origin.x + (rightmostStripX - stripSize.width * Self.advanceKeep) / magnification, y: origin.y))
        return origin != before
    }

    /// The return control: the box goes to the start of the next line, down by its height and
    /// back to ``lineStart`` (as far as the page goes). Returns whether it moved.
    @discardableResult
    public mutating func returnToNextLine() -> Bool {
        let before = origin
        origin = clampedOrigin(Point(x: lineStart, y: origin.y + box.height))
        return origin != before
    }

    // MARK: Handles

    /// Where the box's handles are, for a box shown at `rect` (view coordinates): the grip on
    /// the middle of its top edge that moves it, and the corner at its lower right whose drag
    /// sets its size (the magnification). `size` is a handle's side, larger for a finger.
    public static func handles(ofBoxAt rect: Rect, size: Double) -> (move: Rect, resize: Rect) {
        let move = Rect(x: rect.midX - size, y: rect.minY - size, width: 2 * size, height: size)
        let resize = Rect(x: rect.maxX - size / 2, y: rect.maxY - size / 2, width: size, height: size)
        return (move, resize)
    }

    // MARK: Limits

    private func clampedMagnification(_ value: Double) -> Double {
        // Never so small that the box is larger than its page.
        var least = Self.magnificationLimits.lowerBound
        if pageSize.width > 0, pageSize.height > 0 {
            least = max(least, stripSize.width / pageSize.width, stripSize.height / pageSize.height)
        }
        let most = max(least, Self.magnificationLimits.upperBound)
        return min(max(value, least), most)
    }

    private func clampedOrigin(_ p: Point) -> Point {
        let size = box.size
        let maxX = max(0, pageSize.width - size.width), maxY = max(0, pageSize.height - size.height)
        return Point(x: min(max(p.x, 0), maxX), y: min(max(p.y, 0), maxY))
    }
}
