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

    /// The edit that undoes this one.
    public var inverse: AnnotationEdit {
        switch self {
        case .insert(let placed): return .remove(placed.reversed())
        case .remove(let placed): return .insert(placed.reversed())
        case .replace(let before, let after): return .replace(before: after, after: before)
        case .setFieldValue(let field, let before, let after): return .setFieldValue(field: field, before: after, after: before)
        case .rotatePages(let pages, let turns): return .rotatePages(pages, quarterTurns: -turns)
        }
    }

    /// The pages whose drawing this edit changes.
    public var pages: Set<PageIndex> {
        switch self {
        case .insert(let placed), .remove(let placed): return Set(placed.map(\.annotation.page))
        case .replace(let before, let after): return Set(before.map(\.page) + after.map(\.page))
        case .setFieldValue: return []
        case .rotatePages(let pages, _): return Set(pages)
        }
    }

    /// The ids of the annotations this edit touches.
    public var annotationIDs: [String] {
        switch self {
        case .insert(let placed), .remove(let placed): return placed.map(\.annotation.id)
        case .replace(_, let after): return after.map(\.id)
        case .setFieldValue, .rotatePages: return []
        }
    }

    /// Whether the edit changes pages themselves (their size as shown, their order), so that a
    /// view lays the document out again.
    public var changesPages: Bool {
        switch self {
        case .rotatePages: return true
        case .insert, .remove, .replace, .setFieldValue: return false
        }
    }
}

/// An edit with the words the Edit menu shows for it ("Move" in "Undo Move").
public struct EditRecord: Hashable, Sendable, Codable {
    public var name: String
    public var edit: AnnotationEdit
    public init(_ name: String, _ edit: AnnotationEdit) { self.name = name; self.edit = edit }
    public var inverse: EditRecord { EditRecord(name, edit.inverse) }
}
