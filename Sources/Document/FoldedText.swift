// SPDX-License-Identifier: GPL-3.0-or-later

/// A page's characters as ``TextSearch`` compares them, so that each is folded once per search:
/// one code per character (case folded unless matching case), a ligature (U+FB00–U+FB06)
/// spelled out as one code per letter, and each code traced back to its character. It also knows
/// where a hyphen at a line's end splits a word, which the search reads through.
struct FoldedText {
    let characters: [Character]
    /// The codes compared: a character's first Unicode scalar (lower-cased unless matching
    /// case), or the letters a ligature stands for.
    private(set) var codes: [UInt32] = []
    /// The character each code comes from; `nil` while every character gave exactly one code
    /// (no ligature), when a code's index is its character's.
    private var origins: [Int32]?

    init(_ characters: [Character], matchCase: Bool) {
        self.characters = characters
        var ligatures = false
        codes = characters.map { character in
            let code = Self.fold(character, matchCase: matchCase)
            if code >= 0xFB00, code <= 0xFB06 { ligatures = true }
            return code
        }
        if ligatures { spellOutLigatures() }
    }

    /// Replaces each ligature's code by its letters' codes, each traced to the ligature.
    private mutating func spellOutLigatures() {
        var spelled: [UInt32] = [], spelledOrigins: [Int32] = []
        spelled.reserveCapacity(codes.count + codes.count / 8)
        spelledOrigins.reserveCapacity(spelled.capacity)
        for (index, code) in codes.enumerated() {
            let origin = Int32(truncatingIfNeeded: index)
            if code >= 0xFB00, code <= 0xFB06 {
                let letters = Self.ligatures[Int(code - 0xFB00)]
                spelled.append(contentsOf: letters)
                spelledOrigins.append(contentsOf: repeatElement(origin, count: letters.count))
            } else {
                spelled.append(code)
                spelledOrigins.append(origin)
            }
        }
        codes = spelled
        origins = spelledOrigins
    }

    /// The index of the character code `code` comes from.
    @inline(__always)
    func character(of code: Int) -> Int { origins.map { Int($0[code]) } ?? code }

    /// The first code after `code` that belongs to another character.
    func nextCharacter(after code: Int) -> Int {
        let owner = character(of: code)
        var next = code + 1
        while next < codes.count, character(of: next) == owner { next += 1 }
        return next
    }

    // MARK: - Folding

    /// A character as compared: its first Unicode scalar, lower-cased unless `matchCase`. An
    /// ASCII character (most of what pages hold) is read from its one UTF-8 byte; a string is
    /// built only for a scalar that lower-casing changes.
    @inline(__always)
    static func fold(_ character: Character, matchCase: Bool) -> UInt32 {
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first {
            return UInt32(!matchCase && byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        return foldBeyondASCII(character, matchCase: matchCase)
    }

    private static func foldBeyondASCII(_ character: Character, matchCase: Bool) -> UInt32 {
        if character == "\r\n" { return 10 }  // one character, a line break
        guard let scalar = character.unicodeScalars.first else { return 0 }
        guard !matchCase, scalar.properties.changesWhenLowercased else { return scalar.value }
        return character.lowercased().unicodeScalars.first?.value ?? scalar.value
    }

    /// The letters of the Latin ligatures U+FB00–U+FB06 (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ), lower-case as the
    /// ligatures are; ﬅ (long s, t) reads "st", as a reader types it.
    private static let ligatures: [[UInt32]] = ["ff", "fi", "fl", "ffi", "ffl", "st", "st"].map { $0.unicodeScalars.map(\.value) }

    /// The letters the ligature `character` stands for, or `nil` when it is no ligature.
    static func ligatureLetters(_ character: Character) -> [UInt32]? {
        guard let value = character.unicodeScalars.first?.value, value >= 0xFB00, value <= 0xFB06 else { return nil }
        return ligatures[Int(value - 0xFB00)]
    }

    // MARK: - Hyphens at line ends

    /// Where the word continues when the code at `hyphen` is a hyphen ("-", U+00AD soft hyphen,
    /// U+2010 hyphen) ending a line inside a word: after a letter, followed by exactly one line
    /// break (spaces, tabs and "\r" around it allowed) and then a letter. Returns the index of
    /// that letter's first code, else `nil` (a hyphen inside a line, as in "well-known").
    func continuation(afterHyphenAt hyphen: Int) -> Int? {
        guard hyphen > 0, hyphen < codes.count, Self.isHyphen(codes[hyphen]),
              characters[character(of: hyphen - 1)].isLetter else { return nil }
        var next = hyphen + 1, lineBreaks = 0
        while next < codes.count {
            let code = codes[next]
            guard Self.isLineSpace(code) else { break }
            if code == 10 { lineBreaks += 1 }  // "\n", also "\r\n" (one character)
            next += 1
        }
        guard lineBreaks == 1, next < codes.count, characters[character(of: next)].isLetter else { return nil }
        return next
    }

    /// Whether the letter at `code` continues a word hyphenated at the end of the line before.
    func continuesHyphenatedWord(at code: Int) -> Bool {
        var hyphen = code - 1
        while hyphen > 0, Self.isLineSpace(codes[hyphen]) { hyphen -= 1 }
        return hyphen < code - 1 && continuation(afterHyphenAt: hyphen) == code
    }

    private static func isHyphen(_ code: UInt32) -> Bool { code == 0x2D || code == 0xAD || code == 0x2010 }

    /// A tab, line feed, carriage return or space: what may separate a line-end hyphen from
    /// the rest of its word.
    private static func isLineSpace(_ code: UInt32) -> Bool { code == 9 || code == 10 || code == 13 || code == 32 }

    // MARK: - Words

    /// Whether the codes `start...end` make whole words: neither end is inside a ligature or
    /// next to a letter, digit or underscore, nor next to a hyphenated line end that joins a
    /// word across it.
    func isWholeWord(from start: Int, to end: Int) -> Bool {
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        let first = character(of: start), last = character(of: end)
        if start > 0, character(of: start - 1) == first { return false }
        if end + 1 < codes.count, character(of: end + 1) == last { return false }
        let left = first == 0 || !isWord(characters[first - 1]) && !continuesHyphenatedWord(at: start)
        let right = last == characters.count - 1 || !isWord(characters[last + 1]) && continuation(afterHyphenAt: end + 1) == nil
        return left && right
    }
}
