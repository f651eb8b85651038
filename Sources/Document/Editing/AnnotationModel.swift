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
    public private(set) var fieldValues: [String: FormValue] = [:]
    /// The fields whose value the model holds (a field the file gives no value is here too).
    public private(set) var loadedFields: Set<String> = []
    /// Where each id lives, for O(1) lookups with many annotations.
    private var locations: [String: PageIndex] = [:]
    /// Where each annotation was last seen in its page's list, checked before use.
    private var hints = PositionHints()

    public init() {}

    /// Adds a page's annotations as the file has them. A page already loaded is left alone
    /// (edits may have changed it since).
    public mutating func load(_ annotations: [Annotation], on page: PageIndex) {
        guard pages[page] == nil else { return }
        pages[page] = annotations
        for a in annotations { locations[a.id] = page }
        noteIndexes(on: page)
    }

    public func isLoaded(_ page: PageIndex) -> Bool { pages[page] != nil }

    public func annotations(on page: PageIndex) -> [Annotation] { pages[page] ?? [] }

    public func annotation(_ id: String) -> Annotation? {
        guard let page = locations[id], let i = index(of: id, on: page) else { return nil }
        return pages[page]?[i]
    }

    public func fieldValue(_ field: String) -> FormValue? { fieldValues[field] }

    /// Adds a field's value as the file has it. A field already loaded is left alone (edits
    /// may have changed it since).
    public mutating func loadField(_ field: String, value: FormValue?) {
        guard loadedFields.insert(field).inserted else { return }
        fieldValues[field] = value
    }

    /// Applies `edit` and returns the edit that undoes it.
    ///
    /// - Throws: ``EditError`` when the edit does not fit the current state; then nothing changed.
    @discardableResult
    public mutating func apply(_ edit: AnnotationEdit) throws(EditError) -> AnnotationEdit {
        // Applied part by part in place (no copy of the whole model, so an edit costs what it
        // touches); a part that does not fit undoes the parts before it.
        switch edit {
        case .insert(let placed), .unflatten(let placed):
            try applyAll(placed, { m, p throws(EditError) in try m.insert(p) }, undo: { m, p in try? m.remove(p) })
        case .remove(let placed), .flatten(let placed):
            try applyAll(placed, { m, p throws(EditError) in try m.remove(p) }, undo: { m, p in try? m.insert(p) })
        case .exchange(let removed, let inserted):
            try applyAll(removed, { m, p throws(EditError) in try m.remove(p) }, undo: { m, p in try? m.insert(p) })
            do {
                try applyAll(inserted, { m, p throws(EditError) in try m.insert(p) }, undo: { m, p in try? m.remove(p) })
            } catch {
                for p in removed.reversed() { try? insert(p) }
                throw error
            }
        case .replace(let before, let after):
            guard before.count == after.count else { throw .malformed("before and after differ in length") }
            try applyAll(Array(zip(before, after)), { m, pair throws(EditError) in try m.replace(pair.0, with: pair.1) },
                         undo: { m, pair in try? m.replace(pair.1, with: pair.0) })
        case .setFieldValue(let field, let before, let after):
            guard loadedFields.contains(field) else { throw .missing(field) }
            guard fieldValues[field] == before else { throw .mismatch(field) }
            fieldValues[field] = after
        case .rotatePages(let pages, _):
            // Annotations stay where they are in PDF space; the page turns under them.
            guard pages.allSatisfy({ $0.rawValue >= 0 }) else { throw .malformed("a page before the first") }
        case .resizePages(let changes):
            // The annotations move with the crop box's corner, so that they stay on the paper.
            guard changes.allSatisfy({ $0.page.rawValue >= 0 }) else { throw .malformed("a page before the first") }
            let pairs = changes.flatMap { c in zip(c.annotationsBefore, c.annotationsAfter).map { ($0, $1) } }
            guard changes.allSatisfy({ $0.annotationsBefore.count == $0.annotationsAfter.count }) else {
                throw .malformed("annotations before and after differ in number")
            }
            try applyAll(pairs, { m, pair throws(EditError) in try m.replace(pair.0, with: pair.1) },
                         undo: { m, pair in try? m.replace(pair.1, with: pair.0) })
        case .reorderPages(let order):
            guard Set(order) == Set(order.indices) else { throw .malformed("not a new order of every page") }
            movePages { page in order.firstIndex(of: page.rawValue).map(PageIndex.init) }
            // Links to a page lead to it in its new place.
            remapLinkDestinations { order.firstIndex(of: $0.rawValue).map(PageIndex.init) ?? $0 }
        case .removePages(let removed):
            for r in removed {
                if let loaded = pages[r.index], r.wasLoaded, loaded != r.annotations { throw .mismatch("page \(r.index.displayNumber)") }
            }
            // Links to a page taken out lead nowhere (``LinkDestination/removedPage``) until it
            // is put back; links to the pages after it follow them.
            let out = Set(removed.map(\.index.rawValue))
            remapLinkDestinations { d in
                out.contains(d.rawValue) ? LinkDestination.removedPage : PageIndex(d.rawValue - out.filter { $0 < d.rawValue }.count)
            }
            for r in removed.sorted(by: { $0.index > $1.index }) {
                for a in pages[r.index] ?? [] { locations[a.id] = nil }
                pages[r.index] = nil
                movePages { $0 > r.index ? PageIndex($0.rawValue - 1) : $0 }
            }
        case .restorePages(let removed):
            // Links to the pages after a page put back follow them; links that led to it before
            // it was taken out lead to it again (restored annotations keep their own).
            let ascending = removed.sorted(by: { $0.index < $1.index })
            remapLinkDestinations { d in
                var now = d.rawValue
                for r in ascending where now >= r.index.rawValue { now += 1 }
                return PageIndex(now)
            }
            for r in removed { relink(r.linksLeadingHere ?? [], to: r.index) }
            for r in removed.sorted(by: { $0.index < $1.index }) {
                movePages { $0 >= r.index ? PageIndex($0.rawValue + 1) : $0 }
                if r.wasLoaded {
                    pages[r.index] = r.annotations
                    for a in r.annotations { locations[a.id] = r.index }
                    noteIndexes(on: r.index)
                }
            }
        }
        return edit.inverse
    }

    private mutating func applyAll<Part>(_ parts: [Part], _ apply: (inout AnnotationModel, Part) throws(EditError) -> Void,
                                         undo: (inout AnnotationModel, Part) -> Void) throws(EditError) {
        for (i, part) in parts.enumerated() {
            do {
                try apply(&self, part)
            } catch {
                for done in parts[..<i].reversed() { undo(&self, done) }
                throw error
            }
        }
    }

    private mutating func insert(_ p: PlacedAnnotation) throws(EditError) {
        let a = p.annotation
        guard let count = pages[a.page]?.count else { throw .pageNotLoaded(a.page) }
        guard locations[a.id] == nil else { throw .duplicateID(a.id) }
        guard p.index >= 0, p.index <= count else { throw .malformed("index \(p.index) outside 0…\(count)") }
        pages[a.page]!.insert(a, at: p.index)
        locations[a.id] = a.page
        hints.index[a.id] = p.index
    }

    private mutating func remove(_ p: PlacedAnnotation) throws(EditError) {
        let a = p.annotation
        guard let page = locations[a.id], let list = pages[page] else { throw .missing(a.id) }
        guard list.indices.contains(p.index), list[p.index] == a else { throw .mismatch(a.id) }
        pages[page]!.remove(at: p.index)
        locations[a.id] = nil
        hints.index[a.id] = nil
    }

    private mutating func replace(_ old: Annotation, with new: Annotation) throws(EditError) {
        guard old.id == new.id else { throw .malformed("\(old.id) becomes \(new.id)") }
        guard let page = locations[old.id], let i = position(of: old.id, on: page) else {
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
            hints.index[new.id] = pages[new.page]!.count - 1
        }
    }

    /// Gives each link that leads to a page of this document (``Annotation/linkDestination``)
    /// the page `newPlace` says; a link leading to a page taken out stays so.
    private mutating func remapLinkDestinations(_ newPlace: (PageIndex) -> PageIndex) {
        for (page, list) in pages {
            for (i, a) in list.enumerated() {
                guard case .page(let target)? = a.linkDestination, target.rawValue >= 0 else { continue }
                let moved = newPlace(target)
                if moved != target { pages[page]![i].linkDestination = .page(moved) }
            }
        }
    }

    /// Leads the links `ids` (those leading to a page taken out) to `page` again.
    private mutating func relink(_ ids: [String], to page: PageIndex) {
        for id in ids {
            guard let at = locations[id], let i = position(of: id, on: at),
                  pages[at]![i].linkDestination == .page(LinkDestination.removedPage) else { continue }
            pages[at]![i].linkDestination = .page(page)
        }
    }

    /// The links (their ids) that lead to `page`, on the pages read so far.
    public func links(leadingTo page: PageIndex) -> [String] {
        pages.keys.sorted().flatMap { p in pages[p]!.filter { $0.linkDestination == .page(page) }.map(\.id) }
    }

    /// Gives every loaded page the index `newIndex` says (its annotations' `page` follow);
    /// a page `newIndex` drops is left as it is (the caller took it out first).
    private mutating func movePages(_ newIndex: (PageIndex) -> PageIndex?) {
        var moved: [PageIndex: [Annotation]] = [:]
        for (page, list) in pages {
            let target = newIndex(page) ?? page
            moved[target] = list.map { a in
                var a = a
                a.page = target
                return a
            }
            for a in list { locations[a.id] = target }
        }
        pages = moved
    }

    /// The placement of an annotation now, for building a ``AnnotationEdit/remove(_:)``.
    public func placement(of id: String) -> PlacedAnnotation? {
        guard let page = locations[id], let i = index(of: id, on: page), let a = pages[page]?[i] else { return nil }
        return PlacedAnnotation(a, at: i)
    }

    /// Removal placements for several annotations, ordered so that applying them one after the
    /// other stays valid (highest index first on each page).
    public func removal(of ids: [String]) -> [PlacedAnnotation] {
        ids.compactMap(placement(of:)).sorted { ($0.annotation.page, $1.index) < ($1.annotation.page, $0.index) }
    }

    // MARK: Positions

    /// The index of the first annotation with `id` in `page`'s list: the hinted one when it
    /// still holds it, else found by a search of the list.
    private func index(of id: String, on page: PageIndex) -> Int? {
        guard let list = pages[page] else { return nil }
        if let i = hints.index[id], i < list.count, list[i].id == id { return i }
        return list.firstIndex { $0.id == id }
    }

    /// As ``index(of:on:)``, noting every position of the page anew when the hint was stale, so
    /// that an edit of 1,566 annotations of a page of 2,000 (a lasso's Move) searches the page
    /// once, not once for each of them.
    private mutating func position(of id: String, on page: PageIndex) -> Int? {
        if let i = hints.index[id], let list = pages[page], i < list.count, list[i].id == id { return i }
        noteIndexes(on: page)
        return index(of: id, on: page)
    }

    /// Notes where each annotation of `page` is (the first of any that share an id).
    private mutating func noteIndexes(on page: PageIndex) {
        guard let list = pages[page] else { return }
        for (i, a) in list.enumerated().reversed() { hints.index[a.id] = i }
    }
}

/// Where annotations were last seen in their pages' lists: hints for ``AnnotationModel``'s
/// lookups, which check them before use. Not part of the model's value: two models with the
/// same annotations are equal (and hash alike) whatever their hints.
struct PositionHints: Hashable, Sendable {
    var index: [String: Int] = [:]

    static func == (_: PositionHints, _: PositionHints) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
