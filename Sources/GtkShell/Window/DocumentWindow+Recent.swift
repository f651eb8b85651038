// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import FoundationEssentials
import Platform

/// Recent documents: every document opened is added to GTK's recent files (shared with the
/// desktop), and a window with no document lists the latest PDFs that still exist, each a
/// button that opens it.
extension DocumentWindow {
    static let recentLimit = 8

    /// Records `path` as used now.
    func noteRecent(_ path: String) {
        guard let uri = takeString(g_filename_to_uri(path, nil, nil)) else { return }
        _ = gtk_recent_manager_add_item(gtk_recent_manager_get_default(), uri)
    }

    /// The recent PDFs that still exist, newest first (paths).
    static func recentDocuments() -> [String] {
        guard let list = gtk_recent_manager_get_items(gtk_recent_manager_get_default()) else { return [] }
        defer { g_list_free_full(list) { gtk_recent_info_unref(OpaquePointer($0)) } }
        var items: [(path: String, time: Int64)] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            let info = OpaquePointer(n.pointee.data)
            node = n.pointee.next
            guard let info, let uri = string(gtk_recent_info_get_uri(info)), uri.hasPrefix("file://"),
                  string(gtk_recent_info_get_mime_type(info)) == "application/pdf" || uri.lowercased().hasSuffix(".pdf"),
                  let path = takeString(g_filename_from_uri(uri, nil, nil)), FileManager.default.fileExists(atPath: path) else { continue }
            let modified = gtk_recent_info_get_modified(info).map { g_date_time_to_unix($0) } ?? 0
            items.append((path, Int64(modified)))
        }
        return items.sorted { $0.time > $1.time }.prefix(recentLimit).map(\.path)
    }

    /// Fills the empty page's list of recent documents.
    func showRecentDocuments() {
        guard let list = recentList else { return }
        while let child = gtk_widget_get_first_child(list) { gtk_box_remove(cast(list), child) }
        let paths = Self.recentDocuments()
        recentShown = paths
        gtk_widget_set_visible(list, paths.isEmpty ? 0 : 1)
        guard !paths.isEmpty else { return }
        let heading = gtk_label_new(tr("Recent Documents"))!
        gtk_widget_add_css_class(heading, "heading")
        gtk_box_append(cast(list), heading)
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let home = homeDirectory, parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let folder = parent.hasPrefix(home) ? "~" + parent.dropFirst(home.count) : parent
            let button = gtk_button_new()!
            let label = gtk_label_new(nil)!
            gtk_label_set_markup(cast(label), "\(escapeMarkup(name))  <span alpha=\"60%\">\(escapeMarkup(folder))</span>")
            gtk_label_set_xalign(cast(label), 0)
            gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_MIDDLE)
            gtk_button_set_child(cast(button), label)
            gtk_widget_add_css_class(button, "flat")
            ann_accessible_set_label(button, tr("Open {file}", ["file": name]))
            Signals.connect(raw(button), "clicked") { [weak self] in self?.application?.open(path: path, preferring: self) }
            gtk_box_append(cast(list), button)
        }
    }

    private func escapeMarkup(_ text: String) -> String {
        takeString(g_markup_escape_text(text, -1)) ?? ""
    }
}
