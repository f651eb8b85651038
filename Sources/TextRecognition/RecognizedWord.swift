// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// One word Tesseract read on a page image, placed in the page's displayed space (points,
/// origin at the top-left of the page as shown, y down), as ``PageText`` places characters.
public struct RecognizedWord: Hashable, Sendable {
    /// The word as read (no spaces).
    public var text: String
    /// Its bounding box.
    public var box: Rect
    /// Where its line's baseline crosses the word (y down); the box's bottom when Tesseract gave none.
    public var baseline: Double
    /// Tesseract's confidence in the word, 0 to 100.
    public var confidence: Double
    /// Whether the word is the first of a text line (a line break goes before it).
    public var startsLine: Bool

    public init(text: String, box: Rect, baseline: Double, confidence: Double, startsLine: Bool) {
        self.text = text
        self.box = box
        self.baseline = baseline
        self.confidence = confidence
        self.startsLine = startsLine
    }

    /// The same word with its box and baseline multiplied by `factor` (image pixels to points).
    public func scaled(by factor: Double) -> RecognizedWord {
        RecognizedWord(
            text: text, box: Rect(x: box.minX * factor, y: box.minY * factor, width: box.width * factor, height: box.height * factor),
            baseline: baseline * factor, confidence: confidence, startsLine: startsLine)
    }
}
