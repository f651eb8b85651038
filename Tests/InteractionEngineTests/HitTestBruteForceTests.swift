// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class HitTestBruteForceTests: XCTestCase {
    /// The topmost annotation whose enlarged bounds contain the PDF point, found by scanning all.
    private func bruteForce(_ targets: [AnnotationTarget], _ pdf: Point, _ sizing: HitTargetSizing, unitsPerPixel: Double) -> AnnotationID? {
        let minimum = Size(width: sizing.minimumSize.width * unitsPerPixel, height: sizing.minimumSize.height * unitsPerPixel)
        let t = sizing.tolerance * unitsPerPixel
        return targets.last { $0.bounds.expanded(toAtLeast: minimum).insetBy(dx: -t, dy: -t).contains(pdf) }?.id
    }

    func testIndexedHitTestsAgreeWithABruteForceScanOnRandomData() {
        var rng = SpatialRNG(seed: 0xC0FFEE)
        for round in 0..<4 {
            let zoom = [0.5, 1, 1.5, 3][round]
            let rotation = PageRotation.allCases[round]
            let page = fxPage(zoom: zoom, rotation: rotation)
            let scene = DocumentScene(coordinates: DocumentCoordinates(view: ViewTransform(zoom: zoom), pages: [page]))
            let targets = (0..<3000).map { i -> AnnotationTarget in
                let w = Bool.random(using: &rng) ? Double.random(in: 0...6, using: &rng) : Double.random(in: 5...120, using: &rng)
                let h = Double.random(in: 0...80, using: &rng)
                let x = Double.random(in: -10...600, using: &rng), y = Double.random(in: -10...780, using: &rng)
                return fxAnnotation("r\(round)-\(i)", Rect(x: x, y: y, width: w, height: h))
            }
            scene.setAnnotations(targets, on: page.index)
            var compared = 0
            for _ in 0..<3000 {
                let view = Point(x: Double.random(in: -20...(page.frame.maxX + 20), using: &rng),
                                 y: Double.random(in: -20...(page.frame.maxY + 20), using: &rng))
                for source in [InputSource.mouse, .touchscreen] {
                    let hit = scene.hitTest(atView: view, source: source)
                    guard page.frame.contains(view) else {
                        XCTAssertEqual(hit?.role, .canvas)
                        continue
                    }
                    let expected = bruteForce(targets, page.canvasToPDF.apply(to: view), scene.targetPolicy.sizing(for: source),
                                              unitsPerPixel: 1 / zoom)
                    XCTAssertEqual(hit?.annotation?.id, expected, "round \(round) at \(view) with \(source)")
                    compared += 1
                }
            }
            XCTAssertGreaterThan(compared, 1000)
        }
    }
}
