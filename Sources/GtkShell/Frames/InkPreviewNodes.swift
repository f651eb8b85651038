// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Document
import DocumentLayout
import DocumentSession
import Geometry

/// The ink being drawn, on the render-node canvas: the pieces of its strokes that later samples
/// cannot change become render nodes a few at a time and are kept for the rest of the stroke,
/// so each frame draws only the stroke's newest pieces (in the overlay node, skipping
/// ``covered``) and GTK's GL renderer reuses the kept nodes' pixels instead of drawing the
/// whole stroke again. Valid while the view, the style and the stroke stay the same.
final class InkPreviewNodes {
    struct Key: Equatable {
        let page: PageIndex
        let viewport: Viewport
        let style: AnnotationStyle
        let origin: Point
    }

    /// How many final pieces wait in the overlay before they become a node of their own.
    static let piecesPerNode = 8

    let key: Key
    /// How many pieces of each stroke the kept nodes hold.
    private(set) var covered: [Int] = []
    private var nodes: [OpaquePointer] = []

    private init(key: Key) { self.key = key }
    deinit { for node in nodes { gsk_render_node_unref(node) } }

    /// The nodes for `ink` in `viewport`: `kept` brought up to date when they still hold this
    /// stroke in this view, else new ones; `nil` with no ink.
    static func updated(_ kept: InkPreviewNodes?, for ink: FrameModel.Ink?, in viewport: Viewport) -> InkPreviewNodes? {
        guard let ink else { return nil }
        let key = Key(page: ink.page, viewport: viewport, style: ink.style, origin: ink.origin)
        let nodes = kept.flatMap { $0.key == key && $0.covered.count <= ink.strokes.count ? $0 : nil } ?? InkPreviewNodes(key: key)
        nodes.catchUp(with: ink, viewSize: viewport.size)
        return nodes
    }

    private func catchUp(with ink: FrameModel.Ink, viewSize: Size) {
        let s = ink.style
        for (i, stroke) in ink.strokes.enumerated() {
            // A translucent stroke drawn in parts would darken where the parts meet: it is
            // painted whole, in one fill or stroke, as its saved appearance is.
            guard s.opacity >= 0.999 else { continue }
            while covered.count <= i { covered.append(0) }
            let done = covered[i], final = InkStrokeShape.finalPieces(of: stroke)
            let strokeEnded = i < ink.strokes.count - 1
            guard final - done >= Self.piecesPerNode || (strokeEnded && final > done) else { continue }
            // Only the pieces the node gets are built, not the stroke's whole path.
            let shape = InkStrokeShape(samplesOf: stroke, from: done)
            var extents = cairo_rectangle_t(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
            guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { continue }
            let cr = cairo_create(recording)!
            cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
            shape.draw(done..<final, cr, flatEnds: ink.isMarker)
            cairo_destroy(cr)
            if let node = ann_cairo_node_from_recording(recording) { nodes.append(node) }
            cairo_surface_destroy(recording)
            covered[i] = final
        }
    }

    var nodeCount: Int { nodes.count }

    func append(_ snapshot: OpaquePointer) {
        for node in nodes { gtk_snapshot_append_node(snapshot, node) }
    }
}
