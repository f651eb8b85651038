// SPDX-License-Identifier: GPL-3.0-or-later

extension RenderedImage {
    /// The image as 8-bit grey, one byte a pixel and `width` bytes a row (what text recognition
    /// reads), composited on white: luma (0.299 R + 0.587 G + 0.114 B, in integers).
    public func greyPixels() -> [UInt8] {
        var grey = [UInt8](repeating: 255, count: width * height)
        withUnsafeBytes { bytes in
            guard bytes.count >= height * stride else { return }
            grey.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * stride
                    for x in 0..<width {
                        let p = bytes.load(fromByteOffset: row + x * 4, as: UInt32.self)
                        // Premultiplied ARGB: add the white that shows through.
                        let a = Int(p >> 24), white = 255 - a
                        let r = Int(p >> 16 & 0xFF) + white, g = Int(p >> 8 & 0xFF) + white, b = Int(p & 0xFF) + white
                        out[y * width + x] = UInt8(clamping: (r * 77 + g * 150 + b * 29) >> 8)
                    }
                }
            }
        }
        return grey
    }
}
