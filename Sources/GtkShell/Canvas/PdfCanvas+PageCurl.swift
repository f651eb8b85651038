// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import DocumentSession
import Geometry
import DocumentSession
import InteractionEngine
import Rendering

/// Page curl: paging one spread at a time with curls on, a drag from a page's outer edge turns
/// the sheet over under the finger or pointer (its back and a shadow drawn with cairo) and,
/// on release, finishes the turn or lays the sheet back; keys and edge taps play the whole
/// turn. The fastScroll component governs the drags (the engine's `turnPage` decision) as it
/// governs edge taps. Spreads taking part are drawn aligned on the resting spread's spine.
extension PdfCanvas {
    /// Tells the engine whether a drag from an edge turns the page (rather than scrolling).
    func updatePageTurnDragging() {
        let on = view.turnsPagesByDragging
        if interaction.engine.interactions.settings.turnsPagesByDragging != on {
            interaction.engine.interactions.settings.turnsPagesByDragging = on
        }
    }

    /// The pages a turn shows, and the neighbours a turn either way would show.
    var pagesForTurning: [PageIndex] { view.pagesForTurning }

    /// The turn's two spreads and the sheet's back, painted by Rendering's `PageCurlPainter`.
    func drawPageTurn(_ turn: PageTurn, _ cr: OpaquePointer) {
        PageCurlPainter(pages: pagePainter).paint(
            turn.curl, front: view.alignedFrames(ofSpread: turn.front, on: turn.resting),
            beneath: view.alignedFrames(ofSpread: turn.front + 1, on: turn.resting), back: turn.backPage, cr: cr)
    }
}
