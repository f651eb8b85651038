// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// Makes the images the frames keep from frame to frame (carried pictures, image layers): one
/// place that sizes, scales and checks a fresh ARGB image and hands it over drawn and flushed,
/// at once or a part at a time (``blank(width:height:scale:)``, ``draw(into:origin:clip:_:)``).
enum ScaledImage {
    /// A new `width`×`height` image (device pixels) that `draw` paints in view coordinates:
    /// `scale` device pixels per view pixel, its first pixel's corner at `origin`. The caller
    /// owns the image (`cairo_surface_destroy`); `nil` when the size is empty or too large, or
    /// cairo cannot make it.
    static func drawn(width: Int32, height: Int32, scale: Double, origin: Point,
                      _ draw: (_ cr: OpaquePointer, _ image: OpaquePointer) -> Void) -> OpaquePointer? {
        guard let surface = blank(width: width, height: height, scale: scale) else { return nil }
        Self.draw(into: surface, origin: origin, clip: nil) { cr in draw(cr, surface) }
        return surface
    }

    /// A new clear `width`×`height` image at `scale` device pixels per view pixel, drawn later
    /// (``draw(into:origin:clip:_:)``); the caller owns it. `nil` as ``drawn``.
    static func blank(width: Int32, height: Int32, scale: Double) -> OpaquePointer? {
        guard width > 0, height > 0, width < 16384, height < 16384,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, scale, scale)
        return surface
    }

    /// `draw` paints into `surface` (made by ``blank``) in view coordinates, its first pixel's
    /// corner at `origin`, within `clip` only (view coordinates; on whole device pixels, a
    /// band of the image) when given; the image is flushed after.
    static func draw(into surface: OpaquePointer, origin: Point, clip: Rect?, _ draw: (_ cr: OpaquePointer) -> Void) {
        guard let cr = cairo_create(surface) else { return }
        cairo_translate(cr, -origin.x, -origin.y)
        if let clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }
}
