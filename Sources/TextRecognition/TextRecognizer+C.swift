// SPDX-License-Identifier: GPL-3.0-or-later
import CTesseract
import Geometry

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
    /// The language data loaded ("eng", "deu+eng").
    public let language: String

    /// Loads `language` (Tesseract codes joined by "+"). Wraps `TessBaseAPIInit3`.
    /// - Parameter dataPath: The tessdata folder; `nil` for Tesseract's own (or `TESSDATA_PREFIX`).
    public init(language: String, dataPath: String? = nil) throws(TextRecognitionError) {
        guard let handle = TessBaseAPICreate() else { throw .failed }
        guard TessBaseAPIInit3(handle, dataPath, language) == 0 else {
            TessBaseAPIDelete(handle)
            throw .languageUnavailable(language)
        }
        self.handle = handle
        self.language = language
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The languages whose data is installed (Tesseract codes, sorted; "osd", which reads no
    /// words, left out). Wraps `TessBaseAPIGetAvailableLanguagesAsVector`.
    public static func installedLanguages(dataPath: String? = nil) -> [String] {
        guard let handle = TessBaseAPICreate() else { return [] }
        defer { TessBaseAPIDelete(handle) }
        // Listing needs an initialised engine; any language will do, and none at all lists nothing.
        guard TessBaseAPIInit3(handle, dataPath, nil) == 0 || TessBaseAPIInit3(handle, dataPath, "osd") == 0 else { return [] }
        defer { TessBaseAPIEnd(handle) }
        guard let list = TessBaseAPIGetAvailableLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(list) }
        var names: [String] = []
        var i = 0
        while let name = list[i] {
            names.append(String(cString: name))
            i += 1
        }
        return names.filter { $0 != "osd" && !$0.isEmpty }.sorted()
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
        TessBaseAPISetImage(handle, base.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), 1, Int32(stride))
        TessBaseAPISetSourceResolution(handle, Int32((72 * pixelsPerPoint).rounded()))
        defer { TessBaseAPIClear(handle) }
        let monitor = TessMonitorCreate()
        defer { TessMonitorDelete(monitor) }
        let box = CancelBox(shouldCancel)
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        if shouldCancel != nil {
            TessMonitorSetCancelThis(monitor, unmanaged.toOpaque())
            TessMonitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                return Unmanaged<CancelBox>.fromOpaque(context).takeUnretainedValue().ask()
            }
        }
        let status = TessBaseAPIRecognize(handle, monitor)
        if box.cancelled { throw .cancelled }
        guard status == 0 else { throw .failed }
        return words(scale: 1 / pixelsPerPoint)
    }

    /// Walks the last recognition's words.
    private func words(scale: Double) -> [RecognizedWord] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var words: [RecognizedWord] = []
        repeat {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw).filter { !$0.isWhitespace }
            TessDeleteText(raw)
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard !text.isEmpty, TessPageIteratorBoundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0 else { continue }
            var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
            var baseline = Double(b)
            if TessPageIteratorBaseline(page, RIL_WORD, &x1, &y1, &x2, &y2) != 0 {
                // The baseline's height under the word's middle.
                let mid = Double(l + r) / 2
                let run = Double(x2 - x1)
                baseline = run == 0 ? Double(y1) : Double(y1) + (mid - Double(x1)) / run * Double(y2 - y1)
                baseline = min(max(baseline, Double(t)), Double(b))
            }
            let word = RecognizedWord(
                text: text, box: Rect(x: Double(l), y: Double(t), width: Double(r - l), height: Double(b - t)), baseline: baseline,
                confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)),
                startsLine: words.isEmpty || TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0)
            words.append(word.scaled(by: scale))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
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
