// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Geometry
import Platform
import Dispatch

/// One page's matches of a search, each with the boxes of its characters (displayed page space).
public struct PageMatches: Sendable {
    public var page: PageIndex
    public var matches: [(range: ClosedRange<Int>, boxes: [Rect])]
}

/// Searches a document's pages on several threads at once, each reading through its own copy
/// of the document (poppler allows one thread per document), so a search of thousands of pages
/// uses every core while the render worker keeps drawing.
///
/// Pages are handed out one at a time in the order given (the page in view first), so the first
/// match comes as soon as any thread reaches it. A page is read as plain characters first; only
/// pages with a match have their character boxes laid out. Each thread delivers what it found
/// about every 10 ms, on its own thread: the host brings it to its main loop.
/// ``cancel()`` stops every thread at its next page.
public final class ParallelSearch: @unchecked Sendable {
    /// Found pages (with or without matches) and whether this thread has finished.
    public typealias Deliver = @Sendable (_ pages: [PageMatches], _ read: [PageIndex], _ threadFinished: Bool) -> Void

    private let lock = Lock()
    private let order: [PageIndex]
    private var next = 0
    private var cancelled = false
    private let search: TextSearch
    /// Called, on a search thread, for each page read that has no text at all (a scan, whose
    /// words the host may recognise). Set before ``start(sources:deliver:)``.
    public var onTextless: (@Sendable (PageIndex) -> Void)?

    public init(search: TextSearch, order: [PageIndex]) {
        self.search = search
        self.order = order
    }

    /// Starts one thread per source; each delivers through `deliver`.
    public func start(sources: [TextSource], deliver: @escaping Deliver) {
        for (i, source) in sources.enumerated() {
            WorkerThread.start(name: "search-\(i)") { [self] in self.run(source, deliver: deliver) }
        }
    }

    /// Stops handing out pages; threads finish the page in hand and report their last batch.
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }


    private func take() -> PageIndex? {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled, next < order.count else { return nil }
        next += 1
        return order[next - 1]
    }

    private func run(_ source: TextSource, deliver: Deliver) {
        var found: [PageMatches] = []
        var read: [PageIndex] = []
        var started = DispatchTime.now().uptimeNanoseconds
        // The first match this thread finds goes out at once (the reader waits for it).
        var deliveredMatch = false
        while let page = take() {
            var ranges: [ClosedRange<Int>] = []
            // A source may skip the test for a page with no characters at all.
            var textless = true
            let text = source.text(on: page) { characters in
                textless = characters.allSatisfy(\.isWhitespace)
                ranges = search.matches(in: characters)
                return !ranges.isEmpty
            }
            if textless { onTextless?(page) }
            if !ranges.isEmpty {
                found.append(PageMatches(page: page, matches: ranges.map { ($0, text.selectionRects(from: $0.lowerBound, to: $0.upperBound)) }))
            }
            read.append(page)
            let now = DispatchTime.now().uptimeNanoseconds
            if now - started > 10_000_000 || (!deliveredMatch && !found.isEmpty) {
                deliveredMatch = deliveredMatch || !found.isEmpty
                deliver(found, read, false)
                found = []
                read = []
                started = now
            }
        }
        deliver(found, read, true)
    }
}
