// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry

/// An editor in memory that applies edits as the real one does (``AnnotationModel``) and keeps
/// their history, so that undo is the edit's inverse applied.
final class ModelEditingPort: EditingPort {
    var model = AnnotationModel()
    var history = EditHistory()

    init(_ annotations: [Annotation], pages: Int) {
        for page in 0..<pages { model.load(annotations.filter { $0.page.rawValue == page }, on: PageIndex(page)) }
    }

    func annotations(on page: PageIndex) -> [Annotation] { model.annotations(on: page) }
    func annotation(_ id: String) -> Annotation? { model.annotation(id) }
    func popupID(of annotation: Annotation) -> String? { nil }
    func removal(of ids: [String]) -> [PlacedAnnotation] { model.removal(of: ids) }
    func formField(forWidget annotationID: String) -> (field: FormField, widget: FormWidget)? { nil }
    func formField(named name: String) -> FormField? { nil }
    func formTabStops() -> [FormStop] { [] }

    func commit(_ record: EditRecord) -> Bool {
        do { try model.apply(record.edit) } catch { return false }
        history.record(record)
        return true
    }

    /// The group moves the session asked for, each applied whole (as the protocol's default).
    var groupMoves: [GroupMove] = []

    func commitGroupMove(_ move: GroupMove) -> Bool {
        groupMoves.append(move)
        guard let record = move.record(in: self) else { return false }
        return commit(record)
    }

    func undo() throws {
        guard let record = history.popUndo() else { return }
        try model.apply(record.edit.inverse)
    }
}
