// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentSession
import Geometry
import StateSnapshot

/// The annotation list's review part: each annotation's thread (its replies and theirs, with
/// author, date and text) listed under it, its review state and the user's mark; filters by
/// author and by state; and a bar of touch-sized buttons acting on the selected row: Reply…,
/// Edit… and Delete (the user's own replies only), and Status (Accepted, Rejected, Cancelled,
/// Completed, None; Marked/Unmarked). Every change is one undoable edit from the composer.
@MainActor
final class ReviewListControls {
    let authorFilter: UnsafeMutablePointer<GtkWidget>
    let authorNames: OpaquePointer
    /// The authors the author filter offers after "All Authors", in the order they were met.
    var authors: [String] = []
    let stateFilter: UnsafeMutablePointer<GtkWidget>
    let reply: UnsafeMutablePointer<GtkWidget>
    let edit: UnsafeMutablePointer<GtkWidget>
    let delete: UnsafeMutablePointer<GtkWidget>
    let status: UnsafeMutablePointer<GtkWidget>

    init(authorFilter: UnsafeMutablePointer<GtkWidget>, authorNames: OpaquePointer, stateFilter: UnsafeMutablePointer<GtkWidget>,
         reply: UnsafeMutablePointer<GtkWidget>, edit: UnsafeMutablePointer<GtkWidget>, delete: UnsafeMutablePointer<GtkWidget>,
         status: UnsafeMutablePointer<GtkWidget>) {
        self.authorFilter = authorFilter
        self.authorNames = authorNames
        self.stateFilter = stateFilter
        self.reply = reply
        self.edit = edit
        self.delete = delete
        self.status = status
    }

    /// The author chosen, `nil` for all.
    var author: String? {
        let i = Int(gtk_drop_down_get_selected(OpaquePointer(authorFilter)))
        return i >= 1 && i - 1 < authors.count ? authors[i - 1] : nil
    }

    /// The state filter's choice (index into ``DocumentWindow/stateFilters``).
    var stateChoice: Int { Int(gtk_drop_down_get_selected(OpaquePointer(stateFilter))) }

    /// Offers `name` in the author filter when it is new.
    func meet(_ name: String?) {
        guard let name, !name.isEmpty, !authors.contains(name) else { return }
        authors.append(name)
        gtk_string_list_append(authorNames, name)
    }
}

extension DocumentWindow {
    /// The state filter's choices.
    static let stateFilters: [(label: String, filter: ReviewStateFilter)] = [
        (N_("All States"), .all), (N_("No State"), .noState), (N_("Accepted"), .state(.accepted)),
        (N_("Rejected"), .state(.rejected)), (N_("Cancelled"), .state(.cancelled)), (N_("Completed"), .state(.completed)),
        (N_("Marked"), .marked),
    ]

