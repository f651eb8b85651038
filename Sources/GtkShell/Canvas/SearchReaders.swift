// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import Geometry
import Rendering

/// The threads that read pages for a search: at most one set at a time (a new search or an
/// ended one stops the last), with what they find and the pages they found textless handed
/// back on the main loop at idle priority, after frames and input.
@MainActor
final class SearchReaders {
    private var worker: ParallelSearch?

    /// Starts reading `order` from `sources` (one thread each), stopping the readers before.
    /// - Returns: how many readers started (0 without a source).
    func start(_ search: TextSearch, order: [PageIndex], sources: [TextSource],
               textless: @escaping @MainActor (PageIndex) -> Void,
               found: @escaping @MainActor ([PageMatches], [PageIndex], Bool) -> Void) -> Int {
        stop()
        guard !sources.isEmpty else { return 0 }
        let worker = ParallelSearch(search: search, order: order)
        self.worker = worker
        worker.onTextless = { page in MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { textless(page) } }
        worker.start(sources: sources) { pages, read, finished in
            MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { found(pages, read, finished) }
        }
        return sources.count
    }

    /// Stops the readers under way, if any.
    func stop() {
        worker?.cancel()
        worker = nil
    }
}
