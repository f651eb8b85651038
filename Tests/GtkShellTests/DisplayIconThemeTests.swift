// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Foundation
@testable import GtkShell
import XCTest

/// The display's icon theme made by the app as the display opens (DisplayIconTheme): it is the
/// display's, holds the bundle's icons before its first read, and when the user picks another
/// icon theme the display is handed back to a theme of GTK's own that holds them too.
final class DisplayIconThemeTests: XCTestCase {
    /// A second connection to the test display: a display whose theme nothing has made yet, as
    /// the app's is when `display-opened` is emitted.
    @MainActor
    private static func freshDisplay() throws -> OpaquePointer {
        let display = try XCTUnwrap(gdk_display_open(getenv("DISPLAY")), "a second connection to the test display")
        XCTAssertNil(g_object_get_data(cast(display), "gtk-icon-theme"), "no theme was made for the new display")
        return display
    }

    @MainActor
    private static func resourcePaths(of theme: OpaquePointer) -> [String] {
        guard let paths = gtk_icon_theme_get_resource_path(theme) else { return [] }
        defer { g_strfreev(paths) }
        var result: [String] = []
        var index = 0
        while let path = paths[index] { result.append(String(cString: path)); index += 1 }
        return result
    }

    @MainActor
    private static func file(of name: String, in theme: OpaquePointer) -> String? {
        guard let icon = gtk_icon_theme_lookup_icon(theme, name, nil, 16, 1, GTK_TEXT_DIR_LTR, GtkIconLookupFlags(rawValue: 0)),
              let file = gtk_icon_paintable_get_file(icon) else { return nil }
        defer { g_object_unref(raw(icon)); g_object_unref(raw(file)) }
        guard let uri = g_file_get_uri(file) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// Runs the main loop until `done` holds or a minute passes.
    @MainActor
    private static func iterate(until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !done(), Date() < deadline { g_main_context_iteration(nil, 1) }
    }

    func testTheThemeMadeAsTheDisplayOpensIsTheDisplaysAndHoldsTheBundlesIconsOnce() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let display = try Self.freshDisplay()
            defer { gdk_display_close(display) }
            let changesBefore = DisplayIconTheme.changes
            DisplayIconTheme.install(on: display)
            XCTAssertTrue(DisplayIconTheme.isInstalled(on: display))
            let theme = try XCTUnwrap(gtk_icon_theme_get_for_display(display))
            XCTAssertEqual(raw(theme), g_object_get_data(cast(display), "gtk-icon-theme"), "GTK answers with the app's theme")
            let ours = Stylesheet.resourcePath + "/icons"
            XCTAssertEqual(Self.resourcePaths(of: theme).filter { $0 == ours }.count, 1, "the bundle's icons, once")
            XCTAssertTrue(Self.file(of: "annotator-tool-pen-symbolic", in: theme)?.hasPrefix("resource://") == true,
                          "a tool's icon comes from the bundle")
            XCTAssertNotNil(Self.file(of: "window-close-symbolic", in: theme), "GTK's icons are found too")
            // Nothing threw the read away: no change is announced once pending work has run.
            while g_main_context_iteration(nil, 0) != 0 {}
            XCTAssertEqual(DisplayIconTheme.changes, changesBefore, "the themes were read again")
            // Another display's theme is not the app's.
            let other = try XCTUnwrap(gdk_display_get_default())
            XCTAssertFalse(DisplayIconTheme.isInstalled(on: other))
        }
    }

    func testPickingAnotherIconThemeHandsTheDisplayToGtksOwnThemeWithTheBundlesIcons() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let display = try Self.freshDisplay()
            defer { gdk_display_close(display) }
            DisplayIconTheme.install(on: display)
            let made = try XCTUnwrap(gtk_icon_theme_get_for_display(display))
            XCTAssertNotNil(Self.file(of: "window-close-symbolic", in: made), "the themes are read")
            let changesBefore = DisplayIconTheme.changes
            // The user picks another icon theme.
            let settings = try XCTUnwrap(gtk_settings_get_for_display(display))
            ann_object_set_string(raw(settings), "gtk-icon-theme-name", "hicolor")
            Self.iterate { DisplayIconTheme.changes > changesBefore }
            XCTAssertEqual(DisplayIconTheme.changes, changesBefore + 1, "the change was seen")
            XCTAssertFalse(DisplayIconTheme.isInstalled(on: display), "the display was handed back to GTK")
            let gtks = try XCTUnwrap(gtk_icon_theme_get_for_display(display))
            XCTAssertNotEqual(gtks, made, "GTK made a theme of its own for the display")
            XCTAssertEqual(gtk_icon_theme_get_theme_name(gtks).map { String(cString: $0) }, "hicolor", "it follows the pick")
            XCTAssertTrue(Self.file(of: "annotator-tool-pen-symbolic", in: gtks)?.hasPrefix("resource://") == true,
                          "GTK's theme holds the bundle's icons")
            XCTAssertEqual(Self.resourcePaths(of: gtks).filter { $0 == Stylesheet.resourcePath + "/icons" }.count, 1)
        }
    }
}
