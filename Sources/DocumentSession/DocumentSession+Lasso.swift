// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// The lasso's decision, which needs what only the session has: the ink's points (the engine
/// knows each annotation's bounds alone) and the user's share from Preferences.
extension DocumentSession {
    /// How far apart (view pixels) a loop's ends may be and still be closed by a straight line,
    /// whatever the loop's length.
    static let lassoClosingDistance = 32.0

    /// Selects what `loop` (PDF space of `page`) encloses, by ``LassoSelection`` with the
    /// user's share; added to the selection with `adding`, else in its place. A loop that
    /// does not close or encloses nothing selects nothing.
    public func selectByLasso(_ loop: [Point], on page: PageIndex, adding: Bool) {
        guard let editing else { return }
        let annotations = editing.annotations(on: page)
        let share = inputAdjuster.settings.lassoShare
        let closing = Self.lassoClosingDistance / max(view.viewport.zoom, 0.01)
        let chosen = LassoSelection.select(loop: loop, among: annotations, share: share, closingDistance: closing)
            .map { AnnotationID($0) }
            .filter { interaction.scene.annotation($0) != nil }
        let base = adding ? interaction.selectedAnnotations : []
        // A set: Shift adding 1,566 strokes to as many searched the selection for each.
        let already = Set(base)
        let selection = base + chosen.filter { !already.contains($0) }
        // The loop is gone from the screen; nothing enclosed changes nothing more (the tool let
        // go of a replaced selection already).
        emit(.redraw)
        guard !selection.isEmpty else { return }
        interaction.select(selection)
    }
}
