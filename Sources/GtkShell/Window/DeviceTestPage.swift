// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Geometry

/// The Preferences' Test Devices page: an area to touch, write, hover and click in, and beside
/// it, live, what each device reports (its name, kind, tool, pressure, tilt and buttons), so a
/// user can tell what their pen or screen sends when something feels wrong, with facts.
@MainActor
final class DeviceTestPage {
    /// What a device reported last.
    struct Report: Equatable {
        var source = ""
        var tool = ""
        var event = ""
        var pressure: Double?
        var tilt: (x: Double, y: Double)?
        var buttons: [Int] = []
        var position = Point.zero

        static func == (a: Report, b: Report) -> Bool {
            a.source == b.source && a.tool == b.tool && a.event == b.event && a.pressure == b.pressure
                && a.tilt?.x == b.tilt?.x && a.tilt?.y == b.tilt?.y && a.buttons == b.buttons && a.position == b.position
        }
    }

    private var area: UnsafeMutablePointer<GtkWidget>!
    private var text: UnsafeMutablePointer<GtkWidget>!
    /// By device name, in the order the devices were first seen.
    private(set) var reports: [(device: String, report: Report)] = []
    /// Where contacts went, with their pressure, to draw them.
    private var marks: [(point: Point, pressure: Double, touch: Bool)] = []

