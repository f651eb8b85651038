// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentSession
import Geometry
import Rendering

/// Paints what a frame shows over the pages about annotations, from the session's
/// ``FrameModel`` alone: the annotation a finger presses, moves and resizes in progress (the
/// annotation's pixels from the current tiles at its new place, its old place veiled, so the
/// user sees what they drag before the page is rendered again), the lifted annotation over its
/// shadow, and the selection with its handles and band. Both canvases (cairo and render nodes)
/// draw their overlays through it.
struct AnnotationOverlays {
    let frame: FrameModel
    let painter: PagePainter
    var carried: CarriedPictures?
    /// The render-node frame's layers of a carried group (``CarriedLayers``), which show it
    /// themselves when ``CarriedLayers/shown``.
    var layers: CarriedLayers?

    /// The annotation or link under a pressing finger, darkened a little: the press registered.
    func paintPress(_ cr: OpaquePointer) {
        guard let rect = frame.pressed else { return }
        OverlayPainter.press(rect, cr: cr)
    }

    /// Moves and resizes in progress, a group of them drawn the same way at a time
    /// (``FrameModel/moveGroups``): the places they left veiled in one fill, then the page's
    /// pixels at their new places in one clipped paint.
    func paintMoves(_ cr: OpaquePointer) {
        for group in frame.moveGroups {
            OverlayPainter.veil(group.veiled, cr: cr)
            cairo_save(cr)
            if let pivot = group.pivot {
                // A turn: the pixels where they were, turned about the selection's middle.
                cairo_translate(cr, pivot.x, pivot.y)
                cairo_rotate(cr, group.turn)
                cairo_translate(cr, -pivot.x, -pivot.y)
            }
            painter.paintPixels(of: group.page, pageFrame: group.pageFrame, within: group.shown, scaleX: group.scaleX,
                                scaleY: group.scaleY, offset: group.offset, cr: cr)
            cairo_restore(cr)
        }
    }

    /// A group carried as one: its places veiled and its pixels moved, each one picture made
    /// once a carry (``CarriedPictures``), whatever the group holds.
    func paintCarried(_ cr: OpaquePointer) {
        guard let group = frame.carried else {
            carried?.drop()
            return
        }
        if layers?.shown == true { return }
        if let carried {
            carried.paint(group, painter: painter, cr: cr)
        } else {
            OverlayPainter.veil(group.from, cr: cr)
            painter.paintPixels(of: group.page, pageFrame: group.pageFrame, within: group.from.map { $0.offsetBy(group.offset) },
                                scaleX: 1, scaleY: 1, offset: group.offset, cr: cr)
        }
    }

    /// The annotation a finger holds up: its pixels larger, over a soft shadow, wherever a drag
    /// has taken it, as far as it has grown in; under it, those let go settling back.
    func paintLift(_ cr: OpaquePointer) {
        for lifted in frame.settling + [frame.lifted].compactMap({ $0 }) {
            OverlayPainter.liftShadow(under: lifted.shown, opacity: lifted.progress, cr: cr)
            painter.paintPixels(of: lifted.page, pageFrame: lifted.pageFrame, from: lifted.source, into: lifted.shown, onPaper: true, cr: cr)
        }
    }

    func paintSelection(_ cr: OpaquePointer) {
        let selection = frame.selection
        let handles: OverlayPainter.Handles
        switch selection.handles {
        case .none: handles = .none
        case .lineEnds(let ends): handles = .lineEnds(ends)
        case .squares(let points, let box): handles = .squares(points, box: box)
        }
        if let group = frame.carried, let carried {
            if layers?.shown != true { carried.paintOutlines(group, side: selection.handleSide, cr: cr) }
        } else if !selection.carriedOutlines.isEmpty {
            let moved = selection.carriedOutlines.map { $0.offsetBy(selection.carriedOffset) }
            OverlayPainter.annotationSelection(outlines: moved, band: nil, handles: .none, side: selection.handleSide, cr: cr)
        }
        var outlines = selection.outlines
        if outlines.count >= FrameOverlays.manyShapes, let carried {
            // A group landing whose layer shows these outlines already is not outlined twice.
            if !(frame.carried.map { layers?.showsOutlines(outlines, offset: $0.offset) == true } ?? false) {
                carried.paintStill(outlines: outlines, side: selection.handleSide, scale: painter.planner.deviceScale, cr: cr)
            }
            outlines = []
        } else {
            carried?.dropStill()
        }
        OverlayPainter.annotationSelection(outlines: outlines, band: frame.band, handles: handles, side: selection.handleSide, cr: cr)
        if let handle = selection.rotateHandle, let stem = selection.rotateStem {
            OverlayPainter.rotateHandle(at: handle, stem: stem, side: selection.handleSide, cr: cr)
        }
    }
}
