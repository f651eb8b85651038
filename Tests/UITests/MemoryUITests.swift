// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Memory that goes back (issue 34): after a burst of page turns through a long document, once
/// the view rests the tile cache lets go of the pages left behind (it holds what the resting
/// view needs, within its budget without the reserve), and the text kept stays a bounded few
/// pages, whatever was shown on the way; during the burst the tile pixels alive stay within the
/// render worker's limit; and nothing of the sidebar is made before it is shown.
final class MemoryUITests: XCTestCase {
    /// An 80-page document opened and sharp, its last page shown (End) and then the burst: ten
    /// Page Ups, each to pages not drawn yet. Returns the app, its process and how often the
    /// cache had trimmed itself at rest before the burst.
    private func burstOfPageTurns() throws -> (session: AppSession, pid: Int, trimsBefore: Int) {
        try AppSession.skipUnderWayland("pages with xdotool's keys")
        let session = try AppSession()
        let state = try session.openLongDocumentAndFocusCanvas(pages: 80)
        session.xdotool("key", "End")
        let atEnd = try XCTUnwrap(session.waitFor("End shows the last page, sharp") {
            $0.windows.first?.currentPage == 80 && $0.windows.first?.missingTiles == 0
        }?.windows.first)
        let trimsBefore = atEnd.cacheRestTrims ?? 0
        for _ in 0..<10 { session.xdotool("key", "Page_Up") }
        return (session, state.pid, trimsBefore)
    }

    func testTheCacheGivesMemoryBackOnceTheViewRestsAfterABurst() throws {
        let (session, _, trimsBefore) = try burstOfPageTurns()
        let reserve = 4 << 20
        let rested = try XCTUnwrap(session.waitFor("the view rests and the cache gives back what it no longer needs") { s in
            guard let w = s.windows.first, w.currentPage < 80, w.missingTiles == 0,
                  let trims = w.cacheRestTrims, let budget = w.cacheBudgetBytes else { return false }
            return trims > trimsBefore && w.cacheBytes + reserve <= budget
        }?.windows.first)
        XCTAssertGreaterThan(rested.cachedTiles, 0, "what is on screen stays")
        let kept = try XCTUnwrap(rested.pagesWithText)
        XCTAssertLessThanOrEqual(kept, 12 + rested.visiblePages.count, "the text of a bounded few pages is kept")
    }

    /// The pixels of rendered tiles alive in the process, whoever holds them (the cache, tiles
    /// on their way, the frames' nodes), come back within the cache's budget once the view rests
    /// after a burst: no second copy outlives the tiles the cache let go (a frame's node over a
    /// tile the cache let go, a tile on its way, a rendering tiles were copied out of); and the
    /// frames went to the X server with no shared memory kept for them.
    func testTilePixelsAliveStayWithinTheCacheBudgetAfterABurst() throws {
        let (session, pid, trimsBefore) = try burstOfPageTurns()
        let rested = try XCTUnwrap(session.waitFor("the view rests after the burst") { s in
            guard let w = s.windows.first, w.currentPage < 80, w.missingTiles == 0, let trims = w.cacheRestTrims else { return false }
            return trims > trimsBefore && w.tilesAhead == 0
        }?.windows.first)
        let pixels = try XCTUnwrap(rested.tilePixelBytes, "the state dump counts the tile pixels alive")
        let budget = try XCTUnwrap(rested.cacheBudgetBytes)
        XCTAssertGreaterThanOrEqual(pixels, rested.cacheBytes, "the cache's tiles are among the pixels alive")
        XCTAssertLessThanOrEqual(pixels, budget, "no tile's pixels outlive the cache's budget once the view rests")
        // Frames of 1280×900 (under 16 MiB) went to the X server without shared memory
        // (Sources/CShim/ann_frame_shm_*.c): no segment of cairo's was made or stays attached.
        XCTAssertEqual(rested.frameShmMade, 0, "no segment was made for frames this size")
        let maps = try Self.maps(pid: pid)
        XCTAssertTrue(maps.contains("libgtk-4"), "the maps are the app's")
        XCTAssertFalse(maps.contains("SYSV"), "no shared-memory segment holds frames")
    }

