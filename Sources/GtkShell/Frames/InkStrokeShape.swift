// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentSession
import Geometry

/// A stroke being drawn, in view coordinates, as pieces that draw on their own, so that the
/// frames of a long stroke keep the pieces already drawn and draw only the new ones
/// (``InkPreviewNodes``). Its path is ``InkPath``'s, the one its saved appearance is made of,
/// so the stroke does not change shape when it is committed; the predicted tip, when there is
/// one, continues it and is never part of a final piece. Made to draw from a piece on, it
/// builds only the path's tail (``InkPath/tail(points:widths:lineWidth:from:)``), so that a
/// frame costs the pieces it draws, not the whole stroke.
struct InkStrokeShape {
    /// The path through the samples and the predicted tip (from sample ``offset`` on).
    let path: InkPath
    /// Piece `i` of ``path`` is the stroke's piece `offset + i`.
    let offset: Int
    /// The first piece that can be drawn (the pieces of ``path`` before it are not the stroke's).
    let from: Int
    /// How many of the first pieces stay as they are when samples come (the tip's do not).
    let finalPieces: Int

    /// The stroke through `points` and then `predicted`, drawable from piece `from` on.
    init(points: [Point], widths: [Double]?, lineWidth: Double, predicted: [Point] = [], from: Int = 0) {
        (path, offset) = InkPath.tail(points: points + predicted, widths: widths, lineWidth: lineWidth, from: from)
        self.from = max(0, from)
        finalPieces = predicted.isEmpty && offset == 0 ? path.finalPieces : Self.finalPieces(points: points, widths: widths)
    }

    /// How many of the first pieces of the stroke through `points` its next samples leave as
    /// they are: known without building its path when every sample is a finite number.
    static func finalPieces(points: [Point], widths: [Double]?) -> Int {
        points.allSatisfy { $0.x.isFinite && $0.y.isFinite }
            ? InkPath.finalPieces(samples: points.count, pressured: widths != nil)
            : InkPath(points: points, widths: widths, lineWidth: 1).finalPieces
    }

    /// Whether the stroke is the midpoint curve (stroked, three samples or more).
    var isCurve: Bool {
        if case .stroke = path.paint { return pieceCount > 2 }
        return false
    }

    var pieceCount: Int { offset + path.pieces.count }

    /// Draws pieces `range` (those from ``from`` on) in the context's current source; a
    /// stroked path with flat ends when `flatEnds` (the Highlighter's marker), else round ones.
    func draw(_ range: Range<Int>, _ cr: OpaquePointer, flatEnds: Bool = false) {
        let lower = max(range.lowerBound, from), upper = max(lower, range.upperBound)
        let elements = path.elements((lower - offset)..<(upper - offset))
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
    /// A stroke of the frame's ink, with its predicted tip, drawable from piece `from` on.
    init(_ stroke: FrameModel.InkStroke, from: Int = 0) {
        self.init(points: stroke.points, widths: stroke.widths, lineWidth: stroke.lineWidth, predicted: stroke.predicted, from: from)
    }

    /// A stroke of the frame's ink as its samples alone draw it (what is kept as nodes),
    /// drawable from piece `from` on.
    init(samplesOf stroke: FrameModel.InkStroke, from: Int = 0) {
        self.init(points: stroke.points, widths: stroke.widths, lineWidth: stroke.lineWidth, from: from)
    }

    /// How many of the first pieces of the frame's stroke its next samples leave as they are.
    static func finalPieces(of stroke: FrameModel.InkStroke) -> Int {
        finalPieces(points: stroke.points, widths: stroke.widths)
    }
}
