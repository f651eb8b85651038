// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import SeededRandom
import InteractionEngine

private typealias BenchmarkRNG = SeededGenerator

/// Measures hit testing among 10,000 annotations on one letter page at zoom 1.5 and prints the
/// median time per hit test (over batches of 100), for touch and for a mouse.
func runHitTestBenchmark() {
    var rng = BenchmarkRNG(state: 2024)
    let zoom = 1.5
    let page = PageGeometry(index: PageIndex(0), origin: .zero, mediaSize: Size(width: 612, height: 792), zoom: zoom)
    let scene = DocumentScene(coordinates: DocumentCoordinates(view: ViewTransform(zoom: zoom), pages: [page]))
    let kinds: [AnnotationKind] = [.ink, .highlight, .square, .text, .freeText, .line]
    let targets = (0..<10_000).map { i in
        AnnotationTarget(
            id: AnnotationID("a\(i)"), kind: kinds[i % kinds.count], page: page.index,
            bounds: Rect(x: Double.random(in: 0...590, using: &rng), y: Double.random(in: 0...770, using: &rng),
                         width: Double.random(in: 2...40, using: &rng), height: Double.random(in: 2...25, using: &rng)))
    }
    scene.setAnnotations(targets, on: page.index)
    let points = (0..<20_000).map { _ in
        Point(x: Double.random(in: 0..<page.frame.width, using: &rng), y: Double.random(in: 0..<page.frame.height, using: &rng))
    }
    let clock = ContinuousClock()
    for source in [InputSource.touchscreen, .mouse] {
        var annotationHits = 0
        _ = scene.hitTest(atView: points[0], source: source)  // builds the index
        var batches: [Double] = []
        let batch = 100
        for round in 0..<5 {
            var start = 0
            while start < points.count {
                let began = clock.now
                for i in start..<(start + batch) where scene.hitTest(atView: points[i], source: source)?.annotation != nil {
                    annotationHits += 1
                }
                let elapsed = clock.now - began
                if round > 0 {  // the first round warms caches
                    let (s, atto) = elapsed.components
                    batches.append((Double(s) * 1e6 + Double(atto) / 1e12) / Double(batch))
                }
                start += batch
            }
        }
        batches.sort()
        let median = batches[batches.count / 2]
        let rounded = (median * 1000).rounded() / 1000
        print("hit test, 10,000 annotations on a page, \(source.rawValue): median \(rounded) µs per hit test (\(annotationHits) annotation hits)")
    }
}
