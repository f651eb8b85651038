// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// A finger in the Pages grid, replayed with `--replay-grid-input`: a long press on page 1
/// selects it, the finger then drags it below page 3 and lifts; the page lands there, and the
/// saved file says so.
final class PagesGridTouchUITests: XCTestCase {
    func testALongPressThenADragMovesThePageWhereTheFingerLifts() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("touch.pdf").path
        try NumberedPagesPDF.data(pages: 3).write(to: URL(fileURLWithPath: path))
        // Where the thumbnails are in a window of this size (the same on the second launch).
        _ = try session.launchEditable(path)
        let grid = try session.showPagesGrid(thumbnails: 3)
        session.quitApps()
        let first = try XCTUnwrap(grid.thumbnailFrames.first { Int($0[0]) == 1 })
        let third = try XCTUnwrap(grid.thumbnailFrames.first { Int($0[0]) == 3 })
        let from = Point(x: first[1] + first[3] / 2, y: first[2] + first[4] / 2)
        let to = Point(x: third[1] + third[3] / 2, y: third[2] + third[4] * 0.8)

        func finger(_ phase: InputPhase, _ p: Point, _ t: Double) -> InputEvent {
            InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(7), position: p, time: InputTime(seconds: t))
        }
        // The finger rests well past the long press (a loaded machine's timer fires late), then drags.
        var events = [finger(.began, from, 0), finger(.moved, Point(x: from.x + 2, y: from.y + 1), 0.3), finger(.moved, Point(x: from.x + 2, y: from.y + 1), 1.0)]
        for i in 1...12 {
            let f = Double(i) / 12
            events.append(finger(.moved, Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), 1.4 + 0.04 * Double(i)))
        }
        events.append(finger(.ended, to, 2.0))
        try replayOnTheGrid(events, named: "grid", of: path, in: session)
        let moved = try XCTUnwrap(session.waitFor("the replayed finger moved page 1 to the end") { s in
            s.windows.first.map { $0.gridReplayFinished == true && $0.undoName == "Move Page" } ?? false
        }?.windows.first)
        XCTAssertEqual(moved.pageCount, 3)
        // The move is committed first; the view follows once the reordered pages reach the
        // screen (the document is reloaded between two tiles), a moment later on a busy machine.
        XCTAssertNotNil(session.waitFor("the view follows the page to its new place") { $0.windows.first?.currentPage == 3 })
        session.key("ctrl+s", runs: "save")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let texts = try (1...3).map { page in
            String(decoding: try ExternalTools.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]).stdout, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(texts, ["Page number 2", "Page number 3", "Page number 1"])
    }

    /// Taps, holds and two fingers on the grid are the contact vocabulary's, replayed: a tap
    /// on page 2 shows it; two fingers resting on pages 3 and 1 far longer than a long press are
    /// neither a tap nor a long press (nothing is selected, no menu); a finger then held on
    /// page 1 and lifted in place selects it alone and opens the pages' menu.
    func testATapShowsAPageAndTwoRestingFingersAreNeitherATapNorALongPress() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("fingers.pdf").path
        try NumberedPagesPDF.data(pages: 3).write(to: URL(fileURLWithPath: path))
        _ = try session.launchEditable(path)
        let grid = try session.showPagesGrid(thumbnails: 3)
        session.quitApps()
        func centre(_ page: Int) throws -> Point {
            let f = try XCTUnwrap(grid.thumbnailFrames.first { Int($0[0]) == page })
            return Point(x: f[1] + f[3] / 2, y: f[2] + f[4] / 2)
        }
        let one = try centre(1), two = try centre(2), three = try centre(3)
        func finger(_ id: UInt64, _ phase: InputPhase, _ p: Point, _ t: Double) -> InputEvent {
            InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: p, time: InputTime(seconds: t))
        }
        let events = [
            // A tap on page 2.
            finger(1, .began, two, 0), finger(1, .ended, Point(x: two.x + 1, y: two.y), 0.1),
            // Two fingers, on pages 3 and 1, resting a second: no long press, no tap.
            finger(2, .began, three, 1), finger(3, .began, one, 1.05),
            finger(2, .moved, Point(x: three.x + 1, y: three.y), 1.6), finger(3, .moved, Point(x: one.x, y: one.y + 1), 1.7),
            finger(3, .ended, one, 2.0), finger(2, .ended, three, 2.1),
            // One finger held on page 1 and lifted in place: the pages' menu.
            finger(4, .began, one, 3), finger(4, .ended, one, 4),
        ]
        try replayOnTheGrid(events, named: "fingers", of: path, in: session)
        let done = try XCTUnwrap(session.waitFor("the replayed fingers are done and the pages' menu is open") { s in
            s.windows.first.map { $0.gridReplayFinished == true && $0.contextMenu != nil } ?? false
        }?.windows.first)
        XCTAssertEqual(done.thumbnailSelection, [1], "the hold selected page 1 alone: the two fingers selected nothing")
        XCTAssertEqual(done.currentPage, 2, "the tap showed page 2 (a long press shows no page)")
        XCTAssertEqual(done.contextMenu?.first, "Turn Clockwise", "the pages' menu")
    }

    /// Opens `path` editable with `events` recorded for the Pages grid, and shows the grid: the
    /// app replays them on it once its thumbnails are laid out.
    private func replayOnTheGrid(_ events: [InputEvent], named name: String, of path: String, in session: AppSession) throws {
        let recording = session.workDir.appendingPathComponent("\(name).jsonl")
        try InputRecording(events: events).write(to: recording)
        let app = try session.launch(["--replay-grid-input", recording.path, path])
        _ = try XCTUnwrap(session.waitFor("shown, editable") { s in
            s.pid == Int(app.processIdentifier) && (s.windows.first.map { $0.content == "document" && $0.isEditable } ?? false)
        })
        _ = try session.showPagesGrid(thumbnails: 3)
    }
}
