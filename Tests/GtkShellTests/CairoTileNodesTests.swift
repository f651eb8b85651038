// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentSession
import Geometry
@testable import GtkShell
import XCTest

/// Pages large enough that the view shows several tiles of one.
private final class LargePages: PageSource, @unchecked Sendable {
    var pageCount: Int { 4 }
    func pageInfo(_ index: PageIndex) -> PageInfo {
        PageInfo(index: index, mediaSize: Size(width: 1200, height: 1600), rotation: .none)
    }
}

/// How the snapshot canvas places tiles: under GSK's cairo renderer each tile is a cairo node
/// of its own, kept with the tile, so that a frame after a scroll holds the same nodes (GTK
/// then redraws only what changed), holding the tile's pixels to paint directly; under GL each
/// is a texture.
final class CairoTileNodesTests: XCTestCase {
    func testUnderTheCairoRendererEachTileIsOneCairoNodeKeptFrameAfterFrame() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try Self.canvasWithTiles(cairo: true)
            let first = Self.frame(of: canvas)
            XCTAssertGreaterThan(first.cairoNodes.count, 1, "the view's tiles are cairo nodes")
            XCTAssertEqual(first.textures, 0, "no texture is copied each frame")
            let again = Self.frame(of: canvas)
            XCTAssertEqual(again.cairoNodes, first.cairoNodes, "an unchanged view is the same nodes")
            canvas.changeView { $0.apply(.scroll(by: Vector(dx: 0, dy: 7))) }
            let scrolled = Self.frame(of: canvas)
            XCTAssertEqual(scrolled.cairoNodes, first.cairoNodes, "a scroll moves the same nodes")
            canvas.setDocument(LargePages(), drawPage: { _, _, _ in })
        }
    }

    func testUnderTheCairoRendererATilesNodeHoldsTheTilesPixelsToPaintDirectly() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try Self.canvasWithTiles(cairo: true)
            let nodes = Self.frame(of: canvas).cairoNodes
            XCTAssertGreaterThan(nodes.count, 1)
            for node in nodes {
                // A recording would be replayed into a new image of the tile's size each frame.
                let surface = try XCTUnwrap(gsk_cairo_node_get_surface(node))
                XCTAssertEqual(cairo_surface_get_type(surface), CAIRO_SURFACE_TYPE_IMAGE, "the node holds an image, not a recording")
                XCTAssertEqual(cairo_image_surface_get_format(surface), CAIRO_FORMAT_RGB24, "opaque pixels, copied rather than blended")
                let pixel = try XCTUnwrap(cairo_image_surface_get_data(surface)).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                XCTAssertEqual([pixel >> 16 & 0xFF, pixel & 0xFF], [0x66, 0x99], "the tile's own pixels (the page's colour)")
            }
            canvas.setDocument(LargePages(), drawPage: { _, _, _ in })
        }
    }

    func testPaperIsFilledOnlyUnderPagesWhoseTilesAreMissing() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try Self.canvasWithTiles(cairo: true)
            let sharp = Self.frame(of: canvas)
            XCTAssertGreaterThan(sharp.cairoNodes.count, 1)
            XCTAssertEqual(sharp.paperFills, 0, "opaque tiles cover the page: no white fill painted under them each frame")
            canvas.changeView { $0.apply(.scroll(by: Vector(dx: 0, dy: 6_000))) }
            XCTAssertGreaterThan(canvas.tiles.missingVisible, 0, "the view moved to pages not drawn yet")
            XCTAssertGreaterThan(Self.frame(of: canvas).paperFills, 0, "a page still being drawn shows its paper")
            canvas.setDocument(LargePages(), drawPage: { _, _, _ in })
        }
    }

    func testDuringACairoTurnThePageThatStaysStillKeepsItsTilesNodes() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try Self.canvasWithTiles(cairo: true) { view in
                var settings = view.settings
                settings.spreadMode = .double
                view.setLayoutSettings(settings)
                view.setPagesOneSpreadAtATime(true)
                view.setTurnsPagesWithCurl(true)
            }
            XCTAssertEqual(canvas.view.shownPages.count, 2, "a spread of two pages")
            let still = Set(Self.frame(of: canvas).cairoNodes)
            canvas.changeView { $0.turnPage(.nextPage, .began, at: Point(x: 1980, y: 1000), velocity: .zero) }
            canvas.changeView { $0.turnPage(.nextPage, .changed, at: Point(x: 1700, y: 980), velocity: .zero) }
            XCTAssertNotNil(canvas.pageTurn, "the right-hand page is turning")
            let turning = Set(Self.frame(of: canvas).cairoNodes)
            canvas.changeView { $0.turnPage(.nextPage, .changed, at: Point(x: 1400, y: 960), velocity: .zero) }
            let further = Set(Self.frame(of: canvas).cairoNodes)
            let kept = still.intersection(turning)
            XCTAssertFalse(kept.isEmpty, "the left-hand page's tiles are the nodes they were before the turn")
            XCTAssertLessThan(kept.count, still.count, "the turning page is drawn anew")
            XCTAssertEqual(kept, still.intersection(further), "and stay those nodes while the sheet moves")
            canvas.setDocument(LargePages(), drawPage: { _, _, _ in })
        }
    }

    func testUnderGLEachTileIsATexture() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try Self.canvasWithTiles(cairo: false)
            let frame = Self.frame(of: canvas)
            XCTAssertGreaterThan(frame.textures, 1, "the view's tiles are textures")
            XCTAssertTrue(frame.cairoNodes.isEmpty, "no overlay, so no cairo node")
            canvas.setDocument(LargePages(), drawPage: { _, _, _ in })
        }
    }

    /// A canvas showing the large pages with every visible tile drawn.
    @MainActor static func canvasWithTiles(cairo: Bool, _ setUp: (inout ViewSession) -> Void = { _ in }) throws -> PdfCanvas {
        let canvas = PdfCanvas()
        canvas.frames.cairoRendererForTesting = cairo
        canvas.setDocument(LargePages(), drawPage: { _, _, cr in
            cairo_set_source_rgb(cr, 0.4, 0.5, 0.6)
            cairo_paint(cr)
        })
        canvas.resized(width: 2000, height: 1400)
        canvas.changeView(setUp)
        _ = frame(of: canvas)  // the first frame
        let deadline = g_get_monotonic_time() + 10_000_000
        // Frames go on (as GTK's would) until the view has settled and every tile it shows
        // has arrived.
        repeat {
            while g_main_context_iteration(nil, 0) != 0 {}
            g_usleep(1_000)
            _ = frame(of: canvas)
        } while (canvas.tiles.missingVisible > 0 || canvas.view.isAnimating) && g_get_monotonic_time() < deadline
        XCTAssertEqual(canvas.tiles.missingVisible, 0, "the tiles arrived")
        return canvas
    }

    /// Builds one frame and finds the cairo nodes, textures and white (paper) fills in it.
    @MainActor private static func frame(of canvas: PdfCanvas) -> (cairoNodes: [OpaquePointer], textures: Int, paperFills: Int) {
        let snapshot = gtk_snapshot_new()!
        canvas.snapshot(snapshot, width: 2000, height: 1400)
        return nodes(in: gtk_snapshot_free_to_node(snapshot))
    }

    /// The cairo nodes, textures and white (paper) fills in a frame's `root` node (released here).
    static func nodes(in root: OpaquePointer?) -> (cairoNodes: [OpaquePointer], textures: Int, paperFills: Int) {
        guard let root else { return ([], 0, 0) }
        defer { gsk_render_node_unref(root) }
        var cairoNodes: [OpaquePointer] = [], textures = 0, paperFills = 0
        func walk(_ node: OpaquePointer) {
            switch gsk_render_node_get_node_type(node) {
            case GSK_CAIRO_NODE: cairoNodes.append(node)
            case GSK_TEXTURE_NODE: textures += 1
            case GSK_COLOR_NODE:
                if let c = gsk_color_node_get_color(node)?.pointee, c.red == 1, c.green == 1, c.blue == 1, c.alpha == 1 { paperFills += 1 }
            case GSK_CONTAINER_NODE:
                for i in 0..<gsk_container_node_get_n_children(node) { walk(gsk_container_node_get_child(node, i)) }
            case GSK_CLIP_NODE: walk(gsk_clip_node_get_child(node))
            case GSK_TRANSFORM_NODE: walk(gsk_transform_node_get_child(node))
            default: break
            }
        }
        walk(root)
        return (cairoNodes, textures, paperFills)
    }
}
