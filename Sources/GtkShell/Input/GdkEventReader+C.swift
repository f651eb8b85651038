// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Geometry
import InteractionEngine

/// Copies a `GdkEvent*` into a ``RawEvent``: the only code that reads GDK events.
enum GdkEventReader {
    /// - Parameter toWidget: converts surface coordinates (what `gdk_event_get_position`
    ///   reports) to the canvas widget's coordinates.
    @MainActor
    static func read(_ event: OpaquePointer, toWidget: (Double, Double) -> Point) -> RawEvent {
        let type = gdk_event_get_event_type(event)
        var raw = RawEvent(kind: kind(type), device: device(event), timeMilliseconds: gdk_event_get_time(event))
        var x = 0.0, y = 0.0
        if gdk_event_get_position(event, &x, &y) != 0 { raw.position = toWidget(x, y) }
        let state = gdk_event_get_modifier_state(event)
        raw.modifiers = modifiers(state)
        let buttons = GDK_BUTTON1_MASK.rawValue | GDK_BUTTON2_MASK.rawValue | GDK_BUTTON3_MASK.rawValue
        raw.buttonHeld = state.rawValue & buttons != 0
        raw.pointerEmulated = gdk_event_get_pointer_emulated(event) != 0
        if let seq = gdk_event_get_event_sequence(event) { raw.sequence = UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(seq)))) }
        // Axes exist only on pointer and touch events from a real device; asking a crossing or
        // focus event, or an event whose axis array is NULL (XTest),
        // for them crashes GTK 4.8.
        let hasAxes: Set<RawEvent.Kind> = [.buttonPress, .buttonRelease, .motion, .touchBegin, .touchUpdate, .touchEnd]
        var axes: UnsafeMutablePointer<Double>?
        var axisCount: UInt32 = 0
        // Only a pen (or its eraser end) has pressure and tilt: X11 reports 0 for a mouse, which
        // would make a mouse stroke a hairline.
        let stylus = raw.device == .pen || raw.device == .eraser
        if stylus, hasAxes.contains(raw.kind), gdk_event_get_axes(event, &axes, &axisCount) != 0, axes != nil {
            var value = 0.0
            if gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &value) != 0 { raw.pressure = value }
            if gdk_event_get_axis(event, GDK_AXIS_XTILT, &value) != 0 { raw.tiltX = value }
            if gdk_event_get_axis(event, GDK_AXIS_YTILT, &value) != 0 { raw.tiltY = value }
        }
        switch raw.kind {
        case .buttonPress, .buttonRelease:
            raw.button = Int(gdk_button_event_get_button(event))
        case .scroll:
            switch gdk_scroll_event_get_direction(event) {
            case GDK_SCROLL_UP: raw.scroll = .up
            case GDK_SCROLL_DOWN: raw.scroll = .down
            case GDK_SCROLL_LEFT: raw.scroll = .left
            case GDK_SCROLL_RIGHT: raw.scroll = .right
            default:
                var dx = 0.0, dy = 0.0
                gdk_scroll_event_get_deltas(event, &dx, &dy)
                raw.scroll = .smooth(dx: dx, dy: dy, wheelUnits: gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_WHEEL,
                                     isStop: gdk_scroll_event_is_stop(event) != 0)
            }
        case .touchpadPinch, .touchpadSwipe, .touchpadHold:
            switch gdk_touchpad_event_get_gesture_phase(event) {
            case GDK_TOUCHPAD_GESTURE_PHASE_BEGIN: raw.gesturePhase = .begin
            case GDK_TOUCHPAD_GESTURE_PHASE_UPDATE: raw.gesturePhase = .update
            case GDK_TOUCHPAD_GESTURE_PHASE_END: raw.gesturePhase = .end
            default: raw.gesturePhase = .cancel
            }
            raw.fingers = Int(gdk_touchpad_event_get_n_fingers(event))
            if raw.kind == .touchpadPinch {
                raw.pinchScale = gdk_touchpad_event_get_pinch_scale(event)
                raw.pinchAngleDelta = gdk_touchpad_event_get_pinch_angle_delta(event)
            }
            if raw.kind != .touchpadHold {
                var dx = 0.0, dy = 0.0
                gdk_touchpad_event_get_deltas(event, &dx, &dy)
                raw.swipeDelta = Vector(dx: dx, dy: dy)
            }
        case .keyPress, .keyRelease:
            raw.keyName = string(gdk_keyval_name(gdk_key_event_get_keyval(event)))
        default:
            break
        }
        return raw
    }

    /// The positions a motion event stands for that GTK folded into it (motion that came within
    /// one frame is delivered once, with the earlier positions as its history), oldest first,
    /// each as `raw` moved there at its own time: a stroke drawn while the main loop was busy
    /// keeps its corners.
    @MainActor
    static func history(of event: OpaquePointer, like raw: RawEvent, toWidget: (Double, Double) -> Point) -> [RawEvent] {
        guard raw.kind == .motion else { return [] }
        var count: UInt32 = 0
        guard let coords = gdk_event_get_history(event, &count), count > 0 else { return [] }
        defer { g_free(coords) }
        return (0..<Int(count)).map { i in
            let coord = coords[i]
            let axes = withUnsafeBytes(of: coord.axes) { Array($0.bindMemory(to: Double.self)) }
            func axis(_ a: GdkAxisUse, _ flag: GdkAxisFlags) -> Double? {
                coord.flags.rawValue & flag.rawValue != 0 && Int(a.rawValue) < axes.count ? axes[Int(a.rawValue)] : nil
            }
            var past = raw
            past.timeMilliseconds = coord.time
            past.position = toWidget(axes[Int(GDK_AXIS_X.rawValue)], axes[Int(GDK_AXIS_Y.rawValue)])
            // Pressure and tilt only where the event itself has them (a pen's).
            if raw.pressure != nil, let pressure = axis(GDK_AXIS_PRESSURE, GDK_AXIS_FLAG_PRESSURE) { past.pressure = pressure }
            if raw.tiltX != nil, let tilt = axis(GDK_AXIS_XTILT, GDK_AXIS_FLAG_XTILT) { past.tiltX = tilt }
            if raw.tiltY != nil, let tilt = axis(GDK_AXIS_YTILT, GDK_AXIS_FLAG_YTILT) { past.tiltY = tilt }
            return past
        }
    }

    private static func kind(_ type: GdkEventType) -> RawEvent.Kind {
        switch type {
        case GDK_BUTTON_PRESS: return .buttonPress
        case GDK_BUTTON_RELEASE: return .buttonRelease
        case GDK_MOTION_NOTIFY: return .motion
        case GDK_TOUCH_BEGIN: return .touchBegin
        case GDK_TOUCH_UPDATE: return .touchUpdate
        case GDK_TOUCH_END: return .touchEnd
        case GDK_TOUCH_CANCEL: return .touchCancel
        case GDK_SCROLL: return .scroll
        case GDK_TOUCHPAD_PINCH: return .touchpadPinch
        case GDK_TOUCHPAD_SWIPE: return .touchpadSwipe
        case GDK_TOUCHPAD_HOLD: return .touchpadHold
        case GDK_KEY_PRESS: return .keyPress
        case GDK_KEY_RELEASE: return .keyRelease
        case GDK_ENTER_NOTIFY: return .enter
        case GDK_LEAVE_NOTIFY: return .leave
        case GDK_PROXIMITY_IN: return .proximityIn
        case GDK_PROXIMITY_OUT: return .proximityOut
        default: return .other
        }
    }

    /// Which pen an event comes from: its device's name and its tool's serial number (a pen
    /// keeps its serial across tablets and sessions), or `nil` for other devices.
    @MainActor
    static func penIdentity(_ event: OpaquePointer) -> (identity: String, name: String)? {
        guard let tool = gdk_event_get_device_tool(event) else { return nil }
        let device = gdk_event_get_device(event).flatMap { gdk_device_get_name($0) }.map { String(cString: $0) } ?? "Pen"
        // Both ends of one pen are one pen.
        let name = device.replacing(" eraser", with: "").replacing(" Eraser", with: "")
        let serial = gdk_device_tool_get_serial(tool), hardware = gdk_device_tool_get_hardware_id(tool)
        let identity = serial != 0 ? "serial:\(String(serial, radix: 16))" : "\(name)#\(String(hardware, radix: 16))"
        return (identity, name)
    }

    private static func device(_ event: OpaquePointer) -> RawEvent.Device {
        if let tool = gdk_event_get_device_tool(event) {
            switch gdk_device_tool_get_tool_type(tool) {
            case GDK_DEVICE_TOOL_TYPE_ERASER: return .eraser
            case GDK_DEVICE_TOOL_TYPE_MOUSE, GDK_DEVICE_TOOL_TYPE_LENS: return .mouse
            default: return .pen
            }
        }
        guard let device = gdk_event_get_device(event) else { return .other }
        switch gdk_device_get_source(device) {
        case GDK_SOURCE_MOUSE: return .mouse
        case GDK_SOURCE_PEN: return .pen
        case GDK_SOURCE_TOUCHSCREEN: return .touchscreen
        case GDK_SOURCE_TOUCHPAD: return .touchpad
        case GDK_SOURCE_TRACKPOINT: return .trackpoint
        case GDK_SOURCE_KEYBOARD: return .keyboard
        default: return .other
        }
    }

    private static func modifiers(_ state: GdkModifierType) -> Modifiers {
        var m: Modifiers = []
        if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { m.insert(.shift) }
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { m.insert(.control) }
        if state.rawValue & GDK_ALT_MASK.rawValue != 0 { m.insert(.alt) }
        if state.rawValue & GDK_SUPER_MASK.rawValue != 0 { m.insert(.super) }
        return m
    }
}
