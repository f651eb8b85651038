// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// A perfect shape that a hand-drawn stroke was taken for (see ``ShapeRecognizer``), in the
/// space of the stroke's points (a page's PDF space for ink).
public enum RecognizedShape: Hashable, Sendable, Codable {
    /// A straight line from where the stroke started to where it ended.
    case line(from: Point, to: Point)
    /// A straight line with an open arrow head at `to` (the end the hook was drawn at).
    case arrow(from: Point, to: Point)
    /// An axis-aligned rectangle; its sides run along the stroke's centre line.
    case rectangle(Rect)
    /// An axis-aligned ellipse (or circle) inscribed in the rectangle, along the stroke's centre line.
    case ellipse(Rect)
    /// A closed polygon through its vertices (a triangle, a turned rectangle, a pentagon …).
    case polygon([Point])
    /// An open zigzag through its vertices.
    case polyline([Point])
}

/// Decides which perfect shape, if any, a hand-drawn stroke is: a line, an arrow (a line with a
/// short hook or chevron at one end), a rectangle, an ellipse, a closed polygon or an open
/// zigzag; a stroke that none of them fits well (a scribble, a word, a spiral) is `nil` and
/// stays ink.
///
/// Why it exists: "shapes that snap" turns a held stroke into a real /Line, /Square, /Circle,
/// /Polygon or /PolyLine, and that decision has to be pure and testable. Every threshold is
/// relative to the stroke's size (the diagonal of its bounding box), so the same shape drawn
/// small or large, zoomed in or out, is taken for the same thing.
///
/// How: the stroke is resampled evenly along its length. An open stroke is a line when no point
/// lies far from the chord; otherwise Douglas–Peucker finds its corners, and a shaft with one or
/// two short barbs folding back at an end is an arrow, a few long straight segments a zigzag.
/// A stroke that ends near where it started is closed (an overshoot is cut off): its fit to an
/// ellipse (least squares on the principal axes) and to a polygon (Douglas–Peucker on the loop,
/// nearly straight corners merged, each corner the meeting of its two sides' fitted lines) are
/// compared, and the closer one wins if it is close enough and its sides are straight.
public struct ShapeRecognizer: Hashable, Sendable {
    /// Strokes smaller than this (bounding-box diagonal, in the points' units) are never shapes.
    public var minimumSize: Double = 8
    /// How far a line's points may stray from it, as a fraction of its length.
    public var lineTolerance: Double = 0.06
    /// The Douglas–Peucker tolerance, as a fraction of the stroke's size.
    public var cornerTolerance: Double = 0.045
    /// How far a polygon side's points may stray from the side, as a fraction of its length.
    public var sideStraightness: Double = 0.075
    /// The mean distance of the points from a fitted polygon, as a fraction of the stroke's
    /// size, beyond which it does not fit.
    public var closedTolerance: Double = 0.035
    /// The same for an ellipse (curves are told from scribbles by their evenness alone).
    public var ellipseTolerance: Double = 0.022
    /// How close the ends of a closed stroke are, as a fraction of its size.
    public var closingGap: Double = 0.2
    /// Corners turning less than this (radians) are not corners.
    public var minimumTurn: Double = 0.42
    /// A polygon or zigzag with more corners than this is a scribble.
    public var maximumVertices: Int = 8

    public init() {}

    /// The shape `points` (a stroke in drawing order) were drawn as, or `nil` when none fits.
    public func recognize(_ points: [Point]) -> RecognizedShape? {
        var raw: [Point] = []
        for p in points where raw.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { raw.append(p) }
        guard raw.count >= 2 else { return nil }
        let size = Self.bounds(raw).diagonal
        guard size >= minimumSize else { return nil }
        let stroke = Self.resample(raw, count: 128)
        if let loop = closedLoop(stroke, size: size) {
            return closedShape(loop, size: size)
        }
        return openShape(stroke, size: size)
    }

    // MARK: Open strokes

