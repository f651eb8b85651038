// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentSession
import Geometry
import InteractionEngine
import Rendering

/// The canvas as the place where annotation commands become edits: a drag or a resize is
/// previewed while it lasts and committed as one edit when it ends; Delete and nudges are one
/// edit each. The document itself changes only through the ``EditingSession``.
extension PdfCanvas {
    /// Adopts the document's editor: annotations shown so far are read again from it, and its
    /// changes redraw the pages they touch.
    func attach(_ session: EditingSession) {
        editing = session
        session.renderQueue = renderQueue
        session.onContentChanged = { [weak self] pages in self?.contentChanged(pages) }
        session.onPagesReshaped = { [weak self] document, pages, reordered in
            self?.pagesReshaped(document, pages, reordered: reordered)
            self?.onPagesReshaped?(document)
        }
        // Every undoable step counts once for the state dump's `annotationEdits`.
        session.onCommitted = { [weak self] in self?.diagnostics.annotationEdits += 1 }
        for page in content.annotationsByPage.keys { refreshTargets(on: page) }
    }

    /// Pages were turned (or organised): their sizes, geometry, text and links are the new
    /// version's; the layout is made again with the reader kept on the same page.
    func pagesReshaped(_ document: PageSource & TextSource & LinkSource, _ pages: Set<PageIndex>, reordered: Bool = false) {
        pageSource = document
        textSource = document
        linkSource = document
        if reordered {
            // Every page may show another one: nothing read or drawn of them holds.
            content = content.next()
            cache.removeAll()
            lastRequested = []
            interaction.deselectAnnotation()
        }
        for page in pages {
            content.exactPageInfo[page] = nil
            content.textByPage[page] = nil
            content.linksByPage[page] = nil
            content.annotationsByPage[page] = nil
        }
        interaction.setTextSelection(nil)
        changeView { $0.setPageSizes(document.displaySizes) }
    }

    /// After an edit, undo or redo reached the screen: re-render the pages and rebuild their
    /// targets; a selection whose annotation is gone ends.
    func contentChanged(_ pages: Set<PageIndex>) {
        creationsShown(on: pages)
        for page in pages {
            if content.annotationsByPage[page] != nil { refreshTargets(on: page) }
            invalidate(page: page)
        }
        startTicking()
        interaction.pruneSelection()
        onSelectionChanged?(selectedAnnotationValue())
        onContentChanged?(pages)
    }

    /// Applies an annotation command from a tool.
    @discardableResult
    func apply(_ command: ToolCommand) -> OutputHandling {
        switch command {
        case .beginTransform(let id):
            guard let a = editing?.editor.annotation(id.rawValue), a.isTransformable else { return .applied }
            previews.transforms[a.id] = (a, a)
        case .moveAnnotation(let id, let delta):
            guard let t = previews.transforms[id.rawValue] else { return .applied }
            preview(carried(t.current.moved(by: delta)))
        case .resizeAnnotation(let id, let rect):
            guard let t = previews.transforms[id.rawValue], rect.width > 0, rect.height > 0 else { return .applied }
            preview(t.current.resized(to: rect))
        case .moveLineEnd(let id, let index, let point):
            guard let t = previews.transforms[id.rawValue] else { return .applied }
            previews.lineEndDragged = true
            preview(t.current.withLineEnd(index, at: point))
        case .endTransform(let id, let cancelled):
            guard let t = previews.transforms.removeValue(forKey: id.rawValue) else { return .applied }
            if cancelled {
                previews.transforms[t.start.id] = t
                preview(t.start)
                previews.transforms[t.start.id] = nil
            } else if t.current != t.start {
                previews.endedTransforms.append(t)
            }
            if previews.transforms.isEmpty { commitEndedTransforms() }
            gtk_widget_queue_draw(area)
        case .deleteAnnotations(let ids):
            delete(ids)
        case .selectionBand(let rect):
            previews.band = rect
            gtk_widget_queue_draw(area)
        case .inkPreview(let page, let strokes):
            previews.ink = strokes.isEmpty ? nil : (page, strokes)
            gtk_widget_queue_draw(area)
        case .addInk(let page, let strokes):
            addInk(strokes, on: page)
        case .shapePreview(let kind, let page, let from, let to):
            previews.shape = (kind, page, from, to)
            gtk_widget_queue_draw(area)
        case .clearShapePreview:
            previews.shape = nil
            gtk_widget_queue_draw(area)
        case .addShape(let kind, let page, let from, let to):
            addShape(kind, on: page, from: from, to: to)
        case .addNote(let page, let point):
            addNote(on: page, at: point)
        case .markupPreview(let range):
            showMarkupPreview(range)
        case .clearMarkupPreview:
            previews.markup = nil
            gtk_widget_queue_draw(area)
        case .markText(let kind, let selection):
            addMarkup(kind, spans: spans(of: selection))
        case .addTextMarkup(let kind, let range):
            addMarkup(kind, over: range)
        case .addFreeText(let page, let rect):
            addFreeText(on: page, in: rect)
        case .addStamp(let page, let rect, _):
            addStamp(on: page, in: rect)
        case .selectAnnotation, .deselectAnnotation:
            gtk_widget_queue_draw(area)
        case .focusFormField(let id):
            showFormFocus(id)
        case .clearFormFocus:
            endFormFocus()
        }
        return .applied
    }

