// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Share for Review… (`win.share-for-review`: a folder's path or URI, or "" for a folder
/// chooser) and Stop Sharing (`win.stop-sharing`): the document's annotations are shared with
/// other reviewers through a folder a sync service keeps in step (or any location GIO opens,
/// `smb://` and `dav://` included). Each edit here is written there as a packet; the others'
/// packets are merged as they arrive, each merge one undoable step named "Shared Review
/// Changes"; the annotation list marks what others changed ("Changed", until looked at) and
/// what both sides edited ("Conflict"). The review is remembered for the document (by its
/// /ID) and taken up again when it opens. A folder that goes away is said in a bar under the
/// header; what is made meanwhile waits and is written once it is back.
extension DocumentWindow {
    static let sharedReviewStepName = SharedReview.stepName

    func installSharedReviewActions() {
        addStringAction("share-for-review") { [weak self] folder in
            guard let self, self.content == .document else { return }
            if folder.isEmpty { self.chooseReviewFolder() } else { self.shareForReview(in: SharedReviewFolder(argument: folder)) }
        }
        addAction("stop-sharing", enabled: false) { [weak self] in self?.stopSharing(forget: true) }
    }

    private func chooseReviewFolder() {
        guard xfdfChooser == nil,
              let native = gtk_file_chooser_native_new(tr("Share for Review"), cast(window), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                       tr("_Share"), tr("_Cancel")) else { return }
        let handle = GObjectHandle(adopting: native)
        gtk_native_dialog_set_modal(cast(native), 1)
        pendingDialog = "share-for-review"
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self, let chooser = self.xfdfChooser else { return }
            var uri: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                uri = takeString(g_file_get_uri(file))
                g_object_unref(raw(file))
            }
            self.xfdfChooser = nil
            self.pendingDialog = nil
            if let uri { self.shareForReview(in: SharedReviewFolder(uri: uri)) }
        })
        xfdfChooser = handle
        gtk_native_dialog_show(cast(native))
    }

    /// Shares the document's annotations through `folder` (keeping what was merged before when
    /// it is the folder it was shared in).
    func shareForReview(in folder: SharedReviewFolder) {
        guard let key = documentKey else { return }
        whenEditorReady { [weak self] in
            guard let self else { return }
            var state = SharedReviewStore.standard.state(for: key) ?? SharedReviewState(folder: folder.uri)
            if state.folder != folder.uri { state = SharedReviewState(folder: folder.uri) }
            self.startSharedReview(state, key: key)
        }
    }

    /// Takes the document's review up again when it was shared (called when it opens).
    func resumeSharedReview() {
        stopSharing(forget: false)
        guard let key = documentKey, let state = SharedReviewStore.standard.state(for: key) else { return }
        whenEditorReady { [weak self] in
            guard let self, self.documentKey == key, self.sharedReviewLink == nil else { return }
            self.startSharedReview(state, key: key)
        }
    }

    private func startSharedReview(_ state: SharedReviewState, key: String) {
        stopSharing(forget: false)
        let review = SharedReview(device: SharedReviewStore.standard.device(), documentID: key, state: state)
        let link = SharedReviewLink(review: review, key: key)
        link.origins = { [weak self] in
            guard let editor = self?.editing?.editor else { return [] }
            return (0..<editor.pageCount).map { editor.cropOrigin(of: PageIndex($0)) }
        }
        link.onRead = { [weak self] incoming in self?.mergeSharedReview(incoming) }
        link.onFlushed = { [weak self] in
            self?.showSharedReviewProblem()
            self?.application?.stateChanged()
        }
        sharedReviewLink = link
        publishSharedReview()
        link.keep()
        link.start()
        setActionEnabled("stop-sharing", true)
        showSharedReviewProblem()
        application?.stateChanged()
    }

    /// Stops watching the folder; `forget` also forgets the review for this document.
    func stopSharing(forget: Bool) {
        guard let link = sharedReviewLink else { return }
        link.stop()
        if forget { SharedReviewStore.standard.store(nil, for: link.key) } else { link.keep() }
        sharedReviewLink = nil
        setActionEnabled("stop-sharing", false)
        sharedReviewBar?.show(nil)
        refreshAnnotationList()
        application?.stateChanged()
    }

    /// After an edit, undo or redo: what changed goes to the folder (soon, once per turn).
    func sharedReviewEdited() {
        guard let link = sharedReviewLink else { return }
        link.schedulePublish { [weak self] in self?.publishSharedReview() }
    }

    /// Makes a packet of what changed here and writes it on a worker.
    private func publishSharedReview() {
        guard let link = sharedReviewLink, let editor = editing?.editor else { return }
        if link.review.queuePacket(from: editor, pageCount: editor.pageCount, origin: editor.cropOrigin(of:), now: Self.pdfNow()) > 0 {
            link.keep()
            link.writePending()
            application?.stateChanged()
        }
    }

    /// The window closes: what was changed here and not yet published is, and every packet is
    /// written before it goes (or kept with the review's state when the folder is away).
    func finishSharedReview() {
        guard let link = sharedReviewLink else { return }
        if let editor = editing?.editor {
            link.review.queuePacket(from: editor, pageCount: editor.pageCount, origin: editor.cropOrigin(of:), now: Self.pdfNow())
        }
        link.finishWrites()
        stopSharing(forget: false)
    }

    /// The others' packets, merged into the document as one undoable step.
    private func mergeSharedReview(_ incoming: SharedReviewIncoming) {
        guard let link = sharedReviewLink, let editor = editing?.editor else { return }
        let problemBefore = link.review.problem
        let start = Self.monotonicMs()
        let composer = canvas.composer
        let merge = link.review.merge(incoming, into: editor, pageCount: editor.pageCount, origin: editor.cropOrigin(of:),
                                      now: Self.pdfNow(), stamp: { composer.stamp($0) })
        var committed = false
        if let record = merge.record { committed = canvas.commit(record) }
        // What was changed here before the merge went into a packet: written on a worker.
        link.writePending()
        if committed {
            link.merges += 1
            link.lastMergeMs = Self.monotonicMs() - start
        }
        link.review.noteRead(incoming.problem)
        let changedAnything = committed || !incoming.ends.isEmpty || !merge.conflicts.isEmpty || problemBefore != link.review.problem
        if changedAnything { link.keep() }
        if !merge.changed.isEmpty || !merge.conflicts.isEmpty { refreshAnnotationList() }
        showSharedReviewProblem()
        let newlyRefused = merge.refused.filter { !link.refused.contains($0) }
        link.refused += newlyRefused
        if !newlyRefused.isEmpty {
            showMessage(kind: "shared-review-refused", title: tr("Review Changes Refused"),
                        body: tr("The review folder “{folder}” holds changes for another document. They were not merged; this document is unchanged.",
                                 ["folder": link.review.folder.displayName]))
        }
        let newlyUnreadable = Set(incoming.damaged + incoming.unreadable).subtracting(link.unreadableTold)
        link.unreadableTold.formUnion(newlyUnreadable)
        if !newlyUnreadable.isEmpty, newlyRefused.isEmpty {
            showMessage(kind: "shared-review-unreadable", title: tr("Review Changes Not Read"),
                        body: tr("Some changes in the review folder “{folder}” could not be read (a damaged or unknown file from another device). They were skipped; this document is unchanged by them.",
                                 ["folder": link.review.folder.displayName]))
        }
        if changedAnything || !newlyRefused.isEmpty || !newlyUnreadable.isEmpty { application?.stateChanged() }
    }

    /// Says in the bar when the folder cannot be used (and that nothing is lost).
    private func showSharedReviewProblem() {
        guard let link = sharedReviewLink else { sharedReviewBar?.show(nil); return }
        guard let problem = link.review.problem else { sharedReviewBar?.show(nil); return }
        let folder = link.review.folder.displayName
        let text = problem.folderMissing
            ? tr("The review folder “{folder}” cannot be reached. Your changes are kept here and are written there once it is back.",
                 ["folder": folder])
            : tr("The review folder “{folder}” cannot be used: {reason}. Your changes are kept here and are written there once it works again.",
                 ["folder": folder, "reason": problem.message])
        sharedReviewBar?.show(text)
    }

    /// The list's mark for an annotation: "Conflict", "Changed" or none.
    func sharedReviewMark(_ a: Annotation) -> String? {
        guard let ledger = sharedReviewLink?.review.state.ledger else { return nil }
        let name = SharedReview.sharedName(a)
        if ledger.conflicts.contains(name) { return tr("Conflict") }
        if ledger.unseen.contains(name) { return tr("Changed") }
        return nil
    }

    /// Annotations were looked at (selected in the list or on the page, or their note opened):
    /// they are no longer marked changed by another reviewer.
    func sharedReviewSeen(_ annotations: [Annotation]) {
        guard let link = sharedReviewLink else { return }
        let seen = annotations.filter { link.review.state.ledger.unseen.contains(SharedReview.sharedName($0)) }
        guard !seen.isEmpty else { return }
        for a in seen { link.review.state.ledger.markSeen(SharedReview.sharedName(a)) }
        link.keep()
        // Their rows are made again after the selection settles (not inside the list's signal).
        let pages = Set(seen.map(\.page))
        MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in self?.updateAnnotationList(pages: pages) }
        application?.stateChanged()
    }

    /// Now as a PDF date (UTC).
    static func pdfNow() -> String { PDFDate.string(secondsSince1970: Int64(time(nil))) }

    static func monotonicMs() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
