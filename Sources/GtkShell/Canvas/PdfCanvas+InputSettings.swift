// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import InteractionEngine

/// The user's input settings in the page view: the pen and finger switches, palm rejection and
/// the Eraser's mode go to the interaction; pressure curves, stylus ends and buttons, fingers that do nothing and
/// touchpad gestures turned off are applied to each event by the `InputAdjuster` before the
/// engine sees it (after the recording, which keeps what the device said).
extension PdfCanvas {
    /// Applies `settings` now; while a recording replays with settings of its own, the user's
    /// are left aside (`fromRecording`).
    func applyInputSettings(_ settings: InputSettings, fromRecording: Bool = false) {
        if replaysRecordedSettings, !fromRecording { return }
        if fromRecording { replaysRecordedSettings = true }
        inputAdjuster.settings = settings
        if fromRecording { inputAdjuster.pen = settings.lastPen }
        interaction.penDrawsAtOnce = settings.touch.penDrawsAtOnce
        interaction.fingerDraws = settings.touch.fingers == .draw
        interaction.eraserMode = settings.eraserMode
        interaction.snapsShapesOnLift = settings.snapsShapes
        interaction.smartPen = settings.smartPen
        var palm = interaction.engine.pipeline.palmRejection.settings
        palm.isEnabled = settings.touch.palmRejection
        palm.penActivityWindow = settings.touch.palmDelay
        interaction.engine.pipeline.palmRejection.settings = palm
    }

    /// Follows the user's settings from now on.
    func followInputSettings() {
        InputSettingsStore.shared.observe(self) { [weak self] settings in self?.applyInputSettings(settings) }
    }

    /// A pen or its eraser end touched or hovered: its settings apply, and the Preferences list it.
    func notePen(from event: OpaquePointer) {
        guard !replaysRecordedSettings, let pen = GdkEventReader.penIdentity(event) else { return }
        inputAdjuster.pen = pen.identity
        InputSettingsStore.shared.notePen(pen.identity, name: pen.name)
    }
}
