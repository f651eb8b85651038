// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Answers the interaction components' questions ("which annotation is under this point?")
/// from the hit-test tree, so components and tools see the same document.
final class SceneTargetProvider: InteractionTargetProvider {
    let scene: DocumentScene
    var viewBounds: Rect = .zero
    var selected: () -> [AnnotationTarget] = { [] }
    /// The character under a point of a page's displayed space (points, top-left origin).
    var characterAt: ((PageIndex, Point) -> Int?)?
    var textSelected: () -> Bool = { false }  // set by DocumentInteraction
    /// The text column around a point of a page's displayed space (points, top-left origin).
    var columnAt: ((PageIndex, Point) -> Rect?)?
    /// The images a page draws (PDF space, drawing order).
    var imagesOn: ((PageIndex) -> [PageImage]?)?

    init(scene: DocumentScene) { self.scene = scene }

    var pagesBounds: Rect? {
        let frames = scene.coordinates.pages.compactMap {
            scene.coordinates.convert(Rect(origin: .zero, size: $0.displayedSize), from: .page($0.index), to: .view)
        }
        guard let first = frames.first else { return nil }
        return frames.dropFirst().reduce(first) { $0.union($1) }
    }

    func annotation(at point: Point, minimumTargetSize: Double) -> AnnotationTarget? {
        let source: InputSource = minimumTargetSize >= scene.targetPolicy.sizing(for: .touchscreen).minimumSize.width ? .touchscreen : .mouse
        guard let target = scene.hitTest(atView: point, source: source)?.annotation, target.kind != .link, target.kind != .popup
        else { return nil }
        return target
    }

    func link(at point: Point, minimumTargetSize: Double) -> LinkHit? {
        let source: InputSource = minimumTargetSize >= scene.targetPolicy.sizing(for: .touchscreen).minimumSize.width ? .touchscreen : .mouse
        guard let target = scene.hitTest(atView: point, source: source)?.annotation, target.kind == .link else { return nil }
        return LinkHit(annotation: target, action: .other)
    }

    /// The character under the point, else an image there (a hit with no character).
    func text(at point: Point) -> TextHit? {
        guard let page = scene.coordinates.page(atView: point) else { return nil }
        let pagePoint = page.viewToPage(scene.coordinates.view).apply(to: point)
        if let index = characterAt?(page.index, pagePoint) { return TextHit(page: page.index, characterIndex: index) }
        return image(at: point).map { TextHit(page: $0.page, characterIndex: nil) }
    }

    /// The topmost image (the last drawn) under a view point.
    func image(at point: Point) -> PageImage? {
        guard let imagesOn, let at = scene.coordinates.pagePoint(atView: point) else { return nil }
        return imagesOn(at.page)?.last { $0.rect.contains(at.point) }
    }

    var hasTextSelection: Bool { textSelected() }

    /// The column under the point when it is narrower than the view (zoom in to it), the whole
    /// page when the column already fills the view (zoom back out).
    func smartZoomRect(at point: Point) -> Rect? {
        guard let columnAt, let page = scene.coordinates.page(atView: point),
              let column = columnAt(page.index, page.viewToPage(scene.coordinates.view).apply(to: point)),
              let pageToView = page.viewToPage(scene.coordinates.view).inverted else { return nil }
        let inView = pageToView.apply(to: column)
        if inView.width >= viewBounds.width * 0.8 {
            return pageToView.apply(to: Rect(origin: .zero, size: page.displayedSize))
        }
        return inView
    }

    func pageMapping(at point: Point) -> PageSpaceMapping? {
        guard let page = scene.coordinates.page(atView: point) else { return nil }
        return mapping(page)
    }

    func pageMapping(for page: PageIndex) -> PageSpaceMapping? {
        scene.coordinates.page(page).map(mapping)
    }

    private func mapping(_ g: PageGeometry) -> PageSpaceMapping {
        PageSpaceMapping(page: g.index, viewToPage: g.viewToPage(scene.coordinates.view), pageToPDF: g.pageToPDF)
    }

    var selectedAnnotations: [AnnotationTarget] { selected() }
}
