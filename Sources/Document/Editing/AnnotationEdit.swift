// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// An annotation with its position in its page's drawing order, so that removing and inserting
/// it again puts it back under and over the same neighbours.
public struct PlacedAnnotation: Hashable, Sendable, Codable {
    public var annotation: Annotation
    /// Its index in the page's list (0 is drawn first).
    public var index: Int
    public init(_ annotation: Annotation, at index: Int) { self.annotation = annotation; self.index = index }
}

/// One change to a document, as a value with an exact inverse: the unit of undo, redo, the
/// journal and saving.
///
/// Every change a user makes is one of these, applied through ``AnnotationModel/apply(_:)``.
/// A whole drag is one ``replace(before:after:)`` however many motion events it took.
public enum AnnotationEdit: Hashable, Sendable, Codable {
    /// Puts annotations on their pages at the given positions (in the order listed).
    case insert([PlacedAnnotation])
    /// Takes annotations off their pages; each must be there, equal to the value given.
    case remove([PlacedAnnotation])
    /// Changes annotations in place: properties, moves, resizes, transforms of a set. `before`
    /// and `after` list the same ids in the same order.
    case replace(before: [Annotation], after: [Annotation])
    /// Sets a form field's value (by its fully qualified name); `nil` clears it.
    case setFieldValue(field: String, before: FormValue?, after: FormValue?)
    /// Turns pages by quarter turns (positive: clockwise, as a reader turns a sideways scan
    /// upright), their /Rotate written on the page itself. Annotations keep their place on the
    /// page (PDF space does not turn).
    case rotatePages([PageIndex], quarterTurns: Int)
    /// Puts the pages in a new order: `order[i]` is the index (before the edit) of the page shown
    /// at `i`; a permutation of every page. Annotations travel with their pages.
    case reorderPages(order: [Int])
    /// Takes pages out of the document with their annotations (in ascending order of index);
    /// undo puts them back where they were.
    case removePages([RemovedPage])
    /// Puts removed pages back (the inverse of ``removePages(_:)``).
    case restorePages([RemovedPage])
    /// Draws annotations into their pages' content, as they appear, and takes them off the
    /// pages (with their pop-ups): they can no longer be moved, changed or copied out. A
    /// signature is flattened so; undo makes them annotations again.
    case flatten([PlacedAnnotation])
    /// Takes flattened annotations' drawings out of their pages' content and puts them back as
    /// annotations (the inverse of ``flatten(_:)``).
    case unflatten([PlacedAnnotation])
    /// Takes annotations off their pages and puts others on, as one step: the ink strokes an
    /// eraser contact cut, replaced by the pieces left of them. `removed` is taken off as
    /// ``remove(_:)`` takes it (each page's from the last down), then `inserted` is put on as
    /// ``insert(_:)`` puts it (at the indices of the list without the removed ones).
    case exchange(removed: [PlacedAnnotation], inserted: [PlacedAnnotation])
    /// Gives pages new boxes (room to write beside what they show): each page's own box
    /// entries become `after`'s, its content staying where it is on the paper, and its
    /// annotations, which the model places from the crop box's corner, move with that corner.
    case resizePages([PageResize])

    /// The edit that undoes this one.
    public var inverse: AnnotationEdit {
        switch self {
        case .insert(let placed): return .remove(placed.reversed())
        case .remove(let placed): return .insert(placed.reversed())
        case .replace(let before, let after): return .replace(before: after, after: before)
        case .setFieldValue(let field, let before, let after): return .setFieldValue(field: field, before: after, after: before)
        case .rotatePages(let pages, let turns): return .rotatePages(pages, quarterTurns: -turns)
        case .reorderPages(let order):
            var back = [Int](repeating: 0, count: order.count)
            for (i, old) in order.enumerated() where back.indices.contains(old) { back[old] = i }
            return .reorderPages(order: back)
        case .removePages(let removed): return .restorePages(removed)
        case .restorePages(let removed): return .removePages(removed)
        case .flatten(let placed): return .unflatten(placed.reversed())
        case .unflatten(let placed): return .flatten(placed.reversed())
        case .exchange(let removed, let inserted): return .exchange(removed: inserted.reversed(), inserted: removed.reversed())
        case .resizePages(let changes): return .resizePages(changes.reversed().map(\.inverse))
        }
    }

