// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import CGtk
import Document
import DocumentPoppler
import Geometry
import Platform
import TextRecognition

/// Text recognition for the window's document: what was recognised (shared with the view's and
/// the search threads' text sources), the language, and the job under way.
@MainActor
final class WindowRecognition {
    /// The recognised pages of the shown document.
    var pages = RecognizedPages()
    /// The Tesseract language this document is read in (`nil` until known, or with no data installed).
    var language: String?
    /// The installed languages (read once, on a worker).
    var installed: [String] = []
    /// The job under way, its pages and how many are done.
    var job: RecognitionJob?
    var total = 0
    var done = 0
    /// Make Searchable waits for the job to finish.
    var thenMakeSearchable = false
    /// Bumped for every document shown: results for another one are dropped.
    var generation = 0
    /// The shown document's password (its copies open with it).
    var password: String?
    var bar: RecognitionBar?
    /// The main menu's list of installed languages (filled once they are known).
    var languagesMenu: GObjectHandle<OpaquePointer>?
    var languagesListed = false

    /// The share of pages done while a job runs.
    var progress: Double? { job == nil || total == 0 || !asked ? nil : Double(done) / Double(total) }
    /// The pages of the job under way that were found textless (handed back to ``waiting``
    /// when another job replaces it before reaching them).
    var running: [PageIndex] = []
    /// Whether the job under way was asked for (not the cache read when a document opens, nor
    /// the reading of pages found textless as they were shown or searched).
    var asked = false
    /// Pages found to have no text of their own (shown or searched) that wait to be read on
    /// their own, the most recently found first.
    var waiting: [PageIndex] = []
    /// Pages already handed to a job of their own accord (read, or found to have text).
    var reached: Set<PageIndex> = []
    /// The user cancelled a job: pages found textless wait until another one is shown.
    var automaticHeld = false
    /// Pages found textless wait for the canvas to rest before they are read
    /// (``DocumentWindow/startWaitingRecognition()``): the retry due, and how many times they waited.
    var restTimer: UInt32?
    var waitsForRest = 0
    /// Each page's name in the recognition cache, read from the file (`nil` until read, and
    /// after pages were organised).
    var pageKeys: [String?]?
    /// Pages were organised and not saved: jobs read the version shown, and cache nothing.
    var shownDiffers = false
    /// How many pages Tesseract read for this document (not taken from the cache).
    var pagesRead = 0
}

/// Recognize Text (`win.recognize-text`, "" for the document's language or a Tesseract code)
/// and Make Searchable (`win.make-searchable`); see ``RecognitionJob`` and ``SearchableText``.
extension DocumentWindow {
    /// How long (µs) the canvas must have drawn no frame before pages found textless are read.
    nonisolated static let restBeforeReading: Int64 = 2_000_000

    func installRecognitionActions() {
        addStringAction("recognize-text") { [weak self] language in self?.recognizeText(language: language.isEmpty ? nil : language) }
        addAction("cancel-recognition") { [weak self] in
            guard let self, let job = self.recognition.job else { return }
            self.recognition.automaticHeld = true
            job.cancel()
        }
        addAction("make-searchable") { [weak self] in self?.makeSearchable() }
        canvas.onTextlessPage = { [weak self] page in self?.pageFoundTextless(page) }
    }

    /// A page with no text of its own was shown or searched: it is read (after the job under
    /// way), so that its words can be searched, selected and spoken without asking.
    func pageFoundTextless(_ page: PageIndex) {
        guard content == .document, recognition.pages[page] == nil, !recognition.reached.contains(page) else { return }
        recognition.waiting.removeAll { $0 == page }
        recognition.waiting.insert(page, at: 0)
        recognition.automaticHeld = false
        startWaitingRecognition()
    }

    /// Reads the pages waiting to be read, when no job runs and the language is known, once the
    /// canvas has drawn no frame for two seconds: Tesseract reading the page on the other core
    /// held the frames of a lasso carry up (frame-bench's lasso run over its page of ink, which
    /// has no text: p99 20–23 ms in two runs of three, 6–9 ms in three runs without language
    /// data), so a page is not read of its own accord while the user works the view.
    func startWaitingRecognition() {
        guard recognition.job == nil, !recognition.automaticHeld, let language = recognition.language else { return }
        guard recognition.waiting.contains(where: { recognition.pages[$0] == nil && !recognition.reached.contains($0) }) else {
            recognition.waiting = []
            return
        }
        if let wait = MemoryTrimPacing.wait(now: Int64(g_get_monotonic_time()), lastFrame: canvas.tiles.lastFrameStartedAt,
                                            quiet: Self.restBeforeReading) {
            guard recognition.restTimer == nil else { return }
            recognition.waitsForRest += 1
            recognition.restTimer = MainLoop.after(milliseconds: wait) { [weak self] in
                self?.recognition.restTimer = nil
                self?.startWaitingRecognition()
            }
            return
        }
        let pages = recognition.waiting.filter { recognition.pages[$0] == nil && !recognition.reached.contains($0) }
        recognition.waiting = []
        guard !pages.isEmpty else { return }
        startRecognition(language: language, pages: pages, cacheOnly: false, automatic: true)
    }

