// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What an XFDF import does to a document: its one undoable step, counted for the message the
/// user reads.
public struct XFDFMerge: Sendable {
    /// The one undoable step (`nil` when the file changes nothing).
    public var record: EditRecord?
    public var added = 0
    public var updated = 0
    public var deleted = 0
    /// Annotations the file has in a version no newer than the document's: kept as they are.
    public var keptNewer = 0
    /// What the file held that was not imported, with the reason.
    public var skipped: [XFDFIssue] = []
}

extension XFDFMerge {
    /// The name of the step in the Edit menu.
    public static let stepName = "Import Annotations"

    /// Merges `contents` into the document by name (/NM): an annotation the document lacks is
    /// added on top of its page (named with a fresh id when the file gives it no name); one the
    /// document has is replaced when the file's is newer (its /M later); the names under
    /// `<delete>` are removed (with their pop-ups). Replies point at their parents by the
    /// parents' editor ids. Everything is one ``EditRecord`` (one `exchange`: the replaced
    /// annotations go out and come back in their places), so one undo takes the whole import
    /// back. An annotation with no /NM in the document is matched by its editor id, which is
    /// the name an export gives it.
    /// `stamp` gives a new annotation its editor id (and /NM when the file names it not).
    public static func merging(_ contents: XFDFContents, pageCount: Int, in source: AnnotationSource,
                               stamp: (PageIndex) -> CreationStamp) -> XFDFMerge {
        var merge = XFDFMerge(skipped: contents.skipped)
        var existing: [String: Annotation] = [:]
        var unnamedByID: [String: Annotation] = [:]
        var pages: [PageIndex: [Annotation]] = [:]
        for index in 0..<max(0, pageCount) {
            let page = PageIndex(index)
            let list = source.annotations(on: page)
            pages[page] = list
            for a in list where a.subtype != .popup {
                if let name = a.uniqueName {
                    if existing[name] == nil { existing[name] = a }
                } else {
                    unnamedByID[a.id] = a
                }
            }
        }
        func find(_ name: String) -> Annotation? { existing[name] ?? unnamedByID[name] }

        // The file's annotations, the newest of each name (by their places in the file's list:
        // with 10,000 annotations every copy of the list is megabytes).
        var incoming: [Int] = []
        var incomingIndex: [String: Int] = [:]
        for (place, a) in contents.annotations.enumerated() {
            guard a.page.rawValue < pageCount else {
                merge.skipped.append(XFDFIssue(element: XFDFFormat.elementName(of: a.subtype) ?? "", name: a.uniqueName,
                                               reason: .pageOutOfRange(a.page.rawValue)))
                continue
            }
            if let name = a.uniqueName, let i = incomingIndex[name] {
                if Self.isNewer(a.modified, than: contents.annotations[incoming[i]].modified) != false { incoming[i] = place }
                continue
            }
            if let name = a.uniqueName { incomingIndex[name] = incoming.count }
            incoming.append(place)
        }

        let doomedNames = Set(contents.deleted)
        // Ids: a matched annotation keeps the document's; a new one gets a fresh one.
        var idsByName: [String: String] = [:]
        var updates: [String: Annotation] = [:]
        var values: [Annotation] = []
        values.reserveCapacity(incoming.count)
        for place in incoming {
            var a = contents.annotations[place]
            if let name = a.uniqueName, doomedNames.contains(name) { continue }
            if let name = a.uniqueName, let old = find(name) {
                idsByName[name] = old.id
                guard Self.isNewer(a.modified, than: old.modified) == true else { merge.keptNewer += 1; continue }
                a.id = old.id
                a.uniqueName = old.uniqueName ?? name
                a.popupID = old.popupID
                a.isSignature = old.isSignature
                if a.subtype == .ink, old.subtype == .ink { a.isMarker = old.isMarker }
                if a.rect == old.rect, a.subtype == old.subtype { a.rotation = old.rotation }
                if a.subtype == .stamp, old.subtype == .stamp, a.rect == old.rect, old.image != nil {
                    // A picture stamp's picture is not in XFDF: keep the one the document draws.
                    a.image = old.image
                    a.appearance = old.appearance
                }
                values.append(a)
            } else {
                let made = stamp(a.page)
                a.id = made.id
                if a.uniqueName == nil { a.uniqueName = made.name }
                if a.modified == nil { a.modified = made.date }
                idsByName[a.uniqueName!] = a.id
                values.append(a)
            }
        }
        // Replies: the parent's name becomes its editor id.
        for i in values.indices {
            guard let parent = values[i].inReplyTo else { continue }
            if let id = idsByName[parent] ?? find(parent)?.id, id != values[i].id {
                values[i].inReplyTo = id
            } else {
                merge.skipped.append(XFDFIssue(element: XFDFFormat.elementName(of: values[i].subtype) ?? "", name: values[i].uniqueName,
                                               reason: .unknownParent(parent)))
                values[i].inReplyTo = nil
                values[i].replyType = nil
            }
        }
        // The new ones by page, as places in `values`.
        var addedByPage: [PageIndex: [Int]] = [:]
        for (place, a) in values.enumerated() {
            if source.annotation(a.id) != nil { updates[a.id] = a } else { addedByPage[a.page, default: []].append(place); merge.added += 1 }
        }
        merge.updated = updates.count

        // Deletions, with their pop-ups.
        var doomedIDs: Set<String> = []
        for name in contents.deleted {
            guard let a = find(name), doomedIDs.insert(a.id).inserted else { continue }
            merge.deleted += 1
            if let popup = source.popupID(of: a) { doomedIDs.insert(popup) }
        }
        guard !updates.isEmpty || merge.added > 0 || !doomedIDs.isEmpty else { return merge }

        // Out: the deleted and the replaced. In: the replaced where they were, the new on top.
        let removed = source.removal(of: Array(doomedIDs) + Array(updates.keys))
        var inserted: [PlacedAnnotation] = []
        inserted.reserveCapacity(updates.count + merge.added)
        let movedIn = Dictionary(grouping: updates.values.filter { $0.page != source.annotation($0.id)?.page }, by: \.page)
        let touched = Set(removed.map(\.annotation.page)).union(addedByPage.keys).union(movedIn.keys)
        for page in touched.sorted() {
            // The page's list after the import: what stays (the replaced in their places), then
            // what moved in from other pages, then the new ones on top.
            var position = 0
            for a in pages[page] ?? [] where !doomedIDs.contains(a.id) {
                if let new = updates[a.id] {
                    guard new.page == page else { continue }
                    inserted.append(PlacedAnnotation(new, at: position))
                }
                position += 1
            }
            for a in movedIn[page] ?? [] {
                inserted.append(PlacedAnnotation(a, at: position))
                position += 1
            }
            for place in addedByPage[page] ?? [] {
                inserted.append(PlacedAnnotation(values[place], at: position))
                position += 1
            }
        }
        merge.record = EditRecord(stepName, .exchange(removed: removed, inserted: inserted))
        return merge
    }

    /// Whether date `a` is later than `b` (PDF date strings); `nil` when either is missing or
    /// unreadable and they differ. Two missing dates are not newer.
    static func isNewer(_ a: String?, than b: String?) -> Bool? {
        switch (a.flatMap(PDFDate.secondsSince1970), b.flatMap(PDFDate.secondsSince1970)) {
        case (let x?, let y?): return x > y
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return a == b ? false : nil
        }
    }
}
