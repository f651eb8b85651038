// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import DocumentLayout
import DocumentSession
import Geometry
import Rendering

/// The snapshot canvas: each frame is a tree of render nodes, not a picture. A rendered tile
/// becomes a `GdkTexture` once (over its pixels where they are), and every frame after that only
/// places it: GTK's GL renderer keeps the texture on the GPU, so scrolling and zooming move
/// textures instead of drawing pixels. Page edges and paper are colour nodes, each page's tiles
/// sit in a clip; search matches and selected text are colour nodes; the other overlays
/// (outlines, handles, previews) are one cairo node as large as what they draw, only when there
/// are any; the ink being drawn keeps its finished pieces
/// as nodes of their own (PdfCanvas+SnapshotInk). A page turn is nodes too (PdfCanvas+SnapshotCurl). Under GSK's cairo
/// renderer, which copies a texture's pixels on every frame, each tile is a cairo node of its
/// own instead, kept with the tile, and a turn is drawn by cairo and shown in bands over the
/// still page's tiles.
extension PdfCanvas {
    /// Whether the canvas builds its frames from nodes (`PDF_ANNOTATOR_CANVAS=cairo` draws them
    /// with cairo as before, for comparison).
    nonisolated static let usesSnapshots: Bool = {
        guard let value = getenv("PDF_ANNOTATOR_CANVAS") else { return true }
        return String(cString: value) != "cairo"
    }()