    /// A new document is shown: forget the last one's recognition, then, once its first frame
    /// is painted, find the language (on a worker) and take this document's pages from the cache.
    func documentShownForRecognition(_ document: PopplerDocument, path: String, password: String?) {
        recognition.job?.cancel()
        recognition.job = nil
        recognition.bar?.show(done: 0, of: nil)
        recognition.generation += 1
        recognition.pages = RecognizedPages()
        recognition.password = password
        recognition.language = nil
        recognition.thenMakeSearchable = false
        recognition.waiting = []
        recognition.reached = []
        recognition.automaticHeld = false
        recognition.pageKeys = nil
        recognition.shownDiffers = false
        recognition.pagesRead = 0
        let generation = recognition.generation
        let pageCount = document.pageCount
        let interface = Self.interfaceLanguages()
        let permanentID = document.metadata.permanentID
        // After the first frame: it reads Tesseract's languages and the file's bytes, on a core
        // the first frame's paint would otherwise share (perf: 4–5 ms of CPU before page 1).
        afterFirstFrame { [weak self] in
            guard let self, self.recognition.generation == generation else { return }
            WorkerThread.start(name: "recognition-language") {
                let installed = TextRecognizer.installedLanguages()
                // Parsed for it only when its bytes may name a language (most files do not).
                let lang = DocumentLanguage.read(path: path, password: password)
                let language = RecognitionLanguage.choose(documentLanguage: lang, interfaceLanguages: interface, installed: installed)
                // What the cache holds is read at once only if it holds any page of this document
                // (under its /ID, else a fingerprint of its bytes, as RecognitionJob keeps them):
                // reading it parsed the file twice more and walked every page, 7 MiB at the peak of
                // opening the 500-page document, for a document that was never recognised. Pages
                // found textless later start a job that reads what it needs.
                let cacheID = permanentID ?? FileFingerprint.of(path: path).map { "file" + $0 }
                let cached = language != nil && cacheID.map { RecognitionCache.user.holdsPages(documentID: $0) } == true
                // The pages' names in the cache, only when there is a language to read them in.
                let keys = cached ? RecognitionJob.pageKeys(path: path, password: password) : nil
                MainLoop.post { [weak self] in
                    guard let self, self.recognition.generation == generation else { return }
                    self.recognition.installed = installed
                    self.listRecognitionLanguages()
                    self.recognition.language = language
                    self.recognition.pageKeys = keys
                    guard let language else { return }
                    guard cached else { self.startWaitingRecognition(); return }
                    self.startRecognition(language: language, pages: (0..<pageCount).map(PageIndex.init), cacheOnly: true)
                }
            }
        }
    }

    /// Fills the menu of languages to recognise text in (once).
    func listRecognitionLanguages() {
        guard !recognition.languagesListed, let menu = recognition.languagesMenu else { return }
        recognition.languagesListed = true
        for code in recognition.installed {
            g_menu_append(menu.pointer, Self.languageName(code), "win.recognize-text::\(code)")
        }
    }

    /// A Tesseract language's name in the user's language ("German" for "deu"), or its code.
    static func languageName(_ code: String) -> String {
        switch code {
        case "eng": tr("English")
        case "deu": tr("German")
        case "fra": tr("French")
        case "spa": tr("Spanish")
        case "ita": tr("Italian")
        case "nld": tr("Dutch")
        case "por": tr("Portuguese")
        case "pol": tr("Polish")
        default: code
        }
    }

