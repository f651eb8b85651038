// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentPoppler
import Geometry

/// Organising pages: `win.rotate-right` (Ctrl+]) and `win.rotate-left` (Ctrl+[) turn the page
/// in view a quarter turn, one undoable step saved as the page's own /Rotate. After a page
/// changed, the window shows the document's new version everywhere (canvas, thumbnails).
extension DocumentWindow {
    func installPageActions() {
        addAction("rotate-right", enabled: false) { [weak self] in self?.rotatePages(quarterTurns: 1) }
        addAction("rotate-left", enabled: false) { [weak self] in self?.rotatePages(quarterTurns: -1) }
    }

    /// The pages a page operation acts on: the page in view.
    var pagesToOrganise: [PageIndex] {
        canvas.currentPage.map { [$0] } ?? []
    }

    /// Turns the pages to organise by quarter turns (clockwise when positive).
    func rotatePages(quarterTurns turns: Int) {
        let pages = pagesToOrganise
        guard content == .document, editing != nil, !pages.isEmpty else { return }
        let name = pages.count == 1 ? "Rotate Page" : "Rotate Pages"
        canvas.commit(EditRecord(name, .rotatePages(pages, quarterTurns: turns)))
    }

    /// Pages were turned: the window's document is the new version, and the thumbnails show it.
    func pagesReshaped(_ fresh: PopplerDocument) {
        document = fresh
        guard let source = editing?.renderSource else { return }
        thumbnails?.setDocument(pageSizes: fresh.displaySizes, queue: canvas.renderQueue, drawPage: { page, scale, cr in
            source.document.render(page: page, scale: scale, into: cr)
        })
        if let thumbnails { thumbnails.setCurrentPage(canvas.currentPage) }
    }
}
