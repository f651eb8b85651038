// SPDX-License-Identifier: GPL-3.0-or-later

/// Which of the installed Tesseract languages reads a document: the document's own /Lang when
/// its data is installed, else the user interface's language, else English, else the first
/// installed; the user may pick any installed one instead.
public enum RecognitionLanguage {
    /// ISO 639-1 codes (as /Lang and locales spell them) and the Tesseract code for each.
    static let tesseractCodes: [String: String] = [
        "en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "nl": "nld", "pt": "por", "pl": "pol",
        "cs": "ces", "sk": "slk", "da": "dan", "sv": "swe", "nb": "nor", "no": "nor", "fi": "fin", "hu": "hun",
        "ro": "ron", "ru": "rus", "uk": "ukr", "el": "ell", "tr": "tur", "he": "heb", "ar": "ara", "ja": "jpn",
        "zh": "chi_sim", "ko": "kor", "hr": "hrv", "sl": "slv", "et": "est", "lv": "lav", "lt": "lit", "ca": "cat",
    ]

    /// The Tesseract code for a language tag ("de-DE", "en_GB.UTF-8", "deu"), or `nil`.
    public static func tesseractCode(for tag: String) -> String? {
        let base = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        if base.count == 3 { return base }
        return tesseractCodes[base]
    }

    /// The language to read with.
    /// - Parameters:
    ///   - documentLanguage: The catalog's /Lang, if any.
    ///   - interfaceLanguages: The user's languages, most wanted first (from `LANGUAGE`/`LANG`).
    ///   - installed: The installed Tesseract languages.
    /// - Returns: A Tesseract code, or `nil` when nothing is installed.
    public static func choose(documentLanguage: String?, interfaceLanguages: [String], installed: [String]) -> String? {
        let candidates = ([documentLanguage].compactMap { $0 } + interfaceLanguages).compactMap(tesseractCode(for:)) + ["eng"]
        return candidates.first(where: installed.contains) ?? installed.first
    }
}
