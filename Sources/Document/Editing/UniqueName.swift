// SPDX-License-Identifier: GPL-3.0-or-later

/// The one maker of the /NM the app gives an annotation it makes or changes: a random UUID
/// (RFC 9562 version 4, lowercase, as Acrobat writes /NM), so that a thread, an XFDF file or a
/// shared review can name the annotation outside the PDF.
public enum UniqueName {
    /// A fresh random UUID ("1b4e28ba-2fa1-4d2c-883f-0016d3cca427"), from the system's random
    /// source.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    /// A UUID from `generator`'s bits (tests give a seeded one).
    public static func make<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC's variant
        let digits = Array("0123456789abcdef")
        var out = ""
        out.reserveCapacity(36)
        for (i, byte) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append("-") }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return out
    }

    /// Whether `text` is a UUID as ``make()`` writes them (any version, either case).
    public static func isUUID(_ text: String) -> Bool {
        let chars = Array(text.utf8)
        guard chars.count == 36 else { return false }
        for (i, c) in chars.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard c == UInt8(ascii: "-") else { return false }
            } else {
                guard (c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 102) else { return false }
            }
        }
        return true
    }
}
