// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials

/// Finds and loads the application's CSS (`resources/style.css` in the source tree, or the
/// installed copy under `share/pdf-annotator/`).
@MainActor
enum Stylesheet {
    /// Folders that may hold the app's data files, most specific first: `PDF_ANNOTATOR_DATA_DIR`,
    /// the install prefix next to the executable, then the source tree for `swift run`.
    static var dataDirectories: [String] {
        var dirs: [String] = []
        if let env = ProcessInfo.processInfo.environment["PDF_ANNOTATOR_DATA_DIR"] { dirs.append(env) }
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        let bin = exe.deletingLastPathComponent()
        dirs.append(bin.appendingPathComponent("../share/pdf-annotator").standardized.path)
        for up in ["../../resources", "../../../resources", "../../../../resources"] {
            dirs.append(bin.appendingPathComponent(up).standardized.path)
        }
        return dirs
    }

    static func load() {
        // The tools' icons from the source tree or a build folder (installed, they are in the
        // hicolor theme already).
        if let display = gdk_display_get_default(),
           let icons = dataDirectories.map({ $0 + "/icons/hicolor/symbolic/actions" }).first(where: { FileManager.default.fileExists(atPath: $0) }) {
            // Loose icon files in a search path are found by name (no index.theme needed).
            gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons)
        }
        guard let css = dataDirectories.map({ $0 + "/style.css" }).first(where: { FileManager.default.fileExists(atPath: $0) }),
              let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_path(provider, css)
        gtk_style_context_add_provider_for_display(display, cast(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(raw(provider))
    }
}
