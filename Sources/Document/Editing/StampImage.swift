// SPDX-License-Identifier: GPL-3.0-or-later

/// The picture of an image stamp, ready to be written as a PDF image XObject: 8-bit RGB samples
/// and an optional 8-bit alpha channel (a soft mask), row by row from the top.
///
/// The editor writes the samples compressed (PNG row prediction and Flate, through the bridge),
/// so a picture costs what it compresses to; the shell's loader still scales pictures to at
/// most 1024 pixels across, more than a stamp needs on paper. The pixels travel with the annotation value
/// (through undo, the journal and the clipboard), so the app can draw the stamp again after a
/// resize; once the document is saved and reopened, the picture lives in the file's appearance
/// only (see ``StampImageSource/inFile``).
public struct StampImage: Hashable, Sendable, Codable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Three bytes a pixel.
    public var samples: Bytes
    /// One byte a pixel; `nil` for an opaque picture.
    public var alpha: Bytes?
    /// The same picture as a baseline RGB JPEG file, for a photo (an opaque picture that came
    /// from a JPEG): written into the document as it is (/DCTDecode), about a tenth of what its
    /// samples take compressed losslessly. `nil`: the samples are written (Flate).
    public var jpeg: Bytes?

    public init(pixelWidth: Int, pixelHeight: Int, samples: [UInt8], alpha: [UInt8]? = nil, jpeg: [UInt8]? = nil) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.samples = Bytes(samples)
        self.alpha = alpha.map(Bytes.init)
        self.jpeg = jpeg.map(Bytes.init)
    }

    /// Bytes that encode as base64 text (a journal line stays a third larger than the picture,
    /// not four times).
    public struct Bytes: Hashable, Sendable, Codable {
        public var bytes: [UInt8]
        public init(_ bytes: [UInt8]) { self.bytes = bytes }

        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let bytes = Base64.decode(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not base64"))
            }
            self.bytes = bytes
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(Base64.encode(bytes))
        }
    }
}

/// Where an image stamp's picture is.
public enum StampImageSource: Hashable, Sendable, Codable {
    /// With the annotation: the app can draw it at any size.
    case held(StampImage)
    /// Only in the file's appearance (an image stamp read from a saved file): the appearance is
    /// kept as it is, and moves and resizes map it onto the new rectangle.
    case inFile
}

/// Standard base64 (RFC 4648, with padding).
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(c - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(c - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): break
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var i = 0
        while i + 1 < values.count {
            out.append(values[i] << 2 | values[i + 1] >> 4)
            if i + 2 < values.count { out.append(values[i + 1] << 4 | values[i + 2] >> 2) }
            if i + 3 < values.count { out.append(values[i + 2] << 6 | values[i + 3]) }
            i += 4
        }
        return out
    }
}
