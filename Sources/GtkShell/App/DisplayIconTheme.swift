// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Platform

/// The display's icon theme, made by the app as the display opens with the bundle's icons in it
/// before anything reads it, so that the themes are read once at start-up instead of twice.
///
/// Left to GTK, the display's theme starts reading the icon themes on a GLib worker the moment it
/// is made (`gtk_icon_theme_get_for_display`), and GtkApplication adds the bundle's `icons/` to
/// it right after. When the worker has taken the theme first (6 starts in 8, perf probes on
/// libgtk-4.so.1), that addition waits on the main thread for the whole read (4–8 ms), then
/// throws it away, and the first lookup reads every theme again (about 10 ms of CPU). Here the
/// theme is made with the icons already in it, and read once, on ``IconWarmUp``'s thread, while
/// GTK finishes starting.
///
/// GTK looks for the display's theme in the display's `gtk-icon-theme` data (every GTK 4 release
/// does); should it keep it elsewhere, ``install(on:)`` finds its theme is not the display's and
/// the start-up goes on as GTK's (``Stylesheet`` adds the icons). A theme made this way is not
/// one GTK restyles the widgets for when the user picks another icon theme: at that change it
/// hands the display back to a theme of GTK's own (``handBackToGtk(_:)``), which does.
@MainActor
enum DisplayIconTheme {
    /// The display whose theme is the one made here (with the bundle's icons, read once).
    private(set) static var display: OpaquePointer?
    /// How many times the display's themes were thrown away and read again since start-up (the
    /// user picked another icon theme; none at start-up).
    private(set) static var changes = 0
    private static var changedHandler: UInt = 0

    /// Whether `display`'s theme is the one made here.
    static func isInstalled(on display: OpaquePointer) -> Bool { self.display == display }

    /// Makes the display's icon theme unless something already made it. Call from
    /// GdkDisplayManager's `display-opened`, with the GtkApplication given no resource base
    /// path (it would add the icons a second time, once the read has begun).
    static func install(on display: OpaquePointer) {
        guard g_object_get_data(cast(display), "gtk-icon-theme") == nil, let theme = gtk_icon_theme_new() else { return }
        ann_register_resources_once()
        gtk_icon_theme_add_resource_path(theme, Stylesheet.resourcePath + "/icons")
        // Stored before the display is set, as GTK does: setting it reads the display's
        // settings, whose stylesheet asks for the display's theme again.
        g_object_set_data_full(cast(display), "gtk-icon-theme", raw(theme), { g_object_unref($0) })
        ann_object_set_object(raw(theme), "display", raw(display))
        guard gtk_icon_theme_get_for_display(display) == theme else { return }
        self.display = display
        changedHandler = Signals.connect(raw(theme), "changed") {
            changes += 1
            handBackToGtk(display)
        }
        // A display closed is no longer one whose theme is the app's (another may take its address).
        Signals.connect(raw(display), "closed", pointer: { _ in
            if self.display == display { self.display = nil }
        })
        IconWarmUp.start(theme: theme)
        StartupTrace.mark("  icon theme made with the bundle's icons")
    }

    /// The user picked another icon theme: the display gets a theme of GTK's own with the
    /// bundle's icons, and every widget is restyled and looks its icons up again in it (GTK does
    /// that for its own theme's changes only). Runs once; GTK's theme follows later changes.
    static func handBackToGtk(_ display: OpaquePointer) {
        guard self.display == display, let ours = g_object_get_data(cast(display), "gtk-icon-theme") else { return }
        self.display = nil
        g_signal_handler_disconnect(ours, changedHandler)
        g_object_set_data(cast(display), "gtk-icon-theme", nil)
        guard let gtks = gtk_icon_theme_get_for_display(display) else { return }
        gtk_icon_theme_add_resource_path(gtks, Stylesheet.resourcePath + "/icons")
        // A change of GTK's theme once it is read restyles every widget: a lookup reads it
        // (waiting for its read under way), and setting its search path again changes it.
        _ = gtk_icon_theme_has_icon(gtks, "annotator-tool-pen-symbolic")
        let paths = gtk_icon_theme_get_search_path(gtks)
        gtk_icon_theme_set_search_path(gtks, UnsafePointer(OpaquePointer(paths)))
        g_strfreev(paths)
    }
}
