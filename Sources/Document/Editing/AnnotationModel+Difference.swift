// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AnnotationModel {
    /// The edits that turn `old` into this model, for when no history leads from one to the
    /// other (a save's state that later undo and new edits made unreachable): the annotations
    /// that went are removed, those that changed (also to another page) are replaced, those
    /// that came are inserted where they are, and changed form values are set. Only pages both
    /// models hold are compared, with `unloaded` standing for pages `old` did not hold (their
    /// annotations as the file had them).
    public func edits(from old: AnnotationModel, unloaded: [PageIndex: [Annotation]] = [:]) -> [AnnotationEdit] {
        var before = old
        for (page, list) in unloaded where !before.isLoaded(page) { before.load(list, on: page) }
        let pagesBoth = Set(pages.keys).intersection(before.pages.keys)
        var oldByID: [String: Annotation] = [:]
        var newByID: [String: Annotation] = [:]
        for page in pagesBoth {
            for a in before.annotations(on: page) { oldByID[a.id] = a }
            for a in annotations(on: page) { newByID[a.id] = a }
        }
        var out: [AnnotationEdit] = []
        let gone = oldByID.keys.filter { newByID[$0] == nil }
        if !gone.isEmpty { out.append(.remove(before.removal(of: gone))) }
        let changed = oldByID.keys.filter { id in newByID[id].map { $0 != oldByID[id] } ?? false }.sorted()
        if !changed.isEmpty { out.append(.replace(before: changed.compactMap { oldByID[$0] }, after: changed.compactMap { newByID[$0] })) }
        let came = newByID.keys.filter { oldByID[$0] == nil }
        let placed = came.compactMap(placement(of:)).sorted { ($0.annotation.page, $0.index) < ($1.annotation.page, $1.index) }
        if !placed.isEmpty { out.append(.insert(placed)) }
        for field in loadedFields.intersection(before.loadedFields).sorted() where fieldValues[field] != before.fieldValues[field] {
            out.append(.setFieldValue(field: field, before: before.fieldValues[field], after: fieldValues[field]))
        }
        return out
    }
}
