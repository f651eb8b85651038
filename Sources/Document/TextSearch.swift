// SPDX-License-Identifier: GPL-3.0-or-later

/// Finding a query in a page's text, the way a reader expects: by default letters match
/// whatever their case, and a space in the query matches any run of white space in the text (a
/// phrase still matches where the page breaks its line). A word hyphenated at a line's end
/// matches as the word ("example" finds "exam-" + "ple"), and a ligature matches the letters it
/// stands for ("file" finds "ﬁle"). Pure, so it runs on any thread.
public struct TextSearch: Hashable, Sendable {
    public var query: String
    public var matchCase: Bool
    /// Only whole words: the match neither starts nor ends inside a word (a word hyphenated at
    /// a line's end being one word).
    public var wholeWords: Bool

    public init(query: String, matchCase: Bool = false, wholeWords: Bool = false) {
        self.query = query
        self.matchCase = matchCase
        self.wholeWords = wholeWords
    }

    /// Whether there is anything to look for.
    public var isEmpty: Bool { pattern.isEmpty }

    /// The query as matched: case folded unless ``matchCase``, ligatures spelled out, runs of
    /// white space made one (`nil` in the pattern), leading and trailing white space dropped.
    private var pattern: [UInt32?] {
        var out: [UInt32?] = []
        for c in query {
            if c.isWhitespace {
                if let last = out.last, last != nil { out.append(nil) }
            } else if let letters = FoldedText.ligatureLetters(c) {
                out.append(contentsOf: letters.map(Optional.some))
            } else {
                out.append(FoldedText.fold(c, matchCase: matchCase))
            }
        }
        while let last = out.last, last == nil { out.removeLast() }
        return out
    }

    /// Every match in `text`, first to last, as the indices of its first and last characters
    /// (a hyphen and line break inside a match, and a ligature it starts or ends in, included);
    /// matches do not overlap.
    public func matches(in text: PageText) -> [ClosedRange<Int>] {
        matches(in: text.characters)
    }

    /// Every match among `chars` (a page's characters), as ``matches(in:)-(PageText)`` gives them.
    public func matches(in chars: [Character]) -> [ClosedRange<Int>] {
        let p = pattern
        guard !p.isEmpty, !chars.isEmpty, let first = p[0] else { return [] }
        // Each character folded once; white space looked up only where the pattern has some.
        let text = FoldedText(chars, matchCase: matchCase)
        let codes = text.codes
        var out: [ClosedRange<Int>] = []
        var start = 0
        while start < codes.count {
            if codes[start] == first, let end = match(p, in: text, at: start),
               !wholeWords || text.isWholeWord(from: start, to: end) {
                out.append(text.character(of: start)...text.character(of: end))
                start = text.nextCharacter(after: end)
            } else {
                start += 1
            }
        }
        return out
    }

    /// The index of the last code of a match of `p` starting at code `start`, if one starts there.
    private func match(_ p: [UInt32?], in text: FoldedText, at start: Int) -> Int? {
        let codes = text.codes
        var i = start + 1
        for element in p.dropFirst() {
            if let c = element {
                if i < codes.count, codes[i] == c {
                    i += 1
                } else if let next = text.continuation(afterHyphenAt: i) ?? text.continuation(afterHyphenAt: i - 1),
                          codes[next] == c {
                    // A hyphen ending a line inside a word is read through; one the query
                    // holds too (matched just before) still skips the line break after it.
                    i = next + 1
                } else {
                    return nil
                }
            } else {
                guard i < codes.count, text.characters[text.character(of: i)].isWhitespace else { return nil }
                while i < codes.count, text.characters[text.character(of: i)].isWhitespace { i += 1 }
            }
        }
        return i - 1
    }
}
