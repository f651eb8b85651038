// SPDX-License-Identifier: GPL-3.0-or-later

extension InkPath {
    /// The last pieces of the path through `points`, from piece `from` on, built from the few
    /// samples they depend on rather than from the whole stroke: piece `i` of `path` is piece
    /// `offset + i` of `InkPath(points:widths:lineWidth:)`, exactly, for every `i` with
    /// `offset + i >= from` (the pieces before `from`, if any, are not the whole path's).
    ///
    /// It exists so that a frame of a long stroke being drawn, which paints only the pieces
    /// its kept nodes do not hold (and the predicted tip), costs what those pieces cost rather
    /// than a path through every sample. A piece depends on at most its sample and the two
    /// before it (a filled piece joins its disc to the one before; a curve piece runs from one
    /// segment midpoint to the next), so the tail starts two samples before `from`. With a
    /// sample that is not a finite number (which the path leaves out, shifting the pieces
    /// after it) or too few samples, it is the whole path (`offset` 0).
    public static func tail(points: [Point], widths: [Double]?, lineWidth: Double, from: Int) -> (path: InkPath, offset: Int) {
        let count = points.count
        // Three samples at least, so that a stroked tail is the midpoint curve as the whole is.
        let offset = count >= 3 ? min(max(0, from - 2), count - 3) : 0
        guard offset > 0, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            return (InkPath(points: points, widths: widths, lineWidth: lineWidth), 0)
        }
        // Widths missing at the end repeat the last one, in the tail as in the whole.
        let tailWidths = widths.map { w in offset < w.count ? Array(w[offset...]) : w.last.map { [$0] } ?? [] }
        return (InkPath(points: Array(points[offset...]), widths: tailWidths, lineWidth: lineWidth), offset)
    }
}
