// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Platform

/// The icon theme read on a worker while the main thread builds the window: the first lookup
/// of any icon makes GTK read the themes' index files and directory caches (4–5 ms of
/// `gtk_window_present` at start-up, measured with perf). GTK lets a theme set up on the main
/// thread be looked up from another ("GtkIconTheme is partially threadsafe", gtkicontheme.c);
/// a lookup on the main thread meanwhile waits for the worker's, then finds the theme read and
/// the header bar's icons already chosen.
@MainActor
enum IconWarmUp {
    /// The icons the first frame shows (the header bar's and the window's close button), as
    /// GtkImage asks for them (16 px, no flags), so that its lookups find them in the theme's cache.
    static let firstFrameIcons = [
        "document-open-symbolic", "sidebar-show-symbolic", "edit-undo-symbolic", "edit-redo-symbolic",
        "zoom-out-symbolic", "pan-down-symbolic", "zoom-in-symbolic", "open-menu-symbolic",
        "document-edit-symbolic", "window-close-symbolic",
    ]

    /// Starts looking up `names` in `theme` on a worker (call on the main thread, once the theme
    /// is set up for the display); `done` runs on the worker after the last lookup.
    static func start(theme: OpaquePointer, names: [String] = firstFrameIcons, done: (@Sendable () -> Void)? = nil) {
        final class Theme: @unchecked Sendable {
            let pointer: OpaquePointer
            init(_ pointer: OpaquePointer) { self.pointer = pointer; g_object_ref(raw(pointer)) }
            deinit { g_object_unref(raw(pointer)) }
        }
        let held = Theme(theme)
        let direction = gtk_widget_get_default_direction()
        WorkerThread.start(name: "icon theme") {
            for name in names {
                if let icon = gtk_icon_theme_lookup_icon(held.pointer, name, nil, 16, 1, direction, GtkIconLookupFlags(rawValue: 0)) {
                    g_object_unref(raw(icon))
                }
            }
            StartupTrace.mark("icon theme read (on a worker)")
            done?()
        }
    }
}
