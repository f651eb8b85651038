// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentSession
import Geometry

/// A stroke being drawn, in view coordinates, as pieces that draw on their own, so that the
/// frames of a long stroke keep the pieces already drawn and draw only the new ones
/// (``InkPreviewNodes``). Its path is ``InkPath``'s, the one its saved appearance is made of,
/// so the stroke does not change shape when it is committed; the predicted tip, when there is
/// one, continues it and is never part of a final piece.
struct InkStrokeShape {
    /// The path through the samples and the predicted tip.
    let path: InkPath
    /// How many of the first pieces stay as they are when samples come (the tip's do not).
    let finalPieces: Int

    init(points: [Point], widths: [Double]?, lineWidth: Double, predicted: [Point] = []) {
        path = InkPath(points: points + predicted, widths: widths, lineWidth: lineWidth)
        finalPieces = predicted.isEmpty ? path.finalPieces : InkPath(points: points, widths: widths, lineWidth: lineWidth).finalPieces
    }

    /// Whether the stroke is the midpoint curve (stroked, three samples or more).
    var isCurve: Bool {
        if case .stroke = path.paint { return path.pieces.count > 2 }
        return false
    }

    var pieceCount: Int { path.pieces.count }

    /// Draws pieces `range` in the context's current source; a stroked path with flat ends
    /// when `flatEnds` (the Highlighter's marker), else round ones.
    func draw(_ range: Range<Int>, _ cr: OpaquePointer, flatEnds: Bool = false) {
        let elements = path.elements(range)
        guard !elements.isEmpty else { return }
        cairo_new_path(cr)
        for e in elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let a, let b, let p): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
        switch path.paint {
        case .fill:
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        case .stroke(let width):
            cairo_set_line_cap(cr, flatEnds ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_set_line_width(cr, width)
            cairo_stroke(cr)
        }
    }
}

extension InkStrokeShape {
    /// A stroke of the frame's ink, with its predicted tip.
    init(_ stroke: FrameModel.InkStroke) {
        self.init(points: stroke.points, widths: stroke.widths, lineWidth: stroke.lineWidth, predicted: stroke.predicted)
    }

    /// A stroke of the frame's ink as its samples alone draw it (what is kept as nodes).
    init(samplesOf stroke: FrameModel.InkStroke) {
        self.init(points: stroke.points, widths: stroke.widths, lineWidth: stroke.lineWidth)
    }
}
