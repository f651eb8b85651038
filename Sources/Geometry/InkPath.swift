// SPDX-License-Identifier: GPL-3.0-or-later

/// The path of one ink stroke, made from its samples and their widths: what the stroke being
/// drawn paints on screen and what its saved appearance (/AP) paints in every viewer.
///
/// It exists so that there is one algorithm for both: were the live stroke and the saved one
/// built apart, a stroke could change shape the moment it is committed. It is plain path
/// elements (moves, lines, cubic Béziers, closes) that a cairo context and a PDF content stream
/// both take as they are, in whatever space the samples are given (view pixels, PDF points).
///
/// - A stroke with a width per sample (a pen's pressure) is **filled** (nonzero): a disc at
///   every sample, as wide as its width there, and for every segment the quadrilateral joining
///   its two discs along their sides, every subpath turning the same way so that the fill
///   unites them. A single sample of a stroke with one width is such a disc too.
/// - A stroke of one width (a mouse, a finger) is **stroked** with round caps and joins along
///   the curve through the midpoints of its segments, bending at each sample (a quadratic
///   with the sample as its control, written as the equivalent cubic), so that jagged samples
///   draw a calm line; two samples are a straight segment.
///
/// The path comes in pieces, one per sample, so that a stroke being drawn keeps the pieces later
/// samples cannot change (``finalPieces``) and draws only the new ones.
public struct InkPath: Equatable, Sendable {
    /// One element of a path.
    public enum Element: Equatable, Sendable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    /// How the path is painted.
    public enum Paint: Equatable, Sendable {
        /// Filled with the nonzero rule.
        case fill
        /// Stroked this wide, with round caps and joins.
        case stroke(width: Double)
    }

    public let paint: Paint
    /// Piece `i` is what sample `i` adds. A filled stroke's pieces are closed subpaths of their
    /// own; a stroked curve's pieces continue one another (``elements(_:)`` starts a range of
    /// them with a move).
    public let pieces: [[Element]]
    /// How many of the first pieces samples appended later leave as they are: all of a filled
    /// stroke's, all of a curve's but its last (which ends on the latest sample, not on a
    /// midpoint), none of a stroked stroke of two samples.
    public let finalPieces: Int
    private let starts: [Point]

    /// The width drawn at a pen pressure `p` (0…1) in a stroke of width `width`:
    ///
    ///     w(p) = width × (0.25 + 0.75 p)
    ///
    /// a quarter of the width at no pressure, so that light strokes stay visible, and the whole
    /// width at full pressure.
    public static func width(_ width: Double, pressure p: Double) -> Double {
        width * (0.25 + 0.75 * min(1, max(0, p)))
    }

    /// The path through `points`, each `widths[i]` wide when the device gave pressure (`nil`:
    /// all `lineWidth` wide). Widths missing at the end repeat the last one; a width that is not
    /// a finite positive number draws nothing there.
    public init(points: [Point], widths: [Double]?, lineWidth: Double) {
        let kept = points.indices.filter { points[$0].x.isFinite && points[$0].y.isFinite }
        let widths = widths.map { widths in
            kept.map { i -> Double in
                let w = i < widths.count ? widths[i] : (widths.last ?? lineWidth)
                return w.isFinite ? max(0, w) : 0
            }
        }
        let points = kept.map { points[$0] }
        if let widths, !points.isEmpty {
            let radii = widths.map { $0 / 2 }
            paint = .fill
            pieces = points.indices.map { i in
                var piece = Self.disc(points[i], radius: radii[i])
                if i > 0, var quad = Self.segmentOutline(points[i - 1], radii[i - 1], points[i], radii[i]) {
                    if Self.signedArea(quad) < 0 { quad.reverse() }
                    piece += [.move(quad[0]), .line(quad[1]), .line(quad[2]), .line(quad[3]), .close]
                }
                return piece
            }
            starts = points
        } else if points.count == 1 {
            paint = .fill
            pieces = [Self.disc(points[0], radius: (lineWidth.isFinite ? max(0, lineWidth) : 0) / 2)]
            starts = points
        } else {
            paint = .stroke(width: lineWidth.isFinite ? max(0, lineWidth) : 0)
            (pieces, starts) = Self.midpointCurve(points)
        }
        finalPieces = Self.finalPieces(samples: points.count, pressured: widths != nil)
    }

