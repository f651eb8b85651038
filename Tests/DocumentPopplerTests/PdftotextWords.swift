// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The words of a PDF as `pdftotext` reads them, the reference the search's counts are judged
/// against: pdftotext's default reading order joins a word hyphenated at a line's end, so its
/// word counts are what a reader of the page sees. Independent of `TextSearch` on purpose.
struct PdftotextWords {
    /// Each whole word, lower-cased, to the number of times it occurs.
    let counts: [String: Int]
    /// Words that `pdftotext -raw` shows broken by a hyphen at a line's end ("exam-", "ple")
    /// and the default output shows joined ("example"), lower-cased.
    let joinedAtLineEnds: Set<String>

    init(path: String) throws {
        let text = String(decoding: try ExternalTool.data("pdftotext", [path, "-"]), as: UTF8.self)
        let counts = Self.words(in: text).reduce(into: [:]) { $0[$1, default: 0] += 1 }
        let raw = String(decoding: try ExternalTool.data("pdftotext", ["-raw", path, "-"]), as: UTF8.self)
        self.counts = counts
        joinedAtLineEnds = Set(Self.hyphenatedLineEnds(in: raw).filter { counts[$0] != nil })
    }

    /// The `count` most frequent words of at least `minLetters` letters (letters only), most
    /// frequent first, ties in alphabetical order.
    func mostFrequent(_ count: Int, minLetters: Int) -> [String] {
        counts.filter { $0.key.count >= minLetters && $0.key.allSatisfy(\.isLetter) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(count).map(\.key)
    }

    /// A whole word is a maximal run of letters, digits and underscores (what the search's
    /// whole-words mode calls a word), compared lower-cased.
    static func words(in text: String) -> [String] {
        var out: [String] = [], word = ""
        for c in text {
            if c.isLetter || c.isNumber || c == "_" {
                word.append(c)
            } else if !word.isEmpty {
                out.append(word.lowercased())
                word = ""
            }
        }
        if !word.isEmpty { out.append(word.lowercased()) }
        return out
    }

    /// The letters before a "-" ending one line joined to the letters starting the next,
    /// lower-cased.
    static func hyphenatedLineEnds(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var out: [String] = []
        for (line, next) in zip(lines, lines.dropFirst()) where line.hasSuffix("-") {
            let head = String(line.dropLast().reversed().prefix(while: \.isLetter).reversed())
            let tail = String(next.prefix(while: \.isLetter))
            if !head.isEmpty, !tail.isEmpty { out.append((head + tail).lowercased()) }
        }
        return out
    }
}
