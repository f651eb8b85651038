// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Takes out of ink strokes only what an eraser crosses: the partial eraser's decider, pure and
/// tested headless.
///
/// The eraser is a disc of `radius` dragged along a path (a polyline in the strokes' space); it
/// reaches a stroke's centre line wherever that comes within `radius + penWidth / 2` of the path,
/// so that what is left, drawn with its round ends, just touches the disc. Each stroke is cut
/// exactly where a segment meets the boundary of that swept area, the cut point and its pressure
/// interpolated along the segment; the points outside are kept as they were, pressures with them.
/// Pieces shorter than ``minimumLength`` (a crumb at the edge of the disc) are dropped.
public enum InkEraser {
    /// What became of one stroke.
    public enum StrokeOutcome: Hashable, Sendable {
        /// The eraser did not reach it: it stays exactly as it was.
        case untouched
        /// The eraser crossed it: what is left of it, in stroke order (empty when it went whole).
        case cut([InkStroke])
    }

    /// What an eraser path did to a list of strokes.
    public struct Outcome: Hashable, Sendable {
        /// One entry per stroke given, in order.
        public var strokes: [StrokeOutcome]
        /// The parts of the centre lines taken out, each a polyline (a single point for a dot),
        /// so that a preview can cover them until the page is drawn again.
        public var erased: [[Point]]

        /// Whether any stroke was reached.
        public var changed: Bool { strokes.contains { $0 != .untouched } }

        /// Every stroke left: untouched ones as they were, crossed ones as their pieces.
        public func remaining(of original: [InkStroke]) -> [InkStroke] {
            zip(original, strokes).flatMap { stroke, outcome -> [InkStroke] in
                switch outcome {
                case .untouched: return [stroke]
                case .cut(let pieces): return pieces
                }
            }
        }
    }

    /// The shortest piece kept, in the strokes' units (PDF points: a quarter point, less than
    /// a pen's width).
    public static let minimumLength = 0.25

    /// What is left of `strokes` (drawn `penWidth` wide) after a disc of `radius` went along
    /// `path`.
    public static func erase(_ strokes: [InkStroke], penWidth: Double, along path: [Point], radius: Double,
                             minimumLength: Double = InkEraser.minimumLength) -> Outcome {
        let reach = max(0, radius + max(0, penWidth) / 2)
        guard let first = path.first else { return Outcome(strokes: strokes.map { _ in .untouched }, erased: []) }
        let capsules = path.count == 1 ? [(first, first)] : Array(zip(path, path.dropFirst()))
        var box = Rect(origin: first, size: .zero)
        for p in path.dropFirst() { box = box.union(Rect(origin: p, size: .zero)) }
        box = box.insetBy(dx: -reach, dy: -reach)
        var results: [StrokeOutcome] = [], erased: [[Point]] = []
        for stroke in strokes {
            results.append(erase(stroke, capsules: capsules, reach: reach, box: box, minimumLength: minimumLength, erased: &erased))
        }
        return Outcome(strokes: results, erased: erased)
    }

    /// Every stroke left after `erase(_:penWidth:along:radius:minimumLength:)`, flattened.
    public static func remaining(_ strokes: [InkStroke], penWidth: Double, along path: [Point], radius: Double,
                                 minimumLength: Double = InkEraser.minimumLength) -> [InkStroke] {
        erase(strokes, penWidth: penWidth, along: path, radius: radius, minimumLength: minimumLength).remaining(of: strokes)
    }

    // MARK: One stroke

