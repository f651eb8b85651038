// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// Follows the desktop's light/dark preference without libadwaita: GNOME's
/// `org.gnome.desktop.interface color-scheme` (when that schema is installed) sets GTK's
/// `gtk-application-prefer-dark-theme`, now and whenever it changes.
@MainActor
enum ColorScheme {
    static func follow() {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1) else { return }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "color-scheme") != 0,
              let settings = g_settings_new("org.gnome.desktop.interface") else { return }
        apply(settings)
        // The settings object lives as long as the app: the handler keeps following changes.
        Signals.connect(raw(settings), "changed::color-scheme") { apply(settings) }
    }

    private static func apply(_ settings: UnsafeMutablePointer<GSettings>) {
        guard let gtkSettings = gtk_settings_get_default() else { return }
        let dark = takeString(g_settings_get_string(settings, "color-scheme")) == "prefer-dark"
        ann_object_set_bool(raw(gtkSettings), "gtk-application-prefer-dark-theme", dark ? 1 : 0)
    }
}
