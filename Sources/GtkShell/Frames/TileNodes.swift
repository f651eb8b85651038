// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Geometry
import Rendering

/// Places pages' rendered tiles in a render-node frame. A tile becomes a `GdkTexture` once (over
/// its pixels where they are) and every frame after that only places it: GTK's GL renderer
/// keeps the texture on the GPU, so scrolling and zooming move textures instead of drawing
/// pixels. Under GSK's cairo renderer (GTK 4.8), which copies a texture's pixels into a new
/// surface each frame it draws it, each tile is a cairo node of its own instead, kept with the
/// tile and holding a view of its pixels, which the renderer paints straight onto the window's.
struct TileNodes {
    let cache: TileCache
    /// Counts each texture or cairo node made of a tile's pixels (the state dump's
    /// `tileImagesMade`): once per tile and zoom, so a frame of tiles already placed adds none.
    var imageMade: () -> Void = {}
    let planner: TilePlanner
    let zoom: Double
    /// Whether tiles are cairo nodes (GSK's cairo renderer) rather than textures.
    let asCairoNodes: Bool

    /// A page's edge, its paper, then stand-ins from other zooms and the sharp tiles that are on
    /// screen, clipped to the page (the paper only where opaque sharp tiles do not cover the
    /// page on screen, the stand-ins only while a sharp tile is missing). `visible` is the part of the view on screen, in the
    /// snapshot's current coordinates (`nil` under a transform that is not a plain offset:
    /// every tile is placed).
    func appendPage(_ page: PageIndex, at frame: Rect, visible: Rect?, _ snapshot: OpaquePointer) {
        // The page on device pixels: its tiles' pixels then meet the screen's one to one, and
        // the paper and the clip meet the tiles exactly.
        let frame = planner.deviceAligned(frame)
        for strip in PagePainter.edgeStrips(of: frame) {
            ann_snapshot_append_color(snapshot, 0, 0, 0, 0.18, strip.minX, strip.minY, strip.width, strip.height)
        }
        let tiling = planner.tiling(of: page, zoom: zoom)
        let origin = frame.origin
        let s = planner.viewPixelsPerSharpTilePixel(of: tiling, zoom: zoom)
        // The sharp tiles on screen, where opaque ones cover the page, and whether any is
        // still missing.
        var sharp: [RenderedTile] = []
        var covered: [Rect] = []
        var missing = false
        for row in 0..<tiling.rows {
            for column in 0..<tiling.columns {
                let r = tiling.pixelRect(column: column, row: row)
                let onScreen = Rect(x: origin.x + r.minX * s, y: origin.y + r.minY * s, width: r.width * s, height: r.height * s)
                guard visible.map({ onScreen.intersects($0) }) ?? true else { continue }
                if let tile = cache.tile(for: TileKey(page: page, scaleMillis: tiling.scaleMillis, column: column, row: row)) {
                    sharp.append(tile)
                    if tile.isOpaque { covered.append(planner.deviceAligned(onScreen)) }
                } else {
                    missing = true
                }
            }
        }
        // Under GSK's cairo renderer every node is painted, hidden or not: the paper is drawn
        // only where no opaque sharp tile covers the page on screen, and the stand-ins only
        // while a sharp tile is missing, not filled and scaled under a sharp view every frame.
        // Under a transform (a turn) the whole paper stays: it fills the seams of tiles sampled
        // askew.
        let paper = visible.map { visible in
            frame.intersection(visible).map { $0.subtracting(covered) }?.filter { $0.width > 0.01 && $0.height > 0.01 } ?? []
        } ?? [frame]
        for part in paper {
            ann_snapshot_append_color(snapshot, 1, 1, 1, 1, part.minX, part.minY, part.width, part.height)
        }
        ann_snapshot_push_clip(snapshot, frame.minX, frame.minY, frame.width, frame.height)
        defer { gtk_snapshot_pop(snapshot) }
        if missing {
            for tile in cache.placeholderTiles(page: page, near: tiling.scaleMillis) {
                place(tile, pageOrigin: origin, snapshot)
            }
        }
        for tile in sharp { place(tile, pageOrigin: origin, snapshot) }
    }

