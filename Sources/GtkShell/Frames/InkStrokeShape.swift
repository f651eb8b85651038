// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentSession
import Geometry

/// A stroke being drawn, in view coordinates, as pieces that draw on their own, so that the
/// frames of a long stroke keep the pieces already drawn and draw only the new ones
/// (``InkPreviewNodes``). It looks as the stroke will be saved: with pressure, one segment
/// per sample, each as wide as its end's pressure; without, the curve through the segments'
/// midpoints, bending at each sample (one piece per sample).
struct InkStrokeShape {
    let points: [Point]
    /// Each sample's line width when the device reports pressure; `nil` draws one width.
    let widths: [Double]?
    let lineWidth: Double

    /// Whether the stroke is the midpoint curve (no pressure, three samples or more).
    var isCurve: Bool { widths == nil && points.count > 2 }

    var pieceCount: Int { isCurve ? points.count - 1 : points.count }

    /// The pieces later samples cannot change: every segment of a stroke with pressure; all of
    /// a curve but its last two pieces (the last one ends on the latest sample, not a midpoint);
    /// none of a stroke without pressure that is not yet a curve.
    var finalPieces: Int {
        if widths != nil { return points.count }
        return isCurve ? points.count - 2 : 0
    }

    /// Draws pieces `range` in the context's current source.
    func draw(_ range: Range<Int>, _ cr: OpaquePointer) {
        guard !range.isEmpty, let first = points.first else { return }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        guard isCurve else {
            for i in range {
                cairo_set_line_width(cr, max(1, widths?[i] ?? lineWidth))
                let previous = i == 0 ? first : points[i - 1]
                cairo_move_to(cr, previous.x, previous.y)
                cairo_line_to(cr, points[i].x, points[i].y)
                cairo_stroke(cr)
            }
            return
        }
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        let n = points.count
        cairo_set_line_width(cr, max(1, lineWidth))
        var start = range.lowerBound == 0 ? first : mid(points[range.lowerBound - 1], points[range.lowerBound])
        cairo_move_to(cr, start.x, start.y)
        for i in range {
            if i == 0 {
                start = mid(points[0], points[1])
                cairo_line_to(cr, start.x, start.y)
                continue
            }
            let c = points[i], end = i == n - 2 ? points[i + 1] : mid(points[i], points[i + 1])
            cairo_curve_to(cr, start.x + (c.x - start.x) * 2 / 3, start.y + (c.y - start.y) * 2 / 3,
                           end.x + (c.x - end.x) * 2 / 3, end.y + (c.y - end.y) * 2 / 3, end.x, end.y)
            start = end
        }
        cairo_stroke(cr)
    }
}

extension InkStrokeShape {
    /// A stroke of the frame's ink.
    init(_ stroke: FrameModel.InkStroke) {
        self.init(points: stroke.points, widths: stroke.widths, lineWidth: stroke.lineWidth)
    }
}
