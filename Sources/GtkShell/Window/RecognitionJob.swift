// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentPoppler
import Geometry
import Platform
import TextRecognition

/// Recognize Text for some pages of a document, on a worker thread of its own (never the main
/// thread, nor the render worker: a page takes seconds): it opens its own copy of the file (or
/// reads the copy it is given of a version with pages organised and not saved), skips pages
/// with text of their own, takes pages from the cache when it has them, and otherwise renders
/// each page at 300 dpi and reads it with Tesseract, keeping the result in the cache. Each
/// page's result comes back on the main loop as it is done.
final class RecognitionJob: @unchecked Sendable {
    /// Resolution pages are read at.
    static let dotsPerInch = 300.0
    private let lock = Lock()
    private var cancelled = false

    /// Asks the worker to stop (the page being read stops too).
    func cancel() { lock.withLock { cancelled = true } }
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// What the job needs to know.
    struct Request: Sendable {
        var path: String
        var password: String?
        /// The document's permanent /ID (`nil` when it has none).
        var documentID: String?
        var language: String
        var pages: [PageIndex]
        /// Only take pages from the cache (opening a document): nothing is rendered or read.
        var cacheOnly: Bool
        /// A copy of the document as shown, when it differs from the file (pages organised and
        /// not saved): read instead of the file, and nothing is cached (its pages are not the
        /// file's).
        var shown: PopplerDocument? = nil
        /// Each page's name in the cache (``RecognitionCache/pageKey(objectNumber:generation:rotation:)``)
        /// when known; otherwise the job reads them from the file.
        var pageKeys: [String?]? = nil
    }

    /// How the job ended.
    enum Outcome: Sendable, Equatable {
        case finished, cancelled
        case failed(String)
    }

    /// Starts the worker. `page` gets each page done (its words, or `nil` when it has text of
    /// its own or nothing cached, and whether Tesseract read it rather than the cache), `done`
    /// the outcome; both on the main loop. `keys` gets the pages' names in the cache when the
    /// job had to read them from the file.
    func start(_ request: Request, cache: RecognitionCache = .user,
               keys: @escaping @Sendable @MainActor ([String?]) -> Void = { _ in },
               page: @escaping @Sendable @MainActor (PageIndex, RecognizedPage?, Bool) -> Void,
               done: @escaping @Sendable @MainActor (Outcome) -> Void) {
        WorkerThread.start(name: "recognize-text") { [self] in
            // Reading pages in the background yields a core to every frame, tile and edit:
            // the lowest priority, which Tesseract's own threads, made from this one, inherit.
            WorkerThread.lowerPriority(by: 19)
            let outcome = run(request, cache: cache, keys: keys, page: page)
            MainLoop.post { done(outcome) }
        }
    }

    /// Each page's name in the cache, read from the file (`nil` entries for pages whose object
    /// cannot be told).
    static func pageKeys(path: String, password: String?) -> [String?]? {
        guard let core = try? CoreDocument.open(path: path, password: password) else { return nil }
        return (0..<core.pageCount).map { i in
            let page = PageIndex(i)
            return core.pageRef(page).map { ref in
                RecognitionCache.pageKey(objectNumber: ref.number, generation: ref.generation,
                                         rotation: core.pageGeometry(page)?.rotation.rawValue ?? 0)
            }
        }
    }

    private func run(_ request: Request, cache: RecognitionCache, keys reportKeys: @escaping @Sendable @MainActor ([String?]) -> Void,
                     page report: @escaping @Sendable @MainActor (PageIndex, RecognizedPage?, Bool) -> Void) -> Outcome {
        let document: PopplerDocument
        if let shown = request.shown {
            document = shown
        } else {
            do { document = try PopplerDocument.open(path: request.path, password: request.password) } catch { return .failed("\(error)") }
        }
        // A file without an /ID is cached under a fingerprint of its bytes instead; a version
        // not saved is not cached at all.
        var documentID = request.shown != nil ? nil : request.documentID ?? FileFingerprint.of(path: request.path).map { "file" + $0 }
        var pageKeys = request.pageKeys ?? []
        if documentID != nil, request.pageKeys == nil {
            if let read = Self.pageKeys(path: request.path, password: request.password) {
                pageKeys = read
                MainLoop.post { reportKeys(read) }
            } else {
                documentID = nil
            }
        }
        var recognizer: TextRecognizer?
        for index in request.pages where index.rawValue < document.pageCount {
            if isCancelled { return .cancelled }
            var result: RecognizedPage?
            var read = false
            let key = index.rawValue < pageKeys.count ? pageKeys[index.rawValue] : nil
            if let id = documentID, let key, let cached = cache.page(documentID: id, page: key, language: request.language) {
                result = cached
            } else if !request.cacheOnly, RecognizedTextSource.hasNoText(document.text(on: index)) {
                if recognizer == nil {
                    do { recognizer = try TextRecognizer(language: request.language) } catch { return .failed("\(error)") }
                }
                ReaderMotion.shared.giveWay()
                guard let image = document.renderImage(page: index, scale: Self.dotsPerInch / 72) else { continue }
                let grey = image.greyPixels()
                do {
                    let words = try grey.withUnsafeBytes {
                        try recognizer!.recognize(gray: $0, width: image.width, height: image.height, stride: image.width,
                                                  pixelsPerPoint: image.scale, shouldCancel: { [self] in
                                                      // Asked between words: while the reader moves the view, the page waits.
                                                      ReaderMotion.shared.giveWay()
                                                      return isCancelled
                                                  })
                    }
                    result = RecognizedPage(words: words, language: request.language)
                    read = true
                    if let id = documentID, let key { cache.store(result!, documentID: id, page: key) }
                } catch TextRecognitionError.cancelled {
                    return .cancelled
                } catch {
                    return .failed("\(error)")
                }
            }
            let done = result, wasRead = read
            MainLoop.post(priority: G_PRIORITY_DEFAULT) { report(index, done, wasRead) }
        }
        return .finished
    }
}
