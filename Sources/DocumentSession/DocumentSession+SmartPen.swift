// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// The markup the smart pen made and the stroke it was drawn as: what "Keep as Ink" turns it
/// back into.
public struct SmartPenOffer: Hashable, Sendable {
    /// The markup as it was made.
    public var markup: Annotation
    /// The stroke as drawn, in the PDF space of the markup's page.
    public var stroke: [InkPoint]
}

/// The smart pen in the session: a Pen or Highlighter stroke along text is marked as the
/// markup tools mark a text selection (the same ``EditComposer/markup(_:spans:text:coordinates:in:)``,
/// so the same quadpoints), and the host is asked to offer keeping the stroke as ink, which
/// replaces the markup with the ink in one undoable step: the Pen's ink, or for a highlight the
/// Highlighter's marker ink (``EditComposer/markerInk(_:on:in:)``).
extension DocumentSession {
    /// Marks `selection` with `kind` as one undoable step and offers to keep `stroke` instead.
    func markTextWithInk(_ kind: AnnotationKind, _ selection: TextSelection, stroke: [InkPoint]) {
        previews.ink = nil
        previews.marker = nil
        guard let editing,
              let record = composer.markup(kind, spans: spans(of: selection), text: content.textByPage,
                                           coordinates: interaction.scene.coordinates, in: editing),
              editing.commit(record) else {
            // The text could not be marked (its page's text is gone): the stroke stays ink.
            _ = create(kind == .highlight ? .addMarkerInk(selection.page, stroke) : .addInk(selection.page, [stroke]))
            return
        }
        if case .insert(let placed) = record.edit, let made = placed.first?.annotation {
            smartPenOffer = SmartPenOffer(markup: made, stroke: stroke)
            emit(.offerKeepAsInk(kind))
        }
        emit(.redraw)
    }

    /// "Keep as Ink": the smart pen's last markup becomes the stroke as drawn, in one undoable
    /// step (the markup taken off and the ink put on where it lay, so undo gives the markup
    /// back). Nothing happens when the markup has since been changed or removed.
    public func keepAsInk() {
        guard let offer = smartPenOffer else { return }
        smartPenOffer = nil
        let page = offer.markup.page
        guard let editing, let index = editing.annotations(on: page).firstIndex(of: offer.markup),
              let made = offer.markup.subtype == .highlight
                ? composer.markerInk(offer.stroke, on: page, in: editing) : composer.ink([offer.stroke], on: page, in: editing),
              case .insert(let placed) = made.edit, let ink = placed.first?.annotation else {
            emit(.bell)
            return
        }
        let record = EditRecord("Keep as Ink", .exchange(removed: [PlacedAnnotation(offer.markup, at: index)],
                                                         inserted: [PlacedAnnotation(ink, at: index)]))
        guard editing.commit(record) else { return }
        interaction.remove(offer.markup.annotationID)
        emit(.redraw)
    }
}
