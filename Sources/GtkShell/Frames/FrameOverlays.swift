// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CShim
import DocumentSession
import Geometry
import InteractionEngine
import Rendering

/// Paints everything a frame shows over the pages, from the session's ``FrameModel`` alone:
/// search matches, the text selection and its finger handles, pointer effects and hover
/// corners, the annotation overlays (``AnnotationOverlays``), creations in progress and the
/// focused field's ring. Both canvases draw their overlays through it; the render-node canvas
/// appends the tints as colour nodes of their own (``appendTints(_:viewSize:)``) and the rest as
/// one recorded cairo node (``appendRecorded(_:viewSize:bandHeight:inkDrawn:)``).
struct FrameOverlays {
    let frame: FrameModel
    let painter: PagePainter
    /// The pictures of a group carried as one (``FrameModel/carried``), made once a carry.
    var carried: CarriedPictures?
    /// The render-node frame's layers of that group: when they show it, no part of it is drawn here.
    var layers: CarriedLayers?

    /// Everything over the pages. `tintsAsNodes`: the match and selection tints are colour
    /// nodes of their own, so only their outlines are drawn here. `inkDrawn[i]`: how many pieces
    /// of the live ink's stroke `i` are on screen already as nodes of their own.
    func paint(_ cr: OpaquePointer, tintsAsNodes: Bool = false, inkDrawn: [Int] = []) {
        let annotations = AnnotationOverlays(frame: frame, painter: painter, carried: carried, layers: layers)
        if !tintsAsNodes { paintSearchMatches(cr) }
        for boxes in frame.textSelections {
            if tintsAsNodes { OverlayPainter.textSelectionOutlines(boxes, cr: cr) } else { OverlayPainter.textSelection(boxes, cr: cr) }
        }
        if let outline = frame.imageOutline { OverlayPainter.imageOutline(outline, cr: cr) }
        if !frame.selectionEnds.isEmpty { OverlayPainter.selectionEnds(frame.selectionEnds, cr: cr) }
        paintPointerEffects(cr)
        annotations.paintPress(cr)
        annotations.paintMoves(cr)
        annotations.paintCarried(cr)
        annotations.paintLift(cr)
        for line in frame.erasedLines { OverlayPainter.eraserCover(line.points, width: line.width, cr: cr) }
        for box in frame.erasedWhole { OverlayPainter.veil(box, cr: cr) }
        for creation in frame.held { CreationPainter.paint(creation, cr) }
        if let ink = frame.liveInk { CreationPainter.paint(ink, skipping: inkDrawn, cr) }
        if let shape = frame.shape { CreationPainter.paint(shape, cr) }
        annotations.paintSelection(cr)
        if let lasso = frame.lasso { OverlayPainter.lassoLoop(lasso, cr: cr) }
        if let ring = frame.formFocus { paintFocusRing(around: ring, cr) }
        if let ruler = frame.ruler { RulerPainter.paint(ruler, cr) }
    }

    /// Search matches and selected text as colour nodes: tinted rectangles, however many and
    /// however large, cost no pixels of their own to draw.
    func appendTints(_ snapshot: OpaquePointer, viewSize: Size) {
        let view = Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
        func tint(_ boxes: [Rect], _ c: (red: Double, green: Double, blue: Double, alpha: Double)) {
            for box in boxes where box.intersects(view) {
                ann_snapshot_append_color(snapshot, c.red, c.green, c.blue, c.alpha, box.minX, box.minY, box.width, box.height)
            }
        }
        for match in frame.searchMatches { tint(match.boxes, OverlayPainter.searchMatchTint(current: match.current)) }
        for boxes in frame.textSelections { tint(boxes, OverlayPainter.textSelectionTint) }
    }

