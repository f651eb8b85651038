// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Document
import DocumentLayout
import DocumentSession
import Geometry
@testable import GtkShell
import Rendering
import XCTest

/// The start-up worker renders the tiles `FirstFramePrediction` foretells; these tests open
/// documents in the real canvas the way the window does and check that its first frame takes
/// every foretold tile and renders none itself — and that a wrong guess is left unused.
final class FirstFramePredictionTests: XCTestCase {
    private static let a4 = Size(width: 595, height: 842)
    private static let view = Size(width: 1896, height: 1010)

    private static func place(_ spreadIndex: Double, zoom: Double = 1, mode: ZoomMode, layout: LayoutSettings? = nil) -> ReadingPlaces.Place {
        ReadingPlaces.Place(spreadIndex: spreadIndex, zoom: zoom, zoomMode: mode.rawValue, layout: layout,
                            oneSpreadAtATime: nil, pageCurl: nil, path: "/tmp/x.pdf", time: 0)
    }

    /// Opens `sizes` in a canvas as the window does (document, stored layout and place, first
    /// size), hands it the tiles rendered for `prediction`, draws the first frame and returns
    /// how many of the frame's tiles were taken and how many it rendered itself.
    @MainActor private static func firstFrame(_ sizes: [Size], _ prediction: FirstFramePrediction,
                                       canvasSize: Size? = nil) -> (predicted: Int, taken: Int, rendered: Int) {
        let drawPage: RenderQueue.DrawPage = { _, _, cr in cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr) }
        let requests = prediction.visibleRequests(pageSizes: sizes)
        let tiles = RenderQueue.render(eachPageTogether: requests, drawPage: drawPage)
        let canvas = PdfCanvas()
        canvas.setDocument(FakePageSource(sizes: sizes), drawPage: drawPage)
        canvas.tiles.firstFrameTiles = { tiles }
        canvas.setLayoutSettings(prediction.place?.layout ?? LayoutSettings(pageLayout: prediction.documentPageLayout, rightToLeft: false))
        canvas.setPagesOneSpreadAtATime(prediction.place?.oneSpreadAtATime ?? false)
        if let place = prediction.place, let mode = ZoomMode(rawValue: place.zoomMode) {
            canvas.restore(ReadingPosition(spreadIndex: place.spreadIndex, zoom: place.zoom), zoomMode: mode)
        }
        let size = canvasSize ?? prediction.viewSize
        canvas.resized(width: size.width, height: size.height)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        canvas.draw(cr, width: size.width, height: size.height)
        cairo_destroy(cr)
        XCTAssertEqual(canvas.tiles.missingVisible, 0, "the first frame is whole")
        return (requests.count, canvas.diagnostics.firstFrameTilesTaken, canvas.diagnostics.firstFrameTilesRendered)
    }

    func testANewDocumentsFirstFrameIsAllForetold() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let a4 = Self.a4, view = Self.view
            let result = Self.firstFrame(Array(repeating: a4, count: 30), FirstFramePrediction(viewSize: view, deviceScale: 1))
            XCTAssertGreaterThan(result.predicted, 0)
            XCTAssertEqual(result.taken, result.predicted)
            XCTAssertEqual(result.rendered, 0)
        }
    }

    func testTheLayoutANewDocumentAsksForIsForetold() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let a4 = Self.a4, view = Self.view
            for layout in ["TwoColumnLeft", "TwoPageRight", "SinglePage"] {
                let result = Self.firstFrame(Array(repeating: a4, count: 12),
                                             FirstFramePrediction(viewSize: view, deviceScale: 1, documentPageLayout: layout))
                XCTAssertGreaterThan(result.predicted, 0, layout)
                XCTAssertEqual(result.taken, result.predicted, layout)
                XCTAssertEqual(result.rendered, 0, layout)
            }
        }
    }

    func testAStoredPlaceZoomAndLayoutAreForetold() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let a4 = Self.a4, view = Self.view
            let mixed = (0..<40).map { $0 % 7 == 3 ? Size(width: 842, height: 595) : a4 }
            let places = [
                Self.place(12.4, mode: .fitWidth),
                Self.place(3.0, zoom: 1.5, mode: .free),
                Self.place(0.35, zoom: 0.6, mode: .free),
                Self.place(5, mode: .fitPage, layout: LayoutSettings(spreadMode: .double)),
                Self.place(7.5, mode: .fitWidth, layout: LayoutSettings(spreadMode: .book, rightToLeft: true)),
                Self.place(20.2, mode: .fitWidth, layout: LayoutSettings(direction: .horizontal)),
            ]
            for stored in places {
                for sizes in [Array(repeating: a4, count: 40), mixed] {
                    let result = Self.firstFrame(sizes, FirstFramePrediction(viewSize: view, deviceScale: 1, place: stored))
                    XCTAssertGreaterThan(result.predicted, 0, "\(stored)")
                    XCTAssertEqual(result.taken, result.predicted, "every foretold tile is used: \(stored)")
                    XCTAssertEqual(result.rendered, 0, "nothing left to render: \(stored)")
                }
            }
        }
    }

    func testAWrongGuessIsLeftUnusedAndTheFrameIsRenderedAsBefore() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let a4 = Self.a4, view = Self.view
            let sizes = Array(repeating: a4, count: 30)
            // The window came out narrower than last time: another zoom, so other tiles.
            let narrower = Self.firstFrame(sizes, FirstFramePrediction(viewSize: view, deviceScale: 1),
                                      canvasSize: Size(width: 1200, height: 800))
            XCTAssertEqual(narrower.taken, 0)
            XCTAssertGreaterThan(narrower.rendered, 0)
            // Last time was on a 2× screen.
            let sharper = Self.firstFrame(sizes, FirstFramePrediction(viewSize: view, deviceScale: 2))
            XCTAssertEqual(sharper.taken, 0)
            XCTAssertGreaterThan(sharper.rendered, 0)
        }
    }

    func testPagesOneSpreadAtATimeAreNotForetold() {
        let a4 = Self.a4, view = Self.view
        let stored = ReadingPlaces.Place(spreadIndex: 2, zoom: 1, zoomMode: "fitPage", layout: nil, oneSpreadAtATime: true,
                                         pageCurl: nil, path: "/tmp/x.pdf", time: 0)
        XCTAssertTrue(FirstFramePrediction(viewSize: view, deviceScale: 1, place: stored)
            .visibleRequests(pageSizes: Array(repeating: a4, count: 9)).isEmpty)
        XCTAssertTrue(FirstFramePrediction(viewSize: .zero, deviceScale: 1).visibleRequests(pageSizes: [a4]).isEmpty)
    }

    func testTheFirstViewIsRememberedOnlyWhenItChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("first-view-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let memory = FirstViewMemory(file: UserFile(url: folder.appendingPathComponent("pdf-annotator/first-view.json")))
        XCTAssertNil(memory.load())
        let view = FirstViewMemory.Stored(width: 1896, height: 1010, scale: 1)
        memory.store(view)
        XCTAssertEqual(memory.load(), view)
        // A file written again gets the time of the write: one dated long ago keeps its date only
        // if it is left alone (whatever the file system's clock resolution).
        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: memory.file.url.path)
        memory.store(view)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: memory.file.url.path)[.modificationDate] as? Date, longAgo,
                       "the same view is not written again")
        memory.store(FirstViewMemory.Stored(width: 986, height: 600, scale: 2))
        XCTAssertEqual(memory.load()?.scale, 2)
    }
}
