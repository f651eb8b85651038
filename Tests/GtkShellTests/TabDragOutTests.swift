// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
@testable import GtkShell
import XCTest

/// Where a tab let go leaves its window (X11's drag out of the strip): well above or below its
/// label it does; along the strip, or just off it, it only reorders.
final class TabDragOutTests: XCTestCase {
    private let rule = TabDragOut(label: Rect(x: 100, y: 40, width: 120, height: 30))

    func testATabLetGoAlongTheStripStays() {
        for x in [-50.0, 0, 160, 900] {
            XCTAssertFalse(rule.leaves(at: Point(x: x, y: 55)), "let go at x \(x) on the strip's line")
        }
    }

    func testATabLetGoJustOffTheStripStays() {
        XCTAssertFalse(rule.leaves(at: Point(x: 160, y: 70 + TabDragOut.distance)))
        XCTAssertFalse(rule.leaves(at: Point(x: 160, y: 40 - TabDragOut.distance)))
    }

    func testATabLetGoWellBelowOrAboveTheStripLeaves() {
        XCTAssertTrue(rule.leaves(at: Point(x: 160, y: 70 + TabDragOut.distance + 1)))
        XCTAssertTrue(rule.leaves(at: Point(x: 160, y: 400)))
        XCTAssertTrue(rule.leaves(at: Point(x: 160, y: 40 - TabDragOut.distance - 1)), "above it, outside the window")
    }
}
