// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a piece of PDF syntax could not be read.
public struct PDFSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "PDF syntax error at byte \(offset): \(reason)" }
}

/// Reads one PDF object from its syntax (§7.2–7.3): what the PDF library hands over for an
/// annotation dictionary.
///
/// Complete for objects outside content streams: null, booleans, integers and reals, literal
/// strings with every escape (octal included) and balanced parentheses, hex strings, names with
/// `#xx` escapes, arrays, dictionaries and indirect references. Comments are skipped.
public struct PDFSyntaxParser {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses exactly one object; trailing white space is allowed, anything else is an error.
    public static func parse(_ bytes: [UInt8]) throws(PDFSyntaxError) -> PDFObject {
        var parser = PDFSyntaxParser(bytes)
        let object = try parser.parseObject(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected bytes after the object") }
        return object
    }

    public static func parse(_ text: String) throws(PDFSyntaxError) -> PDFObject { try parse(Array(text.utf8)) }

    private func error(_ reason: String) -> PDFSyntaxError { PDFSyntaxError(offset: position, reason: reason) }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C || b == 0x00 }
    static func isDelimiter(_ b: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(b) }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            let b = bytes[position]
            if Self.isWhitespace(b) { position += 1 }
            else if b == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else { return }
        }
    }

    private mutating func parseObject(depth: Int) throws(PDFSyntaxError) -> PDFObject {
        guard depth < 200 else { throw error("nested too deeply") }
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end") }
        let b = bytes[position]
        switch b {
        case UInt8(ascii: "/"):
            return .name(try parseName())
        case UInt8(ascii: "("):
            return .string(try parseLiteralString())
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                return .dictionary(try parseDictionary(depth: depth))
            }
            return .string(try parseHexString())
        case UInt8(ascii: "["):
            position += 1
            var items: [PDFObject] = []
            while true {
                skipWhitespace()
                guard position < bytes.count else { throw error("unterminated array") }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                items.append(try parseObject(depth: depth + 1))
            }
        default:
            if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || (b >= 0x30 && b <= 0x39) {
                return try parseNumberOrReference()
            }
            let word = readRegular()
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: throw error("unexpected token '\(word)'")
            }
        }
    }

    private mutating func readRegular() -> String {
        let start = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func parseNumberOrReference() throws(PDFSyntaxError) -> PDFObject {
        let token = readRegular()
        guard let first = Self.number(token) else { throw error("bad number '\(token)'") }
        // `num gen R`: two non-negative integers and the keyword.
        if case .integer(let num) = first, num >= 0 {
            let saved = position
            skipWhitespace()
            let genStart = position
            let genToken = readRegular()
            if !genToken.isEmpty, genToken.allSatisfy(\.isASCII), let gen = Int(genToken), gen >= 0, position > genStart {
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "R"),
                   position + 1 == bytes.count || Self.isWhitespace(bytes[position + 1]) || Self.isDelimiter(bytes[position + 1]) {
                    position += 1
                    return .reference(num, gen)
                }
            }
            position = saved
        }
        return first
    }

    static func number(_ token: String) -> PDFObject? {
        if let i = Int(token) { return .integer(i) }
        // PDF reals have no exponent; accept "-.5", "5.", "+1.25".
        var t = Substring(token)
        var sign = 1.0
        if t.first == "+" { t = t.dropFirst() } else if t.first == "-" { sign = -1; t = t.dropFirst() }
        guard !t.isEmpty, t.allSatisfy({ $0 == "." || $0.isASCII && $0.isNumber }), t.filter({ $0 == "." }).count <= 1 else {
            return nil
        }
        let text = t.hasPrefix(".") ? "0" + t : (t.hasSuffix(".") ? t + "0" : String(t))
        guard let value = Double(text) else { return nil }
        return .real(sign * value)
    }

    private mutating func parseName() throws(PDFSyntaxError) -> String {
        position += 1  // "/"
        var out: [UInt8] = []
        while position < bytes.count, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
            let b = bytes[position]
            if b == UInt8(ascii: "#"), position + 2 < bytes.count,
               let hi = Self.hexValue(bytes[position + 1]), let lo = Self.hexValue(bytes[position + 2]) {
                out.append(hi << 4 | lo)
                position += 3
            } else {
                out.append(b)
                position += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    private mutating func parseHexString() throws(PDFSyntaxError) -> [UInt8] {
        position += 1  // "<"
        var out: [UInt8] = []
        var pending: UInt8?
        while position < bytes.count {
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: ">") {
                if let hi = pending { out.append(hi << 4) }
                return out
            }
            if Self.isWhitespace(b) { continue }
            guard let v = Self.hexValue(b) else { throw error("bad hex digit") }
            if let hi = pending { out.append(hi << 4 | v); pending = nil } else { pending = v }
        }
        throw error("unterminated hex string")
    }

    private mutating func parseLiteralString() throws(PDFSyntaxError) -> [UInt8] {
        position += 1  // "("
        var out: [UInt8] = []
        var depth = 1
        while position < bytes.count {
            let b = bytes[position]
            position += 1
            switch b {
            case UInt8(ascii: "("):
                depth += 1
                out.append(b)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return out }
                out.append(b)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error("unterminated string") }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case 0x0D:  // line continuation, CR or CR LF
                    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                case 0x30...0x37:
                    var value = Int(e - 0x30)
                    var digits = 1
                    while digits < 3, position < bytes.count, (0x30...0x37).contains(bytes[position]) {
                        value = value * 8 + Int(bytes[position] - 0x30)
                        position += 1
                        digits += 1
                    }
                    out.append(UInt8(value & 0xFF))
                default: out.append(e)  // \( \) \\ and unknown escapes: the character itself
                }
            case 0x0D:
                // An end of line inside a string reads as a line feed.
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                out.append(0x0A)
            default:
                out.append(b)
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseDictionary(depth: Int) throws(PDFSyntaxError) -> PDFDictionary {
        position += 2  // "<<"
        var dictionary = PDFDictionary()
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated dictionary") }
            if bytes[position] == UInt8(ascii: ">") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else { throw error("expected '>>'") }
                position += 2
                return dictionary
            }
            guard bytes[position] == UInt8(ascii: "/") else { throw error("dictionary key is not a name") }
            let key = try parseName()
            let value = try parseObject(depth: depth + 1)
            // A null value is the same as an absent key (§7.3.7).
            if value != .null { dictionary[key] = value }
        }
    }
}
