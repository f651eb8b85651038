// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import Geometry
import InteractionEngine

/// Searching the document (Ctrl+F): the session keeps the search's progress, steps through its
/// matches, shows the current one and draws them all in the frame; the host only runs the
/// threads that read the pages (``SessionEffect/readPagesForSearch(_:order:generation:)``) and
/// hands back what they found (``searchFound(_:read:readerFinished:generation:)``).
extension DocumentSession {
    /// Starts searching for `search` from the page in view, or from where the last search
    /// started (an empty query ends the search).
    func startSearch(_ search: TextSearch) {
        let generation = (self.search?.generation ?? 0) + 1
        let pageCount = view.pageCount
        guard !search.isEmpty, pageCount > 0 else {
            self.search = nil
            emit([.redraw, .searchChanged])
            return
        }
        let start = self.search?.startPage ?? view.currentPage?.rawValue ?? 0
        let progress = SearchProgress(search: search, startPage: start, pageCount: pageCount, generation: generation)
        self.search = progress
        emit([.redraw, .searchChanged, .readPagesForSearch(search, order: progress.remaining, generation: generation)])
    }

    /// Takes over `progress`, the search another view of the document ran (a split's other
    /// half, when this one became the active half): the query, the matches found and the
    /// current one stay as they were, and the view does not move; pages the search had still
    /// to read are read for it here.
    public func carrySearch(_ progress: SearchProgress) -> [SessionEffect] {
        gather {
            let carried = progress.carried(generation: max(search?.generation ?? 0, progress.generation) + 1)
            search = carried
            emit([.redraw, .searchChanged])
            if !carried.done {
                emit(.readPagesForSearch(carried.search, order: carried.remaining, generation: carried.generation))
            }
        }
    }

    /// The host's readers started, `count` of them (none: nothing will be read).
    public func searchReadersStarted(_ count: Int) { search?.readersStarted(count) }

    /// What a reader found; ignored when it belongs to a search that was replaced.
    public func searchFound(_ found: [(page: PageIndex, matches: [(range: ClosedRange<Int>, boxes: [Rect])])],
                            read: [PageIndex], readerFinished: Bool, generation: Int) -> [SessionEffect] {
        gather {
            guard var state = search, state.generation == generation else { return }
            let first = state.received(found, read: read, readerFinished: readerFinished)
            search = state
            if first { showCurrentMatch() }
            emit([.redraw, .searchChanged])
        }
    }

    /// Goes to the next match or the previous one, wrapping round the document (and saying so).
    func stepSearch(forward: Bool) {
        guard search != nil else { return }
        guard let wrapped = search?.step(forward: forward) else { emit(.bell); return }
        showCurrentMatch()
        if wrapped { emit(.searchWrapped(forward: forward)) }
        emit(.searchChanged)
    }

    /// Stops reading pages: the matches found so far stay, and stepping still goes through them.
    func stopSearch() {
        guard search?.done == false else { return }
        search?.stop()
        emit(.searchChanged)
    }

    /// Ends the search: no matches drawn, nothing more read. The match it stood on (else the
    /// first one from where it started) becomes the text selection, so the keyboard can go on
    /// with it (H highlights it, Ctrl+C copies it).
    func endSearch() {
        guard let state = search else { return }
        let start = state.startPage, count = max(1, view.pageCount)
        let first = state.matches.filter { !$0.value.isEmpty }.keys
            .min { ($0.rawValue - start + count) % count < ($1.rawValue - start + count) % count }
        if let page = state.current?.page ?? first, let match = state.matches[page]?[state.current?.index ?? 0] {
            interaction.setTextSelection(TextSelection(page: page, anchor: match.range.lowerBound, focus: match.range.upperBound))
        }
        search = nil
        emit([.redraw, .searchChanged])
    }

    /// Scrolls the current match into view (its line a third down the view when it was not
    /// visible).
    private func showCurrentMatch() {
        guard let state = search, let current = state.current, let match = state.matches[current.page]?[current.index],
              let box = match.boxes.first else { return }
        let zoom = view.viewport.zoom
        let frame = view.layout.pageFrame(current.page, zoom: zoom)
        let rect = Rect(x: frame.minX + box.minX * zoom, y: frame.minY + box.minY * zoom, width: box.width * zoom, height: box.height * zoom)
        emit(changingView { $0.reveal(rect, inset: 24) })
    }
}
