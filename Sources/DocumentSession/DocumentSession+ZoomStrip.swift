// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import InteractionEngine

/// Writing in the zoom strip (DocumentLayout's `ZoomStrip`): the strip's host maps each point
/// from the strip into the page and hands the stroke here, where it becomes what a Pen stroke on
/// the page becomes. The live stroke is the page's ink preview, and the finished one is the same
/// ``ToolCommand/addInk(_:_:)`` the Pen tool emits: one undoable "Ink" step through the composer
/// and the ``EditingPort`` (journal, save), waiting for the editor like any other edit.
extension DocumentSession {
    /// The stroke being written in the strip, in `page`'s PDF space, drawn over the page as it
    /// grows (an empty stroke takes the preview away).
    public func previewStripInk(_ stroke: [InkPoint], on page: PageIndex) -> [SessionEffect] {
        gather {
            apply(.inkPreview(page, stroke.isEmpty ? [] : [stroke]))
            emit(.redraw)
        }
    }

    /// The finished stroke written in the strip (`page`'s PDF space), committed as ink.
    public func writeStripInk(_ stroke: [InkPoint], on page: PageIndex) -> [SessionEffect] {
        gather {
            guard !stroke.isEmpty else { return }
            apply(.addInk(page, [stroke]))
            apply(.inkPreview(page, []))
            emit(.redraw)
        }
    }
}
