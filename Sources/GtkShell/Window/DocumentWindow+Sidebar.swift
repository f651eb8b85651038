// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry

/// The sidebar (F9): the document's outline as a list, entries indented by depth, the ones with
/// entries under them opened and closed with their arrow; activating an entry (click, Return)
/// goes to its page, and the entry of the section in view is highlighted while reading.
/// The outline is read on the render worker when the sidebar is first shown.
extension DocumentWindow {
    /// The sidebar's widgets and the outline they show.
    final class Sidebar {
        let paned: UnsafeMutablePointer<GtkWidget>
        let panel: UnsafeMutablePointer<GtkWidget>
        let list: UnsafeMutablePointer<GtkWidget>
        let placeholder: UnsafeMutablePointer<GtkWidget>
        /// The outline, flattened depth first, with each entry's row and whether it is open.
        var entries: [(item: OutlineItem, depth: Int, row: UnsafeMutablePointer<GtkWidget>, expanded: Bool)] = []
        var loaded = false
        /// Set while the window selects the current entry itself (not a user's choice).
        var following = false
        /// The outline takes the keyboard once it has been read (F9 asked before it was).
        var focusWhenLoaded = false
        /// The page the highlight was last placed for.
        var followedPage: PageIndex?

        init(paned: UnsafeMutablePointer<GtkWidget>, panel: UnsafeMutablePointer<GtkWidget>,
             list: UnsafeMutablePointer<GtkWidget>, placeholder: UnsafeMutablePointer<GtkWidget>) {
            self.paned = paned
            self.panel = panel
            self.list = list
            self.placeholder = placeholder
        }
    }

    /// The paned that holds the sidebar (hidden at first) and `main`. The sidebar's pages are
    /// made when it is first shown (``buildSidebarPages()``).
    func buildSidebar(around main: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        let panelBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(panelBox, 200, -1)
        gtk_paned_set_start_child(cast(paned), panelBox)
        gtk_paned_set_end_child(cast(paned), main)
        gtk_paned_set_resize_start_child(cast(paned), 0)
        gtk_paned_set_shrink_start_child(cast(paned), 0)
        gtk_paned_set_position(cast(paned), 280)
        gtk_widget_set_visible(panelBox, 0)
        sidebarFrame = (paned, panelBox)
        return paned
    }

