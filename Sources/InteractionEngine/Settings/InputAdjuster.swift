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

    /// How the last contact that erases (an eraser end, or a button set to erase) erases:
    /// whole strokes or their parts, as the pen is set. The session hands it to the eraser.
    public private(set) var eraserMode = EraserMode.whole

    /// The open contacts and what each does (`nil`: as the device said).
    private var contacts: [InputSequenceID: StylusAction?] = [:]

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
            if e.source == .eraser, pen.eraserEnd != .erase, pen.eraserEnd != .eraseParts { e.source = .pen }
            if e.source == .pen, let p = e.axes.pressure { e.axes.pressure = pen.strokePressure(fromDevice: p) }
            return (e, nil)
        }
        // The pressure as this pen is set, for whatever the contact turns out to be (an eraser
        // end acting as the tip draws with the pen's curve too).
        if e.source == .pen || pen.eraserEnd == .tip || pen.eraserEnd == .highlight, let p = e.axes.pressure {
            e.axes.pressure = pen.strokePressure(fromDevice: p)
        }
        let action: StylusAction?
        if phase == .began, let open = contacts[e.sequence] {
            // A second button pressed during a contact (the tip under a held barrel button):
            // the contact goes on as it began.
            action = open
        } else if phase == .began {
            action = Self.action(for: e, pen: pen)
            contacts[e.sequence] = action
            if e.source == .eraser || action == .erase || action == .eraseParts {
                eraserMode = action == .eraseParts ? .partial : .whole
            }
        } else {
            action = contacts[e.sequence] ?? nil
        }
        if phase == .ended || phase == .cancelled { contacts[e.sequence] = nil }
        guard let action else { return (e, nil) }
        // What the contact becomes: its device, its button, and the tool standing in.
        let (source, button, tool): (InputSource, PointerButton, DocumentInteraction.ContactTool?)
        switch action {
        case .nothing: return nil
        case .erase, .eraseParts: (source, button, tool) = (.eraser, .primary, nil)
        case .rightClick: (source, button, tool) = (.pen, .secondary, nil)
        case .tip: (source, button, tool) = (.pen, .primary, nil)
        // As the mouse selects: a pen would ink at once.
        case .select: (source, button, tool) = (.mouse, .primary, .select)
        case .highlight: (source, button, tool) = (.pen, .primary, .highlight)
        case .lasso: (source, button, tool) = (.pen, .primary, .lasso)
        }
        e.source = source
        if e.button != nil { e.button = button }
        return (e, tool)
    }

    /// What a contact's first event makes it do; `nil` leaves it as the device said.
    private static func action(for e: InputEvent, pen: PenSettings) -> StylusAction? {
        if e.source == .eraser { return pen.eraserEnd == .erase ? nil : pen.eraserEnd }
        if e.button == .middle { return pen.lowerButton }
        if e.button == .secondary { return pen.upperButton == .rightClick ? nil : pen.upperButton }
        return nil
    }
}