    /// The user's languages, most wanted first (`LANGUAGE`, then the locale's).
    static func interfaceLanguages() -> [String] {
        var tags: [String] = []
        if let list = getenv("LANGUAGE").map({ String(cString: $0) }) { tags += list.split(separator: ":").map(String.init) }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { tags.append(value) }
        }
        return tags.filter { $0 != "C" && $0 != "POSIX" && !$0.hasPrefix("C.") }
    }

    /// Reads every page without text of its own in `language` (the document's by default).
    func recognizeText(language: String?) {
        guard content == .document, let document else { return }
        guard let language = language ?? recognition.language ?? recognition.installed.first else {
            showMessage(kind: "recognition-failed", title: tr("Text Cannot Be Recognized"),
                        body: tr("No language data for text recognition is installed (Debian's tesseract-ocr-eng package, for English)."))
            return
        }
        let parts = language.split(separator: "+").map(String.init)
        if !recognition.installed.isEmpty, !parts.allSatisfy(recognition.installed.contains) {
            showMessage(kind: "recognition-failed", title: tr("Text Cannot Be Recognized"),
                        body: tr("The language data “{language}” is not installed.", ["language": language]))
            return
        }
        if language != recognition.language {
            // Another language reads every page again.
            recognition.pages.removeAll()
            recognition.language = language
        }
        let missing = (0..<document.pageCount).map(PageIndex.init).filter { recognition.pages[$0] == nil }
        startRecognition(language: language, pages: missing, cacheOnly: false)
    }

    /// Starts a job over `pages` (cancelling the one under way; pages it had yet to reach of
    /// their own accord wait for the next). An `automatic` job reads pages found textless
    /// without a bar or a message: the state dump's `ocrWaiting` counts what it has left.
    func startRecognition(language: String, pages: [PageIndex], cacheOnly: Bool, automatic: Bool = false) {
        guard let path, let document else { return }
        if let running = recognition.job, !recognition.running.isEmpty {
            running.cancel()
            recognition.waiting += recognition.running.filter { !recognition.reached.contains($0) }
        }
        recognition.job?.cancel()
        let job = RecognitionJob()
        recognition.job = job
        recognition.running = automatic ? pages : []
        recognition.total = pages.count
        recognition.done = 0
        let asked = !cacheOnly && !automatic
        recognition.asked = asked
        if asked {
            recognition.bar = recognitionBar
            recognition.bar?.show(done: 0, of: pages.count)
        }
        let generation = recognition.generation
        var request = RecognitionJob.Request(path: path, password: recognition.password, documentID: document.metadata.permanentID,
                                             language: language, pages: pages, cacheOnly: cacheOnly)
        if recognition.shownDiffers {
            request.shown = shownCopyForRecognition()
            if request.shown == nil { recognition.job = nil; recognition.running = []; return }
        } else {
            request.pageKeys = recognition.pageKeys
        }
        job.start(request, keys: { [weak self] keys in
            guard let self, self.recognition.generation == generation, !self.recognition.shownDiffers else { return }
            self.recognition.pageKeys = keys
        }, page: { [weak self] page, result, read in
            guard let self, self.recognition.generation == generation, self.recognition.job === job else { return }
            self.recognition.done += 1
            if read { self.recognition.pagesRead += 1 }
            if !cacheOnly { self.recognition.reached.insert(page) }
            if let result { self.pageRecognized(page, result) }
            if asked { self.recognition.bar?.show(done: self.recognition.done, of: self.recognition.total) }
            self.application?.stateChanged()
        }, done: { [weak self] outcome in
            guard let self, self.recognition.generation == generation, self.recognition.job === job else { return }
            self.recognition.job = nil
            self.recognition.running = []
            if asked { self.recognition.bar?.show(done: 0, of: nil) }
            let makeSearchable = self.recognition.thenMakeSearchable
            self.recognition.thenMakeSearchable = false
            switch outcome {
            case .finished:
                if makeSearchable { self.makeSearchable() }
            case .cancelled:
                break
            case .failed(let reason):
                if asked {
                    self.showMessage(kind: "recognition-failed", title: tr("Text Cannot Be Recognized"),
                                     body: tr("Recognizing the text failed: {reason}", ["reason": reason]))
                }
            }
            // Pages found textless meanwhile are read next (not after the user cancelled).
            if outcome != .cancelled { self.recognition.automaticHeld = false }
            self.startWaitingRecognition()
            self.application?.stateChanged()
        })
        application?.stateChanged()
    }

    /// A copy of the document as shown, for a job to read on its own thread while pages were
    /// organised and not saved.
    func shownCopyForRecognition() -> PopplerDocument? {
        guard let editor = editing?.editor, let document, let bytes = try? editor.rendered() else { return nil }
        let rotations = (0..<editor.pageCount).map { PageRotation(degrees: editor.rotation(of: PageIndex($0))) }
        return try? document.reloaded(from: bytes, reordered: rotations)
    }

    /// Pages were moved, taken out or put back (`places[i]`: where the page at `i` is now): the
    /// words recognised on them, and the pages waiting to be read, go with them.
    func recognitionFollows(_ places: [PageIndex?]) {
        func now(_ page: PageIndex) -> PageIndex? { page.rawValue < places.count ? places[page.rawValue] : nil }
        recognition.pages.follow(places)
        recognition.reached = Set(recognition.reached.compactMap(now))
        recognition.waiting = recognition.waiting.compactMap(now)
        recognition.running = recognition.running.compactMap(now)
    }

    /// Pages were turned or organised: the file no longer has the pages as shown (until saved),
    /// words found on turned pages are read again, and a job under way starts again on the
    /// version shown.
    func recognitionPagesReshaped(_ pages: Set<PageIndex>, reordered: Bool) {
        recognition.shownDiffers = true
        recognition.pageKeys = nil
        if !reordered {
            for page in pages {
                recognition.pages[page] = nil
                recognition.reached.remove(page)
            }
        }
        guard let job = recognition.job else { return }
        let asked = recognition.asked
        job.cancel()
        recognition.waiting += recognition.running.filter { !recognition.reached.contains($0) }
        recognition.job = nil
        recognition.running = []
        recognition.thenMakeSearchable = false
        if asked {
            recognition.bar?.show(done: 0, of: nil)
            recognizeText(language: recognition.language)
        } else {
            startWaitingRecognition()
        }
    }

    /// The file was saved with every change: it has the pages as shown again.
    func recognitionFileSaved() {
        guard recognition.shownDiffers else { return }
        recognition.shownDiffers = false
        recognition.pageKeys = nil
    }

    /// A page's words arrived: they are its text from now on (search, selection, the smart pen).
    func pageRecognized(_ page: PageIndex, _ result: RecognizedPage) {
        recognition.pages[page] = result
        canvas.session.content.textByPage[page] = result.pageText
        if canvas.session.search != nil { canvas.restartSearch() }
    }

    /// Writes the recognised text into the file as invisible text, an incremental update, and
    /// shows the document again from the file. Recognises the pages first when none were.
    func makeSearchable() {
        guard content == .document, let document, let path else { return }
        if editing?.hasUnsavedChanges == true {
            showMessage(kind: "make-searchable", title: tr("Save Your Changes First"),
                        body: tr("Make Searchable writes into the file as it is saved. Save your changes, then try again."))
            return
        }
        guard recognition.job == nil else {
            recognition.thenMakeSearchable = true
            return
        }
        // Every page is read first: pages read as they were shown are not the whole document.
        let unread = (0..<document.pageCount).map(PageIndex.init).filter {
            recognition.pages[$0] == nil && !recognition.reached.contains($0)
        }
        guard unread.isEmpty else {
            guard recognition.language != nil || !recognition.installed.isEmpty else {
                showMessage(kind: "make-searchable", title: tr("Nothing to Make Searchable"),
                            body: tr("No language data for text recognition is installed (Debian's tesseract-ocr-eng package, for English)."))
                return
            }
            guard let language = recognition.language ?? recognition.installed.first else { return }
            recognition.thenMakeSearchable = true
            startRecognition(language: language, pages: unread, cacheOnly: false)
            if recognition.job == nil { recognition.thenMakeSearchable = false }
            return
        }
        let recognized = recognition.pages.all.filter { !$0.value.words.isEmpty }
        guard !recognized.isEmpty else {
            showMessage(kind: "make-searchable", title: tr("Nothing to Make Searchable"),
                        body: tr("Every page has text of its own, or no words were found on the scanned ones."))
            return
        }
        let pages = recognized.keys.sorted().map { page in
            (info: document.pageInfo(page), words: recognized[page]!.words.map { InvisibleWord(text: $0.text, box: $0.box, baseline: $0.baseline) })
        }
        let password = recognition.password, generation = recognition.generation
        recognition.total = pages.count
        WorkerThread.start(name: "make-searchable") {
            let failure: String?
            do {
                let bytes = try SearchableText.update(path: path, password: password, pages: pages)
                try AtomicSave.write(bytes, to: path, modeFrom: path)
                failure = nil
            } catch {
                failure = "\(error)"
            }
            MainLoop.post { [weak self] in
                guard let self, self.recognition.generation == generation else { return }
                if let failure {
                    self.showMessage(kind: "make-searchable", title: tr("The Document Could Not Be Made Searchable"),
                                     body: tr("Writing the recognized text failed: {reason}", ["reason": failure]))
                } else {
                    self.open(path: path, password: password)
                }
            }
        }
    }
}
