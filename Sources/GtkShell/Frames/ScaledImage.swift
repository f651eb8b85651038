// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// Makes the images the frames keep from frame to frame (carried pictures, image layers): one
/// place that sizes, scales and checks a fresh ARGB image and hands it over drawn and flushed.
enum ScaledImage {
    /// A new `width`×`height` image (device pixels) that `draw` paints in view coordinates:
    /// `scale` device pixels per view pixel, its first pixel's corner at `origin`. The caller
    /// owns the image (`cairo_surface_destroy`); `nil` when the size is empty or too large, or
    /// cairo cannot make it.
    static func drawn(width: Int32, height: Int32, scale: Double, origin: Point,
                      _ draw: (_ cr: OpaquePointer, _ image: OpaquePointer) -> Void) -> OpaquePointer? {
        guard width > 0, height > 0, width < 16384, height < 16384,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, scale, scale)
        cairo_translate(cr, -origin.x, -origin.y)
        draw(cr, surface)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }
}
