// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Turning pages with a curl, as a reader does it: a mouse drags the sheet from the right
/// edge (the curl and its shadow are on screen while it is held) and lets go past halfway; a
/// click near the edge plays a whole turn; a replayed finger turns forward, lays a short pull
/// back and turns back from the left edge. Judged from the state dump and a screenshot.
final class PageCurlUITests: XCTestCase {
    /// Launches the app on `path` (a copy of the sample), pages two at a time with the cover
    /// alone and curls on, and returns the window at rest on the cover.
    private func launchCurling(_ path: String, in session: AppSession) throws -> (app: Process, window: AppSession.Window) {
        let app = try session.launch([path])
        session.waitFor("shown") { s in s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false }
        session.activate("spread-mode", "[<'book'>]")
        session.activate("page-curl")
        let window = try XCTUnwrap(session.waitFor("book pages curling one spread at a time") { s in
            s.windows.first.map {
                $0.spreadMode == "book" && $0.pageCurl == true && $0.oneSpreadAtATime == true && !$0.isAnimating && $0.missingTiles == 0
            } ?? false
        }?.windows.first)
        return (app, window)
    }

    func testAMouseDragCurlsThePageUnderThePointerAndTurnsItWhenLetGoPastHalfway() throws {
        try AppSession.skipUnderWayland("drags the sheet with xdotool's pointer and reads the curl's shadow from screenshots")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("curl.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        let (app, w) = try launchCurling(path, in: session)
        XCTAssertEqual(w.currentPage, 1, "the cover")
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let cover = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        let y = origin.y + w.canvasY + cover.y + cover.height * 0.6
        let edge = origin.x + w.canvasX + min(cover.x + cover.width - 4, w.viewWidth - 6)
        // Where the fold will lie when the edge is carried to the page's middle.
        let carriedTo = origin.x + w.canvasX + cover.x + cover.width * 0.55
        let foldX = (edge + carriedTo) / 2
        func column(_ shot: Screenshot, x: Double) -> Double {
            let top = Int(origin.y + w.canvasY + cover.y + cover.height * 0.15), bottom = Int(origin.y + w.canvasY + cover.y + cover.height * 0.85)
            let values = stride(from: top, to: bottom, by: 3).map { row -> Int in
                let p = shot.pixel(x: Int(x), y: row)
                return (p.r + p.g + p.b) / 3
            }.sorted()
            return Double(values[values.count / 2])
        }
        let before = column(try session.screenshot(), x: foldX + 6)
        XCTAssertGreaterThan(before, 235, "white paper there before the drag")

        session.xdotool("mousemove", String(Int(edge)), String(Int(y)))
        session.xdotool("mousedown", "1")
        for step in 1...10 {
            let x = edge + (carriedTo - edge) * Double(step) / 10
            session.xdotool("mousemove", String(Int(x)), String(Int(y)))
            usleep(20_000)
        }
        let held = try XCTUnwrap(session.waitForPainted("the sheet follows the pointer") { s in
            s.windows.first.map { ($0.pageTurnProgress ?? 0) > 0.1 && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertLessThan(held.pageTurnProgress ?? 1, 0.5, "not yet halfway")
        let during = column(try session.screenshot(), x: foldX + 6)
        XCTAssertLessThan(during, before - 20, "the lifted sheet's shadow darkens the page beneath along the fold")

        // Carried on past halfway and let go: the turn finishes on spread 1 (pages 2 and 3).
        let farSide = origin.x + w.canvasX + cover.x - cover.width * 0.4
        session.xdotool("mousemove", String(Int(farSide)), String(Int(y)))
        session.waitForPointer(at: (Double(Int(farSide)), Double(Int(y))), windowOrigin: origin)
        session.xdotool("mouseup", "1")
        let turned = try XCTUnwrap(session.waitFor("turned to pages 2 and 3") { s in
            s.windows.first.map { $0.pageTurnsCompleted == 1 && $0.pageTurnProgress == nil && !$0.isAnimating && $0.currentPage == 2 } ?? false
        }?.windows.first)
        XCTAssertEqual(turned.canGoBack, true, "the turn is in the reading history")
        XCTAssertGreaterThan(turned.pageTurnFrames ?? 0, 3, "the curl was drawn frame by frame")

        // A click near the right edge plays a whole turn; Page Up plays one back.
        let right = String(Int(origin.x + turned.canvasX + turned.viewWidth - 10)), middle = String(Int(y))
        session.xdotool("mousemove", right, middle, "click", "1")
        session.waitFor("a click near the edge: pages 4 and 5") { s in
            s.windows.first.map { $0.pageTurnsCompleted == 2 && !$0.isAnimating && $0.currentPage == 4 } ?? false
        }
        session.xdotool("key", "Page_Up")
        session.waitFor("Page Up curls back to pages 2 and 3") { s in
            s.windows.first.map { $0.pageTurnsCompleted == 3 && !$0.isAnimating && $0.currentPage == 2 } ?? false
        }
    }

    func testAReplayedFingerTurnsForwardLaysAShortPullBackAndTurnsBackFromTheLeft() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("replayed-curl.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        let (_, w) = try launchCurling(path, in: session)
        session.quitApps()
        // The layout is the document's from now on: the replay starts on the cover, curling.
        let y = w.viewHeight * 0.6
        var t = 2.0
        var events: [InputEvent] = []
        func drag(from: Double, to: Double, steps: Int, seconds: Double, sequence: Int) {
            func finger(_ phase: InputPhase, _ x: Double) -> InputEvent {
                InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(UInt64(sequence)),
                           position: Point(x: x, y: y), time: InputTime(seconds: t))
            }
            events.append(finger(.began, from))
            for i in 1...steps {
                t += seconds / Double(steps)
                events.append(finger(.moved, from + (to - from) * Double(i) / Double(steps)))
            }
            // Held still a moment before lifting: no fling, the distance decides.
            t += 0.15
            events.append(finger(.moved, to))
            t += 0.05
            events.append(finger(.ended, to))
            t += 1.2
        }
        let width = w.viewWidth
        drag(from: width - 8, to: width * 0.1, steps: 12, seconds: 0.3, sequence: 1)     // over: pages 2–3
        drag(from: width - 8, to: width * 0.85, steps: 6, seconds: 0.3, sequence: 2)     // a short pull: laid back
        // From the left (clear of the drawer's edge strip, the leftmost 24 pixels): back to the cover.
        drag(from: 40, to: width * 0.9, steps: 12, seconds: 0.3, sequence: 3)
        drag(from: width - 8, to: width * 0.1, steps: 12, seconds: 0.3, sequence: 4)     // and forward again
        let done = try session.replay(events, into: path)
        XCTAssertEqual(done.pageCurl, true)
        XCTAssertEqual(done.pageTurnsCompleted, 4, "four turns ended (one of them laid back)")
        XCTAssertEqual(done.currentPage, 2, "forward, stayed, back, forward: pages 2 and 3")
    }
}
