// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Whether documents open as tabs of one window (on unless turned off in Preferences, kept in
/// `$XDG_CONFIG_HOME/pdf-annotator/tabs.json`) or each in a window of its own.
enum TabsPreference {
    private static let file = UserFile<Bool>.config("tabs.json")
    /// Read once, then changed only by ``set(_:)`` (main thread).
    nonisolated(unsafe) private static var chosen: Bool?

    static var isOn: Bool {
        if let chosen { return chosen }
        let read = file.read() ?? true
        chosen = read
        return read
    }

    static func set(_ on: Bool) {
        chosen = on
        file.write(on)
    }
}
