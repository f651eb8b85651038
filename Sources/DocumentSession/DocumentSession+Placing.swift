// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// Edits the host asks for by name (a stamp or a note placed, a note's text kept, the selection's
/// properties changed, copies pasted, annotations flattened), made by the composer and
/// committed through the ``EditingPort`` as one undoable step each. Each answers whether the
/// document took it: `false` while no editor is open, or when the document refused it.
extension DocumentSession {
    /// Commits an edit the composer made and has the pages drawn again.
    @discardableResult
    public func commit(_ record: EditRecord?) -> Bool {
        emit(.redraw)
        guard let record, let editing else { return false }
        return editing.commit(record)
    }

    /// A page's size in points as the file gives it once read, else as laid out.
    public func mediaSize(of page: PageIndex) -> Size? {
        guard page.rawValue >= 0, page.rawValue < view.pageCount else { return nil }
        return content.exactPageInfo[page]?.mediaSize ?? view.pageSizes[page.rawValue]
    }

    /// A stamp with the name (or picture, or kept signature) the composer holds, in `rect`.
    @discardableResult
    public func addStamp(on page: PageIndex, in rect: Rect) -> Bool {
        guard let editing, let size = mediaSize(of: page) else { return false }
        return commit(composer.stamp(on: page, in: rect, pageSize: size, in: editing))
    }

    /// A kept handwritten signature (its picture, for one made from a picture) placed centred
    /// in `rect`, as the Sign tool would at a click there.
    public func place(_ signature: HandwrittenSignature, picture: StampImage?, on page: PageIndex, in rect: Rect) -> Bool {
        let kept = (composer.stampSignature, composer.stampPicture)
        composer.stampSignature = signature
        composer.stampPicture = picture
        defer { (composer.stampSignature, composer.stampPicture) = kept }
        return addStamp(on: page, in: rect)
    }

    /// A note at `point`; the note made, for its text to be asked.
    public func addNote(on page: PageIndex, at point: Point) -> Annotation? {
        guard let editing else { return nil }
        let made = composer.note(on: page, at: point, in: editing)
        return commit(made.record) ? made.note : nil
    }

    /// A note's or a text box's text; an empty text clears it.
    @discardableResult
    public func setText(_ text: String, ofAnnotation id: String) -> Bool {
        commit(editing.flatMap { composer.settingText(text, of: id, in: $0) })
    }

    /// The primary selected annotation, whose properties the style row shows.
    public var selectedAnnotationValue: Annotation? {
        interaction.selectedAnnotation.flatMap { editing?.annotation($0.rawValue) }
    }

    /// Every selected annotation, for the clipboard and property changes.
    public var selectedAnnotationValues: [Annotation] {
        interaction.selectedAnnotations.compactMap { editing?.annotation($0.rawValue) }
    }

    /// Changes the selected annotations' properties as one edit named `name` (locked ones stay
    /// as they are); the app draws their appearances from then on.
    public func changeSelectedAnnotations(named name: String, _ change: (inout Annotation) -> Void) {
        commit(composer.changingProperties(of: selectedAnnotationValues, named: name, change))
    }

    /// Copies of `originals` on `page` (see ``EditComposer/pasting(_:onto:pageSize:in:)``); the
    /// copies' ids, or `nil` when nothing was pasted.
    public func paste(_ originals: [Annotation], onto page: PageIndex) -> [AnnotationID]? {
        guard let editing, let size = mediaSize(of: page),
              let record = composer.pasting(originals, onto: page, pageSize: size, in: editing), commit(record) else { return nil }
        return record.edit.annotationIDs.map { AnnotationID($0) }
    }

    /// Draws annotations into their pages' content ("Flatten"); links and form fields stay.
    @discardableResult
    public func flatten(_ ids: [AnnotationID]) -> Bool {
        guard let editing, let made = composer.flattening(ids, in: editing), commit(made.record) else { return false }
        for a in made.flattened { interaction.remove(a.annotationID) }
        return true
    }
}
