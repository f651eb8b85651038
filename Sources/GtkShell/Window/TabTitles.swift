// SPDX-License-Identifier: GPL-3.0-or-later

/// Tab labels that tell apart documents of the same name: when tabs of a window have the same
/// title and their files lie in different folders, each label adds the shortest end of its
/// folder that no other of them shares ("report.pdf — work/2024" beside
/// "report.pdf — private/2024"), as GNOME Text Editor and web browsers do; a folder told in full
/// starts from "/" or "~" (the home folder). The same file in two tabs stays as it is. Pure: no
/// GTK, tested on its own.
enum TabTitles {
    /// What a tab shows by itself: its title (the file's name, without the unsaved mark) and its
    /// document's path (`nil` for a tab with no document).
    struct Tab: Equatable {
        var title: String
        var path: String?
    }

    /// For each of `tabs`, the part of its folder that tells it apart from the tabs with the same
    /// title, or `nil` when its title is its own (or no folder tells it apart). `home` is the
    /// user's home folder, shown as "~" at the start of a folder told in full.
    static func distinguishingFolders(_ tabs: [Tab], home: String? = nil) -> [String?] {
        let folders = tabs.map { $0.path.map(folderComponents) }
        return tabs.indices.map { i in
            guard let mine = folders[i] else { return nil }
            let rivals = tabs.indices.filter { j in
                j != i && tabs[j].title == tabs[i].title && folders[j] != nil && tabs[j].path != tabs[i].path
            }
            guard !rivals.isEmpty else { return nil }
            // The shortest end of the folder that no other one ends with (the whole folder: that
            // no other one is).
            for k in 1...max(1, mine.count) {
                let end = Array(mine.suffix(k))
                let clash = rivals.contains { j in
                    let theirs = folders[j]!
                    return k >= mine.count ? theirs == mine : theirs.count >= k && Array(theirs.suffix(k)) == end
                }
                if !clash { return ending(mine, k, home: home) }
            }
            return nil
        }
    }

    /// The label of a tab titled `title` whose folder is told apart by `folder`.
    static func label(_ title: String, folder: String?) -> String {
        guard let folder else { return title }
        return title + " — " + folder
    }

    /// The labels of `tabs`, each shown as `shown[i]` (its title with the unsaved mark) and its
    /// folder's distinguishing part when it needs one.
    static func labels(_ tabs: [Tab], shown: [String], home: String? = nil) -> [String] {
        let folders = distinguishingFolders(tabs, home: home)
        return tabs.indices.map { label(shown.indices.contains($0) ? shown[$0] : tabs[$0].title, folder: folders[$0]) }
    }

    /// The folder names of `path`'s folder, from the root.
    private static func folderComponents(_ path: String) -> [String] {
        Array(path.split(separator: "/").dropLast().map(String.init))
    }

    /// The last `count` names of `folder` joined with "/"; the whole folder from "/" (or "~")
    /// when `count` reaches its start.
    private static func ending(_ folder: [String], _ count: Int, home: String?) -> String {
        guard count < folder.count else {
            let whole = "/" + folder.joined(separator: "/")
            if let home, home != "/", !home.isEmpty {
                let trimmed = home.hasSuffix("/") ? String(home.dropLast()) : home
                if whole == trimmed { return "~" }
                if whole.hasPrefix(trimmed + "/") { return "~" + whole.dropFirst(trimmed.count) }
            }
            return whole
        }
        return folder.suffix(count).joined(separator: "/")
    }
}
