// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A binary PNM image (P6, or grey P5), as `mutool draw -F pnm` writes it: how tests read what
/// MuPDF (not poppler) drew of a saved file.
public struct PNMImage {
    public var width: Int
    public var height: Int
    /// RGB bytes, row by row.
    public var pixels: [UInt8]

    public init(path: String) throws {
        let data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [String] = []
        var i = 0
        while fields.count < 4, i < data.count {
            while i < data.count, data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09 { i += 1 }
            var token = ""
            while i < data.count, !(data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09) {
                token.append(Character(Unicode.Scalar(data[i])))
                i += 1
            }
            fields.append(token)
        }
        i += 1
        guard fields.count == 4, fields[0] == "P6" || fields[0] == "P5", let w = Int(fields[1]), let h = Int(fields[2]) else {
            throw NSError(domain: "PNM", code: 1, userInfo: [NSLocalizedDescriptionKey: "not a P5 or P6 image: \(fields)"])
        }
        width = w
        height = h
        // Grey images (P5) become RGB, so one test reads both.
        pixels = fields[0] == "P6" ? Array(data[i...]) : data[i...].flatMap { [$0, $0, $0] }
    }

    /// Anything clearly not white paper.
    public func isInk(x: Int, y: Int) -> Bool {
        let o = (y * width + x) * 3
        guard o + 2 < pixels.count else { return false }
        return Int(pixels[o]) + Int(pixels[o + 1]) + Int(pixels[o + 2]) < 3 * 235
    }

    /// The red, green and blue of a pixel.
    public func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int)? {
        let o = (y * width + x) * 3
        guard x >= 0, y >= 0, x < width, o + 2 < pixels.count else { return nil }
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]))
    }
}
