// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentPoppler
import FoundationEssentials
import Geometry
import Rendering
import Platform

/// The shell's side of editing one document: it hands every change to the ``DocumentEditor``
/// (the one place that applies edits), then brings the screen up to date by reloading the
/// edited bytes into the render worker's document and re-rendering the pages that changed.
/// The edited bytes are the file's own (shared, not copied) and the update the edit made, so
/// an edit costs what it changes, whatever the file's size.
///
/// - Warning: main thread only.
@MainActor
final class EditingSession {
    let editor: DocumentEditor
    let renderSource: RenderSource
    /// Called once the screen shows the result of an edit, undo or redo (or straight away when
    /// the redraw could not be prepared), with the pages whose drawing changed.
    var onContentChanged: ((Set<PageIndex>) -> Void)?
    /// Called after every change to what can be undone or saved (title, Edit menu).
    var onHistoryChanged: (() -> Void)?
    /// Called when an edit, undo or redo changed pages themselves (turned them), with the
    /// document's new version, before ``onContentChanged``.
    /// `true` when pages were moved, taken out or put back (every page may show another one).
    var onPagesReshaped: ((PopplerDocument, Set<PageIndex>, Bool) -> Void)?
    /// Called after ``onContentChanged`` (and ``onPagesReshaped``), with the version shown now,
    /// the pages whose drawing changed, and whether pages were reshaped and reordered: a split
    /// view's other half follows every edit, undo and redo with it (SplitView).
    var onShownElsewhere: ((PopplerDocument, Set<PageIndex>, Bool, Bool) -> Void)?
    /// Called after each new edit is applied (not after undo or redo).
    var onCommitted: (() -> Void)?
    /// Asked before each edit is applied: `true` when the window keeps the edit to ask the user
    /// first (and commits it again if they agree); the edit is then not applied.
    var holdBack: ((EditRecord) -> Bool)?
    /// Whether ``holdBack`` may keep an edit now (a document certified against changes whose
    /// question is not answered yet): a group move is then committed whole, to be held back.
    var mayHoldBack: () -> Bool = { false }
    /// Called when an edit, undo or redo moved, took out or put back pages, with where each page
    /// is now by its place before (`nil`: taken out), before the screen shows it.
    var onPagesMoved: (([PageIndex?]) -> Void)?
    /// The worker that reloads the document between two tiles.
    weak var renderQueue: RenderQueue?
    /// Pages whose redraw waits for the editor's waiting annotations to be written.
    private var pagesAwaitingWrites: Set<PageIndex> = []
    /// Whether a slice of those writes is posted to the main loop.
    private var writingSlices = false
    /// How many slices of waiting annotations were written, and the most one slice wrote (the
    /// state dump's `editWriteSlices` and `largestEditWriteSlice`).
    private(set) var writeSliceCount = 0
    private(set) var largestWriteSlice = 0

    init(editor: DocumentEditor, renderSource: RenderSource, renderQueue: RenderQueue?) {
        self.editor = editor
        self.renderSource = renderSource
        self.renderQueue = renderQueue
        // A large move is written into the file's objects in slices, between frames.
        editor.deferredWriteThreshold = Self.writeSlice > 0 ? Self.writeSlice : nil
    }

    var hasUnsavedChanges: Bool { editor.hasUnsavedChanges }
    var undoName: String? { editor.history.undoName }
    var redoName: String? { editor.history.redoName }

    /// Applies a new edit; returns whether it was applied.
    @discardableResult
    func commit(_ record: EditRecord) -> Bool {
        // The window may hold the edit back to ask first (a document certified against changes).
        if holdBack?(record) == true { return false }
        let count = editor.pageCount
        do {
            try editor.perform(record)
        } catch {
            StandardError.write("pdf-annotator: edit \(record.name) refused: \(error)")
            return false
        }
        pagesMoved(by: record.edit, from: count)
        changed(editor.pages(changedBy: record.edit), reshaped: record.edit.changesPages, reordered: record.edit.reordersPages)
        onCommitted?()
        return true
    }

