// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo

/// Whether an image's pixels are all opaque, found once where a tile is rendered (on the render
/// worker): an opaque tile's premultiplied ARGB32 pixels are the same bytes as RGB24, which
/// cairo paints by copying them, where it blends ARGB32 pixel by pixel.
public enum ImageOpacity {
    /// Whether every pixel of `image` (an ARGB32 or RGB24 image surface) has full alpha;
    /// false for another kind of surface.
    public static func isOpaque(_ image: OpaquePointer) -> Bool {
        guard cairo_surface_get_type(image) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        let format = cairo_image_surface_get_format(image)
        if format == CAIRO_FORMAT_RGB24 { return true }
        guard format == CAIRO_FORMAT_ARGB32, let data = cairo_image_surface_get_data(image) else { return false }
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }
}
