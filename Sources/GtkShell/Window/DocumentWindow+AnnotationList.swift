// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentSession
import Geometry
import InteractionEngine

/// The sidebar's annotation list: every annotation a user can edit, page by page, with its kind,
/// author, date and text, and its replies under it (DocumentWindow+ReviewThreads); filters by
/// kind, author and review state above it, and the review bar below. Activating one goes to its
/// page and selects it; Delete removes it with its replies (one undoable step; of replies, only
/// the user's own). The list follows every edit, undo and redo.
extension DocumentWindow {
    /// The kinds the filter offers, with the subtypes each one shows (`nil`: all).
    static let annotationFilters: [(label: String, kinds: Set<AnnotationSubtype>?)] = [
        ("All Kinds", nil), ("Markup", [.highlight, .underline, .strikeOut, .squiggly]), ("Notes and Text", [.text, .freeText]),
        ("Ink", [.ink]), ("Shapes", [.square, .circle, .line, .polygon, .polyLine]), ("Stamps", [.stamp]),
    ]

    func buildAnnotationList() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let labels = Self.annotationFilters.map { strdup($0.label) } + [nil]
        let filter = labels.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0) }
        }!
        labels.forEach { free($0) }
        ann_accessible_set_label(filter, tr("Show annotations of kind"))
        gtk_widget_set_margin_start(filter, 6)
        gtk_widget_set_margin_end(filter, 6)
        Signals.connect(raw(filter), "notify::selected", pointer: { [weak self] _ in self?.refreshAnnotationList() })
        let (list, scroller) = SidebarList(name: tr("Annotations"), whenEmpty: tr("No annotations.")).parts
        Signals.connect(raw(list), "row-selected", pointer: { [weak self] row in
            self?.updateReviewButtons()
            // A row looked at is no longer marked changed by another reviewer.
            guard let self, let row else { return }
            let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            if self.listedAnnotations.indices.contains(index) { self.sharedReviewSeen([self.listedAnnotations[index]]) }
        })
        Signals.connect(raw(list), "row-activated", pointer: { [weak self] row in
            guard let self, let row else { return }
            self.showListedAnnotation(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        })
        // Delete on a listed annotation removes it.
        let controller = gtk_shortcut_controller_new()!
        if let trigger = gtk_shortcut_trigger_parse_string("Delete"), let action = gtk_named_action_new("win.delete-listed-annotation"),
           let shortcut = gtk_shortcut_new(trigger, action) {
            gtk_shortcut_controller_add_shortcut(controller, shortcut)
        }
        gtk_widget_add_controller(list, controller)
        gtk_box_append(cast(box), filter)
        gtk_box_append(cast(box), buildReviewFilters())
        gtk_box_append(cast(box), scroller)
        if let reviewBar { gtk_box_append(cast(box), reviewBar) }
        annotationList = (list, filter)
        updateReviewButtons()
        return box
    }

    func installAnnotationListActions() {
        addAction("delete-listed-annotation") { [weak self] in
            guard let self, let (list, _) = self.annotationList, let row = gtk_list_box_get_selected_row(cast(list)) else { return }
            let index = Int(gtk_list_box_row_get_index(row))
            guard self.listedAnnotations.indices.contains(index) else { return }
            let a = self.listedAnnotations[index]
            if a.isReply {
                // A reply goes only when it is the user's own (with the replies to it).
                if let editor = self.editing?.editor { self.canvas.commit(self.canvas.composer.deletingReply(a.id, in: editor)) }
                return
            }
            self.canvas.deselectAnnotations()
            self.canvas.session.delete([a.annotationID])
        }
        installReviewActions()
        let type = g_variant_type_new("s")
        let action = g_simple_action_new("sidebar-page", type)!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            self?.buildSidebarPages()
            guard let self, let pages = self.sidebarPages, let value, let name = string(g_variant_get_string(OpaquePointer(value), nil)) else { return }
            if let sidebar = self.sidebar, gtk_widget_get_visible(sidebar.panel) == 0 { g_action_group_activate_action(self.actionMap, "toggle-sidebar", nil) }
            gtk_stack_set_visible_child_name(cast(pages), name)
            if name != "outline" { self.sidebar?.focusWhenLoaded = false }
            // The list shown takes the keyboard.
            let list = name == "annotations" ? self.annotationList?.list : name == "bookmarks" ? self.bookmarkList : nil
            if let list, let row = gtk_list_box_get_row_at_index(cast(list), 0) {
                gtk_widget_grab_focus(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
            }
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    /// Whether the annotation list is what the sidebar shows.
    private var annotationListShown: Bool {
        guard let sidebar, gtk_widget_get_visible(sidebar.panel) != 0, let pages = sidebarPages else { return false }
        return string(gtk_stack_get_visible_child_name(cast(pages))) == "annotations"
    }

    /// Rebuilds the list from the editor (when it is shown): every page's annotations, filtered,
    /// read 25 pages per main-loop turn so a long document never stalls the window.
    func refreshAnnotationList() {
        guard let (list, _) = annotationList else { return }
        annotationListGeneration += 1
        annotationListComplete = false
        annotationListEditor = editing?.editor
        while let row = gtk_list_box_get_row_at_index(cast(list), 0) { gtk_list_box_remove(cast(list), UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)) }
        listedAnnotations = []
        annotationListRowsBuilt = 0
        guard annotationListShown, editing != nil else {
            // The list is the editor's: shown before any edit, it has the editor made, and is
            // listed when it is open (editStateChanged).
            if annotationListShown, editing == nil { whenEditorReady { } }
            application?.stateChanged()
            return
        }
        listAnnotations(from: 0, kinds: annotationListKinds, generation: annotationListGeneration)
    }

    /// The kinds the list's filter lets through (`nil`: all).
    private var annotationListKinds: Set<AnnotationSubtype>? {
        guard let (_, filter) = annotationList else { return nil }
        let choice = Int(gtk_drop_down_get_selected(OpaquePointer(filter)))
        return Self.annotationFilters.indices.contains(choice) ? Self.annotationFilters[choice].kinds : nil
    }

    /// After an edit reached the screen: only the rows of the pages it changed are made again,
    /// in place (a long document's list is not rebuilt for one pen stroke). Before the list is
    /// whole, it is listed again from the start.
    func updateAnnotationList(pages: Set<PageIndex>) {
        guard let (list, _) = annotationList, annotationListShown, let editor = editing?.editor else { return }
        guard annotationListComplete, annotationListEditor === editor else { refreshAnnotationList(); return }
        let kinds = annotationListKinds
        var built = 0
        // The row chosen stays chosen when its rows are made again (the review bar acts on it).
        let chosen = gtk_list_box_get_selected_row(cast(list)).map { Int(gtk_list_box_row_get_index($0)) }
            .flatMap { listedAnnotations.indices.contains($0) ? listedAnnotations[$0].id : nil }
        for page in pages.sorted() {
            for index in listedAnnotations.indices.reversed() where listedAnnotations[index].page == page {
                if let row = gtk_list_box_get_row_at_index(cast(list), Int32(index)) {
                    gtk_list_box_remove(cast(list), UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
                }
                listedAnnotations.remove(at: index)
            }
            var position = listedAnnotations.firstIndex { $0.page > page } ?? listedAnnotations.count
            for row in listedRows(editor.annotations(on: page), kinds: kinds) {
                gtk_list_box_insert(cast(list), makeRow(row), Int32(position))
                listedAnnotations.insert(row.annotation, at: position)
                position += 1
                built += 1
            }
        }
        annotationListRowsBuilt = built
        gtk_list_box_unselect_all(cast(list))
        if let chosen, let index = listedAnnotations.firstIndex(where: { $0.id == chosen }),
           let row = gtk_list_box_get_row_at_index(cast(list), Int32(index)) {
            gtk_list_box_select_row(cast(list), row)
        }
        updateReviewButtons()
    }

    /// One row: the kind, the page, author and date, and the text; a reply indented by its depth.
    private func makeRow(_ listed: ThreadRow) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_list_box_row_new()!
        let label = gtk_label_new(nil)!
        gtk_label_set_markup(cast(label), Self.listMarkup(listed))
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_lines(cast(label), 3)
        gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
        gtk_widget_set_margin_start(label, Int32(6 + 18 * min(listed.depth, 6)))
        if let mark = sharedReviewMark(listed.annotation) {
            // Changed by another reviewer, or edited on both sides (a shared review).
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_widget_set_hexpand(label, 1)
            let badge = gtk_label_new(mark)!
            gtk_widget_add_css_class(badge, "dim-label")
            gtk_widget_set_valign(badge, GTK_ALIGN_START)
            gtk_box_append(cast(box), label)
            gtk_box_append(cast(box), badge)
            gtk_list_box_row_set_child(cast(row), box)
        } else {
            gtk_list_box_row_set_child(cast(row), label)
        }
        return row
    }

    private func listAnnotations(from first: Int, kinds: Set<AnnotationSubtype>?, generation: Int) {
        guard generation == annotationListGeneration, let (list, _) = annotationList, let editor = editing?.editor else { return }
        let last = min(canvas.pageCount, first + 25)
        for page in first..<last {
            for row in listedRows(editor.annotations(on: PageIndex(page)), kinds: kinds) {
                listedAnnotations.append(row.annotation)
                gtk_list_box_append(cast(list), makeRow(row))
                annotationListRowsBuilt += 1
            }
        }
        guard last < canvas.pageCount else {
            annotationListComplete = true
            updateReviewButtons()
            return
        }
        MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            self?.listAnnotations(from: last, kinds: kinds, generation: generation)
        }
    }

    static func listName(_ kind: AnnotationSubtype) -> String {
        switch kind {
        case .text: return N_("Note")
        case .freeText: return N_("Text")
        case .highlight: return N_("Highlight")
        case .underline: return N_("Underline")
        case .strikeOut: return N_("Strike Out")
        case .squiggly: return N_("Squiggly")
        case .ink: return N_("Ink")
        case .square: return N_("Rectangle")
        case .circle: return N_("Ellipse")
        case .line: return N_("Line")
        case .polygon: return N_("Polygon")
        case .polyLine: return N_("Polyline")
        case .stamp: return N_("Stamp")
        case .caret: return N_("Caret")
        case .fileAttachment: return N_("Attachment")
        case .link, .popup, .widget, .sound, .movie, .screen, .printerMark, .trapNet, .watermark, .threeD, .richMedia, .unknown:
            return kind.rawValue.capitalized
        }
    }

    /// Goes to a listed annotation's page and selects it once its page is laid out.
    private func showListedAnnotation(_ index: Int) {
        guard listedAnnotations.indices.contains(index) else { return }
        let a = listedAnnotations[index]
        canvas.history.leave(canvas.readingPosition)
        canvas.goTo(page: a.page)
        canvas.select(whenShown: a.annotationID)
    }
}
