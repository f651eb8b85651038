// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The view transform together with the geometry of the laid-out pages: everything needed to
/// move a point between the ``CoordinateSpace``s, so that a tool, a component's activation
/// condition and the shell all convert the same way.
///
/// Pages may be sparse (only the visible ones); a conversion involving an unknown page returns
/// `nil`.
public struct DocumentCoordinates: Hashable, Sendable {
    public var view: ViewTransform
    /// The pages in layout order.
    public private(set) var pages: [PageGeometry]
    private var positions: [PageIndex: Int]

    public init(view: ViewTransform = .identity, pages: [PageGeometry] = []) {
        self.view = view
        self.pages = pages
        self.positions = Dictionary(pages.enumerated().map { ($1.index, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The geometry of a page, if it is laid out.
    public func page(_ index: PageIndex) -> PageGeometry? {
        positions[index].map { pages[$0] }
    }

    /// The page under a view point, if any (the last laid-out page wins where frames overlap).
    public func page(atView point: Point) -> PageGeometry? {
        let canvas = view.canvasPoint(fromView: point)
        return pages.last { $0.frame.contains(canvas) }
    }

    /// The page whose frame is nearest to a view point (distance zero when inside), so that a
    /// drag that leaves a page still has a page to report positions on.
    public func nearestPage(toView point: Point) -> PageGeometry? {
        let c = view.canvasPoint(fromView: point)
        return pages.min { distanceSquared(c, $0.frame) < distanceSquared(c, $1.frame) }
    }

    /// The view point expressed on a page in PDF user space, or `nil` when the point is on no page.
    public func pagePoint(atView point: Point) -> PagePoint? {
        guard let page = page(atView: point) else { return nil }
        return PagePoint(page: page.index, point: page.pdfPoint(fromCanvas: view.canvasPoint(fromView: point)))
    }

    /// Converts a point between two coordinate spaces; `nil` when a page involved is not laid out.
    public func convert(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace) -> Point? {
        guard let canvas = canvasPoint(point, from: source) else { return nil }
        switch destination {
        case .view: return view.viewPoint(fromCanvas: canvas)
        case .page(let index): return page(index)?.pagePoint(fromCanvas: canvas)
        case .pdf(let index): return page(index)?.pdfPoint(fromCanvas: canvas)
        }
    }

    /// Converts a rectangle between two coordinate spaces (exact for the quarter-turn rotations).
    public func convert(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace) -> Rect? {
        guard let a = convert(rect.origin, from: source, to: destination),
              let b = convert(Point(x: rect.maxX, y: rect.maxY), from: source, to: destination)
        else { return nil }
        return Rect(corner: a, corner: b)
    }

    /// A PDF-space rectangle of a page in view coordinates.
    public func viewRect(fromPDF rect: Rect, on index: PageIndex) -> Rect? {
        convert(rect, from: .pdf(index), to: .view)
    }

    /// A view-space displacement as seen in a page's PDF user space (a drag of an annotation).
    public func pdfVector(fromView vector: Vector, on index: PageIndex) -> Vector? {
        page(index)?.pdfVector(fromCanvas: vector)
    }

    private func canvasPoint(_ point: Point, from space: CoordinateSpace) -> Point? {
        switch space {
        case .view: return view.canvasPoint(fromView: point)
        case .page(let index): return page(index)?.canvasPoint(fromPage: point)
        case .pdf(let index): return page(index)?.canvasPoint(fromPDF: point)
        }
    }

    private func distanceSquared(_ p: Point, _ r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return dx * dx + dy * dy
    }
}
