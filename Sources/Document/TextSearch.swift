// SPDX-License-Identifier: GPL-3.0-or-later

/// Finding a query in a page's text, the way a reader expects: by default letters match
/// whatever their case, and a space in the query matches any run of white space in the text (a
/// phrase still matches where the page breaks its line). Pure, so it runs on any thread.
public struct TextSearch: Hashable, Sendable {
    public var query: String
    public var matchCase: Bool
    /// Only whole words: the match neither starts nor ends inside a word.
    public var wholeWords: Bool

    public init(query: String, matchCase: Bool = false, wholeWords: Bool = false) {
        self.query = query
        self.matchCase = matchCase
        self.wholeWords = wholeWords
    }

    /// Whether there is anything to look for.
    public var isEmpty: Bool { pattern.isEmpty }

    /// The query as matched: case folded unless ``matchCase``, runs of white space made one
    /// (`nil` in the pattern), leading and trailing white space dropped.
    private var pattern: [UInt32?] {
        var out: [UInt32?] = []
        for c in query {
            if c.isWhitespace {
                if let last = out.last, last != nil { out.append(nil) }
            } else {
                out.append(fold(c))
            }
        }
        while let last = out.last, last == nil { out.removeLast() }
        return out
    }

    /// A character as compared: its first Unicode scalar, lower-cased unless ``matchCase``
    /// (ASCII without building a string, which is most of what pages hold).
    private func fold(_ c: Character) -> UInt32 {
        if let a = c.asciiValue { return UInt32(!matchCase && a >= 65 && a <= 90 ? a + 32 : a) }
        let folded = matchCase ? c : (c.lowercased().first ?? c)
        return folded.unicodeScalars.first?.value ?? 0
    }

    /// Every match in `text`, first to last, as the indices of its first and last characters;
    /// matches do not overlap.
    public func matches(in text: PageText) -> [ClosedRange<Int>] {
        matches(in: text.characters)
    }

    /// Every match among `chars` (a page's characters), as ``matches(in:)-(PageText)`` gives them.
    public func matches(in chars: [Character]) -> [ClosedRange<Int>] {
        let p = pattern
        guard !p.isEmpty, !chars.isEmpty, let first = p[0] else { return [] }
        // Each character folded once; white space looked up only where the pattern has some.
        let folded = chars.map(fold)
        var out: [ClosedRange<Int>] = []
        var start = 0
        while start < folded.count {
            if folded[start] == first, let end = match(p, in: folded, chars, at: start),
               !wholeWords || isWordBoundary(chars, before: start, after: end) {
                out.append(start...end)
                start = end + 1
            } else {
                start += 1
            }
        }
        return out
    }

    /// The index of the last character of a match of `p` starting at `start`, if one starts there.
    private func match(_ p: [UInt32?], in folded: [UInt32], _ chars: [Character], at start: Int) -> Int? {
        var i = start + 1
        for element in p.dropFirst() {
            if let c = element {
                guard i < folded.count, folded[i] == c else { return nil }
                i += 1
            } else {
                guard i < chars.count, chars[i].isWhitespace else { return nil }
                while i < chars.count, chars[i].isWhitespace { i += 1 }
            }
        }
        return i - 1
    }

    private func isWordBoundary(_ chars: [Character], before start: Int, after end: Int) -> Bool {
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        let left = start == 0 || !isWord(chars[start - 1])
        let right = end == chars.count - 1 || !isWord(chars[end + 1])
        return left && right
    }
}
