// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentSession
import Geometry
import InteractionEngine

/// Carrying annotations (the rules are AnnotationCarrying's): while annotations are moved, the
/// contact's place is noted; near the view's edge the view scrolls on every frame and the
/// annotations follow, staying under the contact; over another page an annotation becomes
/// that page's, and the drop moves it there as one undoable step.
extension PdfCanvas {
    /// Notes where the contact moving annotations is, and starts the frames that scroll the
    /// view when it nears an edge.
    func noteCarryingContact(_ event: InputEvent) {
        guard case .contact(let phase) = event.kind else { return }
        // Only the contact that carries: a second finger scrolling meanwhile moves nothing here.
        // (When the carrying contact lifts, the engine has ended the carrying already.)
        let carrying = interaction.carryingContact
        guard event.sequence == carrying || (carrying == nil && (phase == .ended || phase == .cancelled)) else { return }
        switch phase {
        case .began, .moved:
            guard !previews.transforms.isEmpty else { return }
            previews.carryContact = event.position
            if AnnotationCarrying.autoScrollVelocity(contact: event.position, viewSize: viewport.size) != .zero { startTicking() }
        case .ended, .cancelled:
            previews.carryContact = nil
            previews.carryFrameTime = nil
        }
    }

    /// The annotation as carried: given to the page its middle is over, if another.
    func carried(_ a: Annotation) -> Annotation {
        AnnotationCarrying.rehomed(a, in: interaction.scene.coordinates) ?? a
    }

    /// One frame of scrolling under carried annotations (at `time`, in seconds); returns
    /// whether the contact is still near an edge (frames go on).
    func stepCarrying(at time: Double) -> Bool {
        guard !previews.transforms.isEmpty, let contact = previews.carryContact else {
            previews.carryFrameTime = nil
            return false
        }
        let velocity = AnnotationCarrying.autoScrollVelocity(contact: contact, viewSize: viewport.size)
        guard velocity != .zero else {
            previews.carryFrameTime = nil
            return false
        }
        let elapsed = previews.carryFrameTime.map { min(0.05, max(0, time - $0)) } ?? 1.0 / 60
        previews.carryFrameTime = time
        let before = viewport.offset
        let coordinates = interaction.scene.coordinates
        changeView { $0.scroll(to: before + velocity * elapsed) }
        let scrolled = viewport.offset - before
        guard scrolled != .zero else { return true }
        for t in previews.transforms.values {
            preview(carried(AnnotationCarrying.following(t.current, viewScrolledBy: scrolled, in: coordinates)))
        }
        return true
    }

    /// Moves an annotation's engine target to `a`'s page and bounds (a carried annotation
    /// changes pages).
    func moveTarget(of a: Annotation) {
        guard var target = interaction.scene.annotation(a.annotationID) else { return }
        let from = target.page
        target.bounds = a.rect
        target.lineEnds = SceneTargets.lineEnds(of: a)
        target.page = a.page
        interaction.update(target)
        if from != a.page { content.annotationsByPage[from]?.removeAll { $0.id == target.id } }
        var list = content.annotationsByPage[a.page] ?? []
        if let i = list.firstIndex(where: { $0.id == target.id }) { list[i] = target } else { list.append(target) }
        content.annotationsByPage[a.page] = list
    }
}
