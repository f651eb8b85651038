// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

extension EditComposer {
    /// A /Link over a box drawn on a page (PDF space) to `destination` ("Add Link"): no frame,
    /// no appearance, as links in documents have.
    public func linking(box rect: Rect, on page: PageIndex, to destination: LinkDestination,
                        in source: AnnotationSource) -> EditRecord {
        EditRecord("Add Link", .insert([PlacedAnnotation(Self.made(link(on: page, rect: rect.quantized, quads: nil, to: destination)),
                                                         at: source.annotations(on: page).count)]))
    }

    /// Links over selected text to `destination` ("Add Link"), one per page: /Rect the union of
    /// the lines' quadrilaterals, which it keeps as /QuadPoints (the ones the Highlight tool
    /// makes over the same text). `nil` when the spans hold no text.
    public func linking(spans: [(page: PageIndex, from: Int, to: Int)], text: [PageIndex: PageText], coordinates: DocumentCoordinates,
                        to destination: LinkDestination, in source: AnnotationSource) -> EditRecord? {
        guard let marked = markup(.highlight, spans: spans, text: text, coordinates: coordinates, in: source),
              case .insert(let placed) = marked.edit else { return nil }
        let links = placed.map { p -> PlacedAnnotation in
            var quads: [Point]?
            if case .quadPoints(let q) = p.annotation.geometry { quads = q }
            return PlacedAnnotation(Self.made(link(on: p.annotation.page, rect: p.annotation.rect, quads: quads, to: destination)), at: p.index)
        }
        return EditRecord("Add Link", .insert(links))
    }

    /// A link leading to `destination` instead ("Edit Link"); `nil` when it already does.
    public func relinking(_ link: Annotation, to destination: LinkDestination) -> EditRecord? {
        guard link.subtype == .link, link.linkDestination != destination else { return nil }
        var after = changed(link, date: stamp(link.page).date)
        after.linkDestination = destination
        return EditRecord("Edit Link", .replace(before: [link], after: [after]))
    }

    /// Taking a link away ("Delete Link"); `nil` for anything but a link.
    public func unlinking(_ link: Annotation, in source: AnnotationSource) -> EditRecord? {
        guard link.subtype == .link else { return nil }
        let removal = source.removal(of: [link.id])
        return removal.isEmpty ? nil : EditRecord("Delete Link", .remove(removal))
    }

    private func link(on page: PageIndex, rect: Rect, quads: [Point]?, to destination: LinkDestination) -> Annotation {
        let made = stamp(page)
        var a = Annotation(id: made.id, page: page, subtype: .link, rect: rect, modified: made.date, uniqueName: made.name,
                           flags: AnnotationFlags.print, geometry: quads.map(AnnotationGeometry.quadPoints) ?? .none, appearance: .absent)
        a.linkDestination = destination
        return a
    }
}