    /// The filters by author and state, above the list.
    func buildReviewFilters() -> UnsafeMutablePointer<GtkWidget> {
        let names = gtk_string_list_new(nil)!
        gtk_string_list_append(names, tr("All Authors"))
        // The drop-down owns the list; the controls append authors to it as they are met.
        let author = gtk_drop_down_new(names, nil)!
        ann_accessible_set_label(author, tr("Show annotations by author"))
        gtk_widget_set_name(author, "annotation-author-filter")
        let labels = Self.stateFilters.map { strdup(tr($0.label)) } + [nil]
        let state = labels.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0) }
        }!
        labels.forEach { free($0) }
        ann_accessible_set_label(state, tr("Show annotations in state"))
        gtk_widget_set_name(state, "annotation-state-filter")
        for drop in [author, state] {
            gtk_widget_set_hexpand(drop, 1)
            Signals.connect(raw(drop), "notify::selected", pointer: { [weak self] _ in self?.refreshAnnotationList() })
        }
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_margin_start(row, 6)
        gtk_widget_set_margin_end(row, 6)
        gtk_box_append(cast(row), author)
        gtk_box_append(cast(row), state)

        let reply = Self.reviewButton(tr("_Reply…"), name: "annotation-reply", action: "win.reply-to-listed")
        let edit = Self.reviewButton(tr("_Edit…"), name: "annotation-edit-reply", action: "win.edit-listed-reply")
        let delete = Self.reviewButton(tr("_Delete"), name: "annotation-delete-reply", action: "win.delete-listed-reply")
        let status = gtk_menu_button_new()!
        gtk_menu_button_set_label(cast(status), tr("Status"))
        gtk_widget_set_name(status, "annotation-status")
        ann_accessible_set_label(status, tr("Set the review status"))
        gtk_widget_set_size_request(status, -1, 44)
        let menu = g_menu_new()!
        let review = g_menu_new()!
        for state in [ReviewState.none, .accepted, .rejected, .cancelled, .completed] {
            g_menu_append(review, tr(Self.stateLabel(state)), "win.set-review-state::\(state.rawValue)")
        }
        let mark = g_menu_new()!
        g_menu_append(mark, tr("Mark"), "win.set-review-state::Marked")
        g_menu_append(mark, tr("Unmark"), "win.set-review-state::Unmarked")
        g_menu_append_section(menu, nil, cast(review))
        g_menu_append_section(menu, nil, cast(mark))
        gtk_menu_button_set_menu_model(cast(status), cast(menu))
        for m in [review, mark, menu] { g_object_unref(raw(m)) }
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_name(bar, "annotation-review-bar")
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_bottom] { margin(bar, 6) }
        for button in [reply, edit, delete, status] { gtk_box_append(cast(bar), button) }
        reviewControls = ReviewListControls(authorFilter: author, authorNames: names, stateFilter: state,
                                            reply: reply, edit: edit, delete: delete, status: status)
        // The bar goes below the list; the filters above it (the caller places both).
        reviewBar = bar
        return row
    }

    private static func reviewButton(_ label: String, name: String, action: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(label)!
        gtk_widget_set_name(button, name)
        gtk_actionable_set_action_name(cast(button), action)
        // Big enough for a fingertip.
        gtk_widget_set_size_request(button, -1, 44)
        gtk_widget_set_hexpand(button, 1)
        return button
    }

    static func stateLabel(_ state: ReviewState) -> String {
        switch state {
        case .none: return N_("None")
        case .accepted: return N_("Accepted")
        case .rejected: return N_("Rejected")
        case .cancelled: return N_("Cancelled")
        case .completed: return N_("Completed")
        case .marked: return N_("Marked")
        case .unmarked: return N_("Unmarked")
        }
    }

    func installReviewActions() {
        addAction("reply-to-listed") { [weak self] in
            guard let self, let a = self.selectedListedAnnotation else { return }
            self.writeReply(to: a)
        }
        addAction("edit-listed-reply") { [weak self] in
            guard let self, let a = self.selectedListedAnnotation else { return }
            self.editReply(a.id)
        }
        addAction("delete-listed-reply") { [weak self] in
            guard let self, let a = self.selectedListedAnnotation, let editor = self.editing?.editor else { return }
            self.canvas.commit(self.canvas.composer.deletingReply(a.id, in: editor))
        }
        // The note window's Edit… and Delete, with the reply's id.
        addStringAction("edit-reply") { [weak self] id in self?.editReply(id) }
        addStringAction("delete-reply") { [weak self] id in self?.deleteReply(id) }
        let type = g_variant_type_new("s")
        let action = g_simple_action_new("set-review-state", type)!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            guard let self, let value, let name = string(g_variant_get_string(OpaquePointer(value), nil)),
                  let state = ReviewState(rawValue: name), let a = self.selectedListedAnnotation, let editor = self.editing?.editor else { return }
            self.canvas.commit(self.canvas.composer.settingState(state, of: a.id, in: editor))
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
        updateReviewButtons()
    }

    /// Opens the user's own reply `id` for a new text ("Edit Reply", one undoable edit); from a
    /// note's window, that window closes first, its text kept (as Reply… does).
    func editReply(_ id: String) {
        guard let reply = editing?.editor.annotation(id), canvas.composer.isOwnReply(reply) else { return }
        if let open = noteEditor {
            guard open.noteID != nil else { return }
            open.finish(open.text)
        }
        openReplyEditor(title: tr("Edit Reply"), text: reply.contents ?? "") { [weak self] text in
            guard let self, let editor = self.editing?.editor else { return }
            self.canvas.commit(self.canvas.composer.editingReply(id, text: text, in: editor))
        }
    }

    /// Deletes the user's own reply `id` with what answers it ("Delete Reply", one undoable
    /// edit); a note's window showing it stays open and shows the thread without it.
    func deleteReply(_ id: String) {
        guard let editor = editing?.editor else { return }
        canvas.commit(canvas.composer.deletingReply(id, in: editor))
        if let open = noteEditor, let noteID = open.noteID, let note = editor.annotation(noteID) {
            open.setThread(noteThreadEntries(of: note))
        }
    }

    /// Opens the text of a reply to `a`; Done makes it one undoable edit.
    func writeReply(to a: Annotation) {
        let to = a.author.map { tr("Reply to {author}", ["author": $0]) } ?? tr("Reply")
        openReplyEditor(title: to, text: "") { [weak self] text in
            guard let self, let editor = self.editing?.editor else { return }
            self.canvas.commit(self.canvas.composer.reply(to: a.id, text: text, in: editor))
        }
    }

    private func openReplyEditor(title: String, text: String, done: @escaping @MainActor (String) -> Void) {
        guard noteEditor == nil else { return }
        let editor = NoteEditor(parent: window, title: title, text: text)
        editor.onFinish = { [weak self] text in
            guard let self else { return }
            self.noteEditor = nil
            self.pendingDialog = nil
            if let text { done(text) }
        }
        noteEditor = editor
        pendingDialog = "reply"
        editor.present()
    }

    /// The annotation of the list's selected row, else the one selected on the page.
    var selectedListedAnnotation: Annotation? {
        if let (list, _) = annotationList, let row = gtk_list_box_get_selected_row(cast(list)) {
            let index = Int(gtk_list_box_row_get_index(row))
            guard listedAnnotations.indices.contains(index) else { return nil }
            return editing?.editor.annotation(listedAnnotations[index].id) ?? listedAnnotations[index]
        }
        return canvas.selectedAnnotation.flatMap { editing?.editor.annotation($0.rawValue) }
    }

    /// Reply and Status act on any row, Edit and Delete on the user's own replies.
    func updateReviewButtons() {
        guard let controls = reviewControls else { return }
        let a = selectedListedAnnotation
        let own = a.map { canvas.composer.isOwnReply($0) } ?? false
        // The buttons follow the row; the actions stay on (they check for themselves), so that
        // they also act on an annotation selected on the page.
        gtk_widget_set_sensitive(controls.reply, a != nil ? 1 : 0)
        gtk_widget_set_sensitive(controls.edit, own ? 1 : 0)
        gtk_widget_set_sensitive(controls.delete, own ? 1 : 0)
        gtk_widget_set_sensitive(controls.status, a != nil ? 1 : 0)
    }

    /// The rows of a page's annotations (``ReviewListing``) under the list's filters; the authors
    /// met are offered in the author filter.
    func listedRows(_ annotations: [Annotation], kinds: Set<AnnotationSubtype>?) -> [ThreadRow] {
        for name in ReviewListing.authors(annotations) { reviewControls?.meet(name) }
        let choice = reviewControls?.stateChoice ?? 0
        let filter = Self.stateFilters.indices.contains(choice) ? Self.stateFilters[choice].filter : .all
        return ReviewListing.rows(annotations, kinds: kinds, author: reviewControls?.author, state: filter,
                                  user: canvas.composer.authorName)
    }

    /// A row's text: the kind (or "Reply"), the page, the thread's state and size; author and
    /// date; the text.
    static func listMarkup(_ row: ThreadRow) -> String {
        let a = row.annotation
        func escape(_ s: String) -> String { takeString(g_markup_escape_text(s, -1)) ?? "" }
        var details = [a.author, a.modified.flatMap { LocaleFormat.dateTime(pdfDate: $0) }].compactMap { $0 }.map(escape).joined(separator: " · ")
        if !details.isEmpty { details = "\n<span size=\"small\" alpha=\"65%\">\(details)</span>" }
        let text = a.contents.flatMap { $0.isEmpty ? nil : "\n" + escape(String($0.prefix(200))) } ?? ""
        var facts: [String] = []
        if row.depth == 0 { facts.append(tr("page {number}", ["number": String(a.page.displayNumber)])) }
        if let state = row.state, state != .none { facts.append(tr(stateLabel(state))) }
        if row.marked { facts.append(tr("Marked")) }
        if row.depth == 0, row.replies > 0 {
            facts.append(trn("{count} reply", "{count} replies", row.replies))
        }
        let kind = row.depth > 0 ? tr("Reply") : tr(listName(a.subtype))
        let said = facts.isEmpty ? "" : "  <span alpha=\"65%\">\(escape(facts.joined(separator: " · ")))</span>"
        return "<b>\(escape(kind))</b>" + said + details + text
    }

    /// Every thread of the pages the editor has read, for the state dump.
    func reviewThreadsSnapshot() -> [ReviewThreadSnapshot]? {
        guard let editor = editing?.editor else { return nil }
        let me = canvas.composer.authorName
        var out: [ReviewThreadSnapshot] = []
        for page in editor.model.pages.keys.sorted() {
            let list = editor.model.annotations(on: page)
            let threads = AnnotationThreads(list)
            for a in list where ![.link, .popup, .widget].contains(a.subtype) && !a.isStateNote {
                out.append(ReviewThreadSnapshot(id: a.id, page: page.displayNumber, name: a.uniqueName, author: a.author,
                                                inReplyTo: a.inReplyTo, text: a.contents, replies: threads.replyCount(of: a.id),
                                                state: threads.reviewState(of: a.id)?.rawValue, marked: threads.isMarked(a.id, by: me)))
            }
        }
        return out
    }
}
