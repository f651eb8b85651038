// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A move of many annotations of one page by one displacement (a lasso's selection carried),
/// journaled as what it is: their ids, the displacement, and the date and names (/NM) the move
/// gave them, not every annotation's whole geometry twice. A Move of 1,566 strokes is then a
/// line of ids, not megabytes of points written and flushed before the next edit.
///
/// A replay makes the edit again from the annotations the document holds at that step
/// (``record(in:)``); they are the ones the move was made from, since the replay starts from
/// the same file and repeats the steps before it. A record that is not exactly such a move is
/// journaled whole.
public struct JournalGroupMove: Codable, Hashable, Sendable {
    /// How many annotations a move needs to be journaled so: a few are journaled whole.
    public static let minimumCount = 8

    /// The step's name ("Move").
    public var name: String
    public var page: PageIndex
    /// The annotations moved, in the order of the edit.
    public var ids: [String]
    public var dx: Double
    public var dy: Double
    /// The date (/M) the move gave every one of them.
    public var modified: String?
    /// The names (/NM) the move gave those that had none, by id.
    public var names: [String: String]

    /// The compact form of `record`, when it replaces at least ``minimumCount`` annotations of one
    /// page by themselves moved by one displacement (with one new date, and a name for those
    /// that had none); `nil` for anything else.
    public init?(_ record: EditRecord) {
        guard case .replace(let before, let after) = record.edit, before.count >= Self.minimumCount,
              before.count == after.count, let b0 = before.first, let a0 = after.first else { return nil }
        // The displacement on the grid every move puts coordinates on (`Quantize`).
        let delta = Vector(dx: Quantize.value(a0.rect.minX - b0.rect.minX), dy: Quantize.value(a0.rect.minY - b0.rect.minY))
        var names: [String: String] = [:]
        for (b, a) in zip(before, after) {
            guard a.id == b.id, b.page == b0.page, a.page == b0.page, a.modified == a0.modified else { return nil }
            if a.uniqueName != b.uniqueName {
                guard b.uniqueName == nil, let name = a.uniqueName else { return nil }
                names[a.id] = name
            }
            // Exactly what a replay makes of it, or the record is journaled whole.
            guard Self.moved(b, by: delta, modified: a0.modified, name: a.uniqueName) == a else { return nil }
        }
        self.name = record.name
        page = b0.page
        ids = before.map(\.id)
        dx = delta.dx
        dy = delta.dy
        modified = a0.modified
        self.names = names
    }

    /// The move as an edit of the annotations `model` holds; `nil` when one of them is not on
    /// the move's page there.
    public func record(in model: AnnotationModel) -> EditRecord? {
        var before: [Annotation] = []
        before.reserveCapacity(ids.count)
        for id in ids {
            guard let a = model.annotation(id), a.page == page else { return nil }
            before.append(a)
        }
        let delta = Vector(dx: dx, dy: dy)
        let after = before.map { Self.moved($0, by: delta, modified: modified, name: names[$0.id] ?? $0.uniqueName) }
        return EditRecord(name, .replace(before: before, after: after))
    }

    private static func moved(_ a: Annotation, by delta: Vector, modified: String?, name: String?) -> Annotation {
        GroupMove.moved(a, by: delta, modified: modified, name: name)
    }

    /// The line of a ``GroupMove``: what it says, as it says it (its edit is made from it, by
    /// the same rule, so nothing needs checking).
    public init(_ move: GroupMove) {
        name = move.name
        page = move.page
        ids = move.ids
        dx = move.delta.dx
        dy = move.delta.dy
        modified = move.modified
        names = move.names
    }
}