    func build() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(box, 18)
        }
        area = gtk_drawing_area_new()!
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_widget_set_size_request(area, 300, 300)
        gtk_widget_set_name(area, "preferences-device-test")
        ann_accessible_set_label(area, tr("Area to test devices in"))
        WidgetCallbacks.setDrawFunction(of: area) { [weak self] cr, w, h in self?.draw(cr, Double(w), Double(h)) }
        let events = gtk_event_controller_legacy_new()!
        Signals.connect(raw(events), "event", pointerReturningBool: { [weak self] event in
            guard let self, let event else { return false }
            return self.take(event)
        })
        gtk_widget_add_controller(area, events)
        text = gtk_label_new(tr("Touch, write, hover or click in the area: what each device reports shows here."))!
        gtk_label_set_wrap(cast(text), 1)
        gtk_label_set_xalign(cast(text), 0)
        gtk_label_set_yalign(cast(text), 0)
        gtk_label_set_width_chars(cast(text), 30)
        gtk_label_set_max_width_chars(cast(text), 30)
        gtk_widget_set_vexpand(text, 1)
        gtk_widget_set_name(text, "preferences-device-report")
        // The report goes to the clipboard whole, to paste into a bug report.
        let copy = gtk_button_new_with_mnemonic(tr("_Copy the Report"))!
        gtk_widget_set_name(copy, "preferences-copy-report")
        Signals.connect(raw(copy), "clicked") { [weak self] in
            guard let self else { return }
            gdk_clipboard_set_text(gtk_widget_get_clipboard(copy), self.describe())
        }
        let side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_box_append(cast(side), text)
        gtk_box_append(cast(side), copy)
        gtk_box_append(cast(box), area)
        gtk_box_append(cast(box), side)
        return box
    }

    /// Reads one event into its device's report; contacts leave a mark.
    private func take(_ event: OpaquePointer) -> Bool {
        let type = gdk_event_get_event_type(event)
        let kinds: [GdkEventType: String] = [
            GDK_BUTTON_PRESS: "press", GDK_BUTTON_RELEASE: "release", GDK_MOTION_NOTIFY: "motion",
            GDK_TOUCH_BEGIN: "touch begin", GDK_TOUCH_UPDATE: "touch update", GDK_TOUCH_END: "touch end",
            GDK_PROXIMITY_IN: "proximity in", GDK_PROXIMITY_OUT: "proximity out", GDK_SCROLL: "scroll",
            GDK_TOUCHPAD_PINCH: "touchpad pinch", GDK_TOUCHPAD_SWIPE: "touchpad swipe",
        ]
        guard let kind = kinds[type], let device = gdk_event_get_device(event) else { return false }
        let name = gdk_device_get_name(device).map { String(cString: $0) } ?? "?"
        var report = Report()
        report.event = kind
        report.source = Self.sourceName(gdk_device_get_source(device))
        if let tool = gdk_event_get_device_tool(event) {
            report.tool = Self.toolName(gdk_device_tool_get_tool_type(tool))
            let serial = gdk_device_tool_get_serial(tool)
            if serial != 0 { report.tool += " #" + String(serial, radix: 16) }
        }
        var x = 0.0, y = 0.0
        if gdk_event_get_position(event, &x, &y) != 0 { report.position = WidgetCoordinates.fromSurface(area, x, y) }
        // Axes only on events that carry them (GTK 4.8 crashes reading them off others).
        let hasAxes: Set<GdkEventType> = [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_MOTION_NOTIFY, GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END]
        var axes: UnsafeMutablePointer<Double>?
        var count: UInt32 = 0
        if hasAxes.contains(type), gdk_event_get_axes(event, &axes, &count) != 0, axes != nil {
            var value = 0.0
            // X11 gives a mouse a pressure of 0: only a pen's is shown.
            if gdk_event_get_device_tool(event) != nil, gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &value) != 0 { report.pressure = value }
            var tx = 0.0, ty = 0.0
            if gdk_event_get_axis(event, GDK_AXIS_XTILT, &tx) != 0, gdk_event_get_axis(event, GDK_AXIS_YTILT, &ty) != 0 { report.tilt = (tx, ty) }
        }
        let state = gdk_event_get_modifier_state(event).rawValue
        report.buttons = [(1, GDK_BUTTON1_MASK), (2, GDK_BUTTON2_MASK), (3, GDK_BUTTON3_MASK)].filter { state & $0.1.rawValue != 0 }.map(\.0)
        if type == GDK_BUTTON_PRESS { report.buttons = Array(Set(report.buttons + [Int(gdk_button_event_get_button(event))])).sorted() }
        if let i = reports.firstIndex(where: { $0.device == name }) { reports[i].report = report } else { reports.append((name, report)) }
        let contact = [GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE].contains(type) || (type == GDK_MOTION_NOTIFY && !report.buttons.isEmpty)
        if contact {
            marks.append((report.position, report.pressure ?? 1, type == GDK_TOUCH_BEGIN || type == GDK_TOUCH_UPDATE))
            if marks.count > 4000 { marks.removeFirst(marks.count - 4000) }
            gtk_widget_queue_draw(area)
        }
        gtk_label_set_text(cast(text), describe())
        return contact
    }

    /// The reports as text, one block per device.
    func describe() -> String {
        reports.map { device, r in
            var lines = [device, "  " + tr("kind: {kind}", ["kind": r.source]) + (r.tool.isEmpty ? "" : ", " + r.tool), "  " + r.event]
            lines.append("  " + tr("pressure: {value}", ["value": r.pressure.map { String(format2: $0) } ?? "–"]))
            lines.append("  " + tr("tilt: {value}", ["value": r.tilt.map { String(format2: $0.x) + ", " + String(format2: $0.y) } ?? "–"]))
            lines.append("  " + tr("buttons: {value}", ["value": r.buttons.isEmpty ? "–" : r.buttons.map(String.init).joined(separator: " ")]))
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    private func draw(_ cr: OpaquePointer, _ w: Double, _ h: Double) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, w, h)
        cairo_fill(cr)
        for mark in marks {
            if mark.touch { cairo_set_source_rgba(cr, 0.8, 0.3, 0.1, 0.5) } else { cairo_set_source_rgba(cr, 0.1, 0.2, 0.55, 0.8) }
            cairo_arc(cr, mark.point.x, mark.point.y, 1 + 5 * mark.pressure, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
    }

    static func sourceName(_ source: GdkInputSource) -> String {
        switch source {
        case GDK_SOURCE_MOUSE: return "mouse"
        case GDK_SOURCE_PEN: return "pen"
        case GDK_SOURCE_KEYBOARD: return "keyboard"
        case GDK_SOURCE_TOUCHSCREEN: return "touchscreen"
        case GDK_SOURCE_TOUCHPAD: return "touchpad"
        case GDK_SOURCE_TRACKPOINT: return "trackpoint"
        case GDK_SOURCE_TABLET_PAD: return "tablet pad"
        default: return "other"
        }
    }

    static func toolName(_ type: GdkDeviceToolType) -> String {
        switch type {
        case GDK_DEVICE_TOOL_TYPE_PEN: return "pen"
        case GDK_DEVICE_TOOL_TYPE_ERASER: return "eraser"
        case GDK_DEVICE_TOOL_TYPE_BRUSH: return "brush"
        case GDK_DEVICE_TOOL_TYPE_PENCIL: return "pencil"
        case GDK_DEVICE_TOOL_TYPE_AIRBRUSH: return "airbrush"
        case GDK_DEVICE_TOOL_TYPE_MOUSE: return "puck"
        case GDK_DEVICE_TOOL_TYPE_LENS: return "lens"
        default: return "tool"
        }
    }
}

private extension String {
    /// Two decimals, as the device test shows axes.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let a = abs(hundredths)
        self = sign + String(a / 100) + "." + (a % 100 < 10 ? "0" : "") + String(a % 100)
    }
}
