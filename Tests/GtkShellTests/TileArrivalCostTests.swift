// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentSession
import Geometry
@testable import GtkShell
import Rendering
import XCTest

/// Pages large enough to be cut into several tiles each.
private final class PosterPages: PageSource, @unchecked Sendable {
    var pageCount: Int { 6 }
    func pageInfo(_ index: PageIndex) -> PageInfo {
        PageInfo(index: index, mediaSize: Size(width: 1200, height: 1600), rotation: .none)
    }
}

/// What a tile that arrives costs the frames after it: the frame that first shows it makes its
/// texture (or, under GSK's cairo renderer, its cairo node) once, over its pixels where they
/// are; no later frame makes anything of it again. A count, not a time.
final class TileArrivalCostTests: XCTestCase {
    func testAnArrivingTileAddsNoPixelCopyToTheFramesAfterItUnderCairo() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated { try Self.followArrivals(cairo: true) }
    }

    func testAnArrivingTileAddsNoPixelCopyToTheFramesAfterItUnderGL() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated { try Self.followArrivals(cairo: false) }
    }

    /// Opens the pages, jumps to where nothing is drawn, and builds a frame after each batch of
    /// arrivals until the view is sharp, then more frames of the same view.
    @MainActor private static func followArrivals(cairo: Bool) throws {
        let canvas = PdfCanvas()
        canvas.frames.cairoRendererForTesting = cairo
        canvas.setDocument(PosterPages(), drawPage: { _, _, cr in
            g_usleep(2_000)
            cairo_set_source_rgb(cr, 0.3, 0.6, 0.4)
            cairo_paint(cr)
        })
        defer { canvas.setDocument(PosterPages(), drawPage: { _, _, _ in }) }
        canvas.resized(width: 1600, height: 1000)
        _ = frame(of: canvas)  // the first frame, rendered at once
        var arrivals = 0
        let arrived = canvas.tiles.arrived
        canvas.tiles.arrived = { tile in
            arrivals += 1
            arrived(tile)
        }
        canvas.changeView { $0.apply(.scroll(by: Vector(dx: 0, dy: 4_000))) }
        XCTAssertGreaterThan(canvas.tiles.missingVisible, 1, "the view waits for several tiles")
        var shown: Set<TileKey> = canvas.tiles.onScreen
        var made = canvas.tiles.imagesMade
        var framesWithArrivals = 0
        let deadline = g_get_monotonic_time() + 20_000_000
        while canvas.tiles.missingVisible > 0 && g_get_monotonic_time() < deadline {
            arrivals = 0
            while g_main_context_iteration(nil, 0) != 0 {}
            g_usleep(1_000)
            _ = frame(of: canvas)
            shown.formUnion(canvas.tiles.onScreen)
            let madeNow = canvas.tiles.imagesMade - made
            made = canvas.tiles.imagesMade
            if arrivals > 0 { framesWithArrivals += 1 }
            XCTAssertLessThanOrEqual(madeNow, arrivals, "a frame makes an image of the tiles that arrived since the one before, no more")
        }
        XCTAssertEqual(canvas.tiles.missingVisible, 0, "the tiles arrived")
        XCTAssertGreaterThan(framesWithArrivals, 0)
        XCTAssertGreaterThan(made, 0, "the arrived tiles were placed")
        let sharp = canvas.tiles.imagesMade
        for _ in 0..<5 {
            while g_main_context_iteration(nil, 0) != 0 {}
            _ = frame(of: canvas)
        }
        XCTAssertEqual(canvas.tiles.imagesMade, sharp, "frames of tiles already placed make nothing of their pixels")
        XCTAssertLessThanOrEqual(canvas.tiles.imagesMade, shown.count + canvas.tiles.cache.count,
                                 "each tile made into an image once")
    }

    /// Builds one frame as GTK would.
    @MainActor private static func frame(of canvas: PdfCanvas) {
        let snapshot = gtk_snapshot_new()!
        canvas.snapshot(snapshot, width: 1600, height: 1000)
        if let root = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(root) }
    }
}
