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
        session.renderQueue = tiles.queue
        session.onContentChanged = { [weak self] pages in self?.contentChanged(pages) }
        session.onPagesReshaped = { [weak self] document, pages, reordered in
            self?.pagesReshaped(document, pages, reordered: reordered)
            self?.onPagesReshaped?(document, pages, reordered)
        }
        // Every undoable step counts once for the state dump's `annotationEdits`.
        session.onCommitted = { [weak self] in self?.diagnostics.annotationEdits += 1 }
        for page in content.annotationsByPage.keys { refreshTargets(on: page) }
        // The edits made while it was being made are applied now, in order.
        apply(self.session.editorArrived())
    }

    /// Pages were turned (or organised): their sizes, geometry, text and links are the new
    /// version's; the layout is made again with the reader kept on the same page.
    func pagesReshaped(_ document: PageSource & TextSource & LinkSource, _ pages: Set<PageIndex>, reordered: Bool = false) {
        reader.read(document)
        if reordered {
            // Every page may show another one: nothing read or drawn of them holds.
            content = content.next()
            tiles.forgetTiles()
            interaction.deselectAnnotation()
        }
        for page in pages {
            content.exactPageInfo[page] = nil
            content.textByPage[page] = nil
            content.linksByPage[page] = nil
            content.annotationsByPage[page] = nil
            content.imagesByPage[page] = nil
        }
        interaction.setTextSelection(nil)
        interaction.setImageSelection(nil)
        changeView { $0.setPageSizes(document.displaySizes) }
    }

    /// After an edit, undo or redo reached the screen: re-render the pages and rebuild their
    /// targets; a selection whose annotation is gone ends.
    func contentChanged(_ pages: Set<PageIndex>) {
        creationsShown(on: pages)
        for page in pages {
            if content.annotationsByPage[page] != nil { refreshTargets(on: page) }
            invalidate(page: page)
            // A link made, changed or taken away: the page's link list is read again from the
            // version now shown (links the app made are followed from the model meanwhile).
            if let listed = content.linksByPage[page], !listed.isEmpty || editing?.annotations(on: page).contains(where: { $0.subtype == .link }) == true {
                reader.rereadLinks(of: page, on: tiles.queue) { [weak self] page in self?.refreshTargets(on: page) }
            }
        }
        startTicking()
        interaction.pruneSelection()
        onSelectionChanged?(session.selectedAnnotationValue)
        onContentChanged?(pages)
    }

    /// Applies a tool command the session hands on: a note, a text box or a stamp placed, and
    /// the form field's focus. (Previews, moves, strokes, shapes, markup and deletions are the
    /// session's.)
    @discardableResult
    func apply(_ command: ToolCommand) -> OutputHandling {
        // A note, text box or stamp placed before the editor is made waits for it.
        func waitsForEditor() -> Bool {
            guard editing == nil, let wait = whenEditorReady else { return false }
            wait { [weak self] in _ = self?.apply(command) }
            return true
        }
        switch command {
        case .addNote(let page, let point):
            if !waitsForEditor(), let note = session.addNote(on: page, at: point) { onEditNote?(note) }
        case .addFreeText(let page, let rect):
            if !waitsForEditor() { addFreeText(on: page, in: rect) }
        case .addStamp(let page, let rect, _):
            if !waitsForEditor() { session.addStamp(on: page, in: rect) }
        case .focusFormField(let id):
            forms.showFocus(id)
        case .clearFormFocus:
            forms.endFocus()
        case .beginTransform, .moveAnnotation, .moveAnnotations, .resizeAnnotation, .moveLineEnd, .rotateAnnotation, .moveVertex,
             .insertVertex, .removeVertex, .endTransform, .selectionBand, .lassoPreview, .lassoSelect, .inkPreview,
             .shapePreview, .clearShapePreview, .clearMarkupPreview, .selectAnnotation, .deselectAnnotation, .deleteAnnotations,
             .addInk, .addShape, .snapShape, .markupPreview, .markText, .addTextMarkup, .eraseAlong, .eraseWhole, .endErase, .markTextWithInk,
             .markerPreview, .addMarkerInk:
            return .translatedByEngine
        }
        return .applied
    }

    /// "Keep as Ink": the smart pen's last markup becomes the stroke as drawn (one undoable step).
    func keepAsInk() {
        keepAsInkNotice.hide()
        apply(session.perform(.keepAsInk))
        onViewChanged?()
    }
}