    private func openShape(_ stroke: [Point], size: Double) -> RecognizedShape? {
        if let line = straightLine(stroke) { return .line(from: line.from, to: line.to) }
        let corners = mergedCorners(stroke, Self.simplify(stroke, tolerance: cornerTolerance * size), size: size)
        if let arrow = arrow(stroke, corners: corners) { return arrow }
        if let reversed = arrow(Array(stroke.reversed()), corners: corners.reversed().map { stroke.count - 1 - $0 }) { return reversed }
        guard corners.count >= 3, corners.count <= maximumVertices else { return nil }
        for (a, b) in zip(corners, corners.dropFirst()) {
            guard Self.isStraight(Array(stroke[a...b]), tolerance: sideStraightness),
                  stroke[a].distance(to: stroke[b]) >= 0.1 * size else { return nil }
        }
        let vertices = corners.map { stroke[$0] }
        return Self.crossesItself(vertices) ? nil : .polyline(vertices)
    }

    /// The line through the stroke when no point strays from it: its ends where the stroke's
    /// ends project onto the fitted line (on a multiple of 45° when within 3° of one).
    private func straightLine(_ stroke: [Point]) -> (from: Point, to: Point)? {
        guard let first = stroke.first, let last = stroke.last else { return nil }
        let length = first.distance(to: last)
        guard length > 0, Self.isStraight(stroke, tolerance: lineTolerance) else { return nil }
        // The ends projected onto the line fitted to every point, turned onto a multiple of 45°
        // when within 3° of one.
        var fit = Self.fitLine(stroke)
        let step = Double.pi / 4
        let angle = atan2(fit.direction.dy, fit.direction.dx)
        let snapped = (angle / step).rounded() * step
        if abs(snapped - angle) < 3 * .pi / 180 { fit.direction = Vector(dx: cos(snapped), dy: sin(snapped)) }
        func onLine(_ p: Point) -> Point {
            let d = p - fit.point
            return fit.point + fit.direction * (d.dx * fit.direction.dx + d.dy * fit.direction.dy)
        }
        return (onLine(first), onLine(last))
    }

    /// An arrow drawn shaft first: a straight shaft, then at its tip one barb folding back (a
    /// hook), or a barb, back to the tip and a second barb on the other side (a chevron).
    private func arrow(_ stroke: [Point], corners: [Int]) -> RecognizedShape? {
        guard corners.count == 3 || corners.count == 5, let tipIndex = corners.dropFirst().first else { return nil }
        let tail = stroke[0], tip = stroke[tipIndex]
        let shaft = tail.distance(to: tip)
        guard shaft > 0, Self.isStraight(Array(stroke[0...tipIndex]), tolerance: lineTolerance) else { return nil }
        let back = (tail - tip) * (1 / shaft)
        func isBarb(_ end: Point, from start: Point) -> (side: Double, ok: Bool) {
            let v = end - start
            let length = v.length
            guard length > 0.08 * shaft, length < 0.6 * shaft else { return (0, false) }
            let cosine = (v.dx * back.dx + v.dy * back.dy) / length
            // Folding back at 15°…75° from the shaft.
            return (back.dx * v.dy - back.dy * v.dx, cosine > cos(75 * Double.pi / 180) && cosine < cos(10 * Double.pi / 180))
        }
        let first = isBarb(stroke[corners[2]], from: tip)
        guard first.ok else { return nil }
        if corners.count == 5 {
            // Back to the tip, then the other barb.
            guard stroke[corners[3]].distance(to: tip) < 0.15 * shaft else { return nil }
            let second = isBarb(stroke[corners[4]], from: stroke[corners[3]])
            guard second.ok, second.side * first.side < 0 else { return nil }
        }
        return .arrow(from: tail, to: tip)
    }

    // MARK: Closed strokes

    /// The stroke as a loop when its end comes back near its start (cut where it passes closest
    /// to the start after its first half, so an overshoot does not count), else `nil`.
    private func closedLoop(_ stroke: [Point], size: Double) -> [Point]? {
        guard let start = stroke.first, stroke.count >= 8 else { return nil }
        let half = stroke.count / 2
        var best = stroke.count - 1
        for i in half..<stroke.count where stroke[i].distance(to: start) < stroke[best].distance(to: start) { best = i }
        guard stroke[best].distance(to: start) <= closingGap * size else { return nil }
        // Also cut a start that overshoots the end.
        let end = stroke[best]
        var from = 0
        for i in 0..<(half / 2) where stroke[i].distance(to: end) < stroke[from].distance(to: end) { from = i }
        let loop = Array(stroke[from...best])
        return loop.count >= 8 ? Array(Self.resample(loop + [loop[0]], count: 129).dropLast()) : nil
    }

