// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import XCTest

/// What a canvas fills around its pages: every point of the view outside the pages once, no
/// point of a page.
final class RectSubtractingTests: XCTestCase {
    func testTheViewAroundPagesIsCoveredOnceAndThePagesNotAtAll() {
        let view = Rect(x: 0, y: 0, width: 1000, height: 700)
        let layouts: [[Rect]] = [
            [],
            [Rect(x: 100, y: -300, width: 800, height: 500), Rect(x: 100, y: 212, width: 800, height: 600)],  // a column, a gap
            [Rect(x: 20, y: 50, width: 470, height: 600), Rect(x: 510, y: 80, width: 470, height: 560)],  // a spread
            [Rect(x: -50, y: -50, width: 1100, height: 800)],  // a page over all the view
            [Rect(x: 1200, y: 0, width: 100, height: 100)],  // a page off screen
        ]
        for pages in layouts {
            let parts = view.subtracting(pages)
            for part in parts {
                XCTAssertTrue(view.contains(part), "\(part) inside the view")
                for page in pages { XCTAssertFalse(part.intersects(page), "\(part) misses \(page)") }
            }
            for (i, a) in parts.enumerated() {
                for b in parts[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(a) and \(b) do not overlap") }
            }
            let covered = pages.compactMap { $0.intersection(view) }.reduce(0) { $0 + $1.width * $1.height }
            XCTAssertEqual(parts.reduce(0) { $0 + $1.width * $1.height }, view.width * view.height - covered, accuracy: 1e-6,
                           "with \(pages.count) pages, all the rest of the view")
        }
    }
}
