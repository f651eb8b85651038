// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentPoppler
import Geometry
import Platform
import Rendering

/// The document named on the command line, opened on a thread of its own while GTK starts,
/// with the sizes of the pages its first frame may show (``pagesReadAtOpen(place:)``): reading
/// every page's size takes poppler 10–15 ms on a 500-page file, a core taken from GTK starting
/// meanwhile, so the rest are read after the first frame. The window takes it (waiting if it
/// is not ready yet) instead of opening the file again; a file that needs a password or fails
/// to open is opened again by the window, which shows the prompt or the error as usual.
///
/// Once the document is open, the same thread renders the tiles its first frame will show
/// (``FirstFramePrediction``), so that the first frame only paints them; the canvas takes them
/// when it draws that frame. It renders only once this process is known to be the primary
/// instance (``allowRendering()``): a later launch hands its file to the running instance and
/// exits, and must not spend a core rendering it too.
final class DocumentPrefetch: @unchecked Sendable {
    private let condition = Condition()
    private let path: String
    /// The document opened, once ``take(path:password:)`` has waited for it.
    private(set) var document: PopplerDocument?
    private var opened = false
    private var firstFrameTiles: [RenderedTile] = []
    private var rendered = false
    /// Whether the worker may render the first frame's tiles: nil until it is known.
    private var mayRender: Bool?

    nonisolated(unsafe) private static var current: DocumentPrefetch?

    private init(path: String) { self.path = path }

    /// Starts opening `path` (call before GTK starts, from the main thread).
    static func start(path: String) {
        let prefetch = DocumentPrefetch(path: path)
        current = prefetch
        let memory = FirstViewMemory.standard
        WorkerThread.start(name: "open") {
            // The pages the first frame may show are read; the rest after that frame.
            var place: ReadingPlaces.Place?
            let document = try? PopplerDocument.open(path: path) { metadata in
                let key = ReadingPlaces.key(permanentID: metadata.permanentID, path: path)
                place = key.flatMap { ReadingPlaces.standard.place(for: $0) }
                return Self.pagesReadAtOpen(place: place)
            }
            StartupTrace.mark("document opened on the worker, its first pages' sizes read")
            prefetch.condition.lock()
            prefetch.document = document
            prefetch.opened = true
            prefetch.condition.broadcast()
            // Then, once it is known whether this process may render ahead:
            while prefetch.mayRender == nil { prefetch.condition.wait() }
            let mayRender = prefetch.mayRender == true
            prefetch.condition.unlock()
            var tiles: [RenderedTile] = []
            if mayRender, let document, let view = memory.load() {
                let prediction = FirstFramePrediction(
                    viewSize: Size(width: view.width, height: view.height), deviceScale: view.scale,
                    place: place, documentPageLayout: document.metadata.pageLayout)
                let requests = prediction.visibleRequests(pageSizes: document.displaySizes)
                tiles = RenderQueue.render(eachPageTogether: requests,
                                           drawPage: RenderSource(document).pageDrawing(colours: PageColourChoice()))
                StartupTrace.mark("first frame's \(tiles.count) tiles rendered on the worker")
            }
            prefetch.condition.lock()
            prefetch.firstFrameTiles = tiles
            prefetch.rendered = true
            prefetch.condition.broadcast()
            prefetch.condition.unlock()
        }
    }

    /// How many pages' sizes are read when the document opens: those up to a stored place and
    /// as many again as a first frame could show at a small zoom. The later pages are estimated
    /// (the last read page's size) until the window reads them after the first frame
    /// (`DocumentWindow.readRemainingPageSizes`).
    static func pagesReadAtOpen(place: ReadingPlaces.Place?) -> Int {
        let placePage = place.map { Int(max(0, min($0.spreadIndex, 1e6))) * 2 + 2 } ?? 0
        return placePage + pagesBeyondThePlace
    }

    /// Pages read beyond the stored place (or the first page): about 1 ms of poppler's time.
    static let pagesBeyondThePlace = 40

    /// Lets the pending prefetch render its first frame (this process is the primary instance).
    static func allowRendering() {
        current?.decide(mayRender: true)
    }

    private func decide(mayRender: Bool) {
        condition.lock()
        if self.mayRender == nil { self.mayRender = mayRender }
        condition.broadcast()
        condition.unlock()
    }

    /// Starts opening `path` unless a prefetch is already waiting to be taken (the command
    /// line's, when GTK hands the same file over as its "open").
    static func startUnlessPending(path: String) {
        guard current == nil else { return }
        start(path: path)
    }

    /// The prefetch of `path` without a password, its ``document`` opened (waiting for it), once;
    /// nil when there is none or the file did not open (later opens read the file anew).
    static func take(path: String, password: String?) -> DocumentPrefetch? {
        guard password == nil, let prefetch = current, prefetch.path == path else { return nil }
        current = nil
        prefetch.condition.lock()
        defer { prefetch.condition.unlock() }
        while !prefetch.opened { prefetch.condition.wait() }
        return prefetch.document == nil ? nil : prefetch
    }

    /// The tiles rendered ahead for the first frame (waiting for the worker to finish them),
    /// once. The tiles go with the last holder of the prefetch (the canvas's hand-over).
    func takeFirstFrameTiles() -> [RenderedTile] {
        // Not allowed by now, it never will be: the frame renders its own tiles.
        decide(mayRender: false)
        condition.lock()
        defer { condition.unlock() }
        while !rendered { condition.wait() }
        let tiles = firstFrameTiles
        firstFrameTiles = []
        return tiles
    }
}