    private func closedShape(_ loop: [Point], size: Double) -> RecognizedShape? {
        let ellipse = fitEllipse(loop), polygon = fitPolygon(loop, size: size)
        let ellipseError = ellipse.map { $0.error / size } ?? .infinity
        let polygonError = polygon.map { $0.error / size } ?? .infinity
        if ellipseError <= polygonError {
            return ellipseError <= ellipseTolerance ? ellipse?.shape : nil
        }
        return polygonError <= closedTolerance ? polygon?.shape : nil
    }

    /// The least-squares ellipse on the loop's principal axes, as a shape when it is upright
    /// (or round enough for its turn not to matter), with the mean distance of the points from it.
    private func fitEllipse(_ loop: [Point]) -> (shape: RecognizedShape?, error: Double)? {
        let n = Double(loop.count)
        let c = Point(x: loop.map(\.x).reduce(0, +) / n, y: loop.map(\.y).reduce(0, +) / n)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in loop { sxx += (p.x - c.x) * (p.x - c.x); syy += (p.y - c.y) * (p.y - c.y); sxy += (p.x - c.x) * (p.y - c.y) }
        let theta = 0.5 * atan2(2 * sxy, sxx - syy)
        let (ct, st) = (cos(theta), sin(theta))
        // 1 = A u² + B v², least squares.
        var a11 = 0.0, a12 = 0.0, a22 = 0.0, b1 = 0.0, b2 = 0.0
        let uv = loop.map { p -> (Double, Double) in
            let dx = p.x - c.x, dy = p.y - c.y
            return (dx * ct + dy * st, -dx * st + dy * ct)
        }
        for (u, v) in uv {
            let u2 = u * u, v2 = v * v
            a11 += u2 * u2; a12 += u2 * v2; a22 += v2 * v2; b1 += u2; b2 += v2
        }
        let det = a11 * a22 - a12 * a12
        guard abs(det) > 1e-12 else { return nil }
        let A = (b1 * a22 - b2 * a12) / det, B = (a11 * b2 - a12 * b1) / det
        guard A > 0, B > 0 else { return nil }
        let ra = 1 / A.squareRoot(), rb = 1 / B.squareRoot()
        var error = 0.0
        for (u, v) in uv {
            let r = (u * u + v * v).squareRoot()
            let rho = (A * u * u + B * v * v).squareRoot()
            error += rho > 0 ? abs(r - r / rho) : max(ra, rb)
        }
        error /= n
        // The turn of the axes from upright, 0…45°.
        var turn = abs(theta).truncatingRemainder(dividingBy: .pi / 2)
        turn = min(turn, .pi / 2 - turn)
        let round = max(ra, rb) / min(ra, rb) < 1.15
        guard round || turn < 12 * Double.pi / 180 else { return (nil, error) }
        if round {
            let r = (ra + rb) / 2
            return (.ellipse(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), error)
        }
        let upright = abs(theta).truncatingRemainder(dividingBy: .pi) < .pi / 4 || abs(theta).truncatingRemainder(dividingBy: .pi) > 3 * .pi / 4
        let (w, h) = upright ? (ra, rb) : (rb, ra)
        return (.ellipse(Rect(x: c.x - w, y: c.y - h, width: 2 * w, height: 2 * h)), error)
    }

