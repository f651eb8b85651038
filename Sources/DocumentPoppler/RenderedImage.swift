// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// A rendered page as a cairo ARGB32 image surface, owned by Swift so that it can be handed from
/// the render thread to the UI thread and freed when the last user lets go.
///
/// The pixels are never written after ``PopplerDocument/renderImage(page:scale:maxPixelArea:)``
/// returns, which is what makes the `@unchecked Sendable` safe: treat the surface as read-only
/// (upload it as a texture, paint it with `cairo_set_source_surface`, read its pixels).
public final class RenderedImage: @unchecked Sendable {
    public let page: PageIndex
    public let width: Int
    public let height: Int
    /// Bytes per row, as cairo laid them out.
    public let stride: Int
    /// Device pixels per point actually used (smaller than asked for when the budget clamped it).
    public let scale: Double
    /// The `cairo_surface_t*` (format `CAIRO_FORMAT_ARGB32`, premultiplied, native-endian).
    /// Borrowed: valid while this object lives; take a `cairo_surface_reference` to keep it longer.
    public let surface: OpaquePointer

    /// Takes over one reference to `surface`.
    init(page: PageIndex, adoptingSurface surface: OpaquePointer, scale: Double) {
        self.page = page
        self.surface = surface
        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
        self.stride = Int(cairo_image_surface_get_stride(surface))
        self.scale = scale
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
