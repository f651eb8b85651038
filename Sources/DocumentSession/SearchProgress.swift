// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One search through the document, as the reader sees it: what is looked for, what was found
/// so far (page by page, with each match's character range and boxes), which match is current,
/// and which pages are still to read. The pages are read in the order the search started in
/// (the page in view first, wrapping round), by readers that deliver out of order; the first
/// match in that order becomes current as soon as no page before it is still unread.
public struct SearchProgress {
    public var search: TextSearch
    /// Matches of each page read so far; each with its boxes (displayed page space).
    public internal(set) var matches: [PageIndex: [(range: ClosedRange<Int>, boxes: [Rect])]] = [:]
    /// The current match: its page and its place among that page's matches.
    public internal(set) var current: (page: PageIndex, index: Int)?
    /// Pages still to read, in the order they will be read.
    public internal(set) var remaining: [PageIndex]
    /// How many pages the search reads in all, and how many it has read.
    public let total: Int
    public internal(set) var read = 0
    /// The user stopped the search before every page was read.
    public internal(set) var stopped = false
    /// Bumped for every new search, so that results of an older one are dropped.
    public let generation: Int
    /// The page the search counts from: the page in view when the reader began typing, kept
    /// while the query is refined (a shorter query's scroll to its first match must not move it).
    public let startPage: Int
    /// How many readers are still at it.
    public internal(set) var readersRunning = 0
    let pageCount: Int

    /// A search of `pageCount` pages from `startPage` on, wrapping round.
    public init(search: TextSearch, startPage: Int, pageCount: Int, generation: Int) {
        self.search = search
        self.startPage = min(max(0, startPage), max(0, pageCount - 1))
        self.pageCount = pageCount
        self.generation = generation
        remaining = (self.startPage..<pageCount).map(PageIndex.init) + (0..<self.startPage).map(PageIndex.init)
        total = remaining.count
    }

    /// The same search taken over by another view of the document (a split's other half) as
    /// its search number `generation`: its query, start, finds, current match and pages still
    /// to read are kept; no reader is at it there yet.
    public func carried(generation: Int) -> SearchProgress {
        var copy = SearchProgress(search: search, startPage: startPage, pageCount: pageCount, generation: generation)
        copy.matches = matches
        copy.current = current
        copy.remaining = remaining
        copy.read = read
        copy.stopped = stopped
        return copy
    }

    public var done: Bool { remaining.isEmpty }
    /// The share of the pages read so far (0…1).
    public var progress: Double { total == 0 ? 1 : Double(read) / Double(total) }
    public var count: Int { matches.values.reduce(0) { $0 + $1.count } }

    /// The current match's number in document order (1-based).
    public var currentNumber: Int? {
        guard let current else { return nil }
        let before = matches.filter { $0.key.rawValue < current.page.rawValue }.values.reduce(0) { $0 + $1.count }
        return before + current.index + 1
    }

    /// Every match in document order.
    public var ordered: [(page: PageIndex, index: Int)] {
        matches.keys.sorted().flatMap { page in (matches[page] ?? []).indices.map { (page, $0) } }
    }

    /// The readers started: `count` of them will deliver.
    public mutating func readersStarted(_ count: Int) { readersRunning = count }

    /// A reader delivered: the pages it read, the matches it found on them, and whether it has
    /// finished. Returns whether a first match became current (the view then shows it). A
    /// stopped search keeps what it found but takes nothing read after the stop.
    public mutating func received(_ found: [(page: PageIndex, matches: [(range: ClosedRange<Int>, boxes: [Rect])])],
                                  read pages: [PageIndex], readerFinished: Bool) -> Bool {
        guard !stopped else { return false }
        if readerFinished { readersRunning -= 1 }
        let readSet = Set(pages)
        remaining.removeAll { readSet.contains($0) }
        read += pages.count
        for page in found where !page.matches.isEmpty { matches[page.page] = page.matches }
        if readersRunning <= 0 { remaining = [] }
        guard current == nil else { return false }
        let start = startPage, count = max(1, pageCount)
        let rank = { (page: PageIndex) in (page.rawValue - start + count) % count }
        guard let first = ordered.min(by: { rank($0.page) < rank($1.page) }),
              !remaining.contains(where: { rank($0) < rank(first.page) }) else { return false }
        current = first
        return true
    }

    /// Stops reading: what was found stays, and stepping still goes through it.
    public mutating func stop() {
        guard !done else { return }
        remaining = []
        stopped = true
    }

    /// Goes to the next match (`forward`) or the previous one, wrapping round the document.
    /// Returns `nil` when there is no match, else whether the step went round an end.
    public mutating func step(forward: Bool) -> Bool? {
        let all = ordered
        guard !all.isEmpty else { return nil }
        let here = current.flatMap { c in all.firstIndex { $0.page == c.page && $0.index == c.index } }
        var next: Int
        var wrapped = false
        if let here {
            next = here + (forward ? 1 : -1)
            if next >= all.count { next = 0; wrapped = true }
            if next < 0 { next = all.count - 1; wrapped = true }
        } else {
            next = forward ? 0 : all.count - 1
        }
        current = all[next]
        return wrapped
    }
}