    /// The pages whose drawing this edit changes.
    public var pages: Set<PageIndex> {
        switch self {
        case .insert(let placed), .remove(let placed), .flatten(let placed), .unflatten(let placed): return Set(placed.map(\.annotation.page))
        case .replace(let before, let after): return Set(before.map(\.page) + after.map(\.page))
        case .exchange(let removed, let inserted): return Set((removed + inserted).map(\.annotation.page))
        case .setFieldValue: return []
        case .rotatePages(let pages, _): return Set(pages)
        case .resizePages(let changes): return Set(changes.map(\.page))
        case .reorderPages(let order): return Set(order.indices.filter { order[$0] != $0 }.map(PageIndex.init))
        case .removePages(let removed), .restorePages(let removed):
            // Every page from the first one taken out (or put back) on shows another page now.
            return removed.map(\.index).min().map { Set([$0]) } ?? []
        }
    }

    /// The ids of the annotations this edit touches.
    public var annotationIDs: [String] {
        switch self {
        case .insert(let placed), .remove(let placed), .flatten(let placed), .unflatten(let placed): return placed.map(\.annotation.id)
        case .replace(_, let after): return after.map(\.id)
        case .exchange(let removed, let inserted): return inserted.map(\.annotation.id) + removed.map(\.annotation.id)
        case .setFieldValue, .rotatePages, .reorderPages: return []
        case .resizePages(let changes): return changes.flatMap { $0.annotationsAfter.map(\.id) }
        case .removePages(let removed), .restorePages(let removed): return removed.flatMap { $0.annotations.map(\.id) }
        }
    }

    /// Whether the edit moves, takes out or puts back pages (every page may show another one).
    public var reordersPages: Bool {
        switch self {
        case .reorderPages, .removePages, .restorePages: return true
        case .insert, .remove, .replace, .setFieldValue, .rotatePages, .flatten, .unflatten, .exchange, .resizePages: return false
        }
    }

    /// Where each of `pageCount` pages is after this edit, by its place before: `nil` for a page
    /// taken out. What refers to pages outside the file (bookmarks, a reading place) follows it.
    public func pagePlaces(pageCount: Int) -> [PageIndex?] {
        var places: [PageIndex?] = (0..<pageCount).map { PageIndex($0) }
        switch self {
        case .reorderPages(let order):
            guard order.count == pageCount else { return places }
            for (now, before) in order.enumerated() where places.indices.contains(before) { places[before] = PageIndex(now) }
        case .removePages(let removed):
            let out = Set(removed.map(\.index.rawValue))
            var next = 0
            for i in 0..<pageCount {
                if out.contains(i) { places[i] = nil } else { places[i] = PageIndex(next); next += 1 }
            }
        case .restorePages(let restored):
            // Pages come in at their indices (in the new numbering), in ascending order.
            var now = Array(0..<pageCount).map { Optional($0) }
            for r in restored.sorted(by: { $0.index < $1.index }) { now.insert(nil, at: min(r.index.rawValue, now.count)) }
            for (position, before) in now.enumerated() { if let before { places[before] = PageIndex(position) } }
        case .insert, .remove, .replace, .setFieldValue, .rotatePages, .flatten, .unflatten, .exchange, .resizePages:
            break
        }
        return places
    }

    /// Whether the edit changes pages themselves (their size as shown, their order), so that a
    /// view lays the document out again.
    public var changesPages: Bool {
        switch self {
        case .rotatePages, .reorderPages, .removePages, .restorePages, .resizePages: return true
        case .insert, .remove, .replace, .setFieldValue, .flatten, .unflatten, .exchange: return false
        }
    }
}

