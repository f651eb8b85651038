// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// A lasso's Move of many annotations taken in slices. ``performGroupMove(_:)`` journals the
/// move first (one short line: a kill at any moment after it loses nothing) and puts it on the
/// undo stack by its name; the model then takes the annotations' new places about a hundred at a
/// time (``writePending(atMost:)`` does this before writing objects, in the shell's slices
/// between frames), and the last slice gives the undo stack the whole edit. Until then anything
/// that reads or changes the document (an annotation read, an edit, undo, redo, a render, a
/// save) first finishes it (``finishGroupMove()``), so none sees the move half made. The result
/// is the same model, undo step, journal and file as ``perform(_:)`` of the move's edit.
///
/// Only moves that ``applyDeferred(_:)`` would write later are taken so (every annotation on its
/// page, with an object of its own); any other is performed whole at once.
///
/// - Warning: Main thread only, like every editor call.
extension DocumentEditor {
    /// How many annotations a call of ``writePending(atMost:)`` moves in the model (some 5 to
    /// 20 microseconds each), before it writes objects: small enough for the shell's slice to
    /// stop near its time (it looks at the clock between calls).
    static let groupMoveStep = 96

    /// Whether a group move waits to be finished in the model.
    public var hasGroupMoveInProgress: Bool { groupMove != nil }

    /// Applies `move` as one undoable step: journaled and named on the undo stack now, its
    /// annotations moved in slices when it is large (see the extension's discussion).
    public func performGroupMove(_ move: GroupMove) throws(EditorError) {
        finishGroupMove()
        loadPage(move.page)
        guard let threshold = deferredWriteThreshold, move.ids.count >= threshold, Set(move.ids).count == move.ids.count,
              move.ids.allSatisfy({ id in
                  model.annotation(id)?.page == move.page && refs[id] != nil
                      && (model.annotation(id)?.inReplyTo.map { refs[$0] != nil } ?? true)
              }) else {
            guard let record = move.record(in: self) else { throw .edit(.missing("an annotation of the move")) }
            try perform(record)
            return
        }
        if let job = saveInProgress, history.undoStack.count < job.depth { job.depthReachable = false }
        history.record(EditRecord(move.name, .replace(before: [], after: [])))
        groupMove = GroupMoveProgress(move: move, recordIndex: history.undoStack.count - 1)
        appendToJournal(.do, EditRecord(move.name, .replace(before: [], after: [])),
                        line: JournalLine(step: .do, move: JournalGroupMove(move)))
    }

    /// Moves up to `count` more annotations of the group move in progress in the model, each
    /// queued to be written; the last gives the undo stack the whole edit. Returns how many it
    /// moved.
    @discardableResult
    func continueGroupMove(atMost count: Int) -> Int {
        guard var progress = groupMove else { return 0 }
        let ids = progress.move.ids
        let end = min(ids.count, progress.next + max(1, count))
        let first = progress.next
        while progress.next < end {
            let id = ids[progress.next]
            progress.next += 1
            // Checked when the move was taken; nothing else changes the model meanwhile.
            guard let before = model.annotation(id) else { continue }
            let after = progress.move.moved(before)
            guard (try? model.apply(.replace(before: [before], after: [after]))) != nil else { continue }
            progress.before.append(before)
            progress.after.append(after)
            if pendingWriteSet.insert(id).inserted { pendingWrites.append(id) }
        }
        if progress.next >= ids.count {
            history.completeRecord(at: progress.recordIndex,
                                   with: EditRecord(progress.move.name, .replace(before: progress.before, after: progress.after)))
            groupMove = nil
        } else {
            groupMove = progress
        }
        return end - first
    }

    /// Finishes the group move in progress in the model, if there is one (its objects are
    /// still written later).
    public func finishGroupMove() {
        while groupMove != nil { continueGroupMove(atMost: Int.max / 2) }
    }
}

/// A group move being made in the model: the move, where its record is on the undo stack, the
/// next annotation to move, and the annotations before and after so far.
struct GroupMoveProgress {
    var move: GroupMove
    var recordIndex: Int
    var next = 0
    var before: [Annotation] = []
    var after: [Annotation] = []

    init(move: GroupMove, recordIndex: Int) {
        self.move = move
        self.recordIndex = recordIndex
        before.reserveCapacity(move.ids.count)
        after.reserveCapacity(move.ids.count)
    }
}
