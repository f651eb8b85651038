// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The application's CSS and the tools' icons, compiled into the binary as a GResource
/// (`resources/io.github.pdfannotator.PdfAnnotator.gresource.xml`, turned into C by
/// `tools/compile-resources.sh`), as GNOME apps ship them: a binary copied anywhere shows its
/// icons and its look, with no data files beside it.
@MainActor
enum Stylesheet {
    /// Where the bundle's files are (the application's resource base path).
    static let resourcePath = "/io/github/pdfannotator/PdfAnnotator"
    /// Whether the stylesheet was loaded (the state dump says so).
    private(set) static var loaded = false

    static func load() {
        ann_register_resources_once()
        guard let display = gdk_display_get_default() else { return }
        // The icons are laid out as hicolor is (icons/scalable/actions/…): the theme finds them
        // by name. The app's theme was made with them as the display opened and is being read
        // already (DisplayIconTheme); otherwise (tests without the app, or GTK keeping the
        // theme elsewhere: the GtkApplication has no resource base path to add them from) they
        // are added here.
        if !DisplayIconTheme.isInstalled(on: display) {
            let theme = gtk_icon_theme_get_for_display(display)
            gtk_icon_theme_add_resource_path(theme, resourcePath + "/icons")
            // Read while the window is built, off the main thread (the theme is set up now).
            if let theme { IconWarmUp.start(theme: theme) }
        }
        guard g_resources_get_info(resourcePath + "/style.css", G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0 else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(provider, resourcePath + "/style.css")
        gtk_style_context_add_provider_for_display(display, cast(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(raw(provider))
        loaded = true
    }

    /// Whether the display's icon theme finds `name` (the state dump asks for a tool's icon).
    static func hasIcon(_ name: String) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        return gtk_icon_theme_has_icon(gtk_icon_theme_get_for_display(display), name) != 0
    }
}
