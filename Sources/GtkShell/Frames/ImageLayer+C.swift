// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo

extension ImageLayer {
    /// The image's bytes, row after row (tests: two layers drawn alike).
    var imageBytes: [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let count = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        return Array(UnsafeBufferPointer(start: data, count: count))
    }
}
