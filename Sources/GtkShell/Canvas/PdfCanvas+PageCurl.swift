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

    /// The turn's two spreads and the sheet's back, painted by Rendering's `PageCurlPainter`;
    /// without the front spread's pages that stay still when `stillPagesAsNodes` (the snapshot
    /// canvas places those as its tiles' nodes, which GTK then need not redraw).
    func drawPageTurn(_ turn: PageTurn, _ cr: OpaquePointer, stillPagesAsNodes: Bool = false) {
        if curlImages == nil { curlImages = CurlImages() }
        let stillFront = view.alignedFrames(ofSpread: turn.front, on: turn.resting)
        // A sheet that moved since the last frame is drawn fast; once it has held still for a
        // moment it is drawn again, smoothly.
        let atRest = turn.curl == lastDrawnCurl
        lastDrawnCurl = turn.curl
        if !atRest { redrawTurnWhenStill() }
        PageCurlPainter(pages: pagePainter, images: curlImages, deviceScale: deviceScale, smoothBack: atRest).paint(
            turn.curl, front: stillPagesAsNodes ? Array(stillFront.suffix(1)) : stillFront,
            beneath: view.alignedFrames(ofSpread: turn.front + 1, on: turn.resting), back: turn.backPage, cr: cr)
    }

    /// Draws the turn again 120 ms after its last move if it has not moved since (the sheet's
    /// back then sampled smoothly).
    private func redrawTurnWhenStill() {
        if smoothTurnTimer != 0 { g_source_remove(smoothTurnTimer) }
        smoothTurnTimer = MainLoop.after(milliseconds: 120) { [weak self] in
            guard let self else { return }
            self.smoothTurnTimer = 0
            if let turn = self.pageTurn, turn.curl == self.lastDrawnCurl { gtk_widget_queue_draw(self.area) }
        }
    }
}
