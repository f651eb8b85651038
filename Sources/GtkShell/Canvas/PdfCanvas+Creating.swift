// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentSession
import FoundationEssentials
import Geometry
import InteractionEngine

/// The canvas as the place where creation tools' results become annotations: a stroke, a shape
/// or a note is one edit, drawn live above the page while it is being made.
extension PdfCanvas {
    func style(for tool: ToolID) -> AnnotationStyle { composer.style(for: tool) }

    /// A new id, /NM, author (``AuthorName``), date and UUID for an annotation made or changed now.
    nonisolated static func creationStamp(page: PageIndex) -> CreationStamp {
        let random = (0..<4).map { _ in String(UInt16.random(in: 0...UInt16.max), radix: 16) }.joined()
        return CreationStamp(id: "p\(page.rawValue)-n\(random)", author: AuthorName.current,
                             date: PDFDate.string(secondsSince1970: Int64(time(nil))), uuid: UUID().uuidString.lowercased())
    }

    /// Commits an edit the composer made; returns whether the document took it.
    @discardableResult
    func commit(_ record: EditRecord?) -> Bool {
        gtk_widget_queue_draw(area)
        guard let record, let editing else { return false }
        return editing.commit(record)
    }

    /// Markup over the selected text (the user selected, then chose Highlight …): the engine
    /// hands it back as a `markText` command. Returns whether there was a selection to mark.
    @discardableResult
    func markSelectedText(_ kind: AnnotationKind) -> Bool {
        guard textSelection != nil else { return false }
        interaction.markTextSelection(kind)
        return true
    }

    func addMarkup(_ kind: AnnotationKind, on page: PageIndex, from: Int, to: Int) {
        session.addMarkup(kind, spans: [(page, from, to)])
    }

    /// The selection's span on each of its pages whose text is known, in reading order.
    func spans(of selection: TextSelection) -> [(page: PageIndex, from: Int, to: Int)] { session.spans(of: selection) }

    /// A free-text box, typed in place: the annotation is made when the text is kept.
    func addFreeText(on page: PageIndex, in rect: Rect) {
        textBox.start(id: nil, page: page, rect: rect.quantized, style: composer.freeTextStyle, text: "")
    }

    /// A stamp with the name picked in the toolbar (or the picture chosen), in the tool's colour.
    func addStamp(on page: PageIndex, in rect: Rect) {
        guard let editing, page.rawValue < pageCount else { return }
        let size = content.exactPageInfo[page]?.mediaSize ?? pageSizes[page.rawValue]
        commit(composer.stamp(on: page, in: rect, pageSize: size, in: editing.editor))
    }

    /// Changes the selected annotations' properties as one undoable edit named `name` (locked
    /// ones stay as they are); the app draws their appearances from then on.
    func changeSelectedAnnotation(named name: String, _ change: (inout Annotation) -> Void) {
        commit(composer.changingProperties(of: selectedAnnotationValues(), named: name, change))
    }

    /// The primary selected annotation, whose properties the style row shows.
    func selectedAnnotationValue() -> Annotation? {
        guard let id = interaction.selectedAnnotation else { return nil }
        return editing?.editor.annotation(id.rawValue)
    }

    /// Every selected annotation, for the clipboard and property changes.
    func selectedAnnotationValues() -> [Annotation] {
        interaction.selectedAnnotations.compactMap { editing?.editor.annotation($0.rawValue) }
    }

    /// Pastes copies of `originals` on the page in view as one undoable edit (see
    /// ``EditComposer/pasting(_:onto:pageSize:in:)``). The copies end up selected.
    @discardableResult
    func paste(_ originals: [Annotation]) -> Bool {
        guard let editing, let page = currentPage, page.rawValue < pageCount else { return false }
        let size = content.exactPageInfo[page]?.mediaSize ?? pageSizes[page.rawValue]
        guard let record = composer.pasting(originals, onto: page, pageSize: size, in: editing.editor), commit(record) else { return false }
        // The copies are selected at once (their targets are known before the page is drawn again).
        refreshTargets(on: page)
        interaction.deselectAnnotation()
        interaction.select(record.edit.annotationIDs.map { AnnotationID($0) })
        return true
    }

    func addNote(on page: PageIndex, at point: Point) {
        guard let editing else { return }
        let made = composer.note(on: page, at: point, in: editing.editor)
        if commit(made.record) { onEditNote?(made.note) }
    }

    /// Sets a note's or a text box's text as one undoable edit; an empty text clears it.
    func setNoteText(_ text: String, of id: String) {
        commit(editing.flatMap { composer.settingText(text, of: id, in: $0.editor) })
    }

    /// Places `signature` (its picture, for one made from a picture) centred in `rect` of `page`
    /// (PDF space), as the Sign tool would at a click there; whether it was placed.
    func place(_ signature: HandwrittenSignature, picture: StampImage?, on page: PageIndex, in rect: Rect) -> Bool {
        guard let editor = editing?.editor else { return false }
        let kept = (composer.stampSignature, composer.stampPicture)
        composer.stampSignature = signature
        composer.stampPicture = picture
        defer { (composer.stampSignature, composer.stampPicture) = kept }
        let size = reader.pageSource?.displaySizes[safe: page.rawValue] ?? Size(width: 612, height: 792)
        return commit(composer.stamp(on: page, in: rect, pageSize: size, in: editor))
    }
}
