// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentLayout
import DocumentSession
import Geometry
import Rendering

/// One search through the document: what is looked for, what was found so far (page by page,
/// with each match's character range and boxes), which match is current, and whether every page
/// has been read. The pages are read by a ``ParallelSearch`` (a thread per core, each with its
/// own copy of the document, the render worker left to draw), starting at the page in view and
/// wrapping round, so the first match shows as soon as it is found.
struct SearchState {
    var search: TextSearch
    /// Matches of each page read so far, in page order; each with its boxes (page space).
    var matches: [PageIndex: [(range: ClosedRange<Int>, boxes: [Rect])]] = [:]
    /// The current match: its page and its place among that page's matches.
    var current: (page: PageIndex, index: Int)?
    /// Pages still to read, in the order they will be read.
    var remaining: [PageIndex]
    /// How many pages the search reads in all, and how many it has read.
    var total: Int
    var read = 0
    /// The user stopped the search before every page was read.
    var stopped = false
    var done: Bool { remaining.isEmpty }
    /// The share of the pages read so far (0…1).
    var progress: Double { total == 0 ? 1 : Double(read) / Double(total) }
    /// Bumped for every new search, so that results of an older one are dropped.
    var generation: Int
    /// The page the search counts from: the page in view when the reader began typing, kept
    /// while the query is refined (a shorter query's scroll to its first match must not move it).
    var startPage = 0
    /// The threads reading the pages, and how many of them are still at it.
    var worker: ParallelSearch?
    var threadsRunning = 0

    var count: Int { matches.values.reduce(0) { $0 + $1.count } }

    /// The current match's number in document order (1-based).
    var currentNumber: Int? {
        guard let current else { return nil }
        let before = matches.filter { $0.key.rawValue < current.page.rawValue }.values.reduce(0) { $0 + $1.count }
        return before + current.index + 1
    }

    /// Every match in document order.
    var ordered: [(page: PageIndex, index: Int)] {
        matches.keys.sorted().flatMap { page in (matches[page] ?? []).indices.map { (page, $0) } }
    }
}

extension PdfCanvas {
    /// Starts searching for `search` (an empty query ends the search).
    public func startSearch(_ search: TextSearch) {
        searchState?.worker?.cancel()
        let generation = (searchState?.generation ?? 0) + 1
        guard !search.isEmpty, pageCount > 0 else {
            searchState = nil
            gtk_widget_queue_draw(area)
            onSearchChanged?()
            return
        }
        let start = min(searchState?.startPage ?? currentPage?.rawValue ?? 0, pageCount - 1)
        let order = (start..<pageCount).map(PageIndex.init) + (0..<start).map(PageIndex.init)
        searchState = SearchState(search: search, remaining: order, total: order.count, generation: generation, startPage: start)
        gtk_widget_queue_draw(area)
        onSearchChanged?()
        let sources = searchSources?() ?? textSource.map { [$0] } ?? []
        guard !sources.isEmpty else { return }
        let worker = ParallelSearch(search: search, order: order)
        searchState?.worker = worker
        searchState?.threadsRunning = sources.count
        worker.start(sources: sources) { [weak self] found, read, finished in
            MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) {
                // A stopped search keeps what it found but shows nothing read after the stop.
                guard let self, var state = self.searchState, state.generation == generation, !state.stopped else { return }
                if finished { state.threadsRunning -= 1 }
                let readSet = Set(read)
                state.remaining.removeAll { readSet.contains($0) }
                state.read += read.count
                for page in found where !page.matches.isEmpty { state.matches[page.page] = page.matches }
                if state.threadsRunning == 0 { state.remaining = [] }
                // The first match in reading order from the page the search started on, once no
                // page before it is still unread (the threads deliver out of order: a later page's
                // match found first must not become current).
                let rank = { (page: PageIndex) in (page.rawValue - start + self.pageCount) % max(1, self.pageCount) }
                var firstFound: (page: PageIndex, index: Int)?
                if state.current == nil, let first = state.ordered.min(by: { rank($0.page) < rank($1.page) }),
                   !state.remaining.contains(where: { rank($0) < rank(first.page) }) {
                    firstFound = first
                }
                if let first = firstFound { state.current = first }
                self.searchState = state
                if firstFound != nil { self.showCurrentMatch() }
                gtk_widget_queue_draw(self.area)
                self.onSearchChanged?()
            }
        }
    }

    /// Stops reading pages (a long search the user does not want to wait for): the matches
    /// found so far stay, and Enter still steps through them.
    public func stopSearch() {
        guard var state = searchState, !state.done else { return }
        state.worker?.cancel()
        state.remaining = []
        state.stopped = true
        searchState = state
        onSearchChanged?()
    }

    /// Ends the search: no matches drawn, nothing more read.
    public func endSearch() {
        guard searchState != nil else { return }
        searchState?.worker?.cancel()
        searchState = nil
        gtk_widget_queue_draw(area)
        onSearchChanged?()
    }

    /// Goes to the next match (`forward`) or the previous one, wrapping round the document;
    /// says so through ``onSearchWrapped`` when it does.
    public func stepSearch(forward: Bool) {
        guard var state = searchState else { return }
        let all = state.ordered
        guard !all.isEmpty else { gtk_widget_error_bell(area); return }
        let here = state.current.flatMap { c in all.firstIndex { $0.page == c.page && $0.index == c.index } }
        var next: Int
        var wrapped = false
        if let here {
            next = here + (forward ? 1 : -1)
            if next >= all.count { next = 0; wrapped = true }
            if next < 0 { next = all.count - 1; wrapped = true }
        } else {
            next = forward ? 0 : all.count - 1
        }
        state.current = all[next]
        searchState = state
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

    /// Every match on the visible pages, the current one stronger.
    func drawSearchMatches(_ cr: OpaquePointer) {
        guard let state = searchState, !state.matches.isEmpty else { return }
        let z = viewport.zoom
        cairo_save(cr)
        for page in view.shownPages {
            guard let matches = state.matches[page] else { continue }
            let frame = layout.pageFrame(page, zoom: z).offsetBy(Point.zero - viewport.offset)
            for (i, match) in matches.enumerated() {
                let isCurrent = state.current.map { $0.page == page && $0.index == i } ?? false
                if isCurrent { cairo_set_source_rgba(cr, 1, 0.5, 0, 0.55) } else { cairo_set_source_rgba(cr, 1, 0.85, 0, 0.4) }
                for box in match.boxes {
                    cairo_rectangle(cr, frame.minX + box.minX * z - 1, frame.minY + box.minY * z - 1, box.width * z + 2, box.height * z + 2)
                }
                cairo_fill(cr)
            }
        }
        cairo_restore(cr)
    }
}
