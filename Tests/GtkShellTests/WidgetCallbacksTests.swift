// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
@testable import GtkShell
import XCTest

/// Something a callback's closure holds, to see when GTK lets the closure go.
private final class Probe {}

final class WidgetCallbacksTests: XCTestCase {
    func testADrawFunctionsClosureIsReleasedWhenItsDrawingAreaIsDestroyed() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            g_object_ref_sink(raw(area))
            var probe: Probe? = Probe()
            weak let held = probe
            WidgetCallbacks.setDrawFunction(of: area) { [probe] _, _, _ in _ = probe }
            probe = nil
            XCTAssertNotNil(held, "the drawing area keeps its draw function")
            g_object_unref(raw(area))
            XCTAssertNil(held, "the destroy notify released the closure")
        }
    }

    func testATickCallbacksClosureIsReleasedWhenTheCallbackIsRemoved() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            g_object_ref_sink(raw(area))
            defer { g_object_unref(raw(area)) }
            var probe: Probe? = Probe()
            weak let held = probe
            let id = WidgetCallbacks.addTickCallback(to: area) { [probe] _ in _ = probe; return true }
            probe = nil
            XCTAssertNotEqual(id, 0)
            XCTAssertNotNil(held)
            gtk_widget_remove_tick_callback(area, id)
            XCTAssertNil(held)
        }
    }

    func testATickCallbacksClosureIsReleasedWhenItsWidgetIsDestroyed() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            g_object_ref_sink(raw(area))
            var probe: Probe? = Probe()
            weak let held = probe
            _ = WidgetCallbacks.addTickCallback(to: area) { [probe] _ in _ = probe; return true }
            probe = nil
            XCTAssertNotNil(held)
            g_object_unref(raw(area))
            XCTAssertNil(held)
        }
    }

    func testACallbackActionRunsItsClosureAndReleasesItWithTheAction() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let label = gtk_label_new(nil)!
            g_object_ref_sink(raw(label))
            defer { g_object_unref(raw(label)) }
            var probe: Probe? = Probe()
            weak let held = probe
            var runs = 0
            let action = WidgetCallbacks.callbackAction { [probe] in _ = probe; runs += 1 }
            probe = nil
            XCTAssertEqual(gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, label, nil), 1)
            XCTAssertEqual(runs, 1)
            XCTAssertNotNil(held)
            g_object_unref(raw(action))
            XCTAssertNil(held)
        }
    }
}
