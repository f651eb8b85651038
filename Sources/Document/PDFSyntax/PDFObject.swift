// SPDX-License-Identifier: GPL-3.0-or-later

/// One PDF object as a plain value (PDF 32000-1 §7.3), so that annotation dictionaries can be
/// read, compared and rewritten in Swift while the PDF library only stores and saves them.
///
/// Strings are bytes: a PDF string may be PDFDocEncoding, UTF-16BE with a byte-order mark, or
/// binary. Streams never appear here; a stream is referred to with ``reference(_:_:)``.
public indirect enum PDFObject: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dictionary(PDFDictionary)
    /// An indirect reference `num gen R`.
    case reference(Int, Int)

    /// The number, whether written as an integer or a real.
    public var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .real(let r): return r
        default: return nil
        }
    }

    public var nameValue: String? { if case .name(let n) = self { return n } else { return nil } }
    public var arrayValue: [PDFObject]? { if case .array(let a) = self { return a } else { return nil } }
    public var dictionaryValue: PDFDictionary? { if case .dictionary(let d) = self { return d } else { return nil } }
    public var stringBytes: [UInt8]? { if case .string(let s) = self { return s } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }

    /// The numbers of an array of numbers, or `nil` when this is not one.
    public var numbers: [Double]? {
        guard let array = arrayValue else { return nil }
        var out: [Double] = []
        out.reserveCapacity(array.count)
        for element in array {
            guard let n = element.number else { return nil }
            out.append(n)
        }
        return out
    }

    /// A text string (§7.9.2.2) decoded: UTF-16BE or UTF-8 after their byte-order marks,
    /// PDFDocEncoding otherwise.
    public var textValue: String? {
        guard let bytes = stringBytes else { return nil }
        return PDFText.decode(bytes)
    }

    /// A text string encoded the way other viewers read most widely: PDFDocEncoding when every
    /// character is ASCII, UTF-16BE with a byte-order mark otherwise.
    public static func text(_ string: String) -> PDFObject { .string(PDFText.encode(string)) }

    /// A real, written as an integer when it has no fractional part.
    public static func number(_ value: Double) -> PDFObject {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return .integer(Int(value)) }
        return .real(value.isFinite ? value : 0)
    }

    public static func numbers(_ values: [Double]) -> PDFObject { .array(values.map(PDFObject.number)) }
}

/// A PDF dictionary that keeps its keys in the order they were read or set, so that a rewritten
/// dictionary differs from the original only where something changed.
public struct PDFDictionary: Hashable, Sendable {
    public private(set) var keys: [String] = []
    private var values: [String: PDFObject] = [:]

    public init() {}

    public init(_ entries: [(String, PDFObject)]) {
        for (key, value) in entries { self[key] = value }
    }

    /// Setting `nil` removes the key.
    public subscript(key: String) -> PDFObject? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var entries: [(key: String, value: PDFObject)] { keys.map { ($0, values[$0]!) } }
    public var isEmpty: Bool { keys.isEmpty }
}

/// PDF text strings to and from Swift strings.
public enum PDFText {
    public static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return String(decoding: bytes.dropFirst(3), as: UTF8.self)
        }
        return String(String.UnicodeScalarView(bytes.map { pdfDocEncodingScalar($0) }))
    }

    public static func encode(_ string: String) -> [UInt8] {
        if string.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F || $0 == "\n" || $0 == "\r" || $0 == "\t" }) {
            return Array(string.utf8)
        }
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in string.utf16 { bytes.append(UInt8(unit >> 8)); bytes.append(UInt8(unit & 0xFF)) }
        return bytes
    }

    /// PDFDocEncoding (Annex D.2): Latin-1 except 0x18–0x1F and 0x80–0xA0.
    static func pdfDocEncodingScalar(_ byte: UInt8) -> Unicode.Scalar {
        let table: [UInt8: UInt32] = [
            0x18: 0x02D8, 0x19: 0x02C7, 0x1A: 0x02C6, 0x1B: 0x02D9, 0x1C: 0x02DD, 0x1D: 0x02DB, 0x1E: 0x02DA,
            0x1F: 0x02DC, 0x80: 0x2022, 0x81: 0x2020, 0x82: 0x2021, 0x83: 0x2026, 0x84: 0x2014, 0x85: 0x2013,
            0x86: 0x0192, 0x87: 0x2044, 0x88: 0x2039, 0x89: 0x203A, 0x8A: 0x2212, 0x8B: 0x2030, 0x8C: 0x201E,
            0x8D: 0x201C, 0x8E: 0x201D, 0x8F: 0x2018, 0x90: 0x2019, 0x91: 0x201A, 0x92: 0x2122, 0x93: 0xFB01,
            0x94: 0xFB02, 0x95: 0x0141, 0x96: 0x0152, 0x97: 0x0160, 0x98: 0x0178, 0x99: 0x017D, 0x9A: 0x0131,
            0x9B: 0x0142, 0x9C: 0x0153, 0x9D: 0x0161, 0x9E: 0x017E, 0xA0: 0x20AC,
        ]
        return Unicode.Scalar(table[byte] ?? UInt32(byte)) ?? "?"
    }
}