    /// The polygon whose corners Douglas–Peucker finds on the loop (nearly straight corners
    /// merged, each corner where its sides' fitted lines meet), as a shape when its sides are
    /// straight, with the mean distance of the points from it.
    private func fitPolygon(_ loop: [Point], size: Double) -> (shape: RecognizedShape?, error: Double)? {
        // Start the loop at the point farthest from its centre: surely a corner if there are any.
        let n = Double(loop.count)
        let c = Point(x: loop.map(\.x).reduce(0, +) / n, y: loop.map(\.y).reduce(0, +) / n)
        let far = loop.indices.max { loop[$0].distance(to: c) < loop[$1].distance(to: c) } ?? 0
        let turned = Array(loop[far...] + loop[..<far]) + [loop[far]]
        var corners = mergedCorners(turned, Self.simplify(turned, tolerance: cornerTolerance * size), size: size)
        // The closing point repeats the first.
        if corners.count > 1, corners.last == turned.count - 1 { corners.removeLast() }
        guard corners.count >= 3 else { return nil }
        guard corners.count <= maximumVertices else { return (nil, .infinity) }
        // Each side's line, fitted to its middle.
        var sides: [(point: Point, direction: Vector)] = []
        for (i, a) in corners.enumerated() {
            let b = i + 1 < corners.count ? corners[i + 1] : turned.count - 1
            let part = Array(turned[a...b])
            guard Self.isStraight(part, tolerance: sideStraightness), turned[a].distance(to: turned[b]) >= 0.08 * size else {
                return (nil, .infinity)
            }
            let trim = part.count / 6
            sides.append(Self.fitLine(Array(part[trim..<(part.count - trim)])))
        }
        var vertices: [Point] = []
        for i in sides.indices {
            let previous = sides[(i + sides.count - 1) % sides.count], next = sides[i]
            vertices.append(Self.intersection(previous, next) ?? turned[corners[i]])
        }
        // The meeting points stay near the drawn corners (nearly parallel sides meet far away).
        for (i, v) in vertices.enumerated() where v.distance(to: turned[corners[i]]) > 0.15 * size { vertices[i] = turned[corners[i]] }
        let error = loop.map { Self.distance(from: $0, toPolygon: vertices) }.reduce(0, +) / n
        // A loop whose sides cross is a scribble, not a polygon.
        guard !Self.crossesItself(vertices + [vertices[0]]) else { return (nil, .infinity) }
        if vertices.count == 4, let rect = uprightRectangle(vertices) { return (.rectangle(rect), error) }
        return (.polygon(vertices), error)
    }

    /// A quadrilateral whose sides all run within 10° of the axes, as the rectangle they make.
    private func uprightRectangle(_ v: [Point]) -> Rect? {
        var xs: [Double] = [], ys: [Double] = []
        for i in 0..<4 {
            let a = v[i], b = v[(i + 1) % 4]
            let angle = abs(atan2(b.y - a.y, b.x - a.x)).truncatingRemainder(dividingBy: .pi)
            let fromHorizontal = min(angle, .pi - angle), fromVertical = abs(angle - .pi / 2)
            if fromHorizontal < 10 * Double.pi / 180 { ys.append((a.y + b.y) / 2) } else if fromVertical < 10 * Double.pi / 180 {
                xs.append((a.x + b.x) / 2)
            } else {
                return nil
            }
        }
        guard xs.count == 2, ys.count == 2 else { return nil }
        return Rect(corner: Point(x: xs[0], y: ys[0]), corner: Point(x: xs[1], y: ys[1]))
    }

    /// Douglas–Peucker corners (indices into `points`) with those that barely turn, and those
    /// closer than a twentieth of the stroke to a neighbour, dropped one at a time, the weakest
    /// first. The ends of an open stroke stay.
    private func mergedCorners(_ points: [Point], _ indices: [Int], size: Double) -> [Int] {
        var corners = indices
        while corners.count > 2 {
            var weakest: (index: Int, turn: Double)?
            for i in 1..<(corners.count - 1) {
                let a = points[corners[i - 1]], b = points[corners[i]], c = points[corners[i + 1]]
                let short = min(a.distance(to: b), b.distance(to: c)) < 0.05 * size
                let turn = short ? 0 : Self.turn(a, b, c)
                if weakest == nil || turn < weakest!.turn { weakest = (i, turn) }
            }
            guard let w = weakest, w.turn < minimumTurn else { break }
            corners.remove(at: w.index)
        }
        return corners
    }
}

extension ShapeRecognizer {
    /// The angle (radians, 0…π) by which the path a → b → c turns at b.
    static func turn(_ a: Point, _ b: Point, _ c: Point) -> Double {
        let u = b - a, v = c - b
        let lu = u.length, lv = v.length
        guard lu > 0, lv > 0 else { return 0 }
        return acos(max(-1, min(1, (u.dx * v.dx + u.dy * v.dy) / (lu * lv))))
    }

    static func bounds(_ points: [Point]) -> Rect {
        var box = Rect(origin: points[0], size: .zero)
        for p in points.dropFirst() { box = box.union(Rect(origin: p, size: .zero)) }
        return box
    }

