// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Platform

/// Follows the desktop's light/dark preference without libadwaita: GNOME's
/// `org.gnome.desktop.interface color-scheme` (when that schema is installed) sets GTK's
/// `gtk-application-prefer-dark-theme`, now and whenever it changes.
@MainActor
enum ColorScheme {
    static func follow() {
        guard let source = g_settings_schema_source_get_default() else { return }
        guard let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1) else { return }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "color-scheme") != 0 else { return }
        if !userSettingsExist, let key = g_settings_schema_get_key(schema, "color-scheme") {
            // Nothing was ever set for this user: the schema's default (with the distribution's
            // overrides) is the preference. GSettings' dconf backend takes ~10 ms to load, so it
            // is loaded, to follow changes, once the first frame is out.
            defer { g_settings_schema_key_unref(key) }
            if let value = g_settings_schema_key_get_default_value(key) {
                apply(dark: string(g_variant_get_string(value, nil)) == "prefer-dark")
                g_variant_unref(value)
            }
            MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { subscribe() }
            return
        }
        subscribe()
    }

    /// Reads the preference through GSettings and follows its changes for the app's lifetime.
    private static func subscribe() {
        guard let settings = g_settings_new("org.gnome.desktop.interface") else { return }
        apply(dark: takeString(g_settings_get_string(settings, "color-scheme")) == "prefer-dark")
        // The settings object lives as long as the app: the handler keeps following changes.
        Signals.connect(raw(settings), "changed::color-scheme") {
            apply(dark: takeString(g_settings_get_string(settings, "color-scheme")) == "prefer-dark")
        }
    }

    /// Whether this user has a dconf database (settings ever written), in `$XDG_CONFIG_HOME/dconf`.
    private static var userSettingsExist: Bool {
        let config = getenv("XDG_CONFIG_HOME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? (homeDirectory + "/.config")
        return access(config + "/dconf/user", F_OK) == 0
    }

    /// Sets GTK's preference when it changes (setting it at all makes GTK load its theme
    /// again, which costs ~14 ms at start).
    private static func apply(dark: Bool) {
        guard let gtkSettings = gtk_settings_get_default(),
              (ann_object_get_bool(raw(gtkSettings), "gtk-application-prefer-dark-theme") != 0) != dark else { return }
        ann_object_set_bool(raw(gtkSettings), "gtk-application-prefer-dark-theme", dark ? 1 : 0)
    }
}
