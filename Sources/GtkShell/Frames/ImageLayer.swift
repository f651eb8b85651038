// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Geometry

/// An image drawn once and the render node that shows it, kept from frame to frame: under
/// GSK's cairo renderer a cairo node that paints the image where it is (copied when `opaque`,
/// else blended), under GL a texture. It covers `rect` (view coordinates, on whole device
/// pixels) and can be placed anywhere (``CarriedLayers``).
final class ImageLayer {
    let rect: Rect
    /// The image (``imageBytes``).
    let surface: OpaquePointer
    private let cairoNode: TileCairoNode?
    private let texture: TileTexture?

    /// `draw` (in view coordinates) into an image of `rect` at `scale` pixels per view pixel;
    /// `nil` when the image or its node cannot be made.
    convenience init?(rect: Rect, scale: Double, opaque: Bool, asCairoNode: Bool, _ draw: (OpaquePointer) -> Void) {
        guard let surface = ScaledImage.drawn(width: Self.pixels(rect.width, scale), height: Self.pixels(rect.height, scale), scale: scale,
                                              origin: Point(x: rect.minX, y: rect.minY), { cr, _ in draw(cr) })
        else { return nil }
        self.init(rect: rect, scale: scale, opaque: opaque, asCairoNode: asCairoNode, adopting: surface)
    }

    /// The layer of `surface`, an image of `rect` at `scale` drawn already (a part at a time:
    /// ``ScaledImage/blank(width:height:scale:)``), which the layer now owns; `nil` (the image
    /// let go) when its node cannot be made.
    init?(rect: Rect, scale: Double, opaque: Bool, asCairoNode: Bool, adopting surface: OpaquePointer) {
        let width = Self.pixels(rect.width, scale), height = Self.pixels(rect.height, scale)
        let cairoNode = asCairoNode
            ? ann_cairo_node_for_image_region(surface, 0, 0, width, height, 1 / scale, opaque ? 1 : 0).map { TileCairoNode(adopting: $0, scale: 1 / scale) }
            : nil
        let texture = asCairoNode ? nil : ann_texture_for_cairo_image_region(surface, 0, 0, width, height).map { TileTexture(adopting: $0) }
        guard cairoNode != nil || texture != nil else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.rect = rect
        self.surface = surface
        self.cairoNode = cairoNode
        self.texture = texture
    }

    deinit { cairo_surface_destroy(surface) }

    /// Device pixels across `length` view pixels at `scale`.
    static func pixels(_ length: Double, _ scale: Double) -> Int32 { Int32((length * scale).rounded()) }

    /// The node this layer is shown by (the same one every frame).
    var node: OpaquePointer? { cairoNode?.node ?? texture?.texture }

    /// Appends the layer with its top left corner at `corner`.
    func append(at corner: Point, _ snapshot: OpaquePointer) {
        if let cairoNode {
            ann_snapshot_append_node_at(snapshot, cairoNode.node, corner.x, corner.y)
        } else if let texture {
            ann_snapshot_append_texture(snapshot, texture.texture, corner.x, corner.y, rect.width, rect.height)
        }
    }
}