    /// Applies a group move (a lasso's carry let go): journaled and named for undo now, its
    /// annotations moved in the model and written into the file's objects in the slices that
    /// follow (``writeSlices()``). A document that would hold the edit back to ask first takes
    /// it whole, through ``commit(_:)``.
    @discardableResult
    func commitGroupMove(_ move: GroupMove) -> Bool {
        if mayHoldBack() {
            guard let record = move.record(in: editor) else { return false }
            return commit(record)
        }
        do {
            try editor.performGroupMove(move)
        } catch {
            StandardError.write("pdf-annotator: edit \(move.name) refused: \(error)")
            return false
        }
        changed([move.page])
        onCommitted?()
        return true
    }

    @discardableResult
    func undo() -> EditRecord? {
        let count = editor.pageCount
        guard let record = try? editor.undo() else { return nil }
        pagesMoved(by: record.edit.inverse, from: count)
        changed(editor.pages(changedBy: record.edit), reshaped: record.edit.changesPages, reordered: record.edit.reordersPages)
        return record
    }

    @discardableResult
    func redo() -> EditRecord? {
        let count = editor.pageCount
        guard let record = try? editor.redo() else { return nil }
        pagesMoved(by: record.edit, from: count)
        changed(editor.pages(changedBy: record.edit), reshaped: record.edit.changesPages, reordered: record.edit.reordersPages)
        return record
    }

    private func pagesMoved(by edit: AnnotationEdit, from count: Int) {
        guard edit.reordersPages else { return }
        onPagesMoved?(edit.pagePlaces(pageCount: count))
    }

    /// After the editor changed the document: redraw from the new bytes (once a large move is
    /// written into the file's objects, a slice a turn: see ``writeSlices()``).
    func changed(_ pages: Set<PageIndex>, reshaped: Bool = false, reordered: Bool = false) {
        onHistoryChanged?()
        if editor.hasPendingWrites, !reshaped, !reordered {
            pagesAwaitingWrites.formUnion(pages)
            writeSlices()
            return
        }
        refreshRendering(pagesAwaitingWrites.union(pages), reshaped: reshaped, reordered: reordered)
        pagesAwaitingWrites = []
    }

    /// Writes the editor's waiting annotations ``writeSlice`` at a time at most (fewer when
    /// ``sliceMicroseconds`` are spent first), one slice per turn of the main loop at idle
    /// priority (input and frames go first), then redraws the pages they are on. One chain of
    /// slices at a time; a render or save meanwhile writes what is left.
    private func writeSlices() {
        guard !writingSlices else { return }
        writingSlices = true
        MainLoop.post { [weak self] in
            guard let self else { return }
            self.writingSlices = false
            if self.editor.hasPendingWrites {
                let before = self.editor.pendingWriteCount
                do {
                    // A few at a time until the slice's count or its time is spent: on a loaded
                    // machine 24 strokes held the loop for 27 ms.
                    let began = g_get_monotonic_time()
                    var left = Self.writeSlice
                    repeat {
                        let step = min(left, Self.writeStep)
                        try self.editor.writePending(atMost: step)
                        left -= step
                    } while left > 0 && self.editor.hasPendingWrites && g_get_monotonic_time() - began < Self.sliceMicroseconds
                } catch {
                    StandardError.write("pdf-annotator: writing moved annotations failed: \(error)")
                    try? self.editor.finishPendingWrites()
                }
                self.writeSliceCount += 1
                self.largestWriteSlice = max(self.largestWriteSlice, before - self.editor.pendingWriteCount)
            }
            if self.editor.hasPendingWrites {
                self.writeSlices()
            } else if !self.pagesAwaitingWrites.isEmpty {
                let pages = self.pagesAwaitingWrites
                self.pagesAwaitingWrites = []
                // The update's bytes too are written off the main loop, on the render worker.
                self.refreshRendering(pages, serialisingOnWorker: true)
            }
        }
    }

