// SPDX-License-Identifier: GPL-3.0-or-later

/// Undo and redo for one document: the records applied so far, the ones undone, and where the
/// last save was, so that the window knows whether there are unsaved changes.
///
/// The history holds records only; applying them to the model is the caller's (the document
/// editor's) business, so that one place applies every edit.
public struct EditHistory: Hashable, Sendable {
    public private(set) var undoStack: [EditRecord] = []
    public private(set) var redoStack: [EditRecord] = []
    /// The undo stack's depth at the last save; `nil` when that state cannot be reached again
    /// (a save happened in a branch that was undone and replaced).
    private var savedDepth: Int? = 0

    public init() {}

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }
    public var undoName: String? { undoStack.last?.name }
    public var redoName: String? { redoStack.last?.name }

    /// Whether the document differs from what was last saved (or opened).
    public var hasUnsavedChanges: Bool { savedDepth != undoStack.count }

    /// Records a new edit: it can be undone, and the redo stack is gone.
    public mutating func record(_ record: EditRecord) {
        if let saved = savedDepth, saved > undoStack.count { savedDepth = nil }
        undoStack.append(record)
        redoStack.removeAll()
    }

    /// Gives the record at `index` of the undo stack its whole edit: a group move is recorded
    /// by its name at once and made a slice at a time (DocumentEditor+GroupMove).
    public mutating func completeRecord(at index: Int, with record: EditRecord) {
        guard undoStack.indices.contains(index), undoStack[index].name == record.name else { return }
        undoStack[index] = record
    }

    /// Takes the last edit off the undo stack; the caller applies its inverse.
    public mutating func popUndo() -> EditRecord? {
        guard let last = undoStack.popLast() else { return nil }
        redoStack.append(last)
        return last
    }

    /// Takes the last undone edit; the caller applies it again.
    public mutating func popRedo() -> EditRecord? {
        guard let last = redoStack.popLast() else { return nil }
        undoStack.append(last)
        return last
    }

    /// Puts back a record taken by ``popUndo()`` or ``popRedo()`` whose application failed.
    public mutating func restoreAfterFailedUndo() { if let r = redoStack.popLast() { undoStack.append(r) } }
    public mutating func restoreAfterFailedRedo() { if let r = undoStack.popLast() { redoStack.append(r) } }

    /// The current state is what is on disk now.
    public mutating func markSaved() { savedDepth = undoStack.count }

    /// What is on disk now is the state at undo depth `depth` (a save that began there and
    /// ended after more steps), or a state no longer reachable by undo and redo (`nil`).
    public mutating func markSaved(depth: Int?) { savedDepth = depth }

    /// The edits that lead from the saved (or opened) state to the current one, in order, when
    /// that is a straight line forward (what the journal must hold to rebuild the state).
    public var editsSinceSave: [EditRecord]? {
        guard let saved = savedDepth else { return nil }
        if saved <= undoStack.count { return Array(undoStack[saved...]) }
        // The saved state is ahead: undone edits must be reversed, in order.
        return redoStack.suffix(saved - undoStack.count).map(\.inverse)
    }
}
