// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
@testable import GtkShell
import XCTest

/// Something a handler's closure holds, to see when GLib lets the closure go.
private final class Probe {}

/// Handlers connected "while a widget lives": an adjustment (which anyone may keep) signals,
/// a label is the widget whose life bounds the connection.
final class SignalsTests: XCTestCase {
    func testAHandlerConnectedWhileAWidgetLivesIsDisconnectedWhenTheWidgetIsDestroyed() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let adjustment = gtk_adjustment_new(0, 0, 10, 1, 1, 1)!
            g_object_ref_sink(raw(adjustment))
            defer { g_object_unref(raw(adjustment)) }
            let owner = gtk_label_new(nil)!
            g_object_ref_sink(raw(owner))
            var probe: Probe? = Probe()
            weak let held = probe
            var calls = 0
            let id = Signals.connect(raw(adjustment), "value-changed", whileAlive: raw(owner)!) { [probe] in
                _ = probe
                calls += 1
            }
            probe = nil
            XCTAssertNotEqual(id, 0)
            gtk_adjustment_set_value(adjustment, 5)
            XCTAssertEqual(calls, 1)
            XCTAssertEqual(g_signal_handler_is_connected(raw(adjustment), id), 1)

            g_object_unref(raw(owner))
            XCTAssertEqual(g_signal_handler_is_connected(raw(adjustment), id), 0)
            XCTAssertNil(held, "the handler's closure is released with the connection")
            gtk_adjustment_set_value(adjustment, 7)
            XCTAssertEqual(calls, 1)
        }
    }

    func testAHandlerConnectedWhileAWidgetLivesIsReleasedWhenTheSignallingObjectGoesFirst() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let adjustment = gtk_adjustment_new(0, 0, 10, 1, 1, 1)!
            g_object_ref_sink(raw(adjustment))
            let owner = gtk_label_new(nil)!
            g_object_ref_sink(raw(owner))
            var probe: Probe? = Probe()
            weak let held = probe
            Signals.connect(raw(adjustment), "value-changed", whileAlive: raw(owner)!) { [probe] in _ = probe }
            probe = nil
            XCTAssertNotNil(held)
            g_object_unref(raw(adjustment))
            XCTAssertNil(held)
            // The widget no longer watches a closure that is gone.
            g_object_unref(raw(owner))
        }
    }
}
