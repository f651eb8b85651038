// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What recognition found on one page: its words in reading order, in page space, and the
/// language data that read them. Becomes the page's ``PageText`` when the page has no text of
/// its own, and is what Make Searchable writes into the page.
public struct RecognizedPage: Hashable, Sendable {
    public var words: [RecognizedWord]
    /// The Tesseract language it was read with ("eng", "deu+eng").
    public var language: String

    public init(words: [RecognizedWord], language: String) {
        self.words = words
        self.language = language
    }

    /// The words as a page's text: each word's box shared out among its characters, a space
    /// (filling the gap) between words of a line and a line break (no box) between lines, so
    /// that search, selection, copy, highlighting and the smart pen treat it as any other text.
    public var pageText: PageText {
        var characters: [Character] = []
        var boxes: [Rect] = []
        var previous: RecognizedWord?
        for word in words where !word.text.isEmpty {
            if let p = previous {
                if word.startsLine || word.box.minX < p.box.maxX - 1 {
                    characters.append("\n")
                    boxes.append(Rect(x: p.box.maxX, y: p.box.minY, width: 0, height: 0))
                } else {
                    let top = min(p.box.minY, word.box.minY), bottom = max(p.box.maxY, word.box.maxY)
                    characters.append(" ")
                    boxes.append(Rect(x: p.box.maxX, y: top, width: max(0, word.box.minX - p.box.maxX), height: bottom - top))
                }
            }
            let letters = Array(word.text)
            let step = word.box.width / Double(letters.count)
            for (i, c) in letters.enumerated() {
                characters.append(c)
                boxes.append(Rect(x: word.box.minX + Double(i) * step, y: word.box.minY, width: step, height: word.box.height))
            }
            previous = word
        }
        return PageText(characters: characters, boxes: boxes)
    }

    /// The page's text as plain lines (words joined by spaces).
    public var plainText: String { String(pageText.characters) }
}
