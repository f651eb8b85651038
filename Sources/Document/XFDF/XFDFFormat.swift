// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What XFDF (ISO 19444-1) calls things, shared by ``XFDFWriter`` and ``XFDFReader``: element
/// names of annotation kinds, flag names, colours, numbers.
public enum XFDFFormat {
    /// The XFDF namespace.
    public static let namespace = "http://ns.adobe.com/xfdf/"

    /// The element name of each kind written and read.
    static let elementNames: [AnnotationSubtype: String] = [
        .text: "text", .freeText: "freetext", .line: "line", .square: "square", .circle: "circle", .polygon: "polygon",
        .polyLine: "polyline", .highlight: "highlight", .underline: "underline", .strikeOut: "strikeout",
        .squiggly: "squiggly", .stamp: "stamp", .caret: "caret", .ink: "ink",
    ]
    static let subtypesByElement: [String: AnnotationSubtype] = Dictionary(uniqueKeysWithValues: elementNames.map { ($1, $0) })

    /// The element name of `subtype`; `nil` for a kind XFDF export leaves out (links, form
    /// widgets, pop-ups, which go inside their parent, attachments, media).
    public static func elementName(of subtype: AnnotationSubtype) -> String? { elementNames[subtype] }

    /// /F bits by the names of the `flags` attribute.
    static let flagNames: [(String, Int)] = [
        ("invisible", AnnotationFlags.invisible), ("hidden", AnnotationFlags.hidden), ("print", AnnotationFlags.print),
        ("nozoom", AnnotationFlags.noZoom), ("norotate", AnnotationFlags.noRotate), ("noview", AnnotationFlags.noView),
        ("readonly", AnnotationFlags.readOnly), ("locked", AnnotationFlags.locked), ("togglenoview", 256), ("lockedcontents", 512),
    ]

    static func flagsString(_ flags: Int) -> String {
        flagNames.filter { flags & $0.1 != 0 }.map(\.0).joined(separator: ",")
    }

    static func flags(_ text: String) -> Int {
        let names = Set(text.lowercased().split { $0 == "," || $0 == " " }.map(String.init))
        return flagNames.filter { names.contains($0.0) }.reduce(0) { $0 | $1.1 }
    }

    /// "#RRGGBB".
    static func colorString(_ c: RGBColor) -> String {
        func hex(_ v: Double) -> String {
            let n = Int((min(1, max(0, v)) * 255).rounded())
            let digits = Array("0123456789ABCDEF")
            return String([digits[n / 16], digits[n % 16]])
        }
        return "#" + hex(c.red) + hex(c.green) + hex(c.blue)
    }

    /// "#RRGGBB" (or "#RGB"); `nil` for anything else ("transparent" included).
    static func color(_ text: String) -> RGBColor? {
        var s = Substring(text)
        guard s.first == "#" else { return nil }
        s = s.dropFirst()
        if s.count == 3 { s = Substring(s.flatMap { [$0, $0] }) }
        guard s.count == 6, let v = Int(s, radix: 16) else { return nil }
        return RGBColor(red: Quantize.value(Double(v >> 16 & 255) / 255), green: Quantize.value(Double(v >> 8 & 255) / 255),
                        blue: Quantize.value(Double(v & 255) / 255))
    }

    /// A number as XFDF writes it: at most four decimals, never an exponent.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let scaled = (v * 10_000).rounded()
        let negative = scaled < 0
        let magnitude = Int64(min(abs(scaled), 9e17))
        let whole = magnitude / 10_000
        var fraction = magnitude % 10_000
        var digits = ""
        if fraction != 0 {
            var width = 4
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
            let f = String(fraction)
            digits = "." + String(repeating: "0", count: width - f.count) + f
        }
        return (negative && magnitude != 0 ? "-" : "") + String(whole) + digits
    }

    /// Every number in a list written with commas, semicolons or spaces between them; `nil` when
    /// one of them is no number.
    static func numbers(_ text: String) -> [Double]? {
        var out: [Double] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }) {
            guard let v = Double(part), v.isFinite else { return nil }
            out.append(v)
        }
        return out
    }

    /// Text made safe for an attribute value or element content: the five special characters
    /// as references, line breaks in attributes as character references (so they survive
    /// attribute normalisation), and characters XML 1.0 forbids dropped.
    static func escaped(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            default:
                let v = scalar.value
                guard v == 0x9 || v == 0xA || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000 else { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
