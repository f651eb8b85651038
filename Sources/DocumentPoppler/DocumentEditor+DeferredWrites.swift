// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// A large move written into the file's objects a slice at a time. A lasso's Move of 1,566 ink
/// strokes is applied to the model, recorded for undo and journaled at once (what is drawn, the
/// state dump and undo see the new places straight away), while rewriting each stroke's
/// dictionary and appearance (about a third of a millisecond each) waits for
/// ``writePending(atMost:)``, which the shell calls with a few dozen per turn of the main loop.
/// Whatever reads the file's objects (a render of the edits, a save, an export, any other edit)
/// first writes what is left (``finishPendingWrites()``), so nothing ever reads a stale object.
///
/// Only moves are deferred: a ``AnnotationEdit/replace(before:after:)`` of at least
/// ``deferredWriteThreshold`` annotations that all stay on their pages and already have objects
/// of their own, so that no page's /Annots changes. Each pending annotation is written as the
/// model has it when its slice comes, so an undo before then costs the model's change alone.
///
/// - Warning: Main thread only, like every editor call.
extension DocumentEditor {
    /// Whether annotations wait to be written into the file's objects (or to be moved in the
    /// model first, by a group move in progress: DocumentEditor+GroupMove).
    public var hasPendingWrites: Bool { pendingWriteStart < pendingWrites.count || groupMove != nil }

    /// How many annotations wait to be written into the file's objects (those of a group move
    /// still to be moved in the model included).
    public var pendingWriteCount: Int {
        pendingWrites.count - pendingWriteStart + (groupMove.map { $0.move.ids.count - $0.next } ?? 0)
    }

    /// Writes up to `count` of the waiting annotations (the oldest first) into the file's
    /// objects; returns how many are still waiting. While a group move is being made in the
    /// model, a call moves the next ``groupMoveStep`` of its annotations there instead.
    @discardableResult
    public func writePending(atMost count: Int) throws(EditorError) -> Int {
        if groupMove != nil {
            continueGroupMove(atMost: Self.groupMoveStep)
            return pendingWriteCount
        }
        let end = min(pendingWrites.count, pendingWriteStart + max(1, count))
        while pendingWriteStart < end {
            let id = pendingWrites[pendingWriteStart]
            pendingWriteStart += 1
            pendingWriteSet.remove(id)
            // Removed since (an undo of an insertion, say): nothing of it to write.
            guard let a = model.annotation(id) else { continue }
            do {
                try writeAnnotation(a)
            } catch {
                throw .library(error)
            }
        }
        if pendingWriteStart == pendingWrites.count {
            pendingWrites.removeAll(keepingCapacity: true)
            pendingWriteStart = 0
        }
        return pendingWriteCount
    }

    /// Writes every waiting annotation now (before anything reads the file's objects).
    public func finishPendingWrites() throws(EditorError) {
        while hasPendingWrites { try writePending(atMost: pendingWriteCount) }
    }

    /// ``finishPendingWrites()`` for callers that report the core's errors.
    func writeAllPending() throws(CoreDocumentError) {
        do {
            try finishPendingWrites()
        } catch {
            if case .library(let e) = error { throw e }
            throw .rejected("the annotations waiting to be written")
        }
    }

    /// Applies `edit` to the model alone and queues its annotations to be written, when it is a
    /// move large enough to defer; returns whether it did.
    func applyDeferred(_ edit: AnnotationEdit) throws(EditorError) -> Bool {
        guard let threshold = deferredWriteThreshold, case .replace(let before, let after) = edit,
              after.count >= threshold, before.count == after.count else { return false }
        for (old, new) in zip(before, after) {
            // A change of page, or an annotation still inline in /Annots, rewrites a page's list.
            guard old.id == new.id, old.page == new.page, refs[new.id] != nil, new.inReplyTo.map({ refs[$0] != nil }) ?? true else {
                return false
            }
        }
        do {
            try model.apply(edit)
        } catch {
            throw .edit(error)
        }
        for a in after where pendingWriteSet.insert(a.id).inserted { pendingWrites.append(a.id) }
        return true
    }
}
