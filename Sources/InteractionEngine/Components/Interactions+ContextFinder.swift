// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Builds each component's context from what the ``InteractionTargetProvider`` finds at a point.
final class ContextFinder {
    weak var interactions: Interactions?

    private func lookup(_ point: Point, _ space: CoordinateSpace)
        -> (targets: any InteractionTargetProvider, view: Point, size: Double, owner: Interactions)? {
        guard let owner = interactions, let targets = owner.targets,
              let view = owner.viewPoint(point, in: space) else { return nil }
        return (targets, view, owner.targetSize(), owner)
    }

    func annotation(_ point: Point, _ space: CoordinateSpace) -> AnnotationContext? {
        guard let l = lookup(point, space),
              let annotation = l.targets.annotation(at: l.view, minimumTargetSize: l.size),
              let mapping = l.targets.pageMapping(for: annotation.page) else { return nil }
        return AnnotationContext(annotation: annotation, mapping: mapping)
    }

    func selectedAnnotation(_ point: Point, _ space: CoordinateSpace) -> AnnotationContext? {
        guard let context = annotation(point, space), !context.annotation.isLocked,
              let targets = interactions?.targets,
              targets.selectedAnnotations.contains(where: { $0.id == context.annotation.id }) else { return nil }
        return context
    }

    func editableAnnotation(_ point: Point, _ space: CoordinateSpace) -> AnnotationContext? {
        guard let owner = interactions, let context = annotation(point, space),
              !context.annotation.isLocked else { return nil }
        let kind = context.annotation.kind
        if owner.settings.directlyEditableKinds.contains(kind) { return context }
        if owner.settings.editableWhenSelectedKinds.contains(kind),
           owner.targets?.selectedAnnotations.contains(where: { $0.id == context.annotation.id }) == true {
            return context
        }
        return nil
    }

    func link(_ point: Point, _ space: CoordinateSpace) -> LinkContext? {
        guard let l = lookup(point, space),
              let link = l.targets.link(at: l.view, minimumTargetSize: l.size),
              let mapping = l.targets.pageMapping(for: link.annotation.page) else { return nil }
        return LinkContext(link: link, mapping: mapping)
    }

    func deselection(_ point: Point, _ space: CoordinateSpace) -> DeselectionContext? {
        guard let selected = interactions?.targets?.selectedAnnotations, !selected.isEmpty else { return nil }
        return DeselectionContext(selectedAnnotations: selected)
    }

    func textDeselection(_ point: Point, _ space: CoordinateSpace) -> NoContext? {
        interactions?.targets?.hasTextSelection == true ? NoContext() : nil
    }

    func text(_ point: Point, _ space: CoordinateSpace) -> TextContext? {
        guard let l = lookup(point, space), let hit = l.targets.text(at: l.view) else { return nil }
        return TextContext(text: hit, mapping: l.targets.pageMapping(for: hit.page))
    }

    func smartZoom(_ point: Point, _ space: CoordinateSpace) -> SmartZoomContext? {
        guard let l = lookup(point, space) else { return nil }
        // A double tap on a free text or a note is for editing it (the first tap selects it,
        // the second asks to edit), not for zooming.
        if l.owner.selectAnnotation.isEnabled, l.owner.editAnnotation.isEnabled,
           let annotation = l.targets.annotation(at: l.view, minimumTargetSize: l.size), !annotation.isLocked,
           l.owner.settings.editableWhenSelectedKinds.contains(annotation.kind) { return nil }
        guard let rect = l.targets.smartZoomRect(at: l.view) else { return nil }
        return SmartZoomContext(targetRect: rect)
    }

    func fastScroll(_ point: Point, _ space: CoordinateSpace) -> FastScrollContext? {
        guard let l = lookup(point, space) else { return nil }
        let bounds = l.targets.viewBounds
        let settings = l.owner.settings
        let fraction = settings.turnsPagesByDragging
            ? max(settings.fastScrollEdgeFraction, settings.pageTurnEdgeFraction) : settings.fastScrollEdgeFraction
        let band = bounds.width * fraction
        // While pages turn by dragging, a sheet is held by its outer edge: the bands reach in
        // from the shown pages' outer edges too when those lie inside the view (a narrow spread
        // in a wide window).
        var left = bounds.minX, right = bounds.maxX
        if settings.turnsPagesByDragging, let pages = l.targets.pagesBounds?.intersection(bounds) {
            left = max(left, pages.minX)
            right = min(right, pages.maxX)
        }
        if l.view.x < left + band { return FastScrollContext(direction: .previousPage) }
        if l.view.x >= right - band { return FastScrollContext(direction: .nextPage) }
        return nil
    }

    /// The drawer's edge strip: the leftmost (with ``Interactions/Settings/drawerSide`` `.right`,
    /// the rightmost) ``Interactions/Settings/drawerEdgeWidth`` pixels of the view, while there
    /// is a drawer.
    func drawerEdge(_ point: Point, _ space: CoordinateSpace) -> DrawerContext? {
        guard let l = lookup(point, space) else { return nil }
        let settings = l.owner.settings
        let inset = settings.drawerSide.inset(ofViewX: l.view.x, in: l.targets.viewBounds)
        guard settings.drawerEdgeWidth > 0, settings.drawerWidth > 0, inset < settings.drawerEdgeWidth else { return nil }
        return DrawerContext(edgeWidth: settings.drawerEdgeWidth)
    }
}