    private static func erase(_ stroke: InkStroke, capsules: [(Point, Point)], reach: Double, box: Rect, minimumLength: Double,
                              erased: inout [[Point]]) -> StrokeOutcome {
        let points = stroke.points
        guard let first = points.first else { return .untouched }
        var bounds = Rect(origin: first, size: .zero)
        for p in points.dropFirst() { bounds = bounds.union(Rect(origin: p, size: .zero)) }
        guard meets(bounds, box) else { return .untouched }
        if points.count == 1 {
            // A dot goes whole or stays.
            let inside = capsules.contains { distance(from: first, toSegment: $0.0, $0.1) <= reach }
            guard inside else { return .untouched }
            erased.append([first])
            return .cut([])
        }
        // The parameter intervals of each segment inside the swept area, merged.
        var inside: [[ClosedRange<Double>]] = []
        var touched = false
        for i in 0..<(points.count - 1) {
            let a = points[i], b = points[i + 1]
            let segmentBox = Rect(corner: a, corner: b)
            var spans: [ClosedRange<Double>] = []
            for (c, d) in capsules where meets(segmentBox.insetBy(dx: -reach, dy: -reach), Rect(corner: c, corner: d)) {
                if let span = span(from: a, to: b, inCapsule: c, d, radius: reach) { spans.append(span) }
            }
            let merged = merge(spans)
            if !merged.isEmpty { touched = true }
            inside.append(merged)
        }
        guard touched else { return .untouched }

        func point(_ i: Int, _ t: Double) -> (Point, Double?) {
            if t <= 0 { return (points[i], stroke.pressures?[i]) }
            if t >= 1 { return (points[i + 1], stroke.pressures?[i + 1]) }
            let a = points[i], b = points[i + 1]
            let p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            let pressure = stroke.pressures.map { $0[i] + ($0[i + 1] - $0[i]) * t }
            return (p, pressure)
        }
        var pieces: [InkStroke] = []
        var current: [(Point, Double?)]?
        func close() {
            guard let run = current else { return }
            current = nil
            let length = zip(run, run.dropFirst()).reduce(0) { $0 + $1.0.0.distance(to: $1.1.0) }
            guard run.count >= 2, length >= minimumLength else { return }
            pieces.append(InkStroke(points: run.map(\.0), pressures: stroke.pressures == nil ? nil : run.map { $0.1 ?? 1 }))
        }
        var cutOut: [Point]?
        func closeCut() {
            if let run = cutOut { erased.append(run) }
            cutOut = nil
        }
        for i in 0..<(points.count - 1) {
            // Kept: the complement of the inside spans in 0…1, walked in order with them.
            var t = 0.0
            for span in inside[i] + [2...2] {
                let keptEnd = min(span.lowerBound, 1)
                if keptEnd > t {
                    closeCut()
                    if t > 0 { close(); current = [point(i, t)] } else if current == nil { current = [point(i, 0)] }
                    current!.append(point(i, keptEnd))
                    if keptEnd < 1 { close() }
                }
                guard span.lowerBound <= 1 else { break }
                // The part taken out.
                close()
                let from = max(span.lowerBound, 0), to = min(span.upperBound, 1)
                if from > 0 || cutOut == nil { closeCut(); cutOut = [point(i, from).0] }
                cutOut!.append(point(i, to).0)
                if to < 1 { closeCut() }
                t = to
            }
        }
        close()
        closeCut()
        return .cut(pieces)
    }

    /// The part `t` in 0…1 of the segment `a`…`b` within `radius` of the segment `c`…`d` (a
    /// capsule, convex: the union of the discs at its ends and the band between them, so the
    /// hull of their three spans is the answer). `nil` when none, or only a touching point.
    static func span(from a: Point, to b: Point, inCapsule c: Point, _ d: Point, radius: Double) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        func add(_ s: (Double, Double)?) {
            guard let s else { return }
            let lo = max(0, s.0), hi = min(1, s.1)
            guard lo <= hi else { return }
            low = min(low, lo); high = max(high, hi)
        }
        let v = b - a
        let vv = v.dx * v.dx + v.dy * v.dy
        // The discs at the ends.
        for centre in [c, d] {
            let w = a - centre
            let cc = w.dx * w.dx + w.dy * w.dy - radius * radius
            if vv == 0 {
                if cc <= 0 { add((0, 1)) }
                continue
            }
            let bb = 2 * (v.dx * w.dx + v.dy * w.dy)
            let disc = bb * bb - 4 * vv * cc
            guard disc >= 0 else { continue }
            let root = disc.squareRoot()
            add(((-bb - root) / (2 * vv), (-bb + root) / (2 * vv)))
        }
        // The band along the eraser's segment.
        let e = d - c
        let length = e.length
        if length > 0 {
            let u = Vector(dx: e.dx / length, dy: e.dy / length), n = Vector(dx: -u.dy, dy: u.dx)
            let w = a - c
            var lo = 0.0, hi = 1.0
            // Along the segment within 0…length, across it within -radius…radius.
            for (start, slope, min, max) in [(w.dx * u.dx + w.dy * u.dy, v.dx * u.dx + v.dy * u.dy, 0.0, length),
                                             (w.dx * n.dx + w.dy * n.dy, v.dx * n.dx + v.dy * n.dy, -radius, radius)] {
                if slope == 0 {
                    if start < min || start > max { lo = 1; hi = 0 }
                } else {
                    let t0 = (min - start) / slope, t1 = (max - start) / slope
                    lo = Swift.max(lo, Swift.min(t0, t1)); hi = Swift.min(hi, Swift.max(t0, t1))
                }
            }
            if lo <= hi { add((lo, hi)) }
        }
        guard low <= high, vv == 0 || high - low > 1e-12 else { return nil }
        return low...high
    }

    /// Whether two rectangles overlap or touch (either may have no width or height).
    private static func meets(_ a: Rect, _ b: Rect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    private static func merge(_ spans: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var out: [ClosedRange<Double>] = []
        for s in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, s.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound...Swift.max(last.upperBound, s.upperBound)
            } else {
                out.append(s)
            }
        }
        return out
    }

    /// The distance from `p` to the segment `a`…`b`.
    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let v = b - a, w = p - a
        let vv = v.dx * v.dx + v.dy * v.dy
        guard vv > 0 else { return p.distance(to: a) }
        let t = Swift.min(1, Swift.max(0, (w.dx * v.dx + w.dy * v.dy) / vv))
        return p.distance(to: Point(x: a.x + v.dx * t, y: a.y + v.dy * t))
    }
}
