// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Platform

/// The name the user's annotations, replies and review states carry as their author (/T):
/// the one set in Preferences (kept in `$XDG_CONFIG_HOME/pdf-annotator/author.json`), else the
/// user's real name from GLib (`g_get_real_name`), else their login name.
enum AuthorName {
    private static let file = UserFile<String>.config("author.json")
    /// Read once, then changed only by ``set(_:)`` (main thread).
    nonisolated(unsafe) private static var chosen: String?? = nil

    /// The name set in Preferences, `nil` when none is.
    static var preference: String? {
        if case .some(let name) = chosen { return name }
        let read = file.read().flatMap { $0.isEmpty ? nil : $0 }
        chosen = .some(read)
        return read
    }

    /// What GLib knows of the user: their real name, else their login name.
    static var fromSystem: String? {
        string(g_get_real_name()).flatMap { $0.isEmpty || $0 == "Unknown" ? nil : $0 } ?? string(g_get_user_name())
    }

    /// The author written now.
    static var current: String? { preference ?? fromSystem }

    /// Sets (or, with an empty name, clears) the name in Preferences.
    static func set(_ name: String) {
        let trimmed = String(name.trimmingWhitespace())
        chosen = .some(trimmed.isEmpty ? nil : trimmed)
        file.write(trimmed)
    }
}
