// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Platform

/// One of the app's small JSON files in the user's folders (reading places, bookmarks, the
/// first view's size): read whole, written atomically, a missing or unreadable file read as
/// nothing.
struct UserFile<Value: Codable> {
    let url: URL

    /// `name` in `$XDG_DATA_HOME/pdf-annotator` (`~/.local/share/…` by default): what the user
    /// would miss (places, bookmarks).
    static func data(_ name: String) -> UserFile {
        UserFile(url: folder("XDG_DATA_HOME", default: "/.local/share").appendingPathComponent("pdf-annotator/" + name))
    }

    /// `name` in `$XDG_STATE_HOME/pdf-annotator` (`~/.local/state/…` by default): what the app
    /// keeps for itself.
    static func state(_ name: String) -> UserFile {
        UserFile(url: folder("XDG_STATE_HOME", default: "/.local/state").appendingPathComponent("pdf-annotator/" + name))
    }

    /// `name` in `$XDG_CONFIG_HOME/pdf-annotator` (`~/.config/…` by default): a preference.
    static func config(_ name: String) -> UserFile {
        UserFile(url: folder("XDG_CONFIG_HOME", default: "/.config").appendingPathComponent("pdf-annotator/" + name))
    }

    /// The folder an XDG variable names (an absolute path, as the specification asks), else
    /// the default under the home folder.
    static func folder(_ variable: String, default relative: String) -> URL {
        let named = ProcessInfo.processInfo.environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return URL(fileURLWithPath: named ?? (homeDirectory + relative))
    }

    /// `$XDG_DATA_HOME/pdf-annotator` and `$XDG_CACHE_HOME/pdf-annotator`, for files kept in folders.
    static var dataFolder: String { folder("XDG_DATA_HOME", default: "/.local/share").appendingPathComponent("pdf-annotator").path }
    static var configFolder: String { folder("XDG_CONFIG_HOME", default: "/.config").appendingPathComponent("pdf-annotator").path }
    static var cacheFolder: String { folder("XDG_CACHE_HOME", default: "/.cache").appendingPathComponent("pdf-annotator").path }

    func read() -> Value? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    func write(_ value: Value) {
        guard let data = try? JSONEncoder().encode(value) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }
}