    /// The overlays recorded, then drawn into a cairo node only as large as what they draw: a
    /// selection or a stroke costs its own pixels, not the whole view's (cut into bands of
    /// `bandHeight` under GSK's cairo renderer, 0 for one node).
    /// Overlays of many shapes (``manyShapes``: a lasso's selection carried) are replayed once
    /// into pixels at `deviceScale`, which the bands show, rather than drawn again by each band.
    func appendRecorded(_ snapshot: OpaquePointer, viewSize: Size, bandHeight: Double, inkDrawn: [Int], deviceScale: Double = 1) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else { return }
        defer { cairo_surface_destroy(recording) }
        let cr = cairo_create(recording)!
        paint(cr, tintsAsNodes: true, inkDrawn: inkDrawn)
        cairo_destroy(cr)
        // Many outlines are one picture already (``CarriedPictures``): only many moves are many shapes.
        if frame.moves.count >= Self.manyShapes || (carried == nil && frame.selection.outlines.count >= Self.manyShapes) {
            ann_snapshot_append_flattened(snapshot, recording, viewSize.width, viewSize.height, bandHeight, deviceScale)
        } else {
            ann_snapshot_append_recording(snapshot, recording, viewSize.width, viewSize.height, bandHeight)
        }
    }

    /// How many moves or selection outlines make the overlays worth replaying once into pixels, or
    /// the outlines worth keeping as one picture.
    static let manyShapes = 64

    /// Every match on the visible pages, the current one stronger.
    private func paintSearchMatches(_ cr: OpaquePointer) {
        for match in frame.searchMatches {
            let tint = OverlayPainter.searchMatchTint(current: match.current)
            cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha)
            for box in match.boxes { cairo_rectangle(cr, box.minX, box.minY, box.width, box.height) }
            cairo_fill(cr)
        }
    }

    /// Hover tints and lift shadows from the engine's pointer effects, then the hovered
    /// annotation's faint corners.
    private func paintPointerEffects(_ cr: OpaquePointer) {
        for effect in frame.pointerEffects where effect.progress > 0 {
            OverlayPainter.hover(Self.paintedBounds(of: effect), progress: effect.progress, tint: effect.tintOpacity,
                                 shadow: effect.shadowOpacity, cr: cr)
        }
        if let corners = frame.hoverCorners { OverlayPainter.hoverCorners(corners, opacity: frame.hoverCornersOpacity, cr: cr) }
    }

    /// Where an effect is painted: its shape as the engine gives it, already scaled and drifted
    /// towards the pointer (applying `scale` or `offset` again would double them).
    static func paintedBounds(of effect: PointerEffectFrame) -> Rect { effect.shape.bounds }

    /// A focus ring around the focused check box, radio button, combo or list box.
    private func paintFocusRing(around r: Rect, _ cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.9)
        cairo_set_line_width(cr, 2)
        let ring = r.insetBy(dx: -3, dy: -3)
        cairo_rectangle(cr, ring.minX, ring.minY, ring.width, ring.height)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}

/// Draws ink and shapes being made, and those just made until their page shows them, as the
/// tools will save them.
enum CreationPainter {
    static func paint(_ creation: FrameModel.Creation, _ cr: OpaquePointer) {
        switch creation {
        case .ink(let ink): paint(ink, skipping: [], cr)
        case .shape(let shape): paint(shape, cr)
        }
    }

    /// Draws ink strokes, each from piece `drawn[i]` on (the pieces before it are on screen
    /// already as render nodes: ``InkPreviewNodes``).
    static func paint(_ ink: FrameModel.Ink, skipping drawn: [Int], _ cr: OpaquePointer) {
        let s = ink.style
        cairo_save(cr)
        cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
        // The Highlighter's marker multiplies with the page, as its saved appearance does.
        if ink.isMarker { cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY) }
        for (i, stroke) in ink.strokes.enumerated() {
            // Only the path's tail is built: the pieces the nodes do not hold, and the tip.
            let shape = InkStrokeShape(stroke, from: i < drawn.count ? drawn[i] : 0)
            shape.draw(shape.from..<shape.pieceCount, cr, flatEnds: ink.isMarker)
        }
        cairo_restore(cr)
    }

    static func paint(_ shape: FrameModel.Shape, _ cr: OpaquePointer) {
        let s = shape.style, a = shape.from, b = shape.to
        cairo_save(cr)
        cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
        cairo_set_line_width(cr, shape.lineWidth)
        let r = Rect(corner: a, corner: b)
        switch shape.kind {
        case .square:
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        case .circle:
            cairo_save(cr)
            cairo_translate(cr, r.midX, r.midY)
            cairo_scale(cr, max(0.5, r.width / 2), max(0.5, r.height / 2))
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_restore(cr)
        case .line, .arrow:
            cairo_move_to(cr, a.x, a.y)
            cairo_line_to(cr, b.x, b.y)
        }
        if let fill = s.fill, shape.kind == .square || shape.kind == .circle {
            cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, s.opacity)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
