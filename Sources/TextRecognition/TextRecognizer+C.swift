// SPDX-License-Identifier: GPL-3.0-or-later
import CTesseract
import Geometry
#if canImport(Glibc)
import Glibc
#endif

/// Why a page could not be recognised.
public enum TextRecognitionError: Error, Equatable, Sendable {
    /// Tesseract has no data for the language (not installed).
    case languageUnavailable(String)
    /// The image is empty or not 8-bit grey.
    case badImage
    /// Recognition was cancelled before it finished.
    case cancelled
    /// Tesseract failed on the image.
    case failed
}

/// One Tesseract engine (`TessBaseAPI`) loaded with a language's data: reads words, with their
/// boxes and confidence, from 8-bit grey images. Loading the data costs a few hundred
/// milliseconds, so keep one per worker and recognise many pages with it.
///
/// - Warning: Not thread-safe: use each instance from one thread at a time, never the main
///   thread (a page takes seconds).
public final class TextRecognizer: @unchecked Sendable {
    private let handle: OpaquePointer
    private let tess: TesseractLibrary
    /// The language data loaded ("eng", "deu+eng").
    public let language: String

    /// Loads `language` (Tesseract codes joined by "+"). Wraps `TessBaseAPIInit3`.
    /// - Parameter dataPath: The tessdata folder; `nil` for Tesseract's own (or `TESSDATA_PREFIX`).
    public init(language: String, dataPath: String? = nil) throws(TextRecognitionError) {
        guard let tess = TesseractLibrary.shared, let handle = tess.create() else { throw .failed }
        guard tess.initialise(handle, dataPath, language) == 0 else {
            tess.delete(handle)
            throw .languageUnavailable(language)
        }
        self.tess = tess
        self.handle = handle
        self.language = language
    }

    deinit {
        tess.end(handle)
        tess.delete(handle)
    }

    /// The languages whose data is installed (Tesseract codes, sorted; "osd", which reads no
    /// words, left out): the `.traineddata` files of the data folder and its subfolders
    /// (`sub/code`), as Tesseract lists them, found without loading Tesseract (see
    /// ``TesseractLibrary``: a document opened asks for them, whether or not it has a scanned page).
    /// - Parameter dataPath: The tessdata folder; `nil` for `TESSDATA_PREFIX` when it exists, else
    ///   the folder Debian's Tesseract 5 was built for.
    public static func installedLanguages(dataPath: String? = nil) -> [String] {
        var names: [String] = []
        listLanguages(in: dataFolder(dataPath), prefix: "", depth: 0, into: &names)
        return names.filter { $0 != "osd" && !$0.isEmpty }.sorted()
    }

    /// The folder Tesseract reads its data from (its own rule: the folder given, else
    /// `TESSDATA_PREFIX` if it names something that exists, else the one it was built with).
    static func dataFolder(_ dataPath: String?) -> String {
        if let dataPath, !dataPath.isEmpty { return dataPath }
        if let prefix = getenv("TESSDATA_PREFIX").map({ String(cString: $0) }), !prefix.isEmpty, access(prefix, F_OK) == 0 {
            return prefix
        }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }

    private static func listLanguages(in folder: String, prefix: String, depth: Int, into names: inout [String]) {
        guard depth < 8, let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        let suffix = ".traineddata"
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard !name.hasPrefix(".") else { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                listLanguages(in: path, prefix: prefix + name + "/", depth: depth + 1, into: &names)
            } else if name.hasSuffix(suffix), name.count > suffix.count {
                names.append(prefix + String(name.dropLast(suffix.count)))
            }
        }
    }

    /// Reads the words of an 8-bit grey image (one byte a pixel, `stride` bytes a row).
    /// Wraps `TessBaseAPISetImage`, `TessBaseAPIRecognize` and the result iterator at `RIL_WORD`.
    ///
    /// - Parameters:
    ///   - pixelsPerPoint: The image's pixels per page point: boxes come back divided by it
    ///     (page space), and Tesseract is told the resolution (72 × it).
    ///   - shouldCancel: Asked now and then while Tesseract works; `true` stops it.
    /// - Returns: The words in reading order, in page space.
    public func recognize(gray: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, pixelsPerPoint: Double,
                          shouldCancel: (@Sendable () -> Bool)? = nil) throws(TextRecognitionError) -> [RecognizedWord] {
        guard width > 0, height > 0, stride >= width, gray.count >= stride * height, let base = gray.baseAddress, pixelsPerPoint > 0 else {
            throw .badImage
        }
        tess.setImage(handle, base.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), 1, Int32(stride))
        tess.setSourceResolution(handle, Int32((72 * pixelsPerPoint).rounded()))
        defer { tess.clear(handle) }
        let monitor = tess.monitorCreate()
        defer { tess.monitorDelete(monitor) }
        let box = CancelBox(shouldCancel)
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        if shouldCancel != nil {
            tess.monitorSetCancelThis(monitor, unmanaged.toOpaque())
            tess.monitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                return Unmanaged<CancelBox>.fromOpaque(context).takeUnretainedValue().ask()
            }
        }
        let status = tess.recognize(handle, monitor)
        if box.cancelled { throw .cancelled }
        guard status == 0 else { throw .failed }
        return words(scale: 1 / pixelsPerPoint)
    }

    /// Walks the last recognition's words.
    private func words(scale: Double) -> [RecognizedWord] {
        guard let iterator = tess.iterator(handle) else { return [] }
        defer { tess.iteratorDelete(iterator) }
        let page = tess.pageIterator(iterator)
        var words: [RecognizedWord] = []
        repeat {
            guard let raw = tess.utf8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw).filter { !$0.isWhitespace }
            tess.deleteText(raw)
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard !text.isEmpty, tess.boundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0 else { continue }
            var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
            var baseline = Double(b)
            if tess.baseline(page, RIL_WORD, &x1, &y1, &x2, &y2) != 0 {
                // The baseline's height under the word's middle.
                let mid = Double(l + r) / 2
                let run = Double(x2 - x1)
                baseline = run == 0 ? Double(y1) : Double(y1) + (mid - Double(x1)) / run * Double(y2 - y1)
                baseline = min(max(baseline, Double(t)), Double(b))
            }
            let word = RecognizedWord(
                text: text, box: Rect(x: Double(l), y: Double(t), width: Double(r - l), height: Double(b - t)), baseline: baseline,
                confidence: Double(tess.confidence(iterator, RIL_WORD)),
                startsLine: words.isEmpty || tess.isAtBeginningOf(page, RIL_TEXTLINE) != 0)
            words.append(word.scaled(by: scale))
        } while tess.next(iterator, RIL_WORD) != 0
        return words
    }
}

/// The cancel question, reached from Tesseract's monitor callback.
private final class CancelBox: @unchecked Sendable {
    let question: (@Sendable () -> Bool)?
    private(set) var cancelled = false
    init(_ question: (@Sendable () -> Bool)?) { self.question = question }
    func ask() -> Bool {
        if !cancelled, question?() == true { cancelled = true }
        return cancelled
    }
}
