// SPDX-License-Identifier: GPL-3.0-or-later

/// Applies the user's ``InputSettings`` to events before the engine sees them: a pen's
/// pressure goes through its curve and width range; its eraser end and barrel buttons do what
/// they were set to (decided when a contact begins and kept until it ends); fingers set to do
/// nothing and touchpad gestures turned off never arrive. Everything else passes unchanged.
///
/// - Warning: Not thread-safe; the GTK main thread only.
public final class InputAdjuster {
    public var settings: InputSettings
    /// The pen in use (``InputSettings/pens`` key), when the device tells.
    public var pen: String?

    private enum Decision { case keep, drop, erase, rightClick, tip, select, highlight }
    private var contacts: [InputSequenceID: Decision] = [:]

    public init(settings: InputSettings = InputSettings(), pen: String? = nil) {
        self.settings = settings
        self.pen = pen
    }

    /// The event as the settings make it, or `nil` when it is to be ignored.
    public func adjust(_ event: InputEvent) -> InputEvent? { adjustWithTool(event)?.event }

    /// The event as the settings make it, with the tool its contact uses in place of the picked
    /// one (a stylus button set to select or highlight), or `nil` when it is to be ignored.
    public func adjustWithTool(_ event: InputEvent) -> (event: InputEvent, contactTool: DocumentInteraction.ContactTool?)? {
        var e = event
        switch e.kind {
        case .touchpadPinch where !settings.touchpad.pinchZooms: return nil
        case .touchpadSwipe where !settings.touchpad.swipeGoesThroughHistory: return nil
        case .contact where e.source == .touchscreen && settings.touch.fingers == .nothing: return nil
        default: break
        }
        guard e.source == .pen || e.source == .eraser else { return (e, nil) }
        let pen = settings.pen(pen)
        guard case .contact(let phase) = e.kind else {
            // An eraser end set to do something else must not pick the eraser on hover.
            if e.source == .eraser, pen.eraserEnd != .erase { e.source = .pen }
            if e.source == .pen, let p = e.axes.pressure { e.axes.pressure = pen.strokePressure(fromDevice: p) }
            return (e, nil)
        }
        // The pressure as this pen is set, for whatever the contact turns out to be (an eraser
        // end acting as the tip draws with the pen's curve too).
        if e.source == .pen || pen.eraserEnd == .tip || pen.eraserEnd == .highlight, let p = e.axes.pressure {
            e.axes.pressure = pen.strokePressure(fromDevice: p)
        }
        let decision: Decision
        if phase == .began, let open = contacts[e.sequence] {
            // A second button pressed during a contact (the tip under a held barrel button):
            // the contact goes on as it began.
            decision = open
        } else if phase == .began {
            decision = Self.decision(for: e, pen: pen)
            contacts[e.sequence] = decision
        } else {
            decision = contacts[e.sequence] ?? .keep
        }
        if phase == .ended || phase == .cancelled { contacts[e.sequence] = nil }
        switch decision {
        case .keep: return (e, nil)
        case .drop: return nil
        case .erase:
            e.source = .eraser
            if e.button != nil { e.button = .primary }
        case .rightClick:
            e.source = .pen
            if e.button != nil { e.button = .secondary }
        case .tip:
            e.source = .pen
            if e.button != nil { e.button = .primary }
        case .select:
            // As the mouse selects: a pen would ink at once.
            e.source = .mouse
            if e.button != nil { e.button = .primary }
            return (e, .select)
        case .highlight:
            e.source = .pen
            if e.button != nil { e.button = .primary }
            return (e, .highlight)
        }
        return (e, nil)
    }

    private static func decision(for e: InputEvent, pen: PenSettings) -> Decision {
        let action: StylusAction
        if e.source == .eraser {
            action = pen.eraserEnd
            if action == .erase { return .keep }
        } else if e.button == .middle {
            action = pen.lowerButton
        } else if e.button == .secondary {
            action = pen.upperButton
            if action == .rightClick { return .keep }
        } else {
            return .keep
        }
        switch action {
        case .erase: return .erase
        case .rightClick: return .rightClick
        case .tip: return .tip
        case .select: return .select
        case .highlight: return .highlight
        case .nothing: return .drop
        }
    }
}
