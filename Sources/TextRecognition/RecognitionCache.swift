// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Platform

/// Recognised pages kept on disk, one file per document (its permanent /ID), page and
/// language, under `$XDG_CACHE_HOME/pdf-annotator/ocr/` (`~/.cache` when unset), so that a page
/// is read once however often the document is opened. Files are written whole (a temporary file
/// renamed), so a reader never sees half of one.
///
/// The file is text: a `v1` line, then one word a line, tab-separated: x, y, width, height,
/// baseline, confidence, 1 when it starts a line (else 0), the word.
public struct RecognitionCache: Sendable {
    /// The folder holding the documents' folders.
    public let folder: String

    /// The cache under `$XDG_CACHE_HOME` (or `~/.cache`).
    public static var user: RecognitionCache {
        let env = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        let base = env.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (homeDirectory + "/.cache")
        return RecognitionCache(folder: base + "/pdf-annotator/ocr")
    }

    public init(folder: String) { self.folder = folder }

    /// The file for a page of a document read in a language. `page` names the page by what
    /// stays the same when pages are moved and saved: its object and how it is turned
    /// (``pageKey(objectNumber:generation:rotation:)``).
    public func path(documentID: String, page: String, language: String) -> String {
        let id = documentID.filter { $0.isLetter || $0.isNumber }
        let lang = language.filter { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "_" }
        let key = page.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return "\(folder)/\(id)/\(lang)-\(key).txt"
    }

    /// Whether any page of the document was kept (its folder exists): a document never
    /// recognised has nothing to take from the cache when it opens, and need not be read for it.
    public func holdsPages(documentID: String) -> Bool {
        let id = documentID.filter { $0.isLetter || $0.isNumber }
        guard !id.isEmpty else { return false }
        var info = stat()
        return stat("\(folder)/\(id)", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A page's name in the cache: its page object (which a page keeps wherever it is moved)
    /// and its rotation (words are found on the page as it shows, so a turned page is read again).
    public static func pageKey(objectNumber: Int, generation: Int, rotation: Int) -> String {
        "o\(objectNumber)-\(generation)-r\(rotation)"
    }

    /// The page as recognised before, or `nil` when it was not (or its file is damaged).
    public func page(documentID: String, page: String, language: String) -> RecognizedPage? {
        guard let bytes = Self.read(path(documentID: documentID, page: page, language: language)) else { return nil }
        return Self.decode(bytes, language: language)
    }

    /// Keeps a recognised page; returns whether it was written.
    @discardableResult
    public func store(_ recognized: RecognizedPage, documentID: String, page: String) -> Bool {
        let target = path(documentID: documentID, page: page, language: recognized.language)
        let dir = String(target[..<target.lastIndex(of: "/")!])
        guard Self.makeFolders(dir) else { return false }
        let temporary = target + ".\(getpid()).tmp"
        guard let file = fopen(temporary, "wb") else { return false }
        let bytes = Array(Self.encode(recognized).utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard fclose(file) == 0, written == bytes.count, rename(temporary, target) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    static func encode(_ page: RecognizedPage) -> String {
        var text = "v1\n"
        for w in page.words {
            let numbers = [w.box.minX, w.box.minY, w.box.width, w.box.height, w.baseline, w.confidence].map { format($0) }
            text += numbers.joined(separator: "\t") + "\t" + (w.startsLine ? "1" : "0") + "\t" + w.text + "\n"
        }
        return text
    }

    static func decode(_ bytes: [UInt8], language: String) -> RecognizedPage? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == "v1" else { return nil }
        var words: [RecognizedWord] = []
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", maxSplits: 7, omittingEmptySubsequences: false)
            guard fields.count == 8 else { return nil }
            let n = fields.prefix(6).compactMap { Double($0) }
            guard n.count == 6, n.allSatisfy(\.isFinite) else { return nil }
            words.append(RecognizedWord(text: String(fields[7]), box: Rect(x: n[0], y: n[1], width: n[2], height: n[3]),
                                        baseline: n[4], confidence: n[5], startsLine: fields[6] == "1"))
        }
        return RecognizedPage(words: words, language: language)
    }

    private static func format(_ value: Double) -> String {
        let r = (value * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    private static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n <= 0 { break }
            bytes += chunk.prefix(n)
        }
        return bytes
    }

    private static func makeFolders(_ path: String) -> Bool {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }
}
