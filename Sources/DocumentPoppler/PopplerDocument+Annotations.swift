// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One page's annotations as poppler listed them: the retained `PopplerAnnot` objects and their
/// Swift snapshots, index-aligned, so that an ``AnnotationInfo/id`` ("p3-a7") names a position
/// in `annots` for the document's lifetime.
///
/// Read-only: this document never changes an annotation. Edits go through ``DocumentEditor``,
/// and the edited bytes are shown by a new document from ``PopplerDocument/reloaded(from:)``,
/// which reads its own lists.
struct PageAnnotations {
    /// The `PopplerPage*` the annotations were listed from, kept so that the page they belong to
    /// outlives them.
    let page: GObjectRef?
    /// One `PopplerAnnot*` per entry of poppler's annotation mapping, in /Annots order.
    let annots: [GObjectRef]
    /// The snapshots handed out.
    let infos: [AnnotationInfo]

    /// No annotations (a page poppler could not load).
    static var empty: PageAnnotations { PageAnnotations(page: nil, annots: [], infos: []) }
}

extension PopplerDocument {
    /// The annotations the user can pick on a page: every annotation that is shown, except
    /// popups (a popup is the note window of its parent and moves with it).
    ///
    /// The list is read from poppler on the first call for a page and cached; later calls answer
    /// from the cache. This document only reads: annotations are changed through
    /// ``DocumentEditor`` (see <doc:Editing>), which gives the annotations it reads these same
    /// ids. Rectangles are in the page's PDF user space with the crop box's lower-left corner as
    /// the origin (points, y up, before /Rotate), the space of `PageSpace` (see
    /// ``AnnotationInfo``).
    /// Wraps `poppler_page_get_annot_mapping`, `poppler_annot_get_rectangle`,
    /// `poppler_annot_get_annot_type`, `poppler_annot_get_flags` and `poppler_annot_get_contents`.
    ///
    /// - Returns: The annotations in /Annots order (the last one is drawn on top), or an empty
    ///   array for a page index outside the document.
    /// - Note: Safe from any thread: it takes the lock that serialises rendering, so it may wait
    ///   for a page being drawn on the render thread.
    public func annotations(on page: PageIndex) -> [AnnotationInfo] {
        allAnnotations(on: page).filter(\.isListedForEditing)
    }

    /// Every annotation poppler lists on a page, including popups and hidden ones, in /Annots
    /// order. Same caching, coordinates and threading as ``annotations(on:)``.
    ///
    /// Popups that belong to a markup annotation are not listed by poppler itself (it reaches them
    /// through their parent), so the popups here are only the parentless ones.
    public func allAnnotations(on page: PageIndex) -> [AnnotationInfo] {
        guard (0..<pageCount).contains(page.rawValue) else { return [] }
        renderLock.lock()
        defer { renderLock.unlock() }
        return annotationsLocked(page: page.rawValue).infos
    }

    /// The snapshot of one annotation, or `nil` for an id this document never gave out.
    /// Same threading as ``annotations(on:)``.
    public func annotation(withID id: String) -> AnnotationInfo? {
        guard let (page, index) = Self.parseAnnotationID(id), (0..<pageCount).contains(page) else { return nil }
        renderLock.lock()
        defer { renderLock.unlock() }
        let entry = annotationsLocked(page: page)
        return entry.infos.indices.contains(index) ? entry.infos[index] : nil
    }

    /// The cached annotations of a page, read from poppler on first use.
    ///
    /// - Precondition: The caller holds `renderLock` and `page` is a page of this document.
    func annotationsLocked(page: Int) -> PageAnnotations {
        if let cached = annotationPages[page] { return cached }
        let loaded = Self.readAnnotations(document: document, page: page)
        annotationPages[page] = loaded
        return loaded
    }

    /// The id of the annotation at `index` in the annotation list of page `page`.
    static func annotationID(page: Int, index: Int) -> String { "p\(page)-a\(index)" }

    /// The page and list index an id names, or `nil` for a string not made by ``annotationID(page:index:)``.
    static func parseAnnotationID(_ id: String) -> (page: Int, index: Int)? {
        guard id.hasPrefix("p") else { return nil }
        let parts = id.dropFirst().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("a"),
            let page = Int(parts[0]), let index = Int(parts[1].dropFirst()),
            page >= 0, index >= 0,
            annotationID(page: page, index: index) == id
        else { return nil }
        return (page, index)
    }
}
