// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Platform
import Rendering

/// Follows the desktop's high-contrast setting without libadwaita: GNOME's
/// `org.gnome.desktop.a11y.interface high-contrast` switches GTK to its built-in HighContrast
/// theme and the page view's overlays (selections, handles, hover outlines) to their
/// high-contrast look, now and whenever it changes. `GTK_THEME=HighContrast` (or
/// HighContrastInverse) counts as asking for it too.
@MainActor
enum HighContrast {
    /// Called when the setting changes (the windows redraw and the state dump follows).
    static var changed: (() -> Void)?
    private static var themeBefore: String?

    /// Whether high contrast is on.
    static var isOn: Bool { OverlayPainter.highContrast }

    static func follow() {
        if let theme = getenv("GTK_THEME").map({ String(cString: $0) }), theme.hasPrefix("HighContrast") {
            OverlayPainter.highContrast = true
            return
        }
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.a11y.interface", 1) else { return }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "high-contrast") != 0 else { return }
        // Reading GSettings loads dconf (~10 ms): once the first frame is out.
        MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) {
            guard let settings = g_settings_new("org.gnome.desktop.a11y.interface") else { return }
            apply(g_settings_get_boolean(settings, "high-contrast") != 0)
            // The settings object lives as long as the app: the handler keeps following changes.
            Signals.connect(raw(settings), "changed::high-contrast") {
                apply(g_settings_get_boolean(settings, "high-contrast") != 0)
            }
        }
    }

    private static func apply(_ on: Bool) {
        guard on != OverlayPainter.highContrast, let gtkSettings = gtk_settings_get_default() else { return }
        OverlayPainter.highContrast = on
        if on {
            themeBefore = ann_object_get_string(raw(gtkSettings), "gtk-theme-name").map { text in
                defer { g_free(text) }
                return String(cString: text)
            }
            ann_object_set_string(raw(gtkSettings), "gtk-theme-name", "HighContrast")
        } else {
            ann_object_set_string(raw(gtkSettings), "gtk-theme-name", themeBefore ?? "Default")
        }
        changed?()
    }
}
