// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One page's annotations as poppler listed them: the retained `PopplerAnnot` objects and their
/// Swift snapshots, index-aligned, so that an ``AnnotationInfo/id`` ("p3-a7") names a position
/// in `annots` for the document's lifetime.
struct PageAnnotations {
    /// The `PopplerPage*` the annotations were listed from, kept so that the page they belong to
    /// outlives them.
    let page: GObjectRef?
    /// One `PopplerAnnot*` per entry of poppler's annotation mapping, in /Annots order.
    let annots: [GObjectRef]
    /// The snapshots handed out, updated when an annotation changes.
    var infos: [AnnotationInfo]
    /// Positions removed from the page; ids of the others keep their meaning.
    var removed: Set<Int> = []

    /// No annotations (a page poppler could not load).
    static var empty: PageAnnotations { PageAnnotations(page: nil, annots: [], infos: []) }
}

extension PopplerDocument {
    /// The annotations the user can pick on a page: every annotation that is shown, except
    /// popups (a popup is the note window of its parent and moves with it).
    ///
    /// The list is read from poppler on the first call for a page and cached; later calls, and
    /// calls after ``setRectangle(_:forAnnotation:)``, answer from the cache. Rectangles are in
    /// the page's PDF user space with the crop box's lower-left corner as the origin (points,
    /// y up, before /Rotate), the space of `PageSpace` (see ``AnnotationInfo``).
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
        let entry = annotationsLocked(page: page.rawValue)
        return entry.removed.isEmpty ? entry.infos : entry.infos.enumerated().filter { !entry.removed.contains($0.offset) }.map(\.element)
    }

    /// Removes an annotation from its page (in memory, like every edit until a save). Locked
    /// and read-only annotations are refused. Wraps `poppler_page_remove_annot`.
    ///
    /// - Returns: Whether the annotation was there and is now gone. Its id is never reused.
    @discardableResult
    public func removeAnnotation(_ id: String) -> Bool {
        guard let (page, index) = Self.parseAnnotationID(id), (0..<pageCount).contains(page) else { return false }
        renderLock.lock()
        defer { renderLock.unlock() }
        var entry = annotationsLocked(page: page)
        guard entry.annots.indices.contains(index), !entry.removed.contains(index), !entry.infos[index].isLocked,
              let pageRef = entry.page else { return false }
        Self.remove(entry.annots[index], from: pageRef)
        entry.removed.insert(index)
        annotationPages[page] = entry
        annotationsChanged = true
        return true
    }

    /// The current snapshot of one annotation, or `nil` for an id this document never gave out.
    /// Same threading as ``annotations(on:)``.
    public func annotation(withID id: String) -> AnnotationInfo? {
        guard let (page, index) = Self.parseAnnotationID(id), (0..<pageCount).contains(page) else { return nil }
        renderLock.lock()
        defer { renderLock.unlock() }
        let entry = annotationsLocked(page: page)
        return entry.infos.indices.contains(index) && !entry.removed.contains(index) ? entry.infos[index] : nil
    }

    /// Moves or resizes an annotation: sets its /Rect in the in-memory document, so that the next
    /// render of the page draws it there, and updates the cached ``AnnotationInfo``.
    /// Wraps `poppler_annot_set_rectangle`.
    ///
    /// `rect` uses the convention of ``AnnotationInfo/rect`` (crop-box-relative PDF user space,
    /// unrotated). `poppler_annot_set_rectangle` itself expects a rectangle in the *rotated*
    /// page's frame on pages with /Rotate (while `poppler_annot_get_rectangle` returns it
    /// unrotated); this method turns `rect` into that frame first, so callers never see the
    /// asymmetry, and reads the stored rectangle back. The turn uses the page's exact /Rotate from
    /// ``pageInfo(_:)``, so the first call for a page may run its rotation probe.
    ///
    /// Only subtypes for which ``canSetRectangle(of:)`` is `true` are moved: poppler 22.12 drops
    /// the annotation's /AP when /Rect changes and draws its own appearance, which for other
    /// subtypes would leave the drawing behind or lose it. The locked flag is not enforced here;
    /// check ``AnnotationInfo/isLocked`` before offering the move.
    ///
    /// - Returns: `false` when `id` names no annotation of this document, its subtype cannot be
    ///   moved (see ``canSetRectangle(of:)``), or `rect` is not finite or has a negative size;
    ///   `true` once the rectangle is stored (also when it was already there). In the unexpected case that poppler stores a different rectangle, the cache
    ///   holds what poppler stored.
    /// - Note: Same threading as ``annotations(on:)``. The file on disk is unchanged; see
    ///   ``hasUnsavedChanges``.
    @discardableResult
    public func setRectangle(_ rect: Rect, forAnnotation id: String) -> Bool {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
            rect.width >= 0, rect.height >= 0,
            let (page, index) = Self.parseAnnotationID(id), (0..<pageCount).contains(page)
        else { return false }
        // The exact rotation, probed on first request for this page. Resolved before taking
        // `renderLock`: the probe takes only its own lock, so the two are never nested.
        let info = pageInfo(PageIndex(page))
        renderLock.lock()
        defer { renderLock.unlock() }
        var entry = annotationsLocked(page: page)
        guard entry.annots.indices.contains(index), Self.canSetRectangle(of: entry.infos[index].subtype) else { return false }
        if entry.infos[index].rect == rect { return true }
        let stored = Self.setRectangle(
            rect, of: entry.annots[index], pageRotation: info.rotation, cropSize: info.mediaSize)
        entry.infos[index].rect = stored
        annotationPages[page] = entry
        annotationsChanged = true
        return true
    }

    /// Whether ``setRectangle(_:forAnnotation:)`` moves annotations of this subtype, so that the
    /// shell can offer move and resize handles only where they work.
    ///
    /// Poppler-glib 22.12 drops an annotation's /AP when its /Rect changes and draws its own
    /// appearance on the next render (checked by rendering before and after a move):
    /// - moved and redrawn to fill the new rectangle: square, circle, sticky note (`text`), file
    ///   attachment, free text; a link's active area moves (links are not drawn);
    /// - refused, because their drawing comes from other keys that /Rect does not move (/L,
    ///   /Vertices, /InkList, /QuadPoints): line, polygon, polyline, ink, highlight, underline,
    ///   squiggly, strike-out;
    /// - refused, because poppler then draws something else or nothing: stamp (custom artwork is
    ///   replaced by the default stamp for its /Name), caret (vanishes), form widget (vanishes in
    ///   some files), and every other subtype.
    public static func canSetRectangle(of subtype: AnnotationSubtype) -> Bool {
        switch subtype {
        case .square, .circle, .text, .fileAttachment, .freeText, .link: return true
        default: return false
        }
    }

    /// Whether an annotation was changed (through ``setRectangle(_:forAnnotation:)``) since the
    /// document was opened. Saving is not implemented yet, so this never turns back to `false`.
    public var hasUnsavedChanges: Bool {
        renderLock.lock()
        defer { renderLock.unlock() }
        return annotationsChanged
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

    /// The rectangle to pass to `poppler_annot_set_rectangle` so that poppler stores `target`.
    ///
    /// On a page with /Rotate, poppler-glib 22.12 un-rotates the rectangle it is given with
    /// `_unrotate_rect_for_annot_and_page` (glib/poppler-page.cc); this is that function's inverse
    /// (`_page_rotate_xy` on the corners). For an annotation with the NoRotate flag poppler
    /// un-rotates only the top-left corner and keeps the width and height, so only that corner is
    /// turned here.
    ///
    /// - Parameters:
    ///   - target: The rectangle to store, crop-box-relative and unrotated.
    ///   - cropSize: The crop box size (`PageInfo.mediaSize`), which poppler's rotation uses.
    /// - Returns: Two corners `(x1, y1)` and `(x2, y2)`, relative to the crop box.
    static func rotatedFrameCorners(
        for target: Rect, rotation: PageRotation, cropSize: Size, noRotate: Bool
    ) -> (x1: Double, y1: Double, x2: Double, y2: Double) {
        let w = cropSize.width, h = cropSize.height
        func rotate(_ x: Double, _ y: Double) -> (Double, Double) {
            switch rotation {
            case .none: return (x, y)
            case .quarter: return (y, w - x)
            case .half: return (w - x, h - y)
            case .threeQuarters: return (h - y, x)
            }
        }
        if rotation == .none {
            return (target.minX, target.minY, target.maxX, target.maxY)
        }
        if noRotate {
            let (x, y) = rotate(target.minX, target.maxY)
            return (x, y, x + target.width, y - target.height)
        }
        let a = rotate(target.minX, target.minY), b = rotate(target.maxX, target.maxY)
        return (a.0, a.1, b.0, b.1)
    }
}
