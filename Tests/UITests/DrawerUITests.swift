// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// The sidebar as a drawer, driven by replayed fingers into the real app: a swipe from the page
/// view's left edge (the window's, with the sidebar hidden) opens the drawer, a swipe back on it
/// closes it, and the same swipe begun further in scrolls the page. Judged from the state dump
/// (`drawer`, and the view's offset).
final class DrawerUITests: XCTestCase {
    func testAFingerSwipeFromTheLeftEdgeOpensTheDrawerASwipeBackClosesItAndOneFurtherInScrolls() throws {
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let before = try session.probe(sample) { $0.drawer?.available == true }
        let width = try XCTUnwrap(before.drawer?.width)
        // The same shape each time: more across than up. From the edge it pulls the drawer out
        // past halfway; then back on the drawer to well under halfway; then from 300 px in.
        let across = max(width * 0.75, 200), up = across * 0.8
        let events = FingerSwipes.openCloseAndScroll(edge: 0, inward: 1, width: width, across: across, up: up)
        try session.replayDrawerSwipes(events, into: sample, before: before, up: up)
    }
}