/// One page's new boxes: its own /MediaBox, /CropBox, /TrimBox, /BleedBox and /ArtBox entries
/// (`x1 y1 x2 y2`) before and after (a box not listed is inherited or absent), and its
/// annotations before and after, moved by as much as the crop box's lower-left corner moved
/// (the model places them from that corner), so that they stay where they are on the paper.
public struct PageResize: Hashable, Sendable, Codable {
    public var page: PageIndex
    public var boxesBefore: [String: [Double]]
    public var boxesAfter: [String: [Double]]
    public var annotationsBefore: [Annotation]
    public var annotationsAfter: [Annotation]

    public init(page: PageIndex, boxesBefore: [String: [Double]], boxesAfter: [String: [Double]],
                annotationsBefore: [Annotation] = [], annotationsAfter: [Annotation] = []) {
        self.page = page
        self.boxesBefore = boxesBefore
        self.boxesAfter = boxesAfter
        self.annotationsBefore = annotationsBefore
        self.annotationsAfter = annotationsAfter
    }

    /// The change back.
    public var inverse: PageResize {
        PageResize(page: page, boxesBefore: boxesAfter, boxesAfter: boxesBefore,
                   annotationsBefore: annotationsAfter, annotationsAfter: annotationsBefore)
    }
}

/// A page taken out of the document: where it was, the page object it was (`"12 0"`, so that
/// undo and the journal put the same object back), and its annotations as the model had them
/// (`nil` when the page had not been read).
///
/// A page this session put into the document (a blank page, a duplicate, a page from another
/// file) is restored the same way, with its ``origin``: when its object is gone (a save dropped
/// it while it was out of the document, or a journal is replayed on a fresh copy of the file),
/// the editor makes it again from there, and its annotations keep their ids.
public struct RemovedPage: Hashable, Sendable, Codable {
    public var index: PageIndex
    public var object: String
    public var annotations: [Annotation]
    public var wasLoaded: Bool
    /// How the page was made; `nil` for a page of the file.
    public var origin: PageOrigin?
    /// The links on other pages that led to this one when it was taken out (their ids): they
    /// lead nowhere while it is out, and to it again once it is put back. `nil` in journals
    /// written before links followed their pages.
    public var linksLeadingHere: [String]?

    public init(index: PageIndex, object: String, annotations: [Annotation], wasLoaded: Bool, origin: PageOrigin? = nil,
                linksLeadingHere: [String]? = nil) {
        self.index = index
        self.object = object
        self.annotations = annotations
        self.wasLoaded = wasLoaded
        self.origin = origin
        self.linksLeadingHere = linksLeadingHere
    }
}

/// Where a page put into the document comes from, so that it can be made again.
public enum PageOrigin: Hashable, Sendable, Codable {
    /// An empty page: its media box (`x1 y1 x2 y2`, taken from the neighbour it was inserted
    /// after) and rotation in degrees.
    case blank(mediaBox: [Double], rotation: Int)
    /// A copy of the page object `"12 0"` of the same document (content and resources shared,
    /// annotations copied; form widgets are not).
    case duplicate(of: String)
    /// Page `page` (from 0) of another PDF file.
    case imported(path: String, page: Int)
    /// A note page: its ruling drawn by its own content stream on a media box of `0 0 width
    /// height` (unturned: a turned neighbour's size as it shows).
    case note(NotePaper, width: Double, height: Double)
}

/// An edit with the words the Edit menu shows for it ("Move" in "Undo Move").
public struct EditRecord: Hashable, Sendable, Codable {
    public var name: String
    public var edit: AnnotationEdit
    public init(_ name: String, _ edit: AnnotationEdit) { self.name = name; self.edit = edit }
    public var inverse: EditRecord { EditRecord(name, edit.inverse) }
}
