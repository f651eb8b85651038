// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Why an edit could not be applied: it does not fit the document as it is. Nothing changed.
public enum EditError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateID(String)
    case missing(String)
    case mismatch(String)
    case pageNotLoaded(PageIndex)
    case malformed(String)

    public var description: String {
        switch self {
        case .duplicateID(let id): return "an annotation with id \(id) already exists"
        case .missing(let id): return "no annotation with id \(id)"
        case .mismatch(let id): return "annotation \(id) is not in the state the edit expects"
        case .pageNotLoaded(let page): return "\(page) is not loaded"
        case .malformed(let why): return "malformed edit: \(why)"
        }
    }
}

/// The one store of annotation truth while a document is edited: each page's annotations in
/// drawing order, and form field values. Every change goes through ``apply(_:)``, which checks
/// the whole edit first, so an edit applies completely or not at all, and returns its inverse.
///
/// Pages are loaded as they are needed (``load(_:on:)``); an edit may touch loaded pages only.
public struct AnnotationModel: Hashable, Sendable {
    public private(set) var pages: [PageIndex: [Annotation]] = [:]
    public private(set) var fieldValues: [String: String] = [:]
    /// Where each id lives, for O(1) lookups with many annotations.
    private var locations: [String: PageIndex] = [:]

    public init() {}

    /// Adds a page's annotations as the file has them. A page already loaded is left alone
    /// (edits may have changed it since).
    public mutating func load(_ annotations: [Annotation], on page: PageIndex) {
        guard pages[page] == nil else { return }
        pages[page] = annotations
        for a in annotations { locations[a.id] = page }
    }

    public func isLoaded(_ page: PageIndex) -> Bool { pages[page] != nil }

    public func annotations(on page: PageIndex) -> [Annotation] { pages[page] ?? [] }

    public func annotation(_ id: String) -> Annotation? {
        guard let page = locations[id] else { return nil }
        return pages[page]?.first { $0.id == id }
    }

    public func fieldValue(_ field: String) -> String? { fieldValues[field] }

    /// Applies `edit` and returns the edit that undoes it.
    ///
    /// - Throws: ``EditError`` when the edit does not fit the current state; then nothing changed.
    @discardableResult
    public mutating func apply(_ edit: AnnotationEdit) throws(EditError) -> AnnotationEdit {
        var copy = self
        try copy.applyUnchecked(edit)
        self = copy
        return edit.inverse
    }

    private mutating func applyUnchecked(_ edit: AnnotationEdit) throws(EditError) {
        switch edit {
        case .insert(let placed):
            for p in placed {
                let a = p.annotation
                guard pages[a.page] != nil else { throw .pageNotLoaded(a.page) }
                guard locations[a.id] == nil else { throw .duplicateID(a.id) }
                let count = pages[a.page]!.count
                guard p.index >= 0, p.index <= count else { throw .malformed("index \(p.index) outside 0…\(count)") }
                pages[a.page]!.insert(a, at: p.index)
                locations[a.id] = a.page
            }
        case .remove(let placed):
            for p in placed {
                let a = p.annotation
                guard let page = locations[a.id], let list = pages[page] else { throw .missing(a.id) }
                guard list.indices.contains(p.index), list[p.index] == a else { throw .mismatch(a.id) }
                pages[page]!.remove(at: p.index)
                locations[a.id] = nil
            }
        case .replace(let before, let after):
            guard before.count == after.count else { throw .malformed("before and after differ in length") }
            for (old, new) in zip(before, after) {
                guard old.id == new.id else { throw .malformed("\(old.id) becomes \(new.id)") }
                guard let page = locations[old.id], let i = pages[page]!.firstIndex(where: { $0.id == old.id }) else {
                    throw .missing(old.id)
                }
                guard pages[page]![i] == old else { throw .mismatch(old.id) }
                if new.page == page {
                    pages[page]![i] = new
                } else {
                    guard pages[new.page] != nil else { throw .pageNotLoaded(new.page) }
                    pages[page]!.remove(at: i)
                    pages[new.page]!.append(new)
                    locations[new.id] = new.page
                }
            }
        case .setFieldValue(let field, let before, let after):
            guard fieldValues[field] == before else { throw .mismatch(field) }
            fieldValues[field] = after
        }
    }

    /// The placement of an annotation now, for building a ``AnnotationEdit/remove(_:)``.
    public func placement(of id: String) -> PlacedAnnotation? {
        guard let page = locations[id], let list = pages[page], let i = list.firstIndex(where: { $0.id == id }) else { return nil }
        return PlacedAnnotation(list[i], at: i)
    }

    /// Removal placements for several annotations, ordered so that applying them one after the
    /// other stays valid (highest index first on each page).
    public func removal(of ids: [String]) -> [PlacedAnnotation] {
        ids.compactMap(placement(of:)).sorted { ($0.annotation.page, $1.index) < ($1.annotation.page, $0.index) }
    }
}
