// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Geometry
import SeededRandom

/// Strokes as a hand draws them, from a seed: a template path (corners, a circle) followed
/// with a slow wobble across it, a little jitter, uneven spacing, rounded corners, and a closed
/// shape's ends that overshoot or fall short. The same seed draws the same stroke.
struct HandDrawnStrokes {
    var random: SeededGenerator
    /// How much the wobble and the closing error are, as a fraction of the template's size.
    var sloppiness = 1.0

    init(seed: UInt64, sloppiness: Double = 1) {
        random = SeededGenerator(seed: seed)
        self.sloppiness = sloppiness
    }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * random.unit() }

    /// The template path followed by hand.
    mutating func draw(_ template: [Point]) -> [Point] {
        var box = Rect(origin: template[0], size: .zero)
        for p in template { box = box.union(Rect(origin: p, size: .zero)) }
        let size = max(box.width, box.height)
        // Corners rounded a little: a short moving average along the densely resampled template.
        let dense = Self.resample(template, spacing: size / 200)
        let window = 3
        let rounded = dense.indices.map { i -> Point in
            let part = dense[max(0, i - window)...min(dense.count - 1, i + window)]
            return Point(x: part.map(\.x).reduce(0, +) / Double(part.count), y: part.map(\.y).reduce(0, +) / Double(part.count))
        }
        // A slow wobble across the path and quick jitter; the spacing of samples varies with speed.
        let amplitude = 0.012 * size * sloppiness
        let (f1, f2) = (uniform(1.5...3.5), uniform(4...7))
        let (p1, p2) = (uniform(0...6.28), uniform(0...6.28))
        var out: [Point] = []
        var i = 0.0
        while Int(i) < rounded.count {
            let k = Int(i), t = i / Double(rounded.count)
            let a = rounded[max(0, k - 1)], b = rounded[min(rounded.count - 1, k + 1)]
            let d = b - a
            let len = max(d.length, 1e-9)
            let normal = Vector(dx: -d.dy / len, dy: d.dx / len)
            let wobble = amplitude * (sin(2 * .pi * f1 * t + p1) + 0.5 * sin(2 * .pi * f2 * t + p2))
            let jitter = Vector(dx: uniform(-0.25...0.25), dy: uniform(-0.25...0.25))
            out.append(rounded[k] + normal * wobble + jitter)
            i += uniform(0.6...2.4)
        }
        if let last = rounded.last { out.append(last) }
        return out
    }

    // MARK: Templates (PDF points)

    mutating func circle(center: Point, radius: Double) -> [Point] { ellipse(center: center, rx: radius, ry: radius) }

    /// An ellipse started at a random place, closing with a random overshoot or gap.
    mutating func ellipse(center: Point, rx: Double, ry: Double) -> [Point] {
        let start = uniform(0...6.28)
        let sweep = 2 * Double.pi * (1 + uniform(-0.05...0.08) * sloppiness)
        let n = 120
        return draw((0...n).map { k in
            let a = start + sweep * Double(k) / Double(n)
            return Point(x: center.x + rx * cos(a), y: center.y + ry * sin(a))
        })
    }

    /// A closed polygon through `corners`, started partway along its first side.
    mutating func polygon(_ corners: [Point]) -> [Point] {
        let s = uniform(0...0.4)
        let begin = corners[0] + (corners[1] - corners[0]) * s
        let closing = s + uniform(-0.08...0.12) * sloppiness
        let end = corners[0] + (corners[1] - corners[0]) * closing
        return draw([begin] + Array(corners.dropFirst()) + [corners[0], end])
    }

    mutating func line(from a: Point, to b: Point) -> [Point] { draw([a, b]) }

    /// A shaft and, at its tip, one barb folding back at 35° (a hook) or two (a chevron).
    mutating func arrow(from a: Point, to b: Point, chevron: Bool) -> [Point] {
        let d = b - a
        let back = atan2(-d.dy, -d.dx)
        let barb = 0.25 * d.length
        func barbEnd(_ side: Double) -> Point {
            let angle = back + side * 35 * .pi / 180
            return Point(x: b.x + barb * cos(angle), y: b.y + barb * sin(angle))
        }
        return draw(chevron ? [a, b, barbEnd(1), b, barbEnd(-1)] : [a, b, barbEnd(1)])
    }

    /// A random scribble: a dozen random points in a box, joined by curves (Catmull–Rom).
    mutating func scribble(in box: Rect) -> [Point] {
        let knots = (0..<14).map { _ in Point(x: uniform(box.minX...box.maxX), y: uniform(box.minY...box.maxY)) }
        var path: [Point] = []
        for i in 1..<(knots.count - 2) {
            let (p0, p1, p2, p3) = (knots[i - 1], knots[i], knots[i + 1], knots[i + 2])
            for k in 0..<12 {
                let t = Double(k) / 12, t2 = t * t, t3 = t2 * t
                func c(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                    0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3)
                }
                path.append(Point(x: c(p0.x, p1.x, p2.x, p3.x), y: c(p0.y, p1.y, p2.y, p3.y)))
            }
        }
        return draw(path)
    }

    static func resample(_ points: [Point], spacing: Double) -> [Point] {
        var out = [points[0]]
        for (a, b) in zip(points, points.dropFirst()) {
            let n = max(1, Int((a.distance(to: b) / spacing).rounded(.up)))
            for k in 1...n { out.append(a + (b - a) * (Double(k) / Double(n))) }
        }
        return out
    }
}

/// The strokes in `Tests/TestData/shape-strokes.json`: a simulated pen hand drawing each shape
/// (x, y in page points, time, pressure), and what each should be taken for.
struct RecordedStroke {
    var name: String
    var expect: String
    var points: [Point]
    var times: [Double]
    var pressures: [Double]

    static func load() throws -> [RecordedStroke] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestData/shape-strokes.json")
        let data = try Data(contentsOf: url)
        struct File: Decodable {
            struct Stroke: Decodable { var name: String; var expect: String; var points: [[Double]] }
            var strokes: [Stroke]
        }
        return try JSONDecoder().decode(File.self, from: data).strokes.map { s in
            RecordedStroke(name: s.name, expect: s.expect, points: s.points.map { Point(x: $0[0], y: $0[1]) },
                           times: s.points.map { $0[2] }, pressures: s.points.map { $0[3] })
        }
    }
}
