// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The pen's taps: a pen that draws at once may end as a tap meant for a link, a field or an
/// annotation, decided when it lifts, and then replayed to the recognizers.
extension DocumentInteraction {
    /// Whether a pen tap at a view point, with the pen tool picked, is meant for something
    /// there rather than a dot: a link to follow, a form field to fill or an annotation to
    /// select, as the interaction components allow. Ink is not such a target: a dot on
    /// handwriting (an i's) is more writing.
    func penTapHasTarget(at point: Point) -> Bool {
        let interactions = engine.interactions
        interactions.currentSource = .pen
        let link = interactions.openLinkAnnotation, edit = interactions.editAnnotation, select = interactions.selectAnnotation
        if link.isEnabled, link.canActivate(at: point, in: .view) { return true }
        if edit.isEnabled, edit.canActivate(at: point, in: .view) { return true }
        guard select.isEnabled, let hit = select.context(at: point, in: .view)?.annotation, hit.kind != .ink else { return false }
        return select.canActivate(at: point, in: .view)
    }

    /// A pen contact that drew ink ended as a tap meant for the recognizers: its stroke is
    /// cancelled (the tool drops its preview and adds nothing) and the tap goes to the
    /// recognizers as if the pen had never drawn.
    func replayPenTap(_ began: InputEvent, _ ended: InputEvent) {
        penTapCandidate = nil
        var cancelled = ended
        cancelled.kind = .contact(.cancelled)
        emit(tools.handle(.input(cancelled)).commands)
        toolSequences.remove(ended.sequence)
        toolContactStarts.removeValue(forKey: ended.sequence)
        if penStroke == ended.sequence {
            penStroke = nil
            emit(tools.select(.pan))
        }
        let edits = editRequestCount
        engine.arena.handle(began)
        engine.arena.handle(ended)
        if editRequestCount == edits, tapRun?.count == 2 { editByDoubleTap(at: ended.position, source: ended.source) }
    }

    /// The pen contact is a stroke after all (it moved, lingered or ended as a dot): the
    /// engine's timers that waited for it run.
    func releasePenTap() {
        guard penTapCandidate != nil else { return }
        penTapCandidate = nil
        engine.tick()
    }

    /// The second tap (or click) of a double tap on a free text or a note, which the first
    /// selected, asks the editAnnotation component to edit it (as a tap on a selected one
    /// would, had the edit tool not taken the press to move it). A form field needs no double
    /// tap: a single one asks already.
    func editByDoubleTap(at point: Point, source: InputSource) {
        let interactions = engine.interactions
        guard interactions.editAnnotation.isEnabled else { return }
        interactions.currentSource = source
        guard let target = interactions.editAnnotation.context(at: point, in: .view)?.annotation,
              interactions.settings.editableWhenSelectedKinds.contains(target.kind) else { return }
        interactions.tryToEditAnnotation(at: point, in: .view)
    }
}