    /// Under GSK's cairo renderer, the height of the bands a large cairo drawing is cut into:
    /// about half a megabyte of pixels each, which stays in the processor's cache while GSK
    /// replays it. 0 (one node) under GL, which keeps a cairo node's pixels as a texture.
    func bandHeight(width: Double) -> Double {
        guard asCairoNodes else { return 0 }
        let scale = max(1, planner.deviceScale)
        let rows = Double(Self.cairoBandBytes) / max(1, width * scale * 4)
        return max(16, (rows / scale).rounded(.down))
    }

    /// The pixels of one band (``bandHeight(width:)``).
    static let cairoBandBytes = 512 * 1024

    /// One tile where its pixels go at the current zoom: its texture, or under the cairo
    /// renderer a cairo node that paints its surface.
    private func place(_ tile: RenderedTile, pageOrigin: Point, _ snapshot: OpaquePointer) {
        let s = planner.viewPixelsPerTilePixel(tile.key, zoom: zoom)
        let r = tile.pixelRect
        let x = pageOrigin.x + r.minX * s, y = pageOrigin.y + r.minY * s
        if asCairoNodes {
            guard let node = cairoNode(of: tile, scale: s) else { return }
            ann_snapshot_append_node_at(snapshot, node, x, y)
            return
        }
        guard let texture = texture(of: tile) else { return }
        ann_snapshot_append_texture(snapshot, texture, x, y, r.width * s, r.height * s)
    }

    /// The tile's cairo node at `scale` view pixels per tile pixel, made the first time it is
    /// shown at that scale and kept with the tile. It paints the pixels where they are, in the
    /// image of a rendering several tiles share or the tile's own: the node holds a view of
    /// that image (GTK 4.8's cairo renderer then paints it directly each frame, by copying an
    /// opaque tile's pixels), or, shrunk or where that cannot be made, a recording of an
    /// ``ImagePattern`` (which the renderer replays into a new image each frame). Cairo takes
    /// no snapshot of the pixels, so neither the node nor the tile's eviction copies them.
    private func cairoNode(of tile: RenderedTile, scale: Double) -> OpaquePointer? {
        if let made = tile.attachment as? TileCairoNode, made.scale == scale { return made.node }
        let image = tile.image
        // Shrunk (a stand-in from a larger zoom), the view would be sampled with cairo's
        // default filter, a convolution far slower than the pattern's bilinear one.
        if scale * planner.deviceScale >= 1 - 1e-9,
           let node = ann_cairo_node_for_image_region(image.surface, Int32(image.x), Int32(image.y), Int32(tile.pixelRect.width),
                                                      Int32(tile.pixelRect.height), scale, tile.isOpaque ? 1 : 0) {
            tile.attachment = TileCairoNode(adopting: node, scale: scale)
            imageMade()
            return node
        }
        guard let pattern = ImagePattern.make(image.surface, origin: (Double(image.x), Double(image.y))) else { return nil }
        defer { cairo_pattern_destroy(pattern) }
        guard let node = ann_cairo_node_for_pattern(pattern, tile.pixelRect.width * scale, tile.pixelRect.height * scale, scale)
        else { return nil }
        tile.attachment = TileCairoNode(adopting: node, scale: scale)
        imageMade()
        return node
    }

    /// The tile's texture, made the first time it is shown and kept with the tile (freed with it).
    private func texture(of tile: RenderedTile) -> OpaquePointer? {
        if let made = tile.attachment as? TileTexture { return made.texture }
        // A tile cut from a larger rendering is a cairo view, with no pixels of its own to hand
        // out: its texture is made over its region of the rendering.
        let image = tile.image
        guard let texture = ann_texture_for_cairo_image_region(image.surface, Int32(image.x), Int32(image.y),
                                                               Int32(tile.pixelRect.width), Int32(tile.pixelRect.height))
        else { return nil }
        tile.attachment = TileTexture(adopting: texture)
        imageMade()
        return texture
    }
}

/// A tile's cairo node (GSK's cairo renderer) at one scale, released with the tile.
final class TileCairoNode {
    let node: OpaquePointer
    let scale: Double
    init(adopting node: OpaquePointer, scale: Double) { self.node = node; self.scale = scale }
    deinit { gsk_render_node_unref(node) }
}

/// A tile's `GdkTexture`, released with the tile.
final class TileTexture {
    let texture: OpaquePointer
    init(adopting texture: OpaquePointer) { self.texture = texture }
    deinit { g_object_unref(UnsafeMutableRawPointer(texture)) }
}
