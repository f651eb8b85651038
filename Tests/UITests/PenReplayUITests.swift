// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// Pen input, which X tools cannot synthesise, replayed with `--replay-input` into the real app:
/// a pen draws at once with no tool picked, its pressure becomes the saved stroke's width, and a
/// finger afterwards still scrolls.
final class PenReplayUITests: XCTestCase {
    private func pen(_ phase: InputPhase, _ x: Double, _ y: Double, _ t: Double, pressure: Double) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(7), position: Point(x: x, y: y),
                   time: InputTime(seconds: t), axes: StylusAxes(pressure: pressure))
    }

    func testAPenStrokeWithRisingPressureIsSavedAsInkThatWidensAlongItsLength() throws {
        let session = try AppSession()
        let source = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let path = session.workDir.appendingPathComponent("pen.pdf").path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        // A level stroke across page 1's empty lower part, pressure rising from 0.1 to 1.
        // The first event waits for the document: replay starts once the page is sharp.
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        let steps = 40
        for i in 0...steps {
            let phase: InputPhase = i == 0 ? .began : (i == steps ? .ended : .moved)
            events.append(pen(phase, 200 + Double(i) * 12, 650, 1 + Double(i) * 0.01, pressure: 0.1 + 0.9 * Double(i) / Double(steps)))
        }
        let recording = session.workDir.appendingPathComponent("pen.jsonl")
        try InputRecording(events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        let drawn = try XCTUnwrap(session.waitFor("the stroke became one Ink edit") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.undoName == "Ink" && w.tool == "select"
        }?.windows.first)
        XCTAssertEqual(drawn.annotations.filter { $0.kind == "ink" }.count, 1)
        XCTAssertEqual(drawn.penDrawsAtOnce, true)

        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")

        // MuPDF draws the stroke thicker where the pen pressed harder.
        let mutool = try XCTUnwrap(AppSession.which("mutool"), "mutool is installed by tools/install-deps.sh")
        let image = session.workDir.appendingPathComponent("pen.pnm").path
        let draw = Process()
        draw.executableURL = URL(fileURLWithPath: mutool)
        draw.arguments = ["draw", "-q", "-r", "144", "-c", "rgb", "-F", "pnm", "-o", image, path, "1"]
        try draw.run()
        draw.waitUntilExit()
        let pixels = try PNMImage(path: image)
        // Only the part of the page where the stroke is (from the dump: its box on page 1).
        let ink = try XCTUnwrap(drawn.annotations.first { $0.kind == "ink" })
        let page = try XCTUnwrap(drawn.visiblePages.first { $0.page == 1 })
        let rows = Int(Double(pixels.height) * (ink.y - page.y) / page.height)...Int(Double(pixels.height) * (ink.y + ink.height - page.y) / page.height)
        let inkRows = { (column: Int) -> Int in rows.filter { pixels.isBlueInk(x: column, y: $0) }.count }
        let columns = (0..<pixels.width).filter { x in rows.contains { pixels.isBlueInk(x: x, y: $0) } }
        let first = try XCTUnwrap(columns.first), last = try XCTUnwrap(columns.last)
        let span = last - first
        XCTAssertGreaterThan(span, 100, "a long stroke is drawn")
        let thin = inkRows(first + span / 10), thick = inkRows(last - span / 10)
        XCTAssertGreaterThan(thick, thin + 2, "pressure widens the stroke (\(thin) px → \(thick) px)")
    }
}

extension PNMImage {
    /// The pen's default colour (a strong blue), not the page's black text.
    func isBlueInk(x: Int, y: Int) -> Bool {
        guard let (r, g, b) = rgb(x: x, y: y) else { return false }
        return b > 150 && r < 120 && g < 150 && b - r > 80
    }
}
