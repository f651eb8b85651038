// SPDX-License-Identifier: GPL-3.0-or-later

/// The standard Helvetica and Helvetica-Bold fonts as every viewer's built-in base-14 fonts set
/// them: advance widths from Adobe's AFM files and the WinAnsi encoding, so that text the app
/// writes into an appearance is measured exactly as it will be drawn.
public enum HelveticaMetrics {
    /// Advance widths of WinAnsi codes 32…255 in Helvetica, in thousandths of the font size.
    /// Codes WinAnsi leaves undefined (127, 129, 141, 143, 144, 157) hold 556; ``encode(_:)``
    /// never writes them.
    static let regular: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 556,
        556, 556, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 556, 611, 556,
        556, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 556, 500, 667,
        278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
        400, 584, 333, 333, 333, 578, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
        667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
        556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
    ]
    /// The same for Helvetica-Bold.
    static let bold: [Int] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 556,
        556, 556, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 556, 611, 556,
        556, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 556, 500, 667,
        278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
        400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
        722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
        556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
        611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
    ]

    /// The font resource of the base-14 Helvetica (or Helvetica-Bold) in WinAnsi, which every
    /// viewer has built in.
    static func font(bold: Bool) -> PDFDictionary {
        PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name(bold ? "Helvetica-Bold" : "Helvetica")),
            ("Encoding", .name("WinAnsiEncoding")),
        ])
    }

    /// The WinAnsi codes 128…159 that stand for characters outside Latin-1 (typographic quotes,
    /// dashes, the euro …), by Unicode scalar.
    static let winAnsiHigh: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// The WinAnsi byte of a character: ASCII and Latin-1 as themselves, the extra characters of
    /// 128…159, a tab as a space, a decomposed accented letter as its Latin-1 form; `?` for
    /// anything else.
    static func byte(_ ch: Character) -> UInt8 {
        let scalars = ch.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first {
            switch scalar.value {
            case 32...126, 0xA0...0xFF: return UInt8(scalar.value)
            case 9: return 32
            default: return winAnsiHigh[scalar.value] ?? UInt8(ascii: "?")
            }
        }
        // Characters compare by canonical equivalence: "e\u{301}" is "é".
        for code in UInt8(0xC0)...UInt8(0xFF) where Character(Unicode.Scalar(code)) == ch { return code }
        return UInt8(ascii: "?")
    }

    /// `text` in WinAnsi bytes.
    public static func encode<S: StringProtocol>(_ text: S) -> [UInt8] { text.map(byte) }

    /// The advance width of one byte at size 1.
    static func width(_ byte: UInt8, bold: Bool = false) -> Double {
        guard byte >= 32 else { return 0 }
        return Double((bold ? self.bold : regular)[Int(byte) - 32]) / 1000
    }

    /// The width of `bytes` at size 1.
    public static func width<C: Collection<UInt8>>(_ bytes: C, bold: Bool = false) -> Double {
        bytes.reduce(0.0) { $0 + width($1, bold: bold) }
    }

    /// A PDF literal string of WinAnsi bytes: `(`, `)` and `\` escaped, bytes outside ASCII as
    /// octal escapes, so the content stream stays 7-bit.
    public static func literal<C: Collection<UInt8>>(_ bytes: C) -> String {
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
