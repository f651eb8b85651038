// SPDX-License-Identifier: GPL-3.0-or-later

/// Writes PDF objects as syntax that every PDF reader accepts, for the PDF library to store.
///
/// Names escape every byte outside `!`…`~` and the delimiters as `#xx`; strings are literal
/// with `\\`, `\(`, `\)` and control bytes escaped, or hex when mostly binary; reals read back
/// as the same double and never use an exponent.
public enum PDFSyntaxWriter {
    public static func bytes(_ object: PDFObject) -> [UInt8] {
        var out: [UInt8] = []
        write(object, into: &out)
        return out
    }

    public static func string(_ object: PDFObject) -> String { String(decoding: bytes(object), as: UTF8.self) }

    public static func write(_ object: PDFObject, into out: inout [UInt8]) {
        switch object {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .real(let r): out.append(contentsOf: formatReal(r).utf8)
        case .name(let n): writeName(n, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .reference(let num, let gen): out += Array("\(num) \(gen) R".utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x20) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .dictionary(let d):
            out += Array("<<".utf8)
            for (key, value) in d.entries {
                writeName(key, into: &out)
                out.append(0x20)
                write(value, into: &out)
                out.append(0x20)
            }
            out += Array(">>".utf8)
        }
    }

    /// A real as PDF writes it: no exponent; the shortest digits that read back as the same
    /// double, or, for magnitudes that would need an exponent, at most six decimals.
    public static func formatReal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // A value on the grid of ten-thousandths (every point the app moves or draws is): its
        // digits from the integer at once, the same shortest digits as below (the decimal reads
        // back as the same double, and no shorter one can), without a description searched.
        // A lasso's Move writes some 300,000 of them.
        let tenThousandths = (value * 10_000).rounded()
        if value != 0, abs(tenThousandths) < 1e15, tenThousandths / 10_000 == value {
            return decimal(tenThousandths: Int64(tenThousandths))
        }
        return shortestReal(value)
    }

    /// `k` ten-thousandths as a decimal, without trailing zeros.
    static func decimal(tenThousandths k: Int64) -> String {
        let whole = String(k.magnitude / 10_000)
        var fraction = k.magnitude % 10_000
        let sign = k < 0 ? "-" : ""
        guard fraction != 0 else { return sign + whole }
        var digits = 4
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let f = String(fraction)
        return sign + whole + "." + String(repeating: "0", count: digits - f.count) + f
    }

    /// ``formatReal(_:)`` for any finite value: Swift's shortest digits, or six decimals where
    /// those would need an exponent.
    static func shortestReal(_ value: Double) -> String {
        let shortest = "\(value)"
        if !shortest.contains("e") {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        let scaled = (value * 1_000_000).rounded()
        if scaled == 0 { return "0" }
        let negative = scaled < 0
        let magnitude = abs(scaled)
        guard magnitude < 1e18 else { return String(Int(value.rounded())) }
        let whole = Int64(magnitude) / 1_000_000
        var fraction = Int64(magnitude) % 1_000_000
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = 6
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    static func writeName(_ name: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "/"))
        for b in name.utf8 {
            if b < 0x21 || b > 0x7E || PDFSyntaxParser.isDelimiter(b) || b == UInt8(ascii: "#") {
                out.append(UInt8(ascii: "#"))
                out += Array(hex(b).utf8)
            } else {
                out.append(b)
            }
        }
    }

    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(b >> 4)], digits[Int(b & 0xF)]], as: UTF8.self)
    }

    static func writeString(_ s: [UInt8], into out: inout [UInt8]) {
        let binary = s.filter { $0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 || $0 > 0x7E }.count
        if binary * 4 > s.count {
            out.append(UInt8(ascii: "<"))
            for b in s { out += Array(hex(b).utf8) }
            out.append(UInt8(ascii: ">"))
            return
        }
        out.append(UInt8(ascii: "("))
        for b in s {
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\")); out.append(b)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x00..<0x20, 0x7F...0xFF:
                let octal = String(b, radix: 8)
                out += Array(("\\" + String(repeating: "0", count: 3 - octal.count) + octal).utf8)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: ")"))
    }
}
