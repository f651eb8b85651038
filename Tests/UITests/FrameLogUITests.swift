// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The frame log (`PDF_ANNOTATOR_FRAME_LOG`, what `frame-bench` reads) counts each frame from the
/// real start of its frame-clock cycle: frames follow one another without overlapping, and none
/// lasts less than nothing. GTK's own frame time is smoothed towards the refresh rate and can lie
/// half a frame either side of the cycle's start, which made frames look longer or shorter than
/// they were.
final class FrameLogUITests: XCTestCase {
    /// A logged canvas frame: when its cycle started and how long until its paint ended (µs).
    private struct Frame { let start: Int, took: Int }

    private func frames(in log: URL) throws -> [Frame] {
        let text = try String(contentsOf: log, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            // Main-loop turns and selection changes are logged too; they are not frames.
            guard fields.count >= 5, ["view", "turn", "still"].contains(String(fields[2])),
                  let start = Int(fields[0]), let took = Int(fields[1]) else { return nil }
            return Frame(start: start, took: took)
        }
    }

    func testEachLoggedFrameStartsAfterThePreviousOneWasPaintedAndLastsSomeTime() throws {
        try AppSession.skipUnderWayland("pages with xdotool's keys")
        let session = try AppSession()
        let log = session.workDir.appendingPathComponent("frames.log")
        let state = try session.openLongDocumentAndFocusCanvas(pages: 30, environment: ["PDF_ANNOTATOR_FRAME_LOG": log.path])
        let opened = try XCTUnwrap(state.windows.first)
        // Wheel clicks and page turns in quick succession: frames back to back, tiles arriving.
        for _ in 0..<12 { session.xdotool("click", "5") }
        for _ in 0..<4 { session.xdotool("key", "Page_Down") }
        XCTAssertNotNil(session.waitFor("moved down and sharp again") {
            guard let w = $0.windows.first else { return false }
            return w.currentPage > opened.currentPage && w.missingTiles == 0
        })
        let logged = try frames(in: log)
        XCTAssertGreaterThanOrEqual(logged.count, 5, "the moves drew frames")
        // The first frame began before the log's timing was set up: GTK's time stands for it.
        for (previous, frame) in zip(logged.dropFirst(), logged.dropFirst(2)) {
            XCTAssertGreaterThanOrEqual(frame.start, previous.start + previous.took,
                                        "a frame is counted from after the previous one's paint")
        }
        for frame in logged.dropFirst() { XCTAssertGreaterThan(frame.took, 0, "a frame lasts some time") }
    }
}
