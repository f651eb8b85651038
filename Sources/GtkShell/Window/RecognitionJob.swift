// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentPoppler
import Geometry
import Platform
import TextRecognition

/// Recognize Text for some pages of a document, on a worker thread of its own (never the main
/// thread, nor the render worker: a page takes seconds): it opens its own copy of the file,
/// skips pages with text of their own, takes pages from the cache when it has them, and
/// otherwise renders each page at 300 dpi and reads it with Tesseract, keeping the result in
/// the cache. Each page's result comes back on the main loop as it is done.
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
    }

    /// How the job ended.
    enum Outcome: Sendable, Equatable {
        case finished, cancelled
        case failed(String)
    }

    /// Starts the worker. `page` gets each page done (its words, or `nil` when it has text of
    /// its own or nothing cached), `done` the outcome; both on the main loop.
    func start(_ request: Request, cache: RecognitionCache = .user,
               page: @escaping @Sendable @MainActor (PageIndex, RecognizedPage?) -> Void,
               done: @escaping @Sendable @MainActor (Outcome) -> Void) {
        WorkerThread.start(name: "recognize-text") { [self] in
            WorkerThread.lowerPriority(by: 5)
            let outcome = run(request, cache: cache, page: page)
            MainLoop.post { done(outcome) }
        }
    }

    private func run(_ request: Request, cache: RecognitionCache, page report: @escaping @Sendable @MainActor (PageIndex, RecognizedPage?) -> Void) -> Outcome {
        let document: PopplerDocument
        do { document = try PopplerDocument.open(path: request.path, password: request.password) } catch { return .failed("\(error)") }
        // A file without an /ID is cached under a fingerprint of its bytes instead.
        let documentID = request.documentID ?? FileFingerprint.of(path: request.path).map { "file" + $0 }
        var recognizer: TextRecognizer?
        for index in request.pages where index.rawValue < document.pageCount {
            if isCancelled { return .cancelled }
            var result: RecognizedPage?
            if let id = documentID, let cached = cache.page(documentID: id, page: index, language: request.language) {
                result = cached
            } else if !request.cacheOnly, RecognizedTextSource.hasNoText(document.text(on: index)) {
                if recognizer == nil {
                    do { recognizer = try TextRecognizer(language: request.language) } catch { return .failed("\(error)") }
                }
                guard let image = document.renderImage(page: index, scale: Self.dotsPerInch / 72) else { continue }
                let grey = image.greyPixels()
                do {
                    let words = try grey.withUnsafeBytes {
                        try recognizer!.recognize(gray: $0, width: image.width, height: image.height, stride: image.width,
                                                  pixelsPerPoint: image.scale, shouldCancel: { [self] in isCancelled })
                    }
                    result = RecognizedPage(words: words, language: request.language)
                    if let id = documentID { cache.store(result!, documentID: id, page: index) }
                } catch TextRecognitionError.cancelled {
                    return .cancelled
                } catch {
                    return .failed("\(error)")
                }
            }
            let done = result
            MainLoop.post(priority: G_PRIORITY_DEFAULT) { report(index, done) }
        }
        return .finished
    }
}
