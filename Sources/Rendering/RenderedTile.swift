// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// A finished tile: a cairo image surface owned by this object and never drawn into again, so
/// it can be made on the render thread and painted on the GTK main thread.
public final class RenderedTile: @unchecked Sendable {
    public let key: TileKey
    /// The tile's position and size in page device pixels at `key.scale`.
    public let pixelRect: Rect
    /// A `cairo_surface_t*`, valid for the tile's lifetime.
    public let surface: OpaquePointer
    /// What the canvas made of the tile to show it (a GPU texture over its pixels, or under
    /// GSK's cairo renderer a cairo node that paints them); set and read on the main thread
    /// only, released with the tile.
    public var attachment: AnyObject?
    /// The one rendering this tile was cut from with others, if it was (its surface is a view
    /// into it): its pixels are freed only when the last of those tiles goes, so a cache lets
    /// them go together.
    public let rendering: SharedRendering?
    /// Where the tile's pixels start in `rendering`'s image (zero for a tile of its own).
    public let originInRendering: (x: Int, y: Int)
    /// Whether every pixel of the tile is opaque (found by the render worker,
    /// ``ImageOpacity``): such a tile can be painted by copying its pixels rather than
    /// blending them.
    public let isOpaque: Bool

    /// Adopts `surface` (a reference the caller owns).
    init(key: TileKey, pixelRect: Rect, adopting surface: OpaquePointer, rendering: SharedRendering? = nil,
         originInRendering: (x: Int, y: Int) = (0, 0), isOpaque: Bool = false) {
        self.key = key
        self.pixelRect = pixelRect
        self.surface = surface
        self.rendering = rendering
        self.originInRendering = originInRendering
        self.isOpaque = isOpaque
    }

    /// The image surface holding the tile's pixels and where they start in it: a view's
    /// rendering, or the tile's own surface. What a texture is made over (a cairo view has no
    /// pixel data of its own to hand out).
    public var image: (surface: OpaquePointer, x: Int, y: Int) {
        if let rendering { return (rendering.image, originInRendering.x, originInRendering.y) }
        return (surface, 0, 0)
    }

    /// Bytes of pixel memory the tile holds.
    public var byteCount: Int { Int(pixelRect.width) * Int(pixelRect.height) * 4 }

    deinit { cairo_surface_destroy(surface) }
}

/// A rendering several tiles are views into (``RenderQueue/render(together:drawPage:copyingOut:)``):
/// its identity tells a cache which tiles hold the same pixels, and it holds the image they
/// share.
public final class SharedRendering: @unchecked Sendable {
    /// The whole rendering's cairo image surface (a reference of its own).
    public let image: OpaquePointer

    /// Keeps a reference to `image` for as long as the views live.
    public init(image: OpaquePointer) { self.image = cairo_surface_reference(image) }

    deinit { cairo_surface_destroy(image) }
}