    /// Makes the sidebar's pages (outline, Pages grid, annotations, bookmarks, signatures) once,
    /// showing what the document in the window has put in them so far: when the sidebar or one
    /// of its pages is first asked for. The Pages grid then draws the thumbnails of the rows it
    /// shows, each when its row first comes into view.
    func buildSidebarPages() {
        guard sidebar == nil, let (paned, panelBox) = sidebarFrame else { return }
        let outline = SidebarList(name: tr("Outline"), whenEmpty: tr("This document has no outline."))
        let (list, scroller, placeholder) = (outline.list, outline.scroller, outline.placeholder)
        // Outline, thumbnails, annotation list and bookmarks, one at a time, with a switcher
        // of icons above them (their titles are the buttons' tooltips and accessible names).
        let pages = gtk_stack_new()!
        gtk_stack_page_set_icon_name(gtk_stack_add_titled(cast(pages), scroller, "outline", tr("Outline")), "view-list-bullet-symbolic")
        let thumbnails = ThumbnailPanel()
        thumbnails.onActivate = { [weak self] page in
            guard let self else { return }
            self.canvas.history.leave(self.canvas.readingPosition)
            self.canvas.goTo(page: page)
        }
        thumbnails.onChange = { [weak self] in self?.application?.stateChanged() }
        thumbnails.onContextMenu = { [weak self] point in self?.showPagesMenu(at: point) }
        thumbnails.onMovePages = { [weak self] pages, before in self?.movePages(pages, before: before) }
        thumbnails.onDropFiles = { [weak self] paths, before in
            // Each file's pages after the previous file's, one step each.
            guard let self, let first = paths.first else { return }
            self.insertPages(from: first, password: nil, at: before) { [weak self] count in
                if paths.count > 1 { self?.thumbnails?.onDropFiles?(Array(paths.dropFirst()), before + count) }
            }
        }
        self.thumbnails = thumbnails
        gtk_stack_page_set_icon_name(gtk_stack_add_titled(cast(pages), buildPagesPanel(thumbnails), "thumbnails", tr("Pages")), "view-grid-symbolic")
        gtk_stack_page_set_icon_name(gtk_stack_add_titled(cast(pages), buildAnnotationList(), "annotations", tr("Annotations")), "document-edit-symbolic")
        gtk_stack_page_set_icon_name(gtk_stack_add_titled(cast(pages), buildBookmarkList(), "bookmarks", tr("Bookmarks")), "user-bookmarks-symbolic")
        gtk_stack_page_set_icon_name(gtk_stack_add_titled(cast(pages), buildSignatureList(), "signatures", tr("Signatures")), "security-high-symbolic")
        gtk_stack_page_set_icon_name(gtk_stack_add_titled(cast(pages), buildAttachmentList(), "attachments", tr("Attachments")), "mail-attachment-symbolic")
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(cast(switcher), cast(pages))
        gtk_widget_set_halign(switcher, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(switcher, 6)
        gtk_widget_set_margin_bottom(switcher, 6)
        gtk_box_append(cast(panelBox), switcher)
        gtk_box_append(cast(panelBox), pages)
        sidebarPages = pages
        Signals.connect(raw(pages), "notify::visible-child-name", pointer: { [weak self] _ in
            guard let self else { return }
            if let pages = self.sidebarPages, string(gtk_stack_get_visible_child_name(cast(pages))) == "thumbnails" {
                self.thumbnails?.setCurrentPage(self.canvas.currentPage)
                self.thumbnails?.revealCurrentPage()
            }
            self.refreshAnnotationList()
            if self.attachmentListShown { self.refreshAttachmentList() }
        })
        sidebar = Sidebar(paned: paned, panel: panelBox, list: list, placeholder: placeholder)
        Signals.connect(raw(list), "row-activated", pointer: { [weak self] row in
            guard let self, let row else { return }
            self.activateOutlineRow(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        })
        // What the document shown has for them so far.
        if let feed = thumbnailFeed {
            feed(thumbnails)
            thumbnails.setCurrentPage(canvas.currentPage)
        }
        showBookmarks()
        showSignatureList()
        resetSidebar()
    }

    /// Gives the Pages grid a document to draw, now if the grid exists, else when it is made.
    func feedThumbnails(_ feed: @escaping @MainActor (ThumbnailPanel) -> Void) {
        thumbnailFeed = feed
        if let thumbnails { feed(thumbnails) }
    }

    func installSidebarAction() {
        addAction("toggle-sidebar") { [weak self] in
            guard let self, self.content == .document else { return }
            self.closeDrawerNow()
            self.buildSidebarPages()
            guard let sidebar = self.sidebar else { return }
            let show = gtk_widget_get_visible(sidebar.panel) == 0
            gtk_widget_set_visible(sidebar.panel, show ? 1 : 0)
            if show {
                sidebar.focusWhenLoaded = true
                self.loadOutline()
                self.focusOutline()
                self.refreshAnnotationList()
            } else {
                gtk_widget_grab_focus(self.canvas.area)
            }
        }
    }

    /// A new document: the sidebar forgets the old outline (and reads the new one if shown).
    func resetSidebar() {
        guard let sidebar else { return }
        while let child = gtk_widget_get_first_child(sidebar.list), child != sidebar.placeholder {
            gtk_list_box_remove(cast(sidebar.list), child)
        }
        sidebar.entries = []
        sidebar.loaded = false
        if gtk_widget_get_visible(sidebar.panel) != 0 { loadOutline() }
        refreshAnnotationList()
        attachmentsChanged()
    }

    func loadOutline() {
        guard let sidebar, !sidebar.loaded, let document, let queue = primaryCanvas.tiles.queue else { return }
        sidebar.loaded = true
        let generation = openGeneration
        queue.perform { [weak self] in
            let outline = document.outline()
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) {
                guard let self, self.openGeneration == generation else { return }
                self.showOutline(outline)
            }
        }
    }

    private func showOutline(_ outline: [OutlineItem]) {
        guard let sidebar else { return }
        for (item, depth) in outline.flatMap({ $0.flattened() }) {
            let row = gtk_list_box_row_new()!
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
            gtk_widget_set_margin_start(box, Int32(6 + depth * 14))
            let index = sidebar.entries.count
            if item.children.isEmpty {
                let spacer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
                gtk_widget_set_size_request(spacer, 24, -1)
                gtk_box_append(cast(box), spacer)
            } else {
                let arrow = gtk_button_new_from_icon_name(item.isExpanded ? "pan-down-symbolic" : "pan-end-symbolic")!
                gtk_widget_add_css_class(arrow, "flat")
                gtk_widget_set_focusable(arrow, 0)
                ann_accessible_set_label(arrow, tr("Open or close {entry}", ["entry": item.title]))
                Signals.connect(raw(arrow), "clicked") { [weak self] in self?.toggleOutlineEntry(index, arrow: arrow) }
                gtk_box_append(cast(box), arrow)
            }
            let title = gtk_label_new(item.title)!
            gtk_label_set_xalign(cast(title), 0)
            gtk_label_set_ellipsize(cast(title), PANGO_ELLIPSIZE_END)
            gtk_widget_set_hexpand(title, 1)
            gtk_widget_set_tooltip_text(title, item.title)
            gtk_box_append(cast(box), title)
            if let page = item.page {
                let number = gtk_label_new(String(page.displayNumber))!
                gtk_widget_add_css_class(number, "dim-label")
                gtk_box_append(cast(box), number)
            }
            gtk_list_box_row_set_child(cast(row), box)
            ann_accessible_set_label(row, item.page.map { "\(item.title), page \($0.displayNumber)" } ?? item.title)
            gtk_list_box_append(cast(sidebar.list), row)
            sidebar.entries.append((item, depth, row, item.isExpanded))
        }
        applyOutlineVisibility()
        followReading()
        focusOutline()
    }

    /// The keyboard goes to the highlighted entry (or the first), once there are entries.
    private func focusOutline() {
        guard let sidebar, sidebar.focusWhenLoaded, !sidebar.entries.isEmpty else { return }
        // Only while the outline is the sidebar page shown.
        if let pages = sidebarPages, string(gtk_stack_get_visible_child_name(cast(pages))) != "outline" {
            sidebar.focusWhenLoaded = false
            return
        }
        sidebar.focusWhenLoaded = false
        followReading()
        if let row = gtk_list_box_get_selected_row(cast(sidebar.list)) ?? gtk_list_box_get_row_at_index(cast(sidebar.list), 0) {
            gtk_widget_grab_focus(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
        }
    }

    /// Shows each entry whose ancestors are all open.
    private func applyOutlineVisibility() {
        guard let sidebar else { return }
        var openDepth = Int.max   // entries deeper than this are inside a closed entry
        for entry in sidebar.entries {
            if entry.depth <= openDepth { openDepth = Int.max }
            let visible = entry.depth <= openDepth
            gtk_widget_set_visible(entry.row, visible ? 1 : 0)
            if visible && !entry.expanded && openDepth == Int.max { openDepth = entry.depth }
        }
    }

    private func toggleOutlineEntry(_ index: Int, arrow: UnsafeMutablePointer<GtkWidget>) {
        guard let sidebar, sidebar.entries.indices.contains(index) else { return }
        sidebar.entries[index].expanded.toggle()
        gtk_button_set_icon_name(cast(arrow), sidebar.entries[index].expanded ? "pan-down-symbolic" : "pan-end-symbolic")
        applyOutlineVisibility()
    }

    private func activateOutlineRow(_ index: Int) {
        guard let sidebar, !sidebar.following, sidebar.entries.indices.contains(index), let page = sidebar.entries[index].item.page else { return }
        canvas.history.leave(canvas.readingPosition)
        canvas.goTo(page: page)
    }

    /// Highlights the entry of the section in view (or its nearest shown ancestor).
    func followReading() {
        if let thumbnails, let sidebar, gtk_widget_get_visible(sidebar.panel) != 0 { thumbnails.setCurrentPage(canvas.currentPage) }
        guard let sidebar, !sidebar.entries.isEmpty, gtk_widget_get_visible(sidebar.panel) != 0, let page = canvas.currentPage else { return }
        sidebar.followedPage = page
        guard var index = OutlineItem.current(in: sidebar.entries.map { ($0.item, $0.depth) }, page: page) else { return }
        while index > 0, gtk_widget_get_visible(sidebar.entries[index].row) == 0 {
            let depth = sidebar.entries[index].depth
            index = (0..<index).last { sidebar.entries[$0].depth < depth } ?? 0
        }
        sidebar.following = true
        gtk_list_box_select_row(cast(sidebar.list), cast(sidebar.entries[index].row))
        sidebar.following = false
    }

    /// For the state dump: whether the sidebar is shown, its entries ("title", 1-based page or
    /// ""), which are shown, and the highlighted one's index.
    var sidebarSnapshot: (shown: Bool, outline: [[String]], visible: [Bool], selected: Int?) {
        guard let sidebar else { return (false, [], [], nil) }
        let selected = gtk_list_box_get_selected_row(cast(sidebar.list)).map { Int(gtk_list_box_row_get_index($0)) }
        return (gtk_widget_get_visible(sidebar.panel) != 0,
                sidebar.entries.map { [$0.item.title, $0.item.page.map { String($0.displayNumber) } ?? ""] },
                sidebar.entries.map { gtk_widget_get_visible($0.row) != 0 }, selected)
    }
}