    /// Commits the moves and resizes of one gesture as one edit ("Move", "Resize", "Move Line
    /// End"); when the document refuses, everything goes back to where it was.
    private func commitEndedTransforms() {
        let ended = previews.endedTransforms
        previews.endedTransforms = []
        let lineEnd = previews.lineEndDragged
        previews.lineEndDragged = false
        guard let record = composer.transforms(ended, lineEndDragged: lineEnd), !commit(record) else { return }
        for t in ended {
            previews.transforms[t.start.id] = t
            preview(t.start)
            previews.transforms[t.start.id] = nil
        }
    }

    /// Deletes annotations (and their pop-ups) as one undoable step; what may not be deleted
    /// (locked, or of a kind the app cannot draw again) stays.
    func delete(_ ids: [AnnotationID]) {
        guard let editor = editing?.editor, let made = composer.deleting(ids, in: editor), commit(made.record) else { return }
        for a in made.deleted { interaction.remove(a.annotationID) }
    }

    /// Draws annotations into their pages' content as one undoable step ("Flatten"); links
    /// and form fields stay. Whether anything was flattened.
    @discardableResult
    func flatten(_ ids: [AnnotationID]) -> Bool {
        guard let editor = editing?.editor, let made = composer.flattening(ids, in: editor), commit(made.record) else { return false }
        for a in made.flattened { interaction.remove(a.annotationID) }
        return true
    }

    /// Shows `a` as its transform's current state: the engine's target follows (handles,
    /// hit-testing), and the page is drawn with the annotation lifted to its new place.
    func preview(_ a: Annotation) {
        guard var t = previews.transforms[a.id] else { return }
        t.current = a
        previews.transforms[a.id] = t
        moveTarget(of: a)
        // The pointer effects follow the annotation's new bounds on the next frame.
        startTicking()
        gtk_widget_queue_draw(area)
        onViewChanged?()
    }

    /// During a move or resize: the annotation's pixels from the current tiles, drawn at its
    /// new place, and its old place veiled, so the user sees what they drag before the page is
    /// rendered again.
    func drawTransformPreview(_ cr: OpaquePointer) {
        for t in previews.transforms.values { drawTransformPreview(t, cr) }
    }

    private func drawTransformPreview(_ t: (start: Annotation, current: Annotation), _ cr: OpaquePointer) {
        guard t.current != t.start,
              let old = interaction.scene.coordinates.viewRect(fromPDF: t.start.rect, on: t.start.page),
              let new = interaction.scene.coordinates.viewRect(fromPDF: t.current.rect, on: t.current.page),
              old.width > 0, old.height > 0 else { return }
        let page = t.start.page
        let frame = layout.pageFrame(page, zoom: viewport.zoom).offsetBy(Point.zero - viewport.offset)
        OverlayPainter.veil(old, cr: cr)
        pagePainter.paintPixels(of: page, pageFrame: frame, from: old, into: new, onPaper: false, cr: cr)
    }
}
