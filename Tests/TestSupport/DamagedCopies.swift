// SPDX-License-Identifier: GPL-3.0-or-later
import SeededRandom

/// The four ways the damaged-document tests break a PDF, as files arrive broken in practice.
public enum PDFDamage: String, CaseIterable, Sendable {
    /// A download cut short: 50 to 95 % of the bytes kept.
    case cutShort
    /// A mail gateway's mangling: 16 bytes flipped anywhere.
    case bytesFlipped
    /// A disk block lost: 512 to 4,607 bytes zeroed in one run.
    case blockZeroed
    /// A broken writer: every classic cross-reference offset, and `startxref`, off by 1 to 39
    /// bytes.
    case xrefShifted
}

/// Damaged copies of a PDF, made from a seed so that a failure replays exactly.
public enum DamagedCopies {
    /// `bytes` damaged the `kind` way, the damage drawn from `seed`.
    public static func damage(_ bytes: [UInt8], _ kind: PDFDamage, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var out = bytes
        let n = out.count
        guard n > 64 else { return out }
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        switch kind {
        case .cutShort:
            out.removeSubrange(Int(Double(n) * (0.5 + 0.45 * random.unit()))...)
        case .bytesFlipped:
            for _ in 0..<16 { out[below(n)] ^= UInt8(1 + below(255)) }
        case .blockZeroed:
            let at = below(n)
            for i in at..<min(n, at + 512 + below(4096)) { out[i] = 0 }
        case .xrefShifted:
            shiftXrefOffsets(&out) { 1 + below(39) }
        }
        return out
    }

    /// Adds `delta()` to every `0000012345 00000 n` entry's offset (same width, so nothing else
    /// moves) and to the number after the last `startxref`.
    public static func shiftXrefOffsets(_ bytes: inout [UInt8], delta: () -> Int) {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        let space: UInt8 = 0x20, n: UInt8 = 0x6E
        var i = 0
        while i + 18 <= bytes.count {
            if (0..<10).allSatisfy({ isDigit(bytes[i + $0]) }), bytes[i + 10] == space, (11..<16).allSatisfy({ isDigit(bytes[i + $0]) }),
               bytes[i + 16] == space, bytes[i + 17] == n, i == 0 || !isDigit(bytes[i - 1]) {
                let value = Int(String(decoding: bytes[i..<(i + 10)], as: UTF8.self))! + delta()
                let digits = Array(String(value).utf8)
                guard digits.count <= 10 else { i += 18; continue }
                let padded = [UInt8](repeating: 0x30, count: 10 - digits.count) + digits
                bytes.replaceSubrange(i..<(i + 10), with: padded)
                i += 18
            } else {
                i += 1
            }
        }
        let marker = Array("startxref".utf8)
        guard bytes.count > marker.count,
              let at = stride(from: bytes.count - marker.count, through: 0, by: -1).first(where: { Array(bytes[$0..<($0 + marker.count)]) == marker })
        else { return }
        var start = at + marker.count
        while start < bytes.count, !isDigit(bytes[start]) { start += 1 }
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        guard end > start, let value = Int(String(decoding: bytes[start..<end], as: UTF8.self)) else { return }
        bytes.replaceSubrange(start..<end, with: Array(String(value + delta()).utf8))
    }
}