    /// Reloads the edited document on the render worker (so no tile mixes two versions) and
    /// tells the canvas once the new version is in place. Tiles the worker finished before the
    /// swap reach the main loop before that message, so the canvas marks them stale.
    ///
    /// With `serialisingOnWorker` (after a large move), the update's bytes are made on the worker
    /// too (``DocumentEditor/renderedLater()``), not in a turn of the main loop.
    func refreshRendering(_ pages: Set<PageIndex>, reshaped: Bool = false, reordered: Bool = false, serialisingOnWorker: Bool = false) {
        let take: @Sendable () throws -> EditedBytes
        do {
            if serialisingOnWorker {
                take = try editor.renderedLater()
            } else {
                let bytes = try editor.rendered()
                take = { bytes }
            }
        } catch {
            onContentChanged?(pages)
            onShownElsewhere?(renderSource.document, pages, reshaped, reordered)
            return
        }
        let source = renderSource
        let pause = Self.testReloadPause
        // The turned pages' rotations as the editor wrote them.
        let turned = reshaped && !reordered
            ? Dictionary(uniqueKeysWithValues: pages.map { ($0, PageRotation(degrees: editor.rotation(of: $0))) }) : [:]
        // Pages moved, taken out or put back: every page's rotation, in the new order.
        let rotations = reordered ? (0..<editor.pageCount).map { PageRotation(degrees: editor.rotation(of: PageIndex($0))) } : nil
        let reload: @Sendable () -> Void = {
            if pause > 0 { usleep(pause) }
            if let bytes = try? take(),
               let fresh = try? source.document.reloaded(from: bytes, reshaped: turned, reordered: rotations) { source.replace(with: fresh) }
            let document = source.document
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
                // Pages turned or organised: their sizes, text and links come from the new version.
                if reshaped { self?.onPagesReshaped?(document, pages, reordered) }
                self?.onContentChanged?(pages)
                self?.onShownElsewhere?(document, pages, reshaped, reordered)
            }
        }
        if let queue = renderQueue { queue.perform(reload) } else { reload() }
    }

    /// How many annotations of a large move are written into the file's objects per turn of
    /// the main loop at most (about a third of a millisecond each, more on a loaded machine;
    /// a turn also stops after ``sliceMicroseconds``): `PDF_ANNOTATOR_WRITE_SLICE`, 24 unless
    /// set; 0 writes every edit whole as it is made (the way before, to compare).
    static let writeSlice: Int = {
        guard let raw = getenv("PDF_ANNOTATOR_WRITE_SLICE") else { return 24 }
        return max(0, Int(String(cString: raw)) ?? 24)
    }()

    /// How many annotations a slice writes between two looks at the clock.
    static let writeStep = 4

    /// How long a slice of writes may hold the main loop (µs): it stops at the first look at
    /// the clock past this, whatever is left of its count.
    static let sliceMicroseconds = 6_000

    /// `PDF_ANNOTATOR_TEST_RELOAD_PAUSE` (microseconds): how long the render worker waits before
    /// it takes an edit in, so that UI tests can see the screen between an edit and its redraw.
    /// 0 (no wait) unless set.
    static let testReloadPause: UInt32 = {
        guard let raw = getenv("PDF_ANNOTATOR_TEST_RELOAD_PAUSE") else { return 0 }
        return UInt32(String(cString: raw)) ?? 0
    }()
}

/// The document session reads annotations and commits edits through this port (on the main
/// thread, where both live).
extension EditingSession: @preconcurrency EditingPort {
    func annotations(on page: PageIndex) -> [Annotation] { editor.annotations(on: page) }
    func annotation(_ id: String) -> Annotation? { editor.annotation(id) }
    func popupID(of annotation: Annotation) -> String? { editor.popupID(of: annotation) }
    func removal(of ids: [String]) -> [PlacedAnnotation] { editor.removal(of: ids) }
    func formField(forWidget annotationID: String) -> (field: FormField, widget: FormWidget)? { editor.formField(forWidget: annotationID) }
    func formField(named name: String) -> FormField? { editor.formField(named: name) }
    func formTabStops() -> [FormStop] { editor.formTabStops() }
}
