// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import SeededRandom

/// Measures the lasso's decision (``LassoSelection``) on a letter page with 2,000 ink strokes of
/// 40 to 160 points each (handwriting-sized random walks), for a hand-drawn loop round a
/// quarter of the page and one round most of it; prints the median and the worst of 40 runs
/// against the goal (decided within 16 ms of lifting).
func runLassoBenchmark() {
    var rng = SeededGenerator(seed: 33)
    let strokes = lassoBenchStrokes(&rng)
    let pointCount = strokes.reduce(0) { n, a in if case .ink(let s) = a.geometry { return n + s[0].points.count }; return n }
    func loop(center: Point, rx: Double, ry: Double) -> [Point] {
        (0...400).map { i in
            let t = (2 * Double.pi - 0.1) * Double(i) / 400
            let k = 1 + (rng.unit() - 0.5) * 0.04
            return Point(x: center.x + rx * k * cos(t), y: center.y + ry * k * sin(t))
        }
    }
    let clock = ContinuousClock()
    for (name, drawn) in [("a quarter of the page", loop(center: Point(x: 160, y: 600), rx: 150, ry: 190)),
                          ("most of the page", loop(center: Point(x: 306, y: 396), rx: 290, ry: 380))] {
        var times: [Double] = []
        var selected = 0
        for _ in 0..<40 {
            let began = clock.now
            selected = LassoSelection.select(loop: drawn, among: strokes).count
            let (s, atto) = (clock.now - began).components
            times.append(Double(s) * 1e3 + Double(atto) / 1e15)
        }
        times.sort()
        let median = (times[times.count / 2] * 100).rounded() / 100, worst = (times.last! * 100).rounded() / 100
        print("lasso, 2,000 ink strokes (\(pointCount) points), loop of 401 points round \(name): median \(median) ms, worst \(worst) ms"
              + " (goal: 16 ms), \(selected) selected")
    }
}

/// 2,000 ink strokes of 40 to 160 points each on a letter page (handwriting-sized random walks
/// over the whole page, from `rng`: seed 33 for the benchmarks' page).
func lassoBenchStrokes(_ rng: inout SeededGenerator) -> [Annotation] {
    var strokes: [Annotation] = []
    for i in 0..<2_000 {
        var p = Point(x: 20 + 570 * rng.unit(), y: 20 + 750 * rng.unit())
        var points: [Point] = []
        for _ in 0..<(40 + Int(rng.unit() * 120)) {
            p = Point(x: min(600, max(5, p.x + (rng.unit() - 0.3) * 3)), y: min(780, max(5, p.y + (rng.unit() - 0.5) * 3)))
            points.append(p)
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let rect = Rect(x: xs.min()! - 1, y: ys.min()! - 1, width: xs.max()! - xs.min()! + 2, height: ys.max()! - ys.min()! + 2)
        strokes.append(Annotation(id: "ink\(i)", page: PageIndex(0), subtype: .ink, rect: rect, geometry: .ink([InkStroke(points: points)])))
    }
    return strokes
}
