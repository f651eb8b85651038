// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo

extension RenderedImage {
    /// The premultiplied ARGB value of one pixel (`0xAARRGGBB`), for tests and colour pickers.
    /// Wraps `cairo_image_surface_get_data`.
    ///
    /// - Precondition: `0 <= x < width`, `0 <= y < height`.
    public func argb(x: Int, y: Int) -> UInt32 {
        precondition((0..<width).contains(x) && (0..<height).contains(y), "pixel (\(x), \(y)) outside \(width)×\(height)")
        return withUnsafeBytes { bytes in
            bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        }
    }

    /// Lends the pixel rows (`height × stride` bytes) to `body`; the buffer must not escape it.
    /// Wraps `cairo_image_surface_get_data`.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let data = cairo_image_surface_get_data(surface)
        return try withExtendedLifetime(self) {
            try body(UnsafeRawBufferPointer(start: data.map { UnsafeRawPointer($0) }, count: data == nil ? 0 : height * stride))
        }
    }
}
