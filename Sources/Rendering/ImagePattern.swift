// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo

/// A cairo pattern that paints an image surface's pixels where they are, which cairo never
/// snapshots. Painted as a plain surface into a recording (a GTK cairo node, a turn's frame),
/// an image gets a snapshot attached that it keeps until it is destroyed, and destroying it
/// then copies all its pixels for a snapshot nobody holds any more: a tile's eviction cost a
/// copy of the tile. A raster source hands cairo the image itself each time it is drawn.
public enum ImagePattern {
    /// A new pattern (the caller owns it) painting `image` (an image surface) with the point
    /// `origin` of its pixels at the user-space origin, padded at its edges, and sampled with
    /// `filter` where it is scaled (bilinear by default, as GSK's GL renderer samples a
    /// texture). It keeps `image` alive.
    public static func make(_ image: OpaquePointer, origin: (x: Double, y: Double) = (0, 0),
                            filter: cairo_filter_t = CAIRO_FILTER_BILINEAR) -> OpaquePointer? {
        let width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image)
        guard width > 0, height > 0,
              let pattern = cairo_pattern_create_raster_source(UnsafeMutableRawPointer(cairo_surface_reference(image)),
                                                               cairo_surface_get_content(image), width, height)
        else { return nil }
        cairo_raster_source_pattern_set_acquire(pattern, { _, data, _, _ in
            cairo_surface_reference(OpaquePointer(data))
        }, { _, _, surface in
            cairo_surface_destroy(surface)
        })
        // Every copy of the pattern (a recording keeps one) holds the image, and lets it go.
        cairo_raster_source_pattern_set_copy(pattern) { _, data, _ in
            cairo_surface_reference(OpaquePointer(data))
            return CAIRO_STATUS_SUCCESS
        }
        cairo_raster_source_pattern_set_finish(pattern) { _, data in cairo_surface_destroy(OpaquePointer(data)) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, origin.x, origin.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, filter)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }
}
