// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// On a 4K screen at 2× a frame is 33 MB, and writing it into the X socket was the slow part of
/// the slowest frames: frames that size reach the server through shared memory, one segment
/// of cairo's at most, which is given back once the view rests (`Sources/CShim/ann_frame_shm_*.c`).
/// At 1080p only a page turn's frames do.
final class FrameSharedMemoryUITests: XCTestCase {
    func testFourKFramesShareOneSegmentWithTheServerAndGiveItBackAtRest() throws {
        try AppSession.skipUnderWayland("MIT-SHM is an X11 extension")
        if ProcessInfo.processInfo.environment["UI_TEST_RENDERER"] == "gl" { throw XCTSkip("GL frames do not go through cairo's xlib backend") }
        let session = try AppSession(screenWidth: 3840, screenHeight: 2160)
        let opened = try session.openLongDocumentAndFocusCanvas(pages: 40, environment: ["GDK_SCALE": "2"])
        let id = try XCTUnwrap(session.windowID(pid: opened.pid))
        session.xdotool("windowsize", id, "3840", "2160")
        session.xdotool("windowmove", id, "0", "0")
        let full = try XCTUnwrap(session.waitFor("the window fills the 4K screen, sharp") { s in
            guard let w = s.windows.first else { return false }
            return w.viewWidth * 2 > 3000 && w.viewHeight * 2 > 1500 && w.missingTiles == 0 && !w.isAnimating
        }?.windows.first)
        session.xdotool("mousemove", "\(Int((full.canvasX + full.viewWidth / 2) * 2))", "\(Int((full.canvasY + full.viewHeight / 2) * 2))")
        session.xdotool("click", "--repeat", "30", "--delay", "33", "5")
        let rested = try XCTUnwrap(session.waitFor("the view rests, the segment is given back and none of the app's is left") { s in
            guard let w = s.windows.first, let made = w.frameShmMade, let released = w.frameShmReleased else { return false }
            return w.offsetY > full.offsetY && w.missingTiles == 0 && !w.isAnimating && made > 0 && released == made && w.frameShmBytes == 0
                && Self.segments(madeBy: opened.pid).isEmpty
        }?.windows.first)
        let made = try XCTUnwrap(rested.frameShmMade)
        XCTAssertGreaterThan(made, 0, "frames of 33 MB went through shared memory")
        XCTAssertEqual(rested.frameShmReleased, made, "every segment was given back")
        XCTAssertEqual(rested.frameShmMadeAhead, made, "each segment was made and touched on a worker before a frame took it")
        XCTAssertEqual(rested.frameShmSharedAhead, made, "the X server had attached and touched each before cairo attached it")
        XCTAssertEqual(Self.segments(madeBy: opened.pid), [], "no segment the app made is left in the system")
        let maps = try MemoryUITests.maps(pid: opened.pid)
        XCTAssertTrue(maps.contains("libgtk-4"), "the maps are the app's")
        XCTAssertFalse(maps.contains("SYSV"), "no shared-memory segment stays attached at rest")
    }

    /// At 1080p a frame is 8 MB: a scroll's frames go through the X socket and keep no segment,
    /// but a page turn (tens of frames in a row, a curl's copies through the socket were slow in
    /// about half the runs) announces its frames and they take the one segment, made and shared
    /// with the server ahead, which is given back once the pages rest.
    func testAPageTurnAt1080pTakesTheSegmentAndGivesItBackWhileAScrollKeepsTheSocket() throws {
        try AppSession.skipUnderWayland("MIT-SHM is an X11 extension")
        if ProcessInfo.processInfo.environment["UI_TEST_RENDERER"] == "gl" { throw XCTSkip("GL frames do not go through cairo's xlib backend") }
        let session = try AppSession(screenWidth: 1920, screenHeight: 1080)
        let opened = try session.openLongDocumentAndFocusCanvas(pages: 40)
        let start = try XCTUnwrap(opened.windows.first)
        session.xdotool("click", "--repeat", "30", "--delay", "33", "5")
        let scrolled = try XCTUnwrap(session.waitFor("the view scrolled and rests") { s in
            guard let w = s.windows.first else { return false }
            return w.offsetY > start.offsetY && w.missingTiles == 0 && !w.isAnimating
        }?.windows.first)
        XCTAssertEqual(scrolled.frameShmMade, 0, "a scroll's frames at 1080p take no segment")

        session.activate("page-curl")
        session.waitFor("pages curl") { s in s.windows.first.map { $0.pageCurl == true && !$0.isAnimating } ?? false }
        // Turns until one has taken the segment (the first frame of a turn has it made ahead, and
        // a worker on a loaded machine may be late for a whole turn).
        var turns = scrolled.pageTurnsCompleted ?? 0
        var turned = scrolled
        for _ in 0..<6 where (turned.frameShmMade ?? 0) == 0 {
            turns += 1
            session.xdotool("key", "Next")
            let done = turns
            turned = try XCTUnwrap(session.waitFor("the page turned") { s in
                s.windows.first.map { ($0.pageTurnsCompleted ?? 0) >= done && !$0.isAnimating } ?? false
            }?.windows.first)
        }
        let rested = try XCTUnwrap(session.waitFor("a turn took a segment, which is given back at rest, none of the app's left") { s in
            guard let w = s.windows.first, let made = w.frameShmMade, let released = w.frameShmReleased else { return false }
            return !w.isAnimating && made > 0 && released == made && w.frameShmBytes == 0 && Self.segments(madeBy: opened.pid).isEmpty
        }?.windows.first)
        let made = try XCTUnwrap(rested.frameShmMade)
        XCTAssertEqual(rested.frameShmMadeAhead, made, "each segment was made and touched on a worker before a turn's frame took it")
        XCTAssertEqual(rested.frameShmSharedAhead, made, "the X server had attached and touched each before cairo attached it")
        XCTAssertEqual(Self.segments(madeBy: opened.pid), [], "no segment the app made is left in the system")
        XCTAssertFalse(try MemoryUITests.maps(pid: opened.pid).contains("SYSV"), "no shared-memory segment stays attached at rest")
    }

    /// The ids of the System V shared-memory segments in the system that process `pid` made.
    static func segments(madeBy pid: Int) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: "/proc/sysvipc/shm") else { return [] }
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var ids: [String] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields: [Substring] = line.split(separator: " ")  // key shmid perms size cpid …
            if fields.count > 4, fields[4] == Substring(String(pid)) { ids.append(String(fields[1])) }
        }
        return ids
    }
}
