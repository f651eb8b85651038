// SPDX-License-Identifier: GPL-3.0-or-later

/// Advance widths of the standard Helvetica and Helvetica-Bold fonts (Adobe's AFM files, in
/// thousandths of the font size), so text the app writes into an appearance is measured the way
/// every viewer's built-in Helvetica sets it.
enum HelveticaMetrics {
    /// WinAnsi 32…126, regular.
    static let regular: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]
    /// WinAnsi 32…126, bold.
    static let bold: [Int] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ]

    /// The WinAnsi byte for a character (Latin-1 is WinAnsi's upper half), or `?`.
    static func byte(_ ch: Character) -> UInt8 {
        guard let scalar = ch.unicodeScalars.first, ch.unicodeScalars.count == 1 else { return UInt8(ascii: "?") }
        switch scalar.value {
        case 32...126, 0xA0...0xFF: return UInt8(scalar.value)
        default: return UInt8(ascii: "?")
        }
    }

    /// The width of `bytes` at size 1.
    static func width(_ bytes: [UInt8], bold: Bool = false) -> Double {
        let table = bold ? self.bold : regular
        return bytes.reduce(0.0) { sum, b in
            let w = (32...126).contains(b) ? table[Int(b) - 32] : 556
            return sum + Double(w) / 1000
        }
    }

    /// A PDF literal string of WinAnsi bytes, escaped.
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "("
        for b in bytes {
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"): out += "\\" + String(UnicodeScalar(b))
            case 32...126: out += String(UnicodeScalar(b))
            default:
                let octal = String(b, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + ")"
    }
}
