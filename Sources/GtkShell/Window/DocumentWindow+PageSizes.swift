// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentPoppler
import Platform

/// A document the start-up worker opened knows the sizes of the pages its first frame may show;
/// the others are estimated (the last read page's size) so that poppler parses 500 page
/// dictionaries after page 1 is painted, not while GTK starts. Once that frame is painted they
/// are read on a worker; when any differs from its estimate the layout is made again keeping
/// the page in view and the point of it under the view's centre, as after pages are turned,
/// and a page poppler cannot load sends the file to be repaired, as at open.
extension DocumentWindow {
    /// Reads the pages' sizes `document` only estimated (call once its first frame is painted).
    func readRemainingPageSizes(of document: PopplerDocument, source: RenderSource, path: String, password: String?) {
        guard !document.geometryIsComplete else { return }
        let generation = openGeneration
        WorkerThread.start(name: "page-sizes") {
            let changed = document.completeGeometry()
            StartupTrace.mark("every page's size read (on a worker)")
            MainLoop.post { [weak self] in
                self?.pageSizesRead(of: document, source: source, changed: changed, path: path, password: password, generation: generation)
            }
        }
    }

    private func pageSizesRead(of document: PopplerDocument, source: RenderSource, changed: Bool, path: String, password: String?, generation: Int) {
        guard openGeneration == generation, self.document === document else { return }
        // Only a first open is estimated: a repair was not tried yet.
        if document.hasPagesItCannotLoad {
            startRepair(path: path, password: password, refusal: nil)
            viewChanged()
            return
        }
        guard changed else { return }
        let sizes = document.displaySizes
        for view in splitView.views { view.changeView { $0.setPageSizes(sizes) } }
        feedThumbnails { [weak self] in $0.setDocument(pageSizes: sizes, queue: self?.primaryCanvas.tiles.queue, drawPage: { page, scale, cr in
            source.document.render(page: page, scale: scale, into: cr)
        }) }
        viewChanged()
    }
}
