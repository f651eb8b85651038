// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentSession
import Geometry
@testable import GtkShell
import Rendering
import XCTest

/// Tall pages, so that the view shows several tiles of one page, drawn slowly enough that
/// they arrive one by one.
private final class TallPages: PageSource, @unchecked Sendable {
    var pageCount: Int { 3 }
    func pageInfo(_ index: PageIndex) -> PageInfo {
        PageInfo(index: index, mediaSize: Size(width: 1000, height: 20_000), rotation: .none)
    }
}

/// How the canvas shows tiles that arrive from the worker: while frames are dear, those that
/// leave the view incomplete wait to be shown together, and the one that completes it is
/// shown at once; while frames are cheap, none waits; those off screen ask for no frame.
final class ArrivedTilesTests: XCTestCase {
    func testWhileFramesAreDearTilesWaitForTheViewToCompleteAndTheLastShowsAtOnce() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let waits = try Self.arrivals(framesCostMicroseconds: 40_000)
            XCTAssertTrue(waits.waitedWhileIncomplete, "a tile that left the view incomplete waited for others")
            XCTAssertFalse(waits.waitingWhenComplete, "the tile that completed the view was shown at once")
        }
    }

    func testWhileFramesAreCheapNoTileWaits() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let waits = try Self.arrivals(framesCostMicroseconds: 4_000)
            XCTAssertFalse(waits.waitedWhileIncomplete, "no tile waited")
            XCTAssertFalse(waits.waitingWhenComplete)
        }
    }

    /// Tiles drawn ahead, off screen, change nothing a frame would show: none asks for one (a
    /// frame for them made the next wheel click's frame wait, GTK spacing frames 16.7 ms
    /// apart); tiles that arrive on screen still do.
    func testATileDrawnAheadOffScreenAsksForNoFrameAndOneOnScreenDoes() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = Self.tallPagesAfterTheFirstFrame(drawPage: { _, _, cr in
                cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
                cairo_paint(cr)
            })
            let redraw = canvas.tiles.redraw
            var framesAsked = 0
            canvas.tiles.redraw = { framesAsked += 1; redraw() }
            // The worker now draws the edge of the page ahead, which the view does not show.
            let deadline = g_get_monotonic_time() + 10_000_000
            while canvas.tiles.offScreenArrivals == 0, g_get_monotonic_time() < deadline {
                while g_main_context_iteration(nil, 0) != 0 {}
                g_usleep(1_000)
            }
            XCTAssertGreaterThan(canvas.tiles.offScreenArrivals, 0, "tiles ahead of the view arrived")
            XCTAssertEqual(canvas.tiles.missingVisible, 0, "the view was sharp all along")
            XCTAssertEqual(framesAsked, 0, "no frame was asked for tiles off screen")
            canvas.changeView { $0.apply(.scroll(by: Vector(dx: 0, dy: 3_000))) }
            XCTAssertGreaterThan(canvas.tiles.missingVisible, 0, "the view now waits for tiles")
            while canvas.tiles.missingVisible > 0, g_get_monotonic_time() < deadline + 10_000_000 {
                while g_main_context_iteration(nil, 0) != 0 {}
                g_usleep(1_000)
            }
            XCTAssertEqual(canvas.tiles.missingVisible, 0, "the view's tiles arrived")
            XCTAssertGreaterThan(framesAsked, 0, "tiles that arrived on screen asked for frames")
            canvas.setDocument(TallPages(), drawPage: { _, _, _ in })  // stops the worker
        }
    }

    /// A 700×500 canvas on the tall pages, drawn by `drawPage`, after its first frame (the
    /// view's tiles rendered at once, into an image of that size).
    @MainActor private static func tallPagesAfterTheFirstFrame(drawPage: @escaping RenderQueue.DrawPage) -> PdfCanvas {
        let canvas = PdfCanvas()
        canvas.setDocument(TallPages(), drawPage: drawPage)
        canvas.resized(width: 700, height: 500)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 700, 500)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        canvas.draw(cr, width: 700, height: 500)
        cairo_destroy(cr)
        return canvas
    }

    /// Opens the tall pages, draws the first frame, scrolls to where no tile is drawn yet with
    /// frames costing `framesCostMicroseconds`, and follows the arrivals until the view is sharp.
    @MainActor private static func arrivals(framesCostMicroseconds: Int) throws -> (waitedWhileIncomplete: Bool, waitingWhenComplete: Bool) {
        let canvas = tallPagesAfterTheFirstFrame(drawPage: { _, _, cr in
            g_usleep(5_000)
            cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
            cairo_paint(cr)
        })
        for _ in 0..<20 { canvas.tiles.frameCost.add(microseconds: framesCostMicroseconds) }
        canvas.changeView { $0.apply(.scroll(by: Vector(dx: 0, dy: 3_000))) }
        XCTAssertGreaterThan(canvas.tiles.missingVisible, 1, "the view now waits for several tiles")
        let heldBefore = canvas.tiles.arrivalsHeld
        let deadline = g_get_monotonic_time() + 10_000_000
        while canvas.tiles.missingVisible > 0, g_get_monotonic_time() < deadline {
            while g_main_context_iteration(nil, 0) != 0 {}
            g_usleep(1_000)
        }
        // Counted by the feed itself: on a loaded machine several arrivals, the last one
        // included, are often handled in one turn of the loop, between two looks at the timer.
        let waited = canvas.tiles.arrivalsHeld > heldBefore
        XCTAssertEqual(canvas.tiles.missingVisible, 0, "the tiles arrived")
        let waiting = canvas.tiles.arrivedTilesTimer != nil
        canvas.setDocument(TallPages(), drawPage: { _, _, _ in })  // stops the worker
        return (waited, waiting)
    }
}
