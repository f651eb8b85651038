// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
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

    /// Runs the main loop until `done` holds or a minute passes (without blocking in it: with
    /// nothing to do, it would wait for ever).
    @MainActor
    private static func iterate(until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !done(), Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
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

    /// What `widget` draws now, as bytes of a 32-bit image.
    @MainActor
    private static func pixels(of widget: UnsafeMutablePointer<GtkWidget>) -> [UInt8] {
        let width = max(gtk_widget_get_width(widget), 1), height = max(gtk_widget_get_height(widget), 1)
        guard let paintable = gtk_widget_paintable_new(widget), let snapshot = gtk_snapshot_new() else { return [] }
        defer { g_object_unref(raw(paintable)) }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return [] }
        defer { cairo_surface_destroy(surface) }
        if let node = gtk_snapshot_free_to_node(snapshot) {
            let cr = cairo_create(surface)
            gsk_render_node_draw(node, cr)
            cairo_destroy(cr)
            gsk_render_node_unref(node)
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(surface)) * Int(height)))
    }

    func testAWidgetShownBeforeTheUserPicksAnotherIconThemeShowsThatThemesIconAfterIt() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let display = try Self.freshDisplay()
            DisplayIconTheme.install(on: display)
            // An icon Adwaita has and hicolor and GTK's own icons do not: with hicolor picked,
            // the image shows GTK's missing-image icon instead.
            let made = try XCTUnwrap(gtk_icon_theme_get_for_display(display))
            guard Self.file(of: "edit-undo-symbolic", in: made) != nil else {
                gdk_display_close(display)
                throw XCTSkip("the Adwaita icon theme is not installed")
            }
            let window = try XCTUnwrap(gtk_window_new())
            gtk_window_set_display(cast(window), display)
            let image = try XCTUnwrap(gtk_image_new_from_icon_name("edit-undo-symbolic"))
            gtk_image_set_pixel_size(cast(image), 32)
            gtk_window_set_child(cast(window), image)
            gtk_window_present(cast(window))
            defer { gtk_window_destroy(cast(window)); gdk_display_close(display) }
            Self.iterate { gtk_widget_get_mapped(image) != 0 && gtk_widget_get_width(image) > 0 && Self.pixels(of: image).contains { $0 != 0 } }
            let before = Self.pixels(of: image)
            XCTAssertTrue(before.contains { $0 != 0 }, "the image drew its icon")
            let changesBefore = DisplayIconTheme.changes
            let settings = try XCTUnwrap(gtk_settings_get_for_display(display))
            ann_object_set_string(raw(settings), "gtk-icon-theme-name", "hicolor")
            Self.iterate { DisplayIconTheme.changes > changesBefore && Self.pixels(of: image) != before }
            XCTAssertFalse(DisplayIconTheme.isInstalled(on: display), "the display was handed back to GTK")
            XCTAssertNotEqual(Self.pixels(of: image), before, "the image still shows the icon of the theme the user left")
        }
    }
}
