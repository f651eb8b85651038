// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentSession
import Geometry
import InteractionEngine
import Rendering

/// Searching (Ctrl+F): the session keeps the search and draws its matches; the canvas runs the
/// threads that read the pages, a ``ParallelSearch`` (a thread per core, each with its own copy
/// of the document, the render worker left to draw), from the page in view, so the first match
/// shows as soon as it is found.
extension PdfCanvas {
    /// Starts searching for `search` (an empty query ends the search).
    public func startSearch(_ search: TextSearch) { apply(session.perform(.search(search))) }

    /// Searches again for what is being searched (the pages changed), from the page in view.
    public func restartSearch() { apply(session.perform(.searchAgain)) }

    /// Stops reading pages (a long search the user does not want to wait for): the matches
    /// found so far stay, and Enter still steps through them.
    public func stopSearch() { apply(session.perform(.stopSearch)) }

    /// Ends the search; the match it stopped at stays selected.
    public func endSearch() { apply(session.perform(.endSearch)) }

    /// Goes to the next match (`forward`) or the previous one, wrapping round the document;
    /// says so through ``onSearchWrapped`` when it does.
    public func stepSearch(forward: Bool) { apply(session.perform(.stepSearch(forward: forward))) }

    /// Reads the pages for a search on threads of their own, and hands what they find to the
    /// session on the main loop.
    func readPages(for search: TextSearch, order: [PageIndex], generation: Int) {
        let sources = searchSources?() ?? reader.textSource.map { [$0] } ?? []
        let started = searchReaders.start(search, order: order, sources: sources, textless: { [weak self] in self?.onTextlessPage?($0) }) {
            [weak self] found, read, finished in
            guard let self else { return }
            self.apply(self.session.searchFound(found.map { ($0.page, $0.matches) }, read: read, readerFinished: finished,
                                                generation: generation))
        }
        if started > 0 { session.searchReadersStarted(started) }
    }

    /// The search moved on: the readers stop once it is stopped or ended; the window follows.
    func searchChanged() {
        if session.search == nil || session.search?.stopped == true { searchReaders.stop() }
        onSearchChanged?()
    }
}