    /// ``finalPieces`` of the path through `samples` samples (all finite), with a width per
    /// sample when `pressured`, known without building the path.
    public static func finalPieces(samples: Int, pressured: Bool) -> Int {
        if samples == 0 { return 0 }
        if pressured || samples == 1 { return samples }
        return samples > 2 ? samples - 1 : 0
    }

    /// The elements of pieces `range`, ready to paint: a stroked range starts with a move to
    /// where its first piece begins.
    public func elements(_ range: Range<Int>) -> [Element] {
        let range = range.clamped(to: 0..<pieces.count)
        guard !range.isEmpty else { return [] }
        let body = pieces[range].flatMap { $0 }
        guard case .stroke = paint else { return body }
        return [.move(starts[range.lowerBound])] + body
    }

    /// The whole path.
    public var elements: [Element] { elements(0..<pieces.count) }

    // MARK: Parts

    /// A stroked stroke's pieces: piece 0 is the first sample (a dot when alone), piece `i > 0`
    /// runs to sample `i`'s segment midpoint (to the last sample for the last piece); each
    /// piece starts where the one before it ended.
    private static func midpointCurve(_ points: [Point]) -> (pieces: [[Element]], starts: [Point]) {
        guard let first = points.first else { return ([], []) }
        guard points.count > 2 else {
            // A straight segment (or a dot: a zero-length segment, which round caps draw round).
            let last = points.last ?? first
            return points.count == 1 ? ([[.line(first)]], [first]) : ([[], [.line(last)]], [first, first])
        }
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        var pieces: [[Element]] = [[]], starts: [Point] = [first]
        var start = mid(points[0], points[1])
        pieces.append([.line(start)])
        starts.append(first)
        for i in 1..<(points.count - 1) {
            let control = points[i]
            let end = i == points.count - 2 ? points[i + 1] : mid(points[i], points[i + 1])
            pieces.append([.curve(start + (control - start) * (2.0 / 3.0), end + (control - end) * (2.0 / 3.0), end)])
            starts.append(start)
            start = end
        }
        // n samples, n pieces: piece 0 is empty (the move), the last one ends on the last sample.
        return (pieces, starts)
    }

    /// A circle of radius `r` around `c` as four Bézier curves (κ = 0.5523), from its rightmost
    /// point, turning as y grows after x (counter-clockwise with y up).
    public static func disc(_ c: Point, radius r: Double) -> [Element] {
        guard r > 0 else { return [] }
        let k = 0.5523 * r
        return [
            .move(Point(x: c.x + r, y: c.y)),
            .curve(Point(x: c.x + r, y: c.y + k), Point(x: c.x + k, y: c.y + r), Point(x: c.x, y: c.y + r)),
            .curve(Point(x: c.x - k, y: c.y + r), Point(x: c.x - r, y: c.y + k), Point(x: c.x - r, y: c.y)),
            .curve(Point(x: c.x - r, y: c.y - k), Point(x: c.x - k, y: c.y - r), Point(x: c.x, y: c.y - r)),
            .curve(Point(x: c.x + k, y: c.y - r), Point(x: c.x + r, y: c.y - k), Point(x: c.x + r, y: c.y)),
            .close,
        ]
    }

    /// The quadrilateral between the discs of radius `r0` at `p0` and `r1` at `p1`: the segment
    /// offset to its right and left along its normal by each end's radius, in that order;
    /// `nil` when the two points coincide (the discs alone cover it).
    public static func segmentOutline(_ p0: Point, _ r0: Double, _ p1: Point, _ r1: Double) -> [Point]? {
        let d = p1 - p0
        let length = d.length
        guard length > 0, length.isFinite else { return nil }
        let n = Vector(dx: -d.dy / length, dy: d.dx / length)
        return [p0 + n * -r0, p1 + n * -r1, p1 + n * r1, p0 + n * r0]
    }

    /// Twice the signed area of a polygon: positive when it turns as the discs do.
    public static func signedArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }
}
