// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import DocumentSession
import Geometry
@testable import GtkShell
import Rendering
import XCTest

/// A group carried as one (a lasso's selection) in the render-node frame: the page under it and
/// the group are two layers made when the carry begins, and every move after that only places
/// the group's layer again. No tile of the carried page is drawn during the carry, nothing of
/// the group is drawn or recorded per move, and a group landing shows the same two layers (its
/// selection's outlines not drawn over them) until the carry is over.
final class CarriedLayersTests: XCTestCase {
    private static let offsets = [Vector(dx: 0, dy: 0), Vector(dx: 5, dy: 3), Vector(dx: 17.5, dy: -4), Vector(dx: 31, dy: 12.25),
                                  Vector(dx: 60, dy: 40)]

    func testUnderTheCairoRendererACarryIsTwoLayersMadeOnceAndNoTileOfItsPage() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try CairoTileNodesTests.canvasWithTiles(cairo: true)
            var model = canvas.session.frame
            let page = try XCTUnwrap(model.pages.first)
            let pageTiles = Set(Self.tileNodes(of: page, canvas))
            XCTAssertGreaterThan(pageTiles.count, 1, "the page is drawn from several tiles")
            XCTAssertTrue(pageTiles.isSubset(of: Self.nodes(model, canvas).cairoNodes), "before the carry, the page is its tiles")
            let otherTiles = Set(model.pages.dropFirst().flatMap { Self.tileNodes(of: $0, canvas) })

            var shownLayers: Set<OpaquePointer>?
            for offset in Self.offsets {
                model.carried = Self.group(on: page, offset: offset, outlined: true)
                let frame = Set(Self.nodes(model, canvas).cairoNodes)
                XCTAssertTrue(frame.isDisjoint(with: pageTiles), "no tile of the carried page is drawn during the carry")
                let layers = Set(canvas.frames.carriedLayers.nodes)
                XCTAssertEqual(layers.count, 2, "the page under the group, and the group")
                XCTAssertEqual(frame.subtracting(otherTiles), layers, "nothing else is drawn for the carry: no veil, pixels or outlines recorded")
                if let shownLayers { XCTAssertEqual(layers, shownLayers, "every move shows the same two nodes") }
                shownLayers = layers
            }
            XCTAssertEqual(canvas.frames.carriedLayers.layersMade, 2, "two layers for \(Self.offsets.count) moves: made once a carry")

            // Let go: the group lands (drawn as carried, without outlines of its own) and the
            // selection's outlines are where it landed, which the group's layer shows already.
            let landed = try XCTUnwrap(Self.offsets.last)
            var landing = Self.group(on: page, offset: landed, outlined: false)
            landing.serial = 7
            model.carried = landing
            model.selection.outlines = Self.places(on: page).map { $0.offsetBy(landed) }
            let landingFrame = Set(Self.nodes(model, canvas).cairoNodes)
            XCTAssertEqual(landingFrame.subtracting(otherTiles), shownLayers, "the landing shows the carry's layers, outlines not drawn twice")
            XCTAssertEqual(canvas.frames.carriedLayers.layersMade, 2, "and makes none")

