// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentPoppler
import Platform

/// The document named on the command line, opened on a thread of its own while GTK starts:
/// reading every page's size takes poppler 15 ms on a 500-page file, time the main thread
/// spends meanwhile starting GTK and building the window. The window takes it (waiting if it
/// is not ready yet) instead of opening the file again; a file that needs a password or fails
/// to open is opened again by the window, which shows the prompt or the error as usual.
final class DocumentPrefetch: @unchecked Sendable {
    private let condition = Condition()
    private let path: String
    private var document: PopplerDocument?
    private var finished = false
    private var taken = false

    nonisolated(unsafe) private static var current: DocumentPrefetch?

    private init(path: String) { self.path = path }

    /// Starts opening `path` (call before GTK starts, from the main thread).
    static func start(path: String) {
        let prefetch = DocumentPrefetch(path: path)
        current = prefetch
        WorkerThread.start(name: "open") {
            let document = try? PopplerDocument.open(path: path)
            prefetch.condition.lock()
            prefetch.document = document
            prefetch.finished = true
            prefetch.condition.signal()
            prefetch.condition.unlock()
        }
    }

    /// The document opened for `path` without a password, once (later opens read the file anew).
    static func take(path: String, password: String?) -> PopplerDocument? {
        guard password == nil, let prefetch = current, prefetch.path == path else { return nil }
        current = nil
        prefetch.condition.lock()
        defer { prefetch.condition.unlock() }
        while !prefetch.finished { prefetch.condition.wait() }
        return prefetch.document
    }
}
