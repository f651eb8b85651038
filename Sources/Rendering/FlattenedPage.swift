// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// A page's paper and tiles flattened into one opaque image, kept while the same tiles make
/// it. A page drawn turned (the back of a curling sheet) then costs one transformed composite
/// a frame instead of one per tile, each clipped to its own turned square: under GSK's cairo
/// renderer that difference is the page curl's frame rate at 1080p.
public final class FlattenedPage {
    private var surface: OpaquePointer?
    private var key: Key?
    /// The tiles the image was made from, kept so that no other tile can take one's identity.
    private var madeFrom: [RenderedTile] = []

    private struct Key: Equatable {
        let page: PageIndex
        let size: Size
        let deviceScale: Double
        let tiles: [ObjectIdentifier]
    }

    public init() {}
    deinit { if let surface { cairo_surface_destroy(surface) } }

    /// The image of `page` laid out `size` large (view pixels), `deviceScale` pixels per view
    /// pixel, from `painter`'s tiles; made again only when the tiles that show it change.
    public func image(of page: PageIndex, size: Size, deviceScale: Double, painter: PagePainter) -> OpaquePointer? {
        let tiles = painter.tilesShowing(page, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
        let key = Key(page: page, size: size, deviceScale: deviceScale, tiles: tiles.map(ObjectIdentifier.init))
        if key == self.key, let surface { return surface }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        self.key = nil
        let width = Int32((size.width * deviceScale).rounded(.up)), height = Int32((size.height * deviceScale).rounded(.up))
        guard width > 0, height > 0, width < 16_384, height < 16_384,
              let made = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else { return nil }
        guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(made); return nil }
        cairo_surface_set_device_scale(made, deviceScale, deviceScale)
        let cr = cairo_create(made)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        painter.paintTiles(of: page, at: Rect(x: 0, y: 0, width: size.width, height: size.height), cr: cr)
        cairo_destroy(cr)
        surface = made
        self.key = key
        madeFrom = tiles
        return made
    }
}

/// The pages a page turn shows, each kept as one image while the turn lasts: the sheet's flat
/// part, the page beneath its lifted part and its back are then one composite each per frame.
public final class CurlImages {
    public let sheet = FlattenedPage()
    public let beneath = FlattenedPage()
    public let back = FlattenedPage()
    public init() {}
}
