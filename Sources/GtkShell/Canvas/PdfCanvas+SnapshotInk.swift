// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Document
import Geometry

/// The ink being drawn, on the snapshot canvas: the pieces of its strokes that later samples
/// cannot change become render nodes a few at a time and are kept for the rest of the stroke,
/// so each frame draws only the stroke's newest pieces (in the overlay node) and GTK's GL
/// renderer reuses the kept nodes' pixels instead of drawing the whole stroke again.
extension PdfCanvas {
    /// How many final pieces wait in the overlay before they become a node of their own.
    static let inkPiecesPerNode = 8

    /// Brings the kept nodes up to date with the stroke and appends them.
    func snapshotInkInProgress(_ snapshot: OpaquePointer) {
        guard let ink = previews.ink, let firstPoint = ink.strokes.first?.first else { inkNodes = nil; return }
        let s = style(for: .ink)
        let key = InkPreviewNodes.Key(page: ink.page, zoom: viewport.zoom, offset: viewport.offset, viewSize: viewport.size, style: s,
                                      firstPoint: firstPoint.location)
        if inkNodes?.key != key || (inkNodes?.covered.count ?? 0) > ink.strokes.count { inkNodes = InkPreviewNodes(key: key) }
        guard let nodes = inkNodes else { return }
        let shapes = inkShapes(page: ink.page, strokes: ink.strokes)
        for (i, shape) in shapes.enumerated() {
            // A translucent curve drawn in parts would darken where the parts meet.
            guard shape.widths != nil || s.opacity >= 0.999 else { continue }
            while nodes.covered.count <= i { nodes.covered.append(0) }
            let done = nodes.covered[i], final = shape.finalPieces
            let strokeEnded = i < shapes.count - 1
            guard final - done >= Self.inkPiecesPerNode || (strokeEnded && final > done) else { continue }
            var extents = cairo_rectangle_t(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
            guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { continue }
            let cr = cairo_create(recording)!
            cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
            shape.draw(done..<final, cr)
            cairo_destroy(cr)
            if let node = ann_cairo_node_from_recording(recording) { nodes.nodes.append(node) }
            cairo_surface_destroy(recording)
            nodes.covered[i] = final
        }
        for node in nodes.nodes { gtk_snapshot_append_node(snapshot, node) }
    }
}

/// The render nodes of the ink being drawn, and how many pieces of each stroke they hold;
/// valid while the view, the style and the stroke stay the same.
final class InkPreviewNodes {
    struct Key: Equatable {
        let page: PageIndex
        let zoom: Double
        let offset: Point
        let viewSize: Size
        let style: AnnotationStyle
        let firstPoint: Point
    }

    let key: Key
    var covered: [Int] = []
    var nodes: [OpaquePointer] = []

    init(key: Key) { self.key = key }
    deinit { for node in nodes { gsk_render_node_unref(node) } }
}
