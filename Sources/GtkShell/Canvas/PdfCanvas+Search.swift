// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import Rendering

extension PdfCanvas {
    /// Starts searching for `search` (an empty query ends the search). The pages are read by a
    /// ``ParallelSearch`` (a thread per core, each with its own copy of the document, the render
    /// worker left to draw), from the page in view, so the first match shows as soon as it is
    /// found.
    public func startSearch(_ search: TextSearch) {
        searchWorker?.cancel()
        searchWorker = nil
        let generation = (searchState?.generation ?? 0) + 1
        guard !search.isEmpty, pageCount > 0 else {
            searchState = nil
            gtk_widget_queue_draw(area)
            onSearchChanged?()
            return
        }
        let start = searchState?.startPage ?? currentPage?.rawValue ?? 0
        searchState = SearchProgress(search: search, startPage: start, pageCount: pageCount, generation: generation)
        gtk_widget_queue_draw(area)
        onSearchChanged?()
        let sources = searchSources?() ?? textSource.map { [$0] } ?? []
        guard !sources.isEmpty, let order = searchState?.remaining else { return }
        let worker = ParallelSearch(search: search, order: order)
        searchWorker = worker
        searchState?.readersStarted(sources.count)
        worker.start(sources: sources) { [weak self] found, read, finished in
            MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) {
                guard let self, var state = self.searchState, state.generation == generation else { return }
                let first = state.received(found.map { ($0.page, $0.matches) }, read: read, readerFinished: finished)
                self.searchState = state
                if first { self.showCurrentMatch() }
                gtk_widget_queue_draw(self.area)
                self.onSearchChanged?()
            }
        }
    }

    /// Searches again for what is being searched (the pages changed), from the page in view.
    public func restartSearch() {
        guard let search = searchState?.search else { return }
        searchWorker?.cancel()
        searchWorker = nil
        searchState = nil
        startSearch(search)
    }

    /// Stops reading pages (a long search the user does not want to wait for): the matches
    /// found so far stay, and Enter still steps through them.
    public func stopSearch() {
        guard searchState?.done == false else { return }
        searchWorker?.cancel()
        searchState?.stop()
        onSearchChanged?()
    }

    /// Ends the search: no matches drawn, nothing more read. The match it stopped at stays
    /// selected, so the keyboard can go on with it (H highlights it, Ctrl+C copies it).
    public func endSearch() {
        guard let state = searchState else { return }
        // The match stepped to, else the first one found from where the search started.
        let start = state.startPage
        let first = state.matches.filter { !$0.value.isEmpty }.keys
            .min { ($0.rawValue - start + pageCount) % max(1, pageCount) < ($1.rawValue - start + pageCount) % max(1, pageCount) }
        if let page = state.current?.page ?? first, let match = state.matches[page]?[state.current?.index ?? 0] {
            interaction.setTextSelection(TextSelection(page: page, anchor: match.range.lowerBound, focus: match.range.upperBound))
        }
        searchWorker?.cancel()
        searchWorker = nil
        searchState = nil
        gtk_widget_queue_draw(area)
        onSearchChanged?()
    }

    /// Where Return places a note, text box or stamp: beside the end of the text selection when
    /// there is one in view, else the middle of the view; `nil` with no placing tool picked.
    func keyboardPlacementPoint() -> Point? {
        guard let tool = interaction.pickedTool, DocumentInteraction.placingTools.contains(tool), viewport.size.width > 0 else { return nil }
        updateSelectionEnds()
        let view = Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        if let end = interaction.textSelectionEnds?.end, view.insetBy(dx: 40, dy: 40).contains(end) {
            return Point(x: end.x + 12, y: end.y - 16)
        }
        return Point(x: view.midX, y: view.midY)
    }

    /// Goes to the next match (`forward`) or the previous one, wrapping round the document;
    /// says so through ``onSearchWrapped`` when it does.
    public func stepSearch(forward: Bool) {
        guard searchState != nil else { return }
        guard let wrapped = searchState?.step(forward: forward) else { gtk_widget_error_bell(area); return }
        showCurrentMatch()
        if wrapped { onSearchWrapped?(forward) }
        onSearchChanged?()
    }

    /// Scrolls the current match into view (its line a third down the view when it was not
    /// visible).
    private func showCurrentMatch() {
        guard let state = searchState, let current = state.current, let match = state.matches[current.page]?[current.index],
              let box = match.boxes.first else { return }
        let z = viewport.zoom
        let frame = layout.pageFrame(current.page, zoom: z)
        let rect = Rect(x: frame.minX + box.minX * z, y: frame.minY + box.minY * z, width: box.width * z, height: box.height * z)
        changeView { $0.reveal(rect, inset: 24) }
    }

    /// Every match's boxes on the visible pages (view coordinates), and whether it is the current one.
    func searchMatchBoxes() -> [(boxes: [Rect], current: Bool)] {
        guard let state = searchState, !state.matches.isEmpty else { return [] }
        let z = viewport.zoom
        var found: [(boxes: [Rect], current: Bool)] = []
        for page in view.shownPages {
            guard let matches = state.matches[page] else { continue }
            let frame = layout.pageFrame(page, zoom: z).offsetBy(Point.zero - viewport.offset)
            for (i, match) in matches.enumerated() {
                let isCurrent = state.current.map { $0.page == page && $0.index == i } ?? false
                found.append((match.boxes.map { box in
                    Rect(x: frame.minX + box.minX * z - 1, y: frame.minY + box.minY * z - 1, width: box.width * z + 2, height: box.height * z + 2)
                }, isCurrent))
            }
        }
        return found
    }

    /// Every match on the visible pages, the current one stronger.
    func drawSearchMatches(_ cr: OpaquePointer) {
        for match in searchMatchBoxes() {
            let tint = OverlayPainter.searchMatchTint(current: match.current)
            cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha)
            for box in match.boxes { cairo_rectangle(cr, box.minX, box.minY, box.width, box.height) }
            cairo_fill(cr)
        }
    }
}
