// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// What the engine hit-tests on a page: the page's links and the editor's annotations, with the
/// rules for which of them can be picked up.
extension DocumentSession {
    /// Rebuilds a page's hit-test targets from the editor's annotations and the page's links
    /// (`linksListed`: the document's link list gives its links, so its /Link annotations are
    /// not taken twice). An annotation waiting to be selected once shown is selected now.
    public func refreshTargets(on page: PageIndex, linksListed: Bool) -> [SessionEffect] {
        gather {
            let annotations = editing?.annotations(on: page) ?? []
            let links = content.linksByPage[page] ?? []
            // Link annotations come from the link list, which knows their destinations. They lie
            // below the others: a mark the user put over a link is what a press there reaches.
            let targets = links.map { AnnotationTarget(id: AnnotationID($0.id), kind: .link, page: $0.page, bounds: $0.rect, isLocked: true) }
                + annotations.filter { $0.info.isListedForEditing && (!linksListed || $0.subtype != .link) && !Self.plays($0, links: links) }.map(target)
            content.annotationsByPage[page] = targets
            syncScene()
            interaction.setAnnotations(targets, on: page)
            if let id = content.selectWhenShown, targets.contains(where: { $0.id == id }) {
                content.selectWhenShown = nil
                interaction.deselectAnnotation()
                interaction.select(id)
            }
        }
    }

    /// Whether `a` is a media annotation that the link list makes a player of (a press there
    /// plays it: it is not picked up as a mark). A /RichMedia annotation is `.richMedia` to the
    /// editor and `.unknown` to poppler-glib.
    static func plays(_ a: Annotation, links: [LinkInfo]) -> Bool {
        guard [.screen, .movie, .sound, .richMedia, .unknown].contains(a.subtype) else { return false }
        return links.contains { link in
            guard case .media = link.target else { return false }
            return abs(link.rect.minX - a.rect.minX) < 1 && abs(link.rect.minY - a.rect.minY) < 1
                && abs(link.rect.width - a.rect.width) < 1 && abs(link.rect.height - a.rect.height) < 1
        }
    }

    /// An annotation as a target. A field can be filled unless it is read-only (widgets never
    /// move or resize); an empty signature field takes a click too (it offers the ways to sign it).
    private func target(_ a: Annotation) -> AnnotationTarget {
        var target = SceneTargets.target(a)
        if a.subtype == .widget {
            let field = editing?.formField(forWidget: a.id)?.field
            let signable = field.map { $0.kind == .signature && $0.value == nil && !$0.isReadOnly } ?? false
            target.isLocked = a.info.isLocked || (field?.isFillable != true && !signable)
        }
        return target
    }

    /// The selected text in reading order, its pages joined by line breaks (pages whose text has
    /// not been read are left out).
    public var selectedText: String? {
        guard let s = interaction.textSelection else { return nil }
        let parts = spans(of: s).compactMap { span in content.textByPage[span.page]?.string(from: span.from, to: span.to) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n")
    }

    /// Ctrl+A: the text of the page in view; again, the whole document.
    public func selectAllText() {
        let pageCount = view.pageCount
        guard let page = view.currentPage, let text = content.textByPage[page], !text.isEmpty else { return }
        let pageSelection = TextSelection(page: page, anchor: 0, focus: text.characters.count - 1)
        if interaction.textSelection == pageSelection, pageCount > 1 {
            interaction.setTextSelection(TextSelection(page: PageIndex(0), anchor: 0, focusPage: PageIndex(pageCount - 1),
                                                       focus: TextSelection.endOfPage))
        } else {
            interaction.setTextSelection(pageSelection)
        }
    }
}