    /// `count` points evenly spaced along the path (its ends kept).
    static func resample(_ points: [Point], count: Int) -> [Point] {
        guard points.count >= 2, count >= 2 else { return points }
        var lengths = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { lengths.append(lengths.last! + a.distance(to: b)) }
        let total = lengths.last!
        guard total > 0 else { return [points[0]] }
        var out: [Point] = []
        var j = 0
        for k in 0..<count {
            let target = total * Double(k) / Double(count - 1)
            while j < points.count - 2, lengths[j + 1] < target { j += 1 }
            let span = lengths[j + 1] - lengths[j]
            let t = span > 0 ? min(1, max(0, (target - lengths[j]) / span)) : 0
            out.append(Point(x: points[j].x + (points[j + 1].x - points[j].x) * t, y: points[j].y + (points[j + 1].y - points[j].y) * t))
        }
        return out
    }

    /// The indices Douglas–Peucker keeps: the ends, and recursively the point farthest from the
    /// chord while it lies farther than `tolerance`.
    static func simplify(_ points: [Point], tolerance: Double) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        var keep = [0, points.count - 1]
        var stack = [(0, points.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var far = a, farthest = 0.0
            for i in (a + 1)..<b {
                let d = distance(from: points[i], toSegment: points[a], points[b])
                if d > farthest { farthest = d; far = i }
            }
            if farthest > tolerance {
                keep.append(far)
                stack.append((a, far))
                stack.append((far, b))
            }
        }
        return keep.sorted()
    }

    /// Whether no point lies farther from the chord of its ends than `tolerance` times its length.
    static func isStraight(_ points: [Point], tolerance: Double) -> Bool {
        guard let a = points.first, let b = points.last else { return false }
        let length = a.distance(to: b)
        guard length > 0 else { return false }
        return points.allSatisfy { distance(from: $0, toSegment: a, b) <= tolerance * length }
    }

    /// The least-squares line through points: a point on it and its unit direction.
    static func fitLine(_ points: [Point]) -> (point: Point, direction: Vector) {
        let n = Double(max(points.count, 1))
        let c = Point(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points { sxx += (p.x - c.x) * (p.x - c.x); syy += (p.y - c.y) * (p.y - c.y); sxy += (p.x - c.x) * (p.y - c.y) }
        let theta = 0.5 * atan2(2 * sxy, sxx - syy)
        return (c, Vector(dx: cos(theta), dy: sin(theta)))
    }

    /// Where two lines meet; `nil` when they are nearly parallel.
    static func intersection(_ l: (point: Point, direction: Vector), _ m: (point: Point, direction: Vector)) -> Point? {
        let cross = l.direction.dx * m.direction.dy - l.direction.dy * m.direction.dx
        guard abs(cross) > 0.2 else { return nil }
        let d = m.point - l.point
        let t = (d.dx * m.direction.dy - d.dy * m.direction.dx) / cross
        return l.point + l.direction * t
    }

    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let length2 = ab.dx * ab.dx + ab.dy * ab.dy
        guard length2 > 0 else { return p.distance(to: a) }
        let t = max(0, min(1, (ap.dx * ab.dx + ap.dy * ab.dy) / length2))
        return p.distance(to: a + ab * t)
    }

    /// Whether two sides of the path that are not neighbours cross.
    static func crossesItself(_ path: [Point]) -> Bool {
        func orientation(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        let sides = path.count - 1
        guard sides >= 3 else { return false }
        let closed = path.first == path.last
        for i in 0..<sides {
            for j in (i + 2)..<max(i + 2, sides) where !(closed && i == 0 && j == sides - 1) {
                let (a, b, c, d) = (path[i], path[i + 1], path[j], path[j + 1])
                let o1 = orientation(a, b, c), o2 = orientation(a, b, d), o3 = orientation(c, d, a), o4 = orientation(c, d, b)
                if o1 * o2 < 0, o3 * o4 < 0 { return true }
            }
        }
        return false
    }

    static func distance(from p: Point, toPolygon vertices: [Point]) -> Double {
        var best = Double.infinity
        for (i, a) in vertices.enumerated() { best = min(best, distance(from: p, toSegment: a, vertices[(i + 1) % vertices.count])) }
        return best
    }
}

extension Rect {
    fileprivate var diagonal: Double { (width * width + height * height).squareRoot() }
}
