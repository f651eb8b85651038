// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// What the creation tools made, made into edits by the session and committed through the
/// ``EditingPort``: a stroke or a shape (drawn on over its page until the page is drawn again
/// with it), text markup over the characters a drag or a selection covered, and deletions.
/// Notes, text boxes and stamps need the host (a dialog, an editor in place, a picture) and go
/// to it as ``SessionEffect/toolCommand(_:)``.
extension DocumentSession {
    /// Applies a creation or deletion command; whether it was one.
    func create(_ command: ToolCommand) -> Bool {
        switch command {
        case .addInk(let page, let strokes):
            previews.ink = nil
            commitCreation(editing.flatMap { composer.ink(strokes, on: page, in: $0) }, held: .ink(page: page, strokes: strokes))
        case .addMarkerInk(let page, let stroke):
            previews.marker = nil
            commitCreation(editing.flatMap { composer.markerInk(stroke, on: page, in: $0) }, held: .marker(page: page, stroke: stroke))
        case .addShape(let kind, let page, let from, let to):
            previews.shape = nil
            // A box asked for (where a digital signature goes) is handed over, not made.
            if kind == .square, handsOverNextBox {
                handsOverNextBox = false
                emit([.boxDrawn(page, Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))), .redraw])
                return true
            }
            commitCreation(editing.flatMap { composer.shape(kind, on: page, from: from, to: to, in: $0) },
                           held: .shape(kind: kind, page: page, from: from, to: to))
        case .snapShape(let page, let stroke, let shape):
            previews.ink = nil
            snap(stroke, to: shape, on: page)
        case .markupPreview(let range):
            wantEditorForEdit()
            if let chars = characters(in: range) { previews.markup = TextSelection(page: chars.page, anchor: chars.from, focus: chars.to) }
        case .addTextMarkup(let kind, let range):
            previews.markup = nil
            if let chars = characters(in: range) { addMarkup(kind, spans: [(chars.page, chars.from, chars.to)]) }
        case .markText(let kind, let selection):
            addMarkup(kind, spans: spans(of: selection))
        case .markTextWithInk(let kind, let selection, let stroke):
            markTextWithInk(kind, selection, stroke: stroke)
        case .deleteAnnotations(let ids):
            delete(ids)
        case .beginTransform, .moveAnnotation, .moveAnnotations, .resizeAnnotation, .moveLineEnd, .rotateAnnotation, .moveVertex,
             .insertVertex, .removeVertex, .endTransform, .selectionBand, .lassoPreview, .lassoSelect, .inkPreview, .markerPreview,
             .shapePreview, .clearShapePreview, .clearMarkupPreview, .selectAnnotation, .deselectAnnotation, .addNote, .addFreeText,
             .addStamp, .focusFormField, .clearFormFocus, .eraseAlong, .eraseWhole, .endErase:
            // Previews, moves and the partial eraser (DocumentSession+Previews) and what needs the host.
            return false
        }
        emit(.redraw)
        return true
    }

    /// Deletes annotations (and their pop-ups) as one undoable step; what may not be deleted
    /// (locked, or of a kind the app cannot draw again) stays.
    public func delete(_ ids: [AnnotationID]) {
        guard let editing, let made = composer.deleting(ids, in: editing), editing.commit(made.record) else { return }
        for a in made.deleted { interaction.remove(a.annotationID) }
        emit(.redraw)
    }

    /// Markup of one kind over character spans on one or more pages, one undoable edit.
    public func addMarkup(_ kind: AnnotationKind, spans: [(page: PageIndex, from: Int, to: Int)]) {
        guard let editing, let record = composer.markup(kind, spans: spans, text: content.textByPage,
                                                       coordinates: interaction.scene.coordinates, in: editing) else { return }
        _ = editing.commit(record)
        emit(.redraw)
    }

    /// The selection's span on each of its pages whose text is known, in reading order.
    public func spans(of selection: TextSelection) -> [(page: PageIndex, from: Int, to: Int)] {
        selection.pages.compactMap { page -> (page: PageIndex, from: Int, to: Int)? in
            guard let text = content.textByPage[page], let r = selection.range(on: page, characterCount: text.characters.count) else { return nil }
            return (page, r.lowerBound, r.upperBound)
        }
    }

    /// A stroke or shape becomes an annotation; it stays drawn over its page until the page is
    /// drawn again with it (the host lets it go when the page's tiles come back).
    private func commitCreation(_ record: EditRecord?, held: HeldCreation) {
        // Drawn while it waited for the editor: its preview is held already, until it is drawn.
        let waited = replayingWaitedEdits ? previews.held.firstIndex { !$0.shown && Self.same($0.preview, held) } : nil
        if waited == nil { previews.held.append((held, false)) }
        guard let record, let editing, editing.commit(record) else {
            if let waited { previews.held.remove(at: waited) } else { previews.held.removeLast() }
            return
        }
    }

    /// The characters a text range covers on its page (both ends on the page where it started).
    private func characters(in range: TextRange) -> (page: PageIndex, from: Int, to: Int)? {
        let page = range.start.page
        let coordinates = interaction.scene.coordinates
        guard let text = content.textByPage[page],
              let a = coordinates.convert(range.start.point, from: .pdf(page), to: .page(page)),
              let b = coordinates.convert(range.end.point, from: .pdf(range.end.page), to: .page(page)),
              let from = text.nearestCharacterIndex(to: a), let to = text.nearestCharacterIndex(to: b) else { return nil }
        return (page, from, to)
    }

    /// Return with a note, text box or stamp picked places one without a pointer: beside the
    /// end of the text selection when there is one in view, else in the middle of the view.
    /// `nil` when the key is not that (it goes on), else what placing it asks of the host.
    public func placeFromKeyboard(_ event: InputEvent) -> [SessionEffect]? {
        guard case .key("Return", true) = event.kind, event.modifiers.isEmpty, interaction.focusedFormField == nil,
              let tool = interaction.pickedTool, DocumentInteraction.placingTools.contains(tool) else { return nil }
        let size = view.viewport.size
        guard size.width > 0 else { return nil }
        updateSelectionEnds()
        let shown = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var point = Point(x: shown.midX, y: shown.midY)
        if let end = interaction.textSelectionEnds?.end, shown.insetBy(dx: 40, dy: 40).contains(end) {
            point = Point(x: end.x + 12, y: end.y - 16)
        }
        var placed = false
        let effects = gather { placed = interaction.placeFromKeyboard(at: point, time: event.time) }
        guard placed else {
            // What the engine did meanwhile (the tool picked again) still reaches the host.
            if !effects.isEmpty { deliver(effects) }
            return nil
        }
        return effects
    }
}
