// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry
import TextRecognition

/// Organising pages, each one undoable step saved as an incremental update, for the pages
/// selected in the sidebar's Pages grid while it shows, else for the page in view: `win.rotate-right` (Ctrl+]) and `win.rotate-left` (Ctrl+[) turn it a quarter turn (its
/// own /Rotate); `win.move-page-up` (Alt+Up) and `win.move-page-down` (Alt+Down) move it
/// one place, the view following it; `win.delete-page` takes it out (its annotations with it). After
/// pages changed, the window shows the document's new version everywhere (canvas, thumbnails,
/// page count).
extension DocumentWindow {
    func installPageActions() {
        addAction("rotate-right", enabled: false) { [weak self] in self?.rotatePages(quarterTurns: 1) }
        addAction("rotate-left", enabled: false) { [weak self] in self?.rotatePages(quarterTurns: -1) }
        addAction("move-page-up", enabled: false) { [weak self] in self?.movePages(by: -1) }
        addAction("move-page-down", enabled: false) { [weak self] in self?.movePages(by: 1) }
        addAction("delete-page", enabled: false) { [weak self] in self?.deletePages() }
        installPageFileActions()
        installSignatureActions()
        installSigningAction()
        installCertificateImportAction()
        installRegionActions()
        installHandwrittenSignatureActions()
    }

    /// The page operations as menus offer them, in one order for the grid's menu, its toolbar's
    /// menu and the main menu's Pages: turning and moving, then putting pages in and taking
    /// them out (`many` words them for several pages).
    static func pageOperationItems(many: Bool) -> (arrange: [(label: String, action: String)], files: [(label: String, action: String)],
                                                   delete: (label: String, action: String)) {
        ([(tr("Turn _Clockwise"), "win.rotate-right"), (tr("Turn _Anticlockwise"), "win.rotate-left"),
          (many ? tr("Move _Back") : tr("Move Page _Back"), "win.move-page-up"), (many ? tr("Move _On") : tr("Move Page _On"), "win.move-page-down")],
         [(tr("Insert B_lank Page"), "win.insert-blank-page"), (tr("Insert _Note Page…"), "win.insert-note-page::"),
          (tr("Add _Writing Room…"), "win.add-writing-room::"), (tr("_Insert Pages From File…"), "win.insert-pages::"),
          (many ? tr("D_uplicate Pages") : tr("D_uplicate Page"), "win.duplicate-pages"), (many ? tr("_Extract Pages…") : tr("_Extract Page…"), "win.extract-pages::")],
         (many ? tr("_Delete Pages") : tr("_Delete Page"), "win.delete-page"))
    }

