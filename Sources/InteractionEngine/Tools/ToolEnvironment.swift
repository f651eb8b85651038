// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What a tool may ask about the document and the view: the hit-test tree, the coordinate
/// spaces, an annotation's current geometry and whether there is text under a point.
///
/// ``DocumentScene`` implements it; tests may use their own.
public protocol ToolEnvironment: AnyObject {
    var coordinates: DocumentCoordinates { get }
    var targetPolicy: HitTargetPolicy { get }
    func hitTest(atView point: Point, source: InputSource) -> HitTestResult?
    func annotation(_ id: AnnotationID) -> AnnotationTarget?
    func hasText(at point: PagePoint) -> Bool
    /// The annotations on the laid-out pages whose bounds meet a view rectangle, page by page
    /// in drawing order.
    func annotations(intersectingView rect: Rect) -> [AnnotationTarget]
    /// The straight line (PDF space of `page`) a stroke starting at a view point follows along
    /// the ruler, or `nil` (no ruler, or far from it).
    func rulerGuide(forStrokeAtView point: Point, on page: PageIndex) -> RulerGuide?
    /// The text of a page that a pen stroke may mark (the smart pen): `nil` while the smart pen
    /// is off or the page's text is not known (then strokes stay ink).
    func penMarkableText(on page: PageIndex) -> PageText?
}

extension DocumentScene: ToolEnvironment {}

extension ToolEnvironment {
    public func rulerGuide(forStrokeAtView point: Point, on page: PageIndex) -> RulerGuide? { nil }

    /// The annotation under a view point, if any.
    func annotation(atView point: Point, source: InputSource) -> AnnotationTarget? {
        hitTest(atView: point, source: source)?.annotation
    }

    /// The view point on the page under it, or on the nearest page when it lies between pages.
    func pagePoint(nearView point: Point) -> PagePoint? {
        guard let page = coordinates.page(atView: point) ?? coordinates.nearestPage(toView: point) else { return nil }
        return PagePoint(page: page.index, point: page.pdfPoint(fromCanvas: coordinates.view.canvasPoint(fromView: point)))
    }

    /// The view point in a given page's PDF space, whether or not it lies on that page.
    func pdfPoint(fromView point: Point, on page: PageIndex) -> Point? {
        coordinates.convert(point, from: .view, to: .pdf(page))
    }
}
