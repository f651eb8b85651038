// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Foundation
@testable import GtkShell
import XCTest

/// The icon theme read on a worker at start-up (IconWarmUp) answers the main thread's lookups
/// afterwards as a theme read on the main thread does: the same files for the header bar's
/// icons, and the app's own icons from its resource path.
final class IconWarmUpTests: XCTestCase {
    /// A theme of the display, set up on the main thread as Stylesheet.load sets the app's up.
    @MainActor
    private static func theme() throws -> OpaquePointer {
        let display = try XCTUnwrap(gdk_display_get_default())
        let theme = try XCTUnwrap(gtk_icon_theme_new())
        ann_object_set_object(raw(theme), "display", raw(display))
        gtk_icon_theme_add_resource_path(theme, Stylesheet.resourcePath + "/icons")
        return theme
    }

    /// The file a theme gives for `name` as GtkImage asks for it (nil: none, or a missing image).
    @MainActor
    private static func file(of name: String, in theme: OpaquePointer) -> String? {
        guard let icon = gtk_icon_theme_lookup_icon(theme, name, nil, 16, 1, gtk_widget_get_default_direction(),
                                                   GtkIconLookupFlags(rawValue: 0)) else { return nil }
        defer { g_object_unref(raw(icon)) }
        guard let file = gtk_icon_paintable_get_file(icon) else { return nil }
        defer { g_object_unref(raw(file)) }
        guard let uri = g_file_get_uri(file) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    func testAThemeReadOnAWorkerGivesTheMainThreadTheSameIconsAsOneReadThere() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            ann_register_resources_once()
            let warmed = try Self.theme()
            let plain = try Self.theme()
            defer { g_object_unref(raw(warmed)); g_object_unref(raw(plain)) }
            let names = IconWarmUp.firstFrameIcons + ["annotator-tool-pen-symbolic"]
            let read = DispatchSemaphore(value: 0)
            IconWarmUp.start(theme: warmed, names: names) { read.signal() }
            XCTAssertEqual(read.wait(timeout: .now() + 60), .success, "the worker's lookups ended")
            for name in names {
                let found = Self.file(of: name, in: warmed)
                XCTAssertNotNil(found, "\(name) found after the worker read the theme")
                XCTAssertEqual(found, Self.file(of: name, in: plain), "\(name): the same file as a theme read on the main thread")
            }
            XCTAssertTrue(Self.file(of: "annotator-tool-pen-symbolic", in: warmed)?.hasPrefix("resource://") == true,
                          "the app's own icon comes from its resource path")
        }
    }
}