    /// Through the same burst, the render worker keeps the document's tile pixels alive
    /// (whoever holds them: the cache, tiles on their way, a frame's nodes) within its limit,
    /// the cache's budget, in which the cache made room for the tiles asked for: it waited for
    /// tiles to go rather than making more, and never gave up waiting.
    func testTheRenderWorkerKeepsTilePixelsWithinItsLimitThroughABurst() throws {
        try AppSession.skipUnderWayland("pages with xdotool's keys")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("long.pdf")
        try HandWrittenPDF.pages(80, catalogEntries: "").write(to: path)
        try session.launch([path.path])
        let state = try XCTUnwrap(session.waitFor("open and sharp") { s in
            guard let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.viewWidth > 100
        })
        let opened = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        session.xdotool("mousemove", "\(Int(origin.x + opened.canvasX + opened.viewWidth / 2))", "\(Int(origin.y + opened.canvasY + opened.viewHeight / 2))")
        session.xdotool("click", "1")
        session.xdotool("key", "End")
        let atEnd = try XCTUnwrap(session.waitFor("End shows the last page, sharp") {
            $0.windows.first?.currentPage == 80 && $0.windows.first?.missingTiles == 0
        }?.windows.first)
        let trimsBefore = atEnd.cacheRestTrims ?? 0
        for _ in 0..<10 { session.xdotool("key", "Page_Up") }
        let rested = try XCTUnwrap(session.waitFor("the view rests after the burst") { s in
            guard let w = s.windows.first, w.currentPage < 80, w.missingTiles == 0, let trims = w.cacheRestTrims else { return false }
            return trims > trimsBefore && w.tilesAhead == 0
        }?.windows.first)
        let limit = try XCTUnwrap(rested.tilePixelLimitBytes, "the worker has a limit once the view asked for tiles")
        let budget = try XCTUnwrap(rested.cacheBudgetBytes)
        XCTAssertGreaterThanOrEqual(limit, budget, "the limit is the cache's budget (and on a slow document a page's drawing)")
        XCTAssertGreaterThan(try XCTUnwrap(rested.tilePixelPeakBytes), 0, "tiles were made and counted")
        XCTAssertEqual(rested.tileRendersOverLimit, 0, "the worker never made a tile beyond its limit")
        XCTAssertEqual(rested.tilePixelsBeyondLimitBytes, 0, "the pixels alive never went beyond the limit")
        XCTAssertLessThanOrEqual(try XCTUnwrap(rested.tilePixelBytes), limit)
    }

    /// The sidebar's pages, and the Pages grid's thumbnails, are made when the sidebar is first
    /// shown, not after the first frame: a reader who never opens it never pays for them. Once
    /// shown, the grid draws the thumbnails of the rows in view (and a screenful around), not
    /// the document's every page.
    func testTheSidebarAndItsThumbnailsAreMadeOnlyOnceItIsShown() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("long.pdf")
        try HandWrittenPDF.pages(80, catalogEntries: "").write(to: path)
        try session.launch([path.path])
        // A second after the last tile arrived the view has rested: long after the first frame.
        let rested = try XCTUnwrap(session.waitFor("open, sharp, past the first frame, rested") { s in
            guard let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.madeAfterFirstFrame == true && (w.cacheRestTrims ?? 0) > 0
        }?.windows.first)
        XCTAssertEqual(rested.sidebarPagesMade, false, "no sidebar pages while the sidebar was never shown")
        XCTAssertEqual(rested.thumbnailsMade, 0, "no thumbnail while the sidebar was never shown")
        XCTAssertFalse(rested.sidebarShown)

        session.activate("sidebar-page", "[<'thumbnails'>]")
        let shown = try XCTUnwrap(session.waitFor("the Pages grid shows, its visible thumbnails drawn") { s in
            guard let w = s.windows.first, w.sidebarShown, w.sidebarPage == "thumbnails", case let visible = w.thumbnailPages,
                  !visible.isEmpty else { return false }
            return Set(visible).isSubset(of: Set(w.thumbnailsPainted))
        }?.windows.first)
        XCTAssertEqual(shown.sidebarPagesMade, true)
        let made = try XCTUnwrap(shown.thumbnailsMade)
        XCTAssertGreaterThanOrEqual(made, shown.thumbnailPages.count, "each visible row's thumbnail was made")
        XCTAssertLessThan(made, 80, "only the rows near the view, not the document's every page")
    }

    /// A document with text on its pages loads no Tesseract: its language is chosen (the state
    /// dump's ocrLanguage, which made the engine list its languages before) and its pages shown,
    /// and the library, with the thirty libraries it brings, is not in the process.
    func testADocumentWithTextLoadsNoTesseract() throws {
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        try session.launch([sample], environment: ["LANG": "C.UTF-8", "LANGUAGE": ""])
        let state = try XCTUnwrap(session.waitFor("shown, sharp, its recognition language known") { s in
            guard let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.ocrLanguage != nil
        })
        let maps = try Self.maps(pid: state.pid)
        XCTAssertFalse(maps.contains("libtesseract"), "Tesseract is loaded when a page is recognised, not before")
        XCTAssertFalse(maps.contains("libcurl"), "nor what it brings")
        XCTAssertTrue(maps.contains("libpoppler"), "the maps are the app's")
    }

    /// A process's memory map, read to its end (a file of /proc has no size to read by: read as
    /// a file of that size, it came back empty, and whatever it should not contain passed).
    static func maps(pid: Int) throws -> String {
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }
}