    /// The Pages grid with its toolbar below: turn, the other operations in a menu, delete
    /// (each button an action, greyed out with it; touch-sized).
    func buildPagesPanel(_ thumbnails: ThumbnailPanel) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(box), thumbnails.widget)
        let bar = gtk_action_bar_new()!
        gtk_widget_add_css_class(bar, "pages-toolbar")
        func button(_ icon: String, _ action: String, _ name: String, keys: String) -> UnsafeMutablePointer<GtkWidget> {
            let b = gtk_button_new_from_icon_name(icon)!
            gtk_actionable_set_action_name(cast(b), action)
            gtk_widget_set_tooltip_text(b, tr("{action} ({keys})", ["action": name, "keys": keys]))
            ann_accessible_set_label(b, name)
            gtk_widget_add_css_class(b, "flat")
            return b
        }
        gtk_action_bar_pack_start(cast(bar), button("object-rotate-left-symbolic", "win.rotate-left", tr("Turn Anticlockwise"), keys: "Ctrl+["))
        gtk_action_bar_pack_start(cast(bar), button("object-rotate-right-symbolic", "win.rotate-right", tr("Turn Clockwise"), keys: "Ctrl+]"))
        let more = g_menu_new()!
        for item in Self.pageOperationItems(many: false).files { g_menu_append(more, item.label, item.action) }
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(menuButton), "view-more-symbolic")
        gtk_menu_button_set_menu_model(cast(menuButton), cast(more))
        g_object_unref(raw(more))
        gtk_widget_set_tooltip_text(menuButton, tr("More Page Operations"))
        ann_accessible_set_label(menuButton, tr("More page operations"))
        gtk_menu_button_set_has_frame(cast(menuButton), 0)
        gtk_action_bar_pack_start(cast(bar), menuButton)
        gtk_action_bar_pack_end(cast(bar), button("user-trash-symbolic", "win.delete-page", tr("Delete"), keys: tr("Del")))
        gtk_box_append(cast(box), bar)
        return box
    }

    /// The Pages grid's menu, about the selected pages (a secondary click, the Menu key).
    func showPagesMenu(at point: Point) {
        guard content == .document, canEdit, let thumbnails else { return }
        let many = thumbnails.selectedPages.count > 1
        let items = Self.pageOperationItems(many: many)
        popUpMenu(items.arrange + items.files + [items.delete], at: point, on: thumbnails.widget)
    }

    /// The page-organising actions, on while the document can be edited.
    static let pageActions = ["rotate-right", "rotate-left", "move-page-up", "move-page-down", "delete-page", "sign-digitally"] + pageFileActions

    /// Moves the pages to organise one place up (back) or down, the view following them.
    func movePages(by step: Int) {
        let pages = pagesToOrganise
        guard content == .document, let editor = editing?.editor, let first = pages.map(\.rawValue).min(),
              let last = pages.map(\.rawValue).max() else { return }
        let target = step < 0 ? first - 1 : last + 2
        guard target >= 0, target <= editor.pageCount, let edit = editor.move(pages: pages, before: target) else {
            gtk_widget_error_bell(window)
            return
        }
        let landing = step < 0 ? first - 1 : first + 1
        organisePages { [weak self] in
            guard let self, self.canvas.commit(EditRecord(pages.count == 1 ? "Move Page" : "Move Pages", edit)) else { return }
            self.pageToShowAfterReshape = PageIndex(landing)
        }
    }

    /// Moves `pages` to sit before the page now at `before` (a drag in the Pages grid); the
    /// view follows them.
    func movePages(_ pages: [PageIndex], before: Int) {
        guard editorOpenOrWait({ [weak self] in self?.movePages(pages, before: before) }) else { return }
        guard content == .document, let editor = editing?.editor, let edit = editor.move(pages: pages, before: before) else { return }
        let landing = before - pages.filter { $0.rawValue < before }.count
        organisePages { [weak self] in
            guard let self, self.canvas.commit(EditRecord(pages.count == 1 ? "Move Page" : "Move Pages", edit)) else { return }
            self.pageToShowAfterReshape = PageIndex(landing)
        }
    }

    /// Takes the pages to organise out of the document (a document keeps at least one page).
    func deletePages() {
        let pages = pagesToOrganise
        guard content == .document, let editor = editing?.editor, let edit = editor.removal(ofPages: pages) else {
            gtk_widget_error_bell(window)
            return
        }
        organisePages { [weak self] in self?.canvas.commit(EditRecord(pages.count == 1 ? "Delete Page" : "Delete Pages", edit)) }
    }

    /// The pages a page operation acts on: those selected in the sidebar's Pages grid while it
    /// is shown, else the page in view.
    var pagesToOrganise: [PageIndex] {
        if let thumbnails, let sidebar, gtk_widget_get_visible(sidebar.panel) != 0,
           let pages = sidebarPages, string(gtk_stack_get_visible_child_name(cast(pages))) == "thumbnails" {
            let selected = thumbnails.selectedPages
            if !selected.isEmpty { return selected }
        }
        return canvas.currentPage.map { [$0] } ?? []
    }

    /// Runs a page operation, after warning once per document that a signed document will
    /// show as changed after its signatures (each stays valid for its own revision).
    func organisePages(_ operation: @escaping @MainActor () -> Void) {
        guard let editor = editing?.editor, editor.isSigned, !pageOperationsAgreed else {
            operation()
            return
        }
        ask(kind: "signed-pages", type: GTK_MESSAGE_WARNING, title: tr("This Document Is Signed"),
            body: tr("Changing its pages makes it show as changed after the signature. The signature stays valid for the version that was signed."),
            buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("Change _Pages"), GTK_RESPONSE_ACCEPT.rawValue)],
            defaultResponse: GTK_RESPONSE_CANCEL.rawValue) { [weak self] answer in
            guard let self, answer == GTK_RESPONSE_ACCEPT.rawValue else { return }
            self.pageOperationsAgreed = true
            operation()
        }
    }

    /// Turns the pages to organise by quarter turns (clockwise when positive).
    func rotatePages(quarterTurns turns: Int) {
        let pages = pagesToOrganise
        guard content == .document, editing != nil, !pages.isEmpty else { return }
        let name = pages.count == 1 ? "Rotate Page" : "Rotate Pages"
        organisePages { [weak self] in self?.canvas.commit(EditRecord(name, .rotatePages(pages, quarterTurns: turns))) }
    }

    /// Pages were turned or organised: the window's document is the new version, and the
    /// thumbnails show it.
    func pagesReshaped(_ fresh: PopplerDocument, _ pages: Set<PageIndex>, reordered: Bool) {
        document = fresh
        recognitionPagesReshaped(pages, reordered: reordered)
        // Searches read the new version (copies of their own, one per thread), and a search
        // under way starts again: its matches were found on pages that moved.
        // The copies are made when a search first needs them, not with every page edit.
        if let editor = editing?.editor {
            let copies = SearchCopies { [weak editor] in
                guard let editor, let bytes = try? editor.rendered() else { return nil }
                let rotations = (0..<editor.pageCount).map { PageRotation(degrees: editor.rotation(of: PageIndex($0))) }
                return try? fresh.reloaded(from: bytes, reordered: rotations)
            }
            // Recognised words went with their pages (recognitionFollows).
            let recognized = recognition.pages
            canvas.searchSources = { copies.documents.map { RecognizedTextSource(base: $0, recognized: recognized) } }
            canvas.restartSearch()
        }
        gtk_label_set_text(cast(pageCountLabel), tr("of {count}", ["count": String(fresh.pageCount)]))
        if let page = pageToShowAfterReshape {
            pageToShowAfterReshape = nil
            canvas.goTo(page: page)
        }
        guard let source = editing?.renderSource else { return }
        feedThumbnails { [weak self] in $0.setDocument(pageSizes: fresh.displaySizes, queue: self?.primaryCanvas.tiles.queue, drawPage: { page, scale, cr in
            source.document.render(page: page, scale: scale, into: cr)
        }) }
        if let thumbnails { thumbnails.setCurrentPage(canvas.currentPage) }
        // The outline and the annotation list read the new version (their pages may have moved).
        resetSidebar()
    }
}
