// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import DocumentLayout
import DocumentSession
import FoundationEssentials
import Geometry
import Platform

/// Bookmarks the reader adds (Ctrl+D) to a document, renames and removes: kept outside the PDF
/// in `$XDG_DATA_HOME/pdf-annotator/bookmarks.json` under the same key as the reading place
/// (the permanent /ID, else the content fingerprint), written atomically, shown on the
/// sidebar's Bookmarks page. Activating one goes there (Alt+Left returns).
struct BookmarkStore {
    struct Bookmark: Codable, Equatable {
        var name: String
        var spreadIndex: Double
        /// 1-based, for the list.
        var page: Int
    }

    private let file: UserFile<[String: [Bookmark]]>

    static var standard: BookmarkStore { BookmarkStore(file: .data("bookmarks.json")) }

    private func load() -> [String: [Bookmark]] { file.read() ?? [:] }

    func bookmarks(for key: String) -> [Bookmark] { load()[key] ?? [] }

    func save(_ bookmarks: [Bookmark], for key: String) {
        var all = load()
        all[key] = bookmarks.isEmpty ? nil : bookmarks
        file.write(all)
    }
}

extension DocumentWindow {
    func buildBookmarkList() -> UnsafeMutablePointer<GtkWidget> {
        let (list, scroller) = SidebarList(name: tr("Bookmarks"), whenEmpty: tr("No bookmarks. Ctrl+D adds one for the page in view.")).parts
        Signals.connect(raw(list), "row-activated", pointer: { [weak self] row in
            guard let self, let row else { return }
            let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            guard self.bookmarks.indices.contains(index) else { return }
            self.canvas.history.leave(self.canvas.readingPosition)
            self.canvas.show(ReadingPosition(spreadIndex: self.bookmarks[index].spreadIndex, zoom: self.canvas.viewport.zoom))
            self.canvas.viewChanged()
        })
        let controller = gtk_shortcut_controller_new()!
        for (keys, name) in [("Delete", "win.remove-bookmark"), ("F2", "win.rename-bookmark")] {
            if let trigger = gtk_shortcut_trigger_parse_string(keys), let action = gtk_named_action_new(name),
               let shortcut = gtk_shortcut_new(trigger, action) {
                gtk_shortcut_controller_add_shortcut(controller, shortcut)
            }
        }
        gtk_widget_add_controller(list, controller)
        bookmarkList = list
        return scroller
    }

    func installBookmarkActions() {
        addAction("add-bookmark") { [weak self] in
            guard let self, self.content == .document, let page = self.canvas.currentPage, let key = self.documentKey else { return }
            self.bookmarks.append(BookmarkStore.Bookmark(name: tr("Page {page}", ["page": String(page.displayNumber)]),
                                                        spreadIndex: self.canvas.readingPosition.spreadIndex, page: page.displayNumber))
            BookmarkStore.standard.save(self.bookmarks, for: key)
            self.showBookmarks()
        }
        // F2 on a bookmark types its new name in place; Return keeps it, Escape does not.
        addAction("rename-bookmark") { [weak self] in
            guard let self, let list = self.bookmarkList, let row = gtk_list_box_get_selected_row(cast(list)),
                  let box = gtk_list_box_row_get_child(row), let name = gtk_widget_get_first_child(box) else { return }
            gtk_editable_label_start_editing(OpaquePointer(name))
            gtk_widget_grab_focus(name)
        }
        addAction("remove-bookmark") { [weak self] in
            guard let self, let list = self.bookmarkList, let row = gtk_list_box_get_selected_row(cast(list)), let key = self.documentKey else { return }
            let index = Int(gtk_list_box_row_get_index(row))
            guard self.bookmarks.indices.contains(index) else { return }
            self.bookmarks.remove(at: index)
            BookmarkStore.standard.save(self.bookmarks, for: key)
            self.showBookmarks()
        }
    }

    /// Pages were moved, taken out or put back: each bookmark follows its page (one whose page
    /// was taken out stays, on the page that took its place), and the list shows where.
    func bookmarksFollow(_ places: [PageIndex?]) {
        guard !bookmarks.isEmpty, let key = documentKey else { return }
        let count = places.compactMap { $0 }.count
        var changed = false
        for i in bookmarks.indices {
            let before = bookmarks[i].page - 1
            guard places.indices.contains(before) else { continue }
            // A page taken out: the next page still here takes its place.
            let now = places[before] ?? places[before...].compactMap { $0 }.first ?? PageIndex(max(0, count - 1))
            guard now.rawValue != before else { continue }
            bookmarks[i].page = now.displayNumber
            let spread = DocumentLayout.spreadIndex(forPage: now, mode: canvas.layoutSettings.spreadMode)
            bookmarks[i].spreadIndex = Double(spread) + bookmarks[i].spreadIndex - bookmarks[i].spreadIndex.rounded(.down)
            changed = true
        }
        guard changed else { return }
        BookmarkStore.standard.save(bookmarks, for: key)
        showBookmarks()
    }

    /// Reads the document's bookmarks (a new document) and lists them.
    func loadBookmarks() {
        bookmarks = documentKey.map { BookmarkStore.standard.bookmarks(for: $0) } ?? []
        showBookmarks()
    }

    func showBookmarks() {
        guard let list = bookmarkList else { return }
        while let row = gtk_list_box_get_row_at_index(cast(list), 0) {
            gtk_list_box_remove(cast(list), UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
        }
        for (index, bookmark) in bookmarks.enumerated() {
            let row = gtk_list_box_row_new()!
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            // The name is edited in place (F2, Enter or a double click), like a file's name.
            let name = gtk_editable_label_new(bookmark.name)!
            gtk_widget_set_hexpand(name, 1)
            ann_accessible_set_label(name, tr("Bookmark name"))
            Signals.connect(raw(name), "notify::editing", pointer: { [weak self] _ in
                guard let self, gtk_editable_label_get_editing(OpaquePointer(name)) == 0, self.bookmarks.indices.contains(index),
                      let text = string(gtk_editable_get_text(OpaquePointer(name))), !text.isEmpty, text != self.bookmarks[index].name,
                      let key = self.documentKey else { return }
                self.bookmarks[index].name = text
                BookmarkStore.standard.save(self.bookmarks, for: key)
            })
            let page = gtk_label_new(String(bookmark.page))!
            gtk_widget_add_css_class(page, "dim-label")
            gtk_box_append(cast(box), name)
            gtk_box_append(cast(box), page)
            gtk_widget_set_margin_start(box, 6)
            gtk_list_box_row_set_child(cast(row), box)
            gtk_list_box_append(cast(list), row)
        }
    }
}
