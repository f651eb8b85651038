// SPDX-License-Identifier: GPL-3.0-or-later

/// What a document session may ask of the document's editor: read its annotations and apply
/// an edit as one undoable step. The poppler editing session adopts it; tests hand the session
/// an in-memory one, so that no platform-free module calls the concrete editor.
public protocol EditingPort: AnyObject, AnnotationSource {
    /// Applies `record` as one undoable step; whether the document took it (it may refuse, or
    /// the window may hold it back to ask the user first).
    func commit(_ record: EditRecord) -> Bool
    /// The form field a widget annotation belongs to, and the widget (`nil`: not a widget).
    func formField(forWidget annotationID: String) -> (field: FormField, widget: FormWidget)?
    /// Applies `move` as one undoable step, as ``commit(_:)`` applies the edit it stands for
    /// (``GroupMove/record(in:)``); the editor may journal it at once and move the annotations
    /// later, a slice at a time. Whether the document took it.
    func commitGroupMove(_ move: GroupMove) -> Bool
    /// The field named `name` with its current value (`nil`: the form has no such field).
    func formField(named name: String) -> FormField?
    /// The widgets Tab visits, in the document's order (``FormTabOrder``); empty without a form.
    func formTabStops() -> [FormStop]
}

extension EditingPort {
    /// The whole edit at once.
    public func commitGroupMove(_ move: GroupMove) -> Bool {
        guard let record = move.record(in: self) else { return false }
        return commit(record)
    }
}
