// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

/// The page curl's geometry behaves like paper: the fold halves the way from the grabbed point
/// to the pointer, the lifted part and its folded-over back have the same area, the back page
/// shows what lies behind each point and is never mirrored, and the sheet never tears off.
final class PageCurlTests: XCTestCase {
    /// A right-hand page bound on its left edge (reading left to right).
    let sheet = Rect(x: 400, y: 50, width: 300, height: 400)

    func testAtRestNothingIsLifted() {
        let curl = PageCurl(sheet: sheet, spineX: 400, grab: Point(x: 700, y: 250), pointer: Point(x: 700, y: 250))
        XCTAssertEqual(curl.progress, 0)
        XCTAssertNil(curl.fold)
        XCTAssertEqual(curl.liftedPart, [])
        XCTAssertEqual(area(curl.flatPart), sheet.width * sheet.height, accuracy: 1e-6)
    }

    func testAStraightPullFoldsHalfwayAlongIt() {
        let curl = PageCurl(sheet: sheet, spineX: 400, grab: Point(x: 700, y: 250), pointer: Point(x: 600, y: 250))
        XCTAssertEqual(curl.progress, 100.0 / 600, accuracy: 1e-9)
        let fold = try! XCTUnwrap(curl.fold)
        XCTAssertEqual(fold.point.x, 650, accuracy: 1e-9)
        XCTAssertEqual(fold.normal.dx, 1, accuracy: 1e-9, "the lifted side is the outer one")
        XCTAssertEqual(bounds(curl.liftedPart), Rect(x: 650, y: 50, width: 50, height: 400))
        XCTAssertEqual(bounds(curl.backPart), Rect(x: 600, y: 50, width: 50, height: 400))
        XCTAssertEqual(bounds(curl.flatPart), Rect(x: 400, y: 50, width: 250, height: 400))
    }

    func testTurnedOverTheBackPageLiesWhereTheTurnLeavesIt() {
        let curl = PageCurl(sheet: sheet, spineX: 400, grab: Point(x: 700, y: 250), pointer: Point(x: 100, y: 250))
        XCTAssertEqual(curl.progress, 1, accuracy: 1e-9)
        XCTAssertEqual(curl.backPageFrame, Rect(x: 100, y: 50, width: 300, height: 400))
        XCTAssertEqual(bounds(curl.backPart), curl.backPageFrame)
        XCTAssertEqual(area(curl.flatPart), 0, accuracy: 1e-6)
        let t = curl.backTransform
        for p in [Point(x: 100, y: 50), Point(x: 333, y: 222)] {
            let q = t.apply(to: p)
            XCTAssertEqual(q.x, p.x, accuracy: 1e-9)
            XCTAssertEqual(q.y, p.y, accuracy: 1e-9)
        }
    }

    func testTheBackShowsWhatLiesBehindEachPointAndIsNeverMirrored() {
        var rng = SeededGenerator(seed: 7)
        for rightToLeft in [false, true] {
            let spine = rightToLeft ? sheet.maxX : sheet.minX
            let outer = rightToLeft ? sheet.minX : sheet.maxX
            for _ in 0..<200 {
                let grab = Point(x: outer, y: Double.random(in: sheet.minY...sheet.maxY, using: &rng))
                let pointer = Point(x: Double.random(in: 0...1000, using: &rng), y: Double.random(in: -200...700, using: &rng))
                let curl = PageCurl(sheet: sheet, spineX: spine, grab: grab, pointer: pointer)
                // Paper does not tear: the grabbed point stays within a sheet's width of the spine.
                XCTAssertLessThanOrEqual((curl.pointer - Point(x: spine, y: curl.grab.y)).length, sheet.width + 1e-9)
                guard curl.fold != nil else { continue }
                let t = curl.backTransform
                XCTAssertEqual(t.a * t.d - t.b * t.c, 1, accuracy: 1e-9, "a turn, not a mirror image")
                XCTAssertEqual(area(curl.liftedPart), area(curl.backPart), accuracy: 1e-6)
                XCTAssertEqual(area(curl.liftedPart) + area(curl.flatPart), sheet.width * sheet.height, accuracy: 1e-6)
                // A point of the lifted part lands, folded over, where the back page drawn
                // through the transform shows the point of the back page behind it.
                let inside = centroid(curl.liftedPart)
                let behind = Point(x: 2 * spine - inside.x, y: inside.y)
                let shown = t.apply(to: behind)
                let folded = curl.reflection.apply(to: inside)
                XCTAssertEqual(shown.x, folded.x, accuracy: 1e-6)
                XCTAssertEqual(shown.y, folded.y, accuracy: 1e-6)
            }
        }
    }

    func testATurnRunsFromFlatToTurnedOverSteadily() {
        var last = -1.0
        for step in 0...20 {
            let curl = PageCurl.turned(Double(step) / 20, sheet: sheet, spineX: 400, grabY: 420)
            XCTAssertGreaterThan(curl.progress, last - 1e-12)
            last = curl.progress
        }
        XCTAssertEqual(PageCurl.turned(0, sheet: sheet, spineX: 400, grabY: 420).progress, 0, accuracy: 1e-9)
        XCTAssertEqual(PageCurl.turned(1, sheet: sheet, spineX: 400, grabY: 420).progress, 1, accuracy: 1e-9)
        let rtl = PageCurl.turned(0.5, sheet: sheet, spineX: 700, grabY: 420)
        XCTAssertEqual(rtl.progress, 0.5, accuracy: 1e-9, "bound on the right, the left edge swings over")
        XCTAssertEqual(rtl.grab.x, 400)
    }

    func testLetGoPastHalfwayOrFlungTowardsTheFarSideItFinishes() {
        let before = PageCurl(sheet: sheet, spineX: 400, grab: Point(x: 700, y: 250), pointer: Point(x: 500, y: 250))
        let past = PageCurl(sheet: sheet, spineX: 400, grab: Point(x: 700, y: 250), pointer: Point(x: 300, y: 250))
        XCTAssertFalse(before.finishes(whenReleasedAt: .zero))
        XCTAssertTrue(past.finishes(whenReleasedAt: .zero))
        XCTAssertTrue(before.finishes(whenReleasedAt: Vector(dx: -800, dy: 0)), "flung leftwards, over the spine")
        XCTAssertFalse(past.finishes(whenReleasedAt: Vector(dx: 800, dy: 0)), "flung back")
        let rtl = PageCurl(sheet: sheet, spineX: 700, grab: Point(x: 400, y: 250), pointer: Point(x: 450, y: 250))
        XCTAssertTrue(rtl.finishes(whenReleasedAt: Vector(dx: 800, dy: 0)), "bound on the right, rightwards finishes")
    }

    private func area(_ polygon: [Point]) -> Double {
        guard polygon.count > 2 else { return 0 }
        var sum = 0.0
        for (i, p) in polygon.enumerated() {
            let q = polygon[(i + 1) % polygon.count]
            sum += p.x * q.y - q.x * p.y
        }
        return abs(sum) / 2
    }

    private func bounds(_ polygon: [Point]) -> Rect {
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        return Rect(corner: Point(x: xs.min()!, y: ys.min()!), corner: Point(x: xs.max()!, y: ys.max()!))
    }

    private func centroid(_ polygon: [Point]) -> Point {
        Point(x: polygon.map(\.x).reduce(0, +) / Double(polygon.count), y: polygon.map(\.y).reduce(0, +) / Double(polygon.count))
    }
}