    func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        // GSK's cairo renderer (GTK 4.8) copies every texture's pixels into a new surface each
        // frame it draws it, and replays a cairo node through an image as large as the node.
        // There a tile is a cairo node of its own (replayed through an image the size of the
        // tile, where one node for the whole view made and filled a view-sized image each
        // frame), and a page turn, whose rotated clips it would mask pixel by pixel as
        // nodes, is drawn once by cairo, as a drawing area would, and shown in bands of the
        // same size over the still pages' tiles. The GL renderer keeps textures on the GPU.
        tilesAsCairoNodes = cairoRendererForTesting ?? (ann_widget_renders_with_cairo(area) != 0)
        guard startFrame() else { return }
        if tilesAsCairoNodes, let turn = pageTurn {
            snapshotPageTurnWithCairo(turn, width: width, height: height, snapshot)
            diagnostics.framePainting = .turn
            latency?.frameBuilt()
            return
        }
        if let turn = pageTurn {
            snapshotPageTurn(turn, width: width, height: height, snapshot)
            diagnostics.framePainting = .turn
            latency?.frameBuilt()
            return
        }
        // The cairo turn's page images are not kept past the turn.
        curlImages = nil
        noteViewportDrawn()
        let zoom = viewport.zoom
        let visible = Rect(x: 0, y: 0, width: width, height: height)
        for page in view.shownPages {
            let frame = layout.pageFrame(page, zoom: zoom).offsetBy(Point.zero - viewport.offset)
            guard frame.intersects(visible.insetBy(dx: -2, dy: -2)) else { continue }
            snapshotPage(page, at: frame, visible: visible, snapshot)
        }
        // Held creations let go of themselves once their page shows them (every frame).
        releaseHeldCreations()
        snapshotTints(width: width, height: height, snapshot)
        snapshotInkInProgress(snapshot)
        if overlaysNeeded { snapshotOverlays(width: width, height: height, snapshot) }
        latency?.frameBuilt()
    }

    /// A page's edge, its paper, then stand-ins from other zooms and the sharp tiles that are on
    /// screen, as textures (or cairo nodes, ``tilesAsCairoNodes``) clipped to the page.
    /// `visible` is the part of the view on screen, in the snapshot's current coordinates
    /// (`nil` under a transform that is not a plain offset: every tile is placed).
    func snapshotPage(_ page: PageIndex, at frame: Rect, visible: Rect?, _ snapshot: OpaquePointer) {
        // The page on device pixels: its tiles' pixels then meet the screen's one to one, and
        // the paper and the clip meet the tiles exactly.
        let frame = tilePlanner.deviceAligned(frame)
        for strip in PagePainter.edgeStrips(of: frame) {
            ann_snapshot_append_color(snapshot, 0, 0, 0, 0.18, strip.minX, strip.minY, strip.width, strip.height)
        }
        ann_snapshot_append_color(snapshot, 1, 1, 1, 1, frame.minX, frame.minY, frame.width, frame.height)
        ann_snapshot_push_clip(snapshot, frame.minX, frame.minY, frame.width, frame.height)
        defer { gtk_snapshot_pop(snapshot) }
        let zoom = viewport.zoom
        let tiling = tilePlanner.tiling(of: page, zoom: zoom)
        let origin = frame.origin
        for tile in cache.placeholderTiles(page: page, near: tiling.scaleMillis) {
            place(tile, pageOrigin: origin, zoom: zoom, snapshot)
        }
        let s = tilePlanner.viewPixelsPerSharpTilePixel(of: tiling, zoom: zoom)
        for row in 0..<tiling.rows {
            for column in 0..<tiling.columns {
                let r = tiling.pixelRect(column: column, row: row)
                let onScreen = Rect(x: origin.x + r.minX * s, y: origin.y + r.minY * s, width: r.width * s, height: r.height * s)
                guard visible.map({ onScreen.intersects($0) }) ?? true,
                      let tile = cache.tile(for: TileKey(page: page, scaleMillis: tiling.scaleMillis, column: column, row: row)) else { continue }
                place(tile, pageOrigin: origin, zoom: zoom, snapshot)
            }
        }
    }

    /// A page turn under GSK's cairo renderer: the front spread's pages that stay still are
    /// their tiles' kept nodes (unchanged from frame to frame, GTK does not redraw them), the
    /// rest drawn once by cairo and shown in bands.
    private func snapshotPageTurnWithCairo(_ turn: PageTurn, width: Double, height: Double, _ snapshot: OpaquePointer) {
        let visible = Rect(x: 0, y: 0, width: width, height: height)
        for (page, frame) in view.alignedFrames(ofSpread: turn.front, on: turn.resting).dropLast() {
            snapshotPage(page, at: frame, visible: visible, snapshot)
        }
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { return }
        defer { cairo_surface_destroy(recording) }
        let cr = cairo_create(recording)!
        drawPageTurn(turn, cr, stillPagesAsNodes: true)
        cairo_destroy(cr)
        ann_snapshot_append_recording(snapshot, recording, width, height, cairoBandHeight(width: width))
    }

    /// Under GSK's cairo renderer, the height of the bands a large cairo drawing is cut into:
    /// about half a megabyte of pixels each, which stays in the processor's cache while GSK
    /// replays it. 0 (one node) under GL, which keeps a cairo node's pixels as a texture.
    func cairoBandHeight(width: Double) -> Double {
        guard tilesAsCairoNodes else { return 0 }
        let scale = max(1, deviceScale)
        let rows = Double(Self.cairoBandBytes) / max(1, width * scale * 4)
        return max(16, (rows / scale).rounded(.down))
    }

    /// The pixels of one band (``cairoBandHeight(width:)``).
    static let cairoBandBytes = 512 * 1024

    /// One tile where its pixels go at the current zoom: its texture, or under the cairo
    /// renderer a cairo node that paints its surface.
    private func place(_ tile: RenderedTile, pageOrigin: Point, zoom: Double, _ snapshot: OpaquePointer) {
        let s = tilePlanner.viewPixelsPerTilePixel(tile.key, zoom: zoom)
        let r = tile.pixelRect
        let x = pageOrigin.x + r.minX * s, y = pageOrigin.y + r.minY * s
        if tilesAsCairoNodes {
            guard let node = cairoNode(of: tile, scale: s) else { return }
            ann_snapshot_append_node_at(snapshot, node, x, y)
            return
        }
        guard let texture = texture(of: tile) else { return }
        ann_snapshot_append_texture(snapshot, texture, x, y, r.width * s, r.height * s)
    }

    /// The tile's cairo node at `scale` view pixels per tile pixel, made the first time it is
    /// shown at that scale and kept with the tile. It paints the pixels where they are, in the
    /// image of a rendering several tiles share or the tile's own (``ImagePattern``): cairo
    /// takes no snapshot of them, so neither the node nor the tile's eviction copies them.
    private func cairoNode(of tile: RenderedTile, scale: Double) -> OpaquePointer? {
        if let made = tile.attachment as? TileCairoNode, made.scale == scale { return made.node }
        let image = tile.image
        guard let pattern = ImagePattern.make(image.surface, origin: (Double(image.x), Double(image.y))) else { return nil }
        defer { cairo_pattern_destroy(pattern) }
        guard let node = ann_cairo_node_for_pattern(pattern, tile.pixelRect.width * scale, tile.pixelRect.height * scale, scale)
        else { return nil }
        tile.attachment = TileCairoNode(adopting: node, scale: scale)
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
        return texture
    }

    /// The overlays, recorded, then drawn into a cairo node only as large as what they draw:
    /// a selection or a stroke costs its own pixels, not the whole view's.
    private func snapshotOverlays(width: Double, height: Double, _ snapshot: OpaquePointer) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { return }
        defer { cairo_surface_destroy(recording) }
        let cr = cairo_create(recording)!
        drawOverlays(cr, tintsAsNodes: true)
        cairo_destroy(cr)
        ann_snapshot_append_recording(snapshot, recording, width, height, cairoBandHeight(width: width))
    }

    /// Search matches and selected text as colour nodes: tinted rectangles, however many and
    /// however large, cost no pixels of their own to draw.
    private func snapshotTints(width: Double, height: Double, _ snapshot: OpaquePointer) {
        let view = Rect(x: 0, y: 0, width: width, height: height)
        func tint(_ boxes: [Rect], _ c: (red: Double, green: Double, blue: Double, alpha: Double)) {
            for box in boxes where box.intersects(view) {
                ann_snapshot_append_color(snapshot, c.red, c.green, c.blue, c.alpha, box.minX, box.minY, box.width, box.height)
            }
        }
        for match in searchMatchBoxes() { tint(match.boxes, OverlayPainter.searchMatchTint(current: match.current)) }
        for boxes in textSelectionBoxes() { tint(boxes, OverlayPainter.textSelectionTint) }
    }

    /// Whether anything is drawn over the pages this frame (the cairo node costs a surface as
    /// large as the view, so it is left out when it would be empty).
    var overlaysNeeded: Bool {
        if let state = searchState, !state.matches.isEmpty { return true }
        if textSelection != nil || previews.markup != nil { return true }
        if let effects = pointerEffects, effects.effects.contains(where: { $0.progress > 0 }) { return true }
        if interaction.hoveredAnnotation != nil || interaction.focusedFormField != nil { return true }
        if previews.pressed != nil || previews.lifted != nil || !previews.transforms.isEmpty || previews.band != nil { return true }
        if !previews.held.isEmpty || previews.ink != nil || previews.shape != nil { return true }
        return !interaction.selectedAnnotations.isEmpty
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
