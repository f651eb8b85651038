// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// How a point on one page converts between the view, the page as shown and the page's PDF
/// user space, as the host's layout knows it at the moment of the question.
public struct PageSpaceMapping: Hashable, Sendable {
    public var page: PageIndex
    /// View (logical pixels) → page as shown (points, y down, after /Rotate).
    public var viewToPage: AffineTransform
    /// Page as shown → PDF user space (y up, before /Rotate).
    public var pageToPDF: AffineTransform

    public init(page: PageIndex, viewToPage: AffineTransform, pageToPDF: AffineTransform) {
        self.page = page; self.viewToPage = viewToPage; self.pageToPDF = pageToPDF
    }

    /// Converts `point` between spaces; `nil` if a space names another page or a transform is
    /// singular.
    public func convert(_ point: Point, from source: CoordinateSpace, to target: CoordinateSpace) -> Point? {
        guard let viewPoint = toView(point, from: source) else { return nil }
        switch target {
        case .view: return viewPoint
        case .page(let p):
            guard p == page else { return nil }
            return viewToPage.apply(to: viewPoint)
        case .pdf(let p):
            guard p == page else { return nil }
            return viewToPage.concatenating(pageToPDF).apply(to: viewPoint)
        }
    }

    private func toView(_ point: Point, from source: CoordinateSpace) -> Point? {
        switch source {
        case .view: return point
        case .page(let p):
            guard p == page, let inverse = viewToPage.inverted else { return nil }
            return inverse.apply(to: point)
        case .pdf(let p):
            guard p == page, let inverse = viewToPage.concatenating(pageToPDF).inverted else { return nil }
            return inverse.apply(to: point)
        }
    }
}

/// What a link annotation does when opened.
public enum LinkAction: Hashable, Sendable {
    case uri(String)
    case page(PageIndex)
    case other
}

/// A link found at a point.
public struct LinkHit: Hashable, Sendable {
    public var annotation: AnnotationTarget
    public var action: LinkAction
    public init(annotation: AnnotationTarget, action: LinkAction) {
        self.annotation = annotation; self.action = action
    }
}

/// Text (or an image) found at a point, enough for a text selection to start there.
public struct TextHit: Hashable, Sendable {
    public var page: PageIndex
    /// Index of the character under the point in the page's text, or `nil` for an image.
    public var characterIndex: Int?
    public var isImage: Bool { characterIndex == nil }
    public init(page: PageIndex, characterIndex: Int?) {
        self.page = page; self.characterIndex = characterIndex
    }
}

/// How interaction components find what is under a point, and what is currently selected.
///
/// Components decide *whether* an interaction may happen; this protocol is how they learn
/// *what* is there. The hit-test tree implements it in the shell; tests implement it with a
/// handful of rectangles. All points are view coordinates.
public protocol InteractionTargetProvider: AnyObject {
    /// The visible area, for edge-tap fast scrolling.
    var viewBounds: Rect { get }
    /// The topmost annotation (not a link) at `point`, with small targets enlarged to at least
    /// `minimumTargetSize` view pixels square.
    func annotation(at point: Point, minimumTargetSize: Double) -> AnnotationTarget?
    /// The topmost link at `point`, with the same enlargement.
    func link(at point: Point, minimumTargetSize: Double) -> LinkHit?
    /// Selectable text or an image at `point`.
    func text(at point: Point) -> TextHit?
    /// The rectangle (view coordinates) a smart zoom at `point` should fill the view with: a
    /// text column when zoomed out, the whole page to zoom back out; `nil` for no zoom.
    func smartZoomRect(at point: Point) -> Rect?
    /// The page under `point`.
    func pageMapping(at point: Point) -> PageSpaceMapping?
    /// A page's mapping, if the page is laid out.
    func pageMapping(for page: PageIndex) -> PageSpaceMapping?
    /// The annotations currently selected.
    var selectedAnnotations: [AnnotationTarget] { get }
    /// Whether text or an image is currently selected.
    var hasTextSelection: Bool { get }
    /// The pages shown, as one rectangle in view coordinates (a page turn is held by its
    /// outer edge); `nil` when unknown.
    var pagesBounds: Rect? { get }
}

extension InteractionTargetProvider {
    public func link(at point: Point, minimumTargetSize: Double) -> LinkHit? { nil }
    public func text(at point: Point) -> TextHit? { nil }
    public func smartZoomRect(at point: Point) -> Rect? { nil }
    public var hasTextSelection: Bool { false }
    public var pagesBounds: Rect? { nil }
}
