// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The samples of a /Sound annotation as a WAV file GStreamer plays. poppler-glib 22.12 does not
/// read sound annotations, so the file is read with the core reader: the page's /Sound
/// annotation at the rectangle poppler reported, its sound stream decoded, and its /R (rate),
/// /C (channels), /B (bits per sample) and /E (encoding) turned into a PCM header (PDF 32000-1
/// §13.3: samples most significant byte first; WAV wants 16-bit samples least significant byte
/// first and 8-bit samples unsigned).
public enum SoundClip {
    /// The WAV, or `nil` when there is no such annotation or its encoding is not linear PCM
    /// (µ-law and A-law are left out).
    public static func wav(path: String, password: String?, page: PageIndex, rect: Rect) -> [UInt8]? {
        guard let core = try? CoreDocument.open(path: path, password: password) else { return nil }
        let origin = core.pageGeometry(page)?.cropOrigin ?? .zero
        for entry in core.annotationEntries(on: page) {
            guard let d = entry.dictionary, d["Subtype"]?.nameValue == "Sound", let r = d["Rect"]?.numbers, r.count == 4,
                  abs(min(r[0], r[2]) - origin.x - rect.minX) < 1, abs(min(r[1], r[3]) - origin.y - rect.minY) < 1,
                  let wav = wav(of: d, in: core) else { continue }
            return wav
        }
        return nil
    }

    /// The WAV of the /Sound annotation `d` of `core` (its /Sound stream's samples), or `nil`.
    public static func wav(of d: PDFDictionary, in core: CoreDocument) -> [UInt8]? {
        guard case .reference(let n, let g)? = d["Sound"], let stream = core.object(ObjectRef(n, g))?.dictionaryValue,
              let samples = core.streamData(ObjectRef(n, g)) else { return nil }
        return wav(samples: samples, rate: Int(stream["R"]?.number ?? 8000), channels: Int(stream["C"]?.number ?? 1),
                   bits: Int(stream["B"]?.number ?? 8), encoding: stream["E"]?.nameValue ?? "Raw")
    }

    /// A WAV file of PDF sound samples.
    public static func wav(samples: [UInt8], rate: Int, channels: Int, bits: Int, encoding: String) -> [UInt8]? {
        guard rate > 0, (1...8).contains(channels), bits == 8 || bits == 16, encoding == "Raw" || encoding == "Signed" else { return nil }
        var pcm = samples
        if bits == 16 {
            pcm = Array(pcm.prefix(pcm.count & ~1))
            for i in stride(from: 0, to: pcm.count, by: 2) { pcm.swapAt(i, i + 1) }
            // Raw 16-bit samples are unsigned: WAV's are signed.
            if encoding == "Raw" { for i in stride(from: 1, to: pcm.count, by: 2) { pcm[i] ^= 0x80 } }
        } else if encoding == "Signed" {
            pcm = pcm.map { $0 ^ 0x80 }
        }
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let block = channels * bits / 8
        return Array("RIFF".utf8) + le32(36 + pcm.count) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(channels) + le32(rate)
            + le32(rate * block) + le16(block) + le16(bits) + Array("data".utf8) + le32(pcm.count) + pcm
    }
}
