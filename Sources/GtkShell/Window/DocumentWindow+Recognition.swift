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
    /// Whether the job under way was asked for (not the cache read when a document opens).
    var asked = false
}

/// Recognize Text (`win.recognize-text`, "" for the document's language or a Tesseract code)
/// and Make Searchable (`win.make-searchable`); see ``RecognitionJob`` and ``SearchableText``.
extension DocumentWindow {
    func installRecognitionActions() {
        addStringAction("recognize-text") { [weak self] language in self?.recognizeText(language: language.isEmpty ? nil : language) }
        addAction("cancel-recognition") { [weak self] in self?.recognition.job?.cancel() }
        addAction("make-searchable") { [weak self] in self?.makeSearchable() }
    }

    /// A new document is shown: forget the last one's recognition, then (on a worker) find the
    /// language and take this document's pages from the cache.
    func documentShownForRecognition(_ document: PopplerDocument, path: String, password: String?) {
        recognition.job?.cancel()
        recognition.job = nil
        recognition.bar?.show(done: 0, of: nil)
        recognition.generation += 1
        recognition.pages = RecognizedPages()
        recognition.password = password
        recognition.language = nil
        recognition.thenMakeSearchable = false
        let generation = recognition.generation
        let pageCount = document.pageCount
        let interface = Self.interfaceLanguages()
        WorkerThread.start(name: "recognition-language") {
            let installed = TextRecognizer.installedLanguages()
            let lang = (try? CoreDocument.open(path: path, password: password)).flatMap { core -> String? in
                guard let catalog = core.catalogRef, case .string(let bytes)? = core.object(catalog)?.dictionaryValue?["Lang"] else { return nil }
                return PDFText.decode(bytes)
            }
            let language = RecognitionLanguage.choose(documentLanguage: lang, interfaceLanguages: interface, installed: installed)
            MainLoop.post { [weak self] in
                guard let self, self.recognition.generation == generation else { return }
                self.recognition.installed = installed
                self.listRecognitionLanguages()
                self.recognition.language = language
                guard let language else { return }
                self.startRecognition(language: language, pages: (0..<pageCount).map(PageIndex.init), cacheOnly: true)
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

    /// Starts a job over `pages` (cancelling the one under way).
    func startRecognition(language: String, pages: [PageIndex], cacheOnly: Bool) {
        guard let path, let document else { return }
        recognition.job?.cancel()
        let job = RecognitionJob()
        recognition.job = job
        recognition.total = pages.count
        recognition.done = 0
        recognition.asked = !cacheOnly
        if !cacheOnly {
            recognition.bar = recognitionBar
            recognition.bar?.show(done: 0, of: pages.count)
        }
        let generation = recognition.generation
        let request = RecognitionJob.Request(path: path, password: recognition.password, documentID: document.metadata.permanentID,
                                             language: language, pages: pages, cacheOnly: cacheOnly)
        job.start(request, page: { [weak self] page, result in
            guard let self, self.recognition.generation == generation, self.recognition.job === job else { return }
            self.recognition.done += 1
            if let result { self.pageRecognized(page, result) }
            if !cacheOnly { self.recognition.bar?.show(done: self.recognition.done, of: self.recognition.total) }
            self.application?.stateChanged()
        }, done: { [weak self] outcome in
            guard let self, self.recognition.generation == generation, self.recognition.job === job else { return }
            self.recognition.job = nil
            self.recognition.bar?.show(done: 0, of: nil)
            let makeSearchable = self.recognition.thenMakeSearchable
            self.recognition.thenMakeSearchable = false
            switch outcome {
            case .finished:
                if makeSearchable { self.makeSearchable() }
            case .cancelled:
                break
            case .failed(let reason):
                if !cacheOnly {
                    self.showMessage(kind: "recognition-failed", title: tr("Text Cannot Be Recognized"),
                                     body: tr("Recognizing the text failed: {reason}", ["reason": reason]))
                }
            }
            self.application?.stateChanged()
        })
        application?.stateChanged()
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
        let recognized = recognition.pages.all.filter { !$0.value.words.isEmpty }
        guard !recognized.isEmpty else {
            guard recognition.language != nil || !recognition.installed.isEmpty else {
                showMessage(kind: "make-searchable", title: tr("Nothing to Make Searchable"),
                            body: tr("No language data for text recognition is installed (Debian's tesseract-ocr-eng package, for English)."))
                return
            }
            recognition.thenMakeSearchable = true
            recognizeText(language: nil)
            if recognition.job == nil { recognition.thenMakeSearchable = false }
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
