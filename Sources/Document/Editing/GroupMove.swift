// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A move of many annotations of one page by one displacement, as one undoable step ("Move"),
/// said compactly: their ids, the displacement, the date (/M) the move gives each, and the
/// names (/NM) it gives those that had none. A lasso's carry of 1,566 strokes ends in one; the
/// editor journals it as it is (one short line) and moves the annotations a slice at a time,
/// where the whole edit (every annotation before and after) would be made, compared and
/// journaled in the release's turn of the main loop.
public struct GroupMove: Hashable, Sendable {
    /// The step's name ("Move").
    public var name: String
    public var page: PageIndex
    /// The annotations moved, in the order of the edit.
    public var ids: [String]
    /// The displacement (PDF space), on the grid of ``Quantize``.
    public var delta: Vector
    public var modified: String?
    /// The names given to those that had none, by id.
    public var names: [String: String]

    public init(name: String, page: PageIndex, ids: [String], delta: Vector, modified: String?, names: [String: String] = [:]) {
        self.name = name
        self.page = page
        self.ids = ids
        self.delta = Vector(dx: Quantize.value(delta.dx), dy: Quantize.value(delta.dy))
        self.modified = modified
        self.names = names
    }

    /// The move as one edit of the annotations `source` holds (each replaced by itself moved);
    /// `nil` when one of them is not on the move's page there.
    public func record(in source: AnnotationSource) -> EditRecord? {
        var before: [Annotation] = []
        before.reserveCapacity(ids.count)
        for id in ids {
            guard let a = source.annotation(id), a.page == page else { return nil }
            before.append(a)
        }
        return EditRecord(name, .replace(before: before, after: before.map { moved($0) }))
    }

    /// `a` as the move leaves it: moved by ``delta``, dated ``modified``, named (its own name,
    /// or the one the move gives it).
    public func moved(_ a: Annotation) -> Annotation {
        Self.moved(a, by: delta, modified: modified, name: names[a.id] ?? a.uniqueName)
    }

    /// `a` moved by `delta`, dated `modified` and named `name`: a group move's one rule, which
    /// its journal line replays.
    public static func moved(_ a: Annotation, by delta: Vector, modified: String?, name: String?) -> Annotation {
        var out = a.moved(by: delta)
        out.modified = modified
        out.uniqueName = name
        return out
    }
}
