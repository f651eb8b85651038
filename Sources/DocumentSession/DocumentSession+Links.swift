// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// Links made, changed and taken away here: over selected text or a drawn box, to a page of the
/// document or an address; each one undoable step (the composer's ``EditComposer/linking(box:on:to:in:)``).
/// A link the app made or changed is followed from the model at once, before the document is
/// saved or its link list read again (``madeLinks(_:)``).
extension DocumentSession {
    /// The link under a view point: the topmost link target of the pages read so far.
    public func link(atView point: Point) -> AnnotationID? {
        let coordinates = interaction.scene.coordinates
        for (page, targets) in content.annotationsByPage {
            for target in targets.reversed() where target.kind == .link {
                if let rect = coordinates.viewRect(fromPDF: target.bounds, on: page), rect.contains(point) { return target.id }
            }
        }
        return nil
    }

    /// The editor's /Link behind a link target: the annotation itself when the app made or
    /// changed it, else the /Link of the same page whose /Rect is the listed link's area.
    public func linkAnnotation(for id: AnnotationID) -> Annotation? {
        guard let editing else { return nil }
        if let a = editing.annotation(id.rawValue), a.subtype == .link { return a }
        guard let listed = content.linksByPage.values.lazy.compactMap({ $0.first { $0.id == id.rawValue } }).first else { return nil }
        return editing.annotations(on: listed.page).last { $0.subtype == .link && Self.sameArea($0.rect, listed.rect) }
    }

    /// Where a link target leads, as the viewer follows it.
    public func linkTarget(of id: AnnotationID) -> LinkTarget? { content.linkTargets[id] }

    /// A link over `rect` (PDF space) of `page` to `destination`; whether the document took it.
    @discardableResult
    public func addLink(box rect: Rect, on page: PageIndex, to destination: LinkDestination) -> Bool {
        guard let editing, valid(destination), rect.width >= 1, rect.height >= 1 else { return false }
        return commit(composer.linking(box: rect, on: page, to: destination, in: editing))
    }

    /// Links over the selected text to `destination`, one per page; whether there was text to
    /// link and the document took it.
    @discardableResult
    public func linkSelectedText(to destination: LinkDestination) -> Bool {
        guard let editing, valid(destination), let selection = interaction.textSelection else { return false }
        let record = composer.linking(spans: spans(of: selection), text: content.textByPage, coordinates: interaction.scene.coordinates,
                                      to: destination, in: editing)
        guard commit(record) else { return false }
        interaction.setTextSelection(nil)
        return true
    }

    /// The link `id` (a listed link or one the app made) leads to `destination` from now on.
    @discardableResult
    public func relink(_ id: AnnotationID, to destination: LinkDestination) -> Bool {
        guard valid(destination), let link = linkAnnotation(for: id) else { return false }
        return commit(composer.relinking(link, to: destination))
    }

    /// Takes the link `id` away.
    @discardableResult
    public func unlink(_ id: AnnotationID) -> Bool {
        guard let editing, let link = linkAnnotation(for: id) else { return false }
        return commit(composer.unlinking(link, in: editing))
    }

    /// Whether a destination can be written: a page of the document, or an allowed address.
    func valid(_ destination: LinkDestination) -> Bool {
        switch destination {
        case .page(let page): return page.rawValue >= 0 && page.rawValue < view.pageCount
        case .uri(let uri): return LinkDestination.address(uri) == .uri(uri)
        }
    }

    /// The links of `annotations` the app made or changed, as link targets (their destinations
    /// noted for following), and the listed links they stand for left out of `listed`.
    func madeLinks(_ annotations: [Annotation], listed: [LinkInfo]) -> (targets: [AnnotationTarget], listed: [LinkInfo]) {
        let made = annotations.filter { $0.subtype == .link && $0.linkDestination != nil }
        guard !made.isEmpty else { return ([], listed) }
        for a in made { content.linkTargets[a.annotationID] = a.linkDestination?.target }
        let targets = made.map { AnnotationTarget(id: $0.annotationID, kind: .link, page: $0.page, bounds: $0.rect, isLocked: true) }
        return (targets, listed.filter { link in !made.contains { Self.sameArea($0.rect, link.rect) } })
    }

    /// Whether two areas are the same within a point (a listed link's area is poppler's reading
    /// of the /Rect the editor holds).
    static func sameArea(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1 && abs(a.minY - b.minY) < 1 && abs(a.maxX - b.maxX) < 1 && abs(a.maxY - b.maxY) < 1
    }
}