            // Landed: the page is its tiles again, and the selection's outlines are drawn.
            model.carried = nil
            let after = Set(Self.nodes(model, canvas).cairoNodes)
            XCTAssertTrue(pageTiles.isSubset(of: after), "the page is its tiles again")
            XCTAssertTrue(canvas.frames.carriedLayers.nodes.isEmpty, "the layers are let go")
            XCTAssertFalse(after.subtracting(pageTiles).subtracting(otherTiles).isEmpty, "the selection's outlines are drawn")
            XCTAssertEqual(canvas.frames.carriedPicturesMade, 1, "from the carry's picture of them: one made in all, for the layer")
            canvas.clearDocument()
        }
    }

    func testUnderGLACarryIsTwoTexturesMadeOnce() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try CairoTileNodesTests.canvasWithTiles(cairo: false)
            var model = canvas.session.frame
            let page = try XCTUnwrap(model.pages.first)
            let textures = Self.nodes(model, canvas).textures
            let pageTiles = canvas.pagePainter.tilesShowing(page.page, in: page.frame).count
            for offset in Self.offsets {
                model.carried = Self.group(on: page, offset: offset, outlined: true)
                XCTAssertEqual(Self.nodes(model, canvas).textures, textures - pageTiles + 2,
                               "the carried page's tiles are one texture, the group another")
            }
            XCTAssertEqual(canvas.frames.carriedLayers.layersMade, 2)
            canvas.clearDocument()
        }
    }

    func testASelectionAtRestHasItsCarrysLayersMadeAheadSoTheCarryMakesNone() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try CairoTileNodesTests.canvasWithTiles(cairo: true)
            var model = canvas.session.frame
            let page = try XCTUnwrap(model.pages.first)
            let pageTiles = Set(Self.tileNodes(of: page, canvas))
            let layers = canvas.frames.carriedLayers

            // The selection rests: its frame asks for the layers, the idle after it makes them.
            model.selection.outlines = Self.places(on: page)
            _ = Self.nodes(model, canvas)
            Self.makeAhead(canvas)
            XCTAssertTrue(layers.hasAhead, "the layers are made while the selection rests")
            XCTAssertEqual(layers.layersMadeAhead, 2, "the page under the group, and the group")
            _ = Self.nodes(model, canvas)
            let bands = layers.aheadBands
            XCTAssertEqual(Self.makeAhead(canvas), 1, "another frame of the same selection makes them no more")
            XCTAssertEqual(layers.layersMadeAhead, 2)
            XCTAssertEqual(layers.aheadBands, bands, "nor draws a band of them")

            // The carry takes them: its first frame, and every move after it, makes none.
            model.selection.outlines = []
            var shown: Set<OpaquePointer>?
            for offset in Self.offsets.dropFirst() {
                model.carried = Self.group(on: page, offset: offset, outlined: true)
                let frame = Set(Self.nodes(model, canvas).cairoNodes)
                XCTAssertTrue(frame.isDisjoint(with: pageTiles), "no tile of the carried page is drawn during the carry")
                XCTAssertEqual(layers.nodes.count, 2)
                if let shown { XCTAssertEqual(Set(layers.nodes), shown, "every move shows the same two nodes") }
                shown = Set(layers.nodes)
            }
            XCTAssertEqual(layers.layersMade, 0, "no carry frame made a layer: they were made ahead")
            XCTAssertEqual(layers.layersTakenAhead, 2, "the carry's first frame took both")
            XCTAssertNil(layers.aheadMissed)
            XCTAssertFalse(layers.hasAhead, "the carry took them")
            canvas.clearDocument()
        }
    }

    func testLayersMadeAheadForAnotherSelectionAreNotShownAndTheCarryMakesItsOwn() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try CairoTileNodesTests.canvasWithTiles(cairo: true)
            var model = canvas.session.frame
            let page = try XCTUnwrap(model.pages.first)
            let layers = canvas.frames.carriedLayers
            // Made for a selection of all but the first place; the carry is of all of them.
            model.selection.outlines = Array(Self.places(on: page).dropFirst())
            _ = Self.nodes(model, canvas)
            Self.makeAhead(canvas)
            XCTAssertEqual(layers.layersMadeAhead, 2)
            // Kept alive here, so that the carry's own layers cannot be given their nodes' addresses.
            let keptAhead = try XCTUnwrap(layers.ahead)
            let madeAhead = Set([keptAhead.pageLayer.node, keptAhead.groupLayer.node].compactMap { $0 })
            model.selection.outlines = []
            model.carried = Self.group(on: page, offset: Vector(dx: 5, dy: 3), outlined: true)
            let frame = Set(Self.nodes(model, canvas).cairoNodes)
            XCTAssertEqual(layers.layersMade, 2, "the carry's first frame makes its own layers")
            XCTAssertEqual(layers.layersTakenAhead, 0)
            XCTAssertEqual(layers.aheadMissed, "places", "the places differed")
            XCTAssertTrue(frame.isDisjoint(with: madeAhead), "those made for the other selection are not shown")
            XCTAssertFalse(layers.hasAhead, "and are let go")
            withExtendedLifetime(keptAhead) {}

            // A selection gone lets go of the layers made for it.
            model.carried = nil
            model.selection.outlines = Self.places(on: page)
            _ = Self.nodes(model, canvas)
            Self.makeAhead(canvas)
            XCTAssertTrue(layers.hasAhead)
            model.selection.outlines = []
            _ = Self.nodes(model, canvas)
            XCTAssertFalse(layers.hasAhead, "no selection at rest, no layers kept for it")
            canvas.clearDocument()
        }
    }

    func testLayersMadeAheadAreDrawnABandAnIdleTurnWhileTheSelectionRests() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try CairoTileNodesTests.canvasWithTiles(cairo: true)
            var model = canvas.session.frame
            let page = try XCTUnwrap(model.pages.first)
            let layers = canvas.frames.carriedLayers
            model.selection.outlines = Self.places(on: page)
            _ = Self.nodes(model, canvas)
            XCTAssertTrue(canvas.frames.makeLayersAhead(), "one idle turn draws one band and asks for another")
            XCTAssertEqual(layers.aheadBands, 1)
            XCTAssertFalse(layers.hasAhead, "the layers are not made in one turn")
            XCTAssertTrue(layers.makingAhead)
            let turns = Self.makeAhead(canvas)
            XCTAssertEqual(layers.aheadBands, turns + 1, "a band a turn")
            XCTAssertGreaterThan(layers.aheadBands, 3, "the page's layer and the group's are drawn in several bands each")
            XCTAssertTrue(layers.hasAhead)
            XCTAssertEqual(layers.layersMadeAhead, 2)

            model.selection.outlines = []
            model.carried = Self.group(on: page, offset: Vector(dx: 5, dy: 3), outlined: true)
            _ = Self.nodes(model, canvas)
            XCTAssertEqual(layers.layersTakenAhead, 2, "the carry's first frame takes the layers made in bands")
            XCTAssertEqual(layers.layersMade, 0)
            canvas.clearDocument()
        }
    }

    func testACarryThatStartsWhileItsLayersAreBeingMadeDrawsTheBandsLeftAndMakesNoneOfItsOwn() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try CairoTileNodesTests.canvasWithTiles(cairo: true)
            var model = canvas.session.frame
            let page = try XCTUnwrap(model.pages.first)
            let layers = canvas.frames.carriedLayers
            model.selection.outlines = Self.places(on: page)
            _ = Self.nodes(model, canvas)
            XCTAssertTrue(canvas.frames.makeLayersAhead())
            XCTAssertTrue(layers.makingAhead)

            // Pressed after one band: the carry's first frame draws the rest of them.
            model.selection.outlines = []
            model.carried = Self.group(on: page, offset: Vector(dx: 5, dy: 3), outlined: true)
            _ = Self.nodes(model, canvas)
            XCTAssertEqual(layers.aheadFinishedByCarry, 1, "the carry drew the bands left")
            XCTAssertEqual(layers.layersTakenAhead, 2, "and took the layers")
            XCTAssertEqual(layers.layersMade, 0, "it made none of its own")
            XCTAssertFalse(layers.makingAhead)
            XCTAssertFalse(canvas.frames.makeLayersAhead(), "the idle turn asked for before the carry finds nothing to do")
            canvas.clearDocument()
        }
    }

    func testLayersDrawnInBandsHaveThePixelsOfLayersDrawnWhole() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = try CairoTileNodesTests.canvasWithTiles(cairo: true)
            var model = canvas.session.frame
            let page = try XCTUnwrap(model.pages.first)
            let layers = canvas.frames.carriedLayers
            let places = Self.places(on: page)
            model.selection.outlines = places
            _ = Self.nodes(model, canvas)
            Self.makeAhead(canvas)
            let ahead = try XCTUnwrap(layers.ahead)
            let painter = canvas.pagePainter, scale = max(1, painter.planner.deviceScale)
            let box = try XCTUnwrap(CarriedLayers.union(places))
            let whole = CarriedLayers.layers(page.page, pageFrame: page.frame, visible: ahead.visible, places: places, fromBox: box,
                                             outlinesBox: box, scale: scale, painter: painter, asCairoNodes: true) { cr in
                canvas.frames.carriedPictures.paintStill(outlines: places, side: model.selection.handleSide, scale: scale, cr: cr)
            }
            let wholePage = try XCTUnwrap(whole.page), wholeGroup = try XCTUnwrap(whole.group)
            XCTAssertEqual(ahead.pageLayer.rect, wholePage.rect)
            XCTAssertEqual(ahead.groupLayer.rect, wholeGroup.rect)
            XCTAssertEqual(ahead.pageLayer.imageBytes, wholePage.imageBytes, "the page under the group")
            XCTAssertEqual(ahead.groupLayer.imageBytes, wholeGroup.imageBytes, "the group")
            canvas.clearDocument()
        }
    }

    /// Runs the idle turns that make the layers ahead until none is asked for; how many ran.
    @MainActor @discardableResult
    private static func makeAhead(_ canvas: PdfCanvas) -> Int {
        var turns = 1
        while canvas.frames.makeLayersAhead() { turns += 1 }
        return turns
    }

    /// 120 places on the page (view coordinates), well inside it.
    private static func places(on page: PlacedPage) -> [Rect] {
        (0..<120).map { i in
            let column = Double(i % 12), row = Double(i / 12)
            return Rect(x: page.frame.minX + 40 + column * 31.5, y: page.frame.minY + 50 + row * 22.25, width: 24.5, height: 13.75)
        }
    }

    /// The group of ``places(on:)`` carried by `offset` (its outlines left out when it lands).
    private static func group(on page: PlacedPage, offset: Vector, outlined: Bool) -> FrameModel.Carried {
        let places = places(on: page)
        return FrameModel.Carried(page: page.page, pageFrame: page.frame, from: places, outlines: outlined ? places : [],
                                  offset: offset, serial: 7)
    }

    /// The cairo nodes the page's tiles are placed by.
    @MainActor private static func tileNodes(of page: PlacedPage, _ canvas: PdfCanvas) -> [OpaquePointer] {
        canvas.pagePainter.tilesShowing(page.page, in: page.frame).compactMap { ($0.attachment as? TileCairoNode)?.node }
    }

    /// A render-node frame of `model`, and the cairo nodes and textures in it.
    @MainActor private static func nodes(_ model: FrameModel, _ canvas: PdfCanvas) -> (cairoNodes: [OpaquePointer], textures: Int) {
        let tiles = TileNodes(cache: canvas.tiles.cache, planner: canvas.tilePlanner, zoom: canvas.viewport.zoom,
                              asCairoNodes: canvas.frames.tilesAsCairoNodes)
        let snapshot = gtk_snapshot_new()!
        _ = canvas.frames.snapshot(model, tiles: tiles, painter: canvas.pagePainter, snapshot, width: 2000, height: 1400)
        let found = CairoTileNodesTests.nodes(in: gtk_snapshot_free_to_node(snapshot))
        return (found.cairoNodes, found.textures)
    }
}
