// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// Carrying annotations (the rules are ``AnnotationCarrying``'s): while annotations are moved,
/// the place of the contact that carries them is noted; near the view's edge the view scrolls
/// on every frame and the annotations follow, staying under it; over another page an
/// annotation becomes that page's, and the drop moves it there as one undoable step. Only the
/// carrying contact counts (``DocumentInteraction/carryingContact``): a second finger scrolling
/// meanwhile drives nothing, and the scrolling stops when the carrying contact lifts.
extension DocumentSession {
    /// Notes where the contact carrying annotations is.
    func noteCarryingContact(_ event: InputEvent) {
        guard case .contact(let phase) = event.kind else { return }
        // When the carrying contact lifts, the engine has ended the carrying already.
        let carrying = interaction.carryingContact
        guard event.sequence == carrying || (carrying == nil && (phase == .ended || phase == .cancelled)) else { return }
        switch phase {
        case .began, .moved:
            guard !previews.transforms.isEmpty else { return }
            previews.carryContact = event.position
            if AnnotationCarrying.autoScrollVelocity(contact: event.position, viewSize: view.viewport.size) != .zero {
                emit(.needsFrames)
            }
        case .ended, .cancelled:
            previews.carryContact = nil
            previews.carryFrameTime = nil
        }
    }

    /// Whether the carrying contact is near an edge, where the view scrolls on every frame.
    var carryingNeedsFrames: Bool {
        guard !previews.transforms.isEmpty, let contact = previews.carryContact else { return false }
        return AnnotationCarrying.autoScrollVelocity(contact: contact, viewSize: view.viewport.size) != .zero
    }

    /// The annotation as carried: given to the page its middle is over, if another.
    func carried(_ a: Annotation) -> Annotation {
        AnnotationCarrying.rehomed(a, in: interaction.scene.coordinates) ?? a
    }

    /// One frame of scrolling under carried annotations (at `time`, in seconds); returns
    /// whether the contact is still near an edge (frames go on).
    func stepCarrying(at time: Double) -> Bool {
        guard carryingNeedsFrames, let contact = previews.carryContact else {
            previews.carryFrameTime = nil
            return false
        }
        let velocity = AnnotationCarrying.autoScrollVelocity(contact: contact, viewSize: view.viewport.size)
        let elapsed = previews.carryFrameTime.map { min(0.05, max(0, time - $0)) } ?? 1.0 / 60
        previews.carryFrameTime = time
        let before = view.viewport.offset
        let coordinates = interaction.scene.coordinates
        emit(changingView { $0.scroll(to: before + velocity * elapsed) })
        let scrolled = view.viewport.offset - before
        guard scrolled != .zero else { return true }
        for id in Array(previews.pendingMoves.keys) { settleMove(of: id) }
        // A group carried as one follows as one (its annotations move at the release).
        followCarriedGroup(viewScrolledBy: scrolled)
        let members = previews.carried?.members ?? []
        for t in previews.transforms.values where !members.contains(t.start.id) {
            preview(carried(AnnotationCarrying.following(t.current, viewScrolledBy: scrolled, in: coordinates)))
        }
        return true
    }
}
