// SPDX-License-Identifier: GPL-3.0-or-later

/// The rule for rewriting a page's /Annots array without losing what the editor does not
/// understand. A file's array can hold entries poppler ignores (annotations without /Rect or
/// /Subtype, popups of missing parents, `null`, references to nothing, inline dictionaries):
/// they are the user's content, so they stay where they are. Only the entries the editor
/// manages move: they take the model's order, removed ones leave and new ones come.
enum AnnotsMerge {
    /// The new array for a page.
    ///
    /// - Parameters:
    ///   - current: The page's /Annots as it is now, one reference per entry (`nil` for an entry
    ///     that is not a reference).
    ///   - managedID: The id of the annotation the editor manages at an index of `current`, or
    ///     `nil` for an entry it does not manage.
    ///   - ordered: The managed annotations the page holds after the edit, in drawing order,
    ///     each with its entry: its object, or an inline one kept where it is.
    /// - Returns: The managed annotations in their order, each followed by the unmanaged entries
    ///   that followed it in `current` (those before the first managed entry come first). An
    ///   unmanaged entry that followed an annotation that left the page follows the managed one
    ///   before it. A second listing of a managed object stays while the annotation stays.
    static func entries(
        current: [ObjectRef?],
        managedID: (Int, ObjectRef?) -> String?,
        ordered: [(id: String, entry: AnnotsEntry)]
    ) -> [AnnotsEntry] {
        let staying = Set(ordered.map(\.id))
        var kept: [String?: [Int]] = [:]
        var anchor: String?
        var placed: Set<String> = []
        for (index, ref) in current.enumerated() {
            if let id = managedID(index, ref) {
                guard staying.contains(id) else { continue }  // removed from the page
                if placed.insert(id).inserted {
                    anchor = id
                    continue
                }
            }
            kept[anchor, default: []].append(index)
        }
        var out: [AnnotsEntry] = (kept[nil] ?? []).map { .kept($0) }
        for (id, entry) in ordered {
            out.append(entry)
            out += (kept[id] ?? []).map { .kept($0) }
        }
        return out
    }
}
