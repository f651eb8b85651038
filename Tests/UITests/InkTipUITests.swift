// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import StateSnapshot
import TestSupport
import XCTest

/// The predicted tip in the real app: a replayed pen stroke draws tips ahead of its samples
/// (the dump's inkTip figures count those the pen then reached, and how far off they were), the
/// stroke committed is the samples alone and one undo takes it away; with "Keep up with the
/// pen" off no tip is drawn.
final class InkTipUITests: XCTestCase {
    /// Replays a steady pen stroke (60 samples at 120 Hz) on page 1 with `settings`; the app's
    /// state once the stroke is committed.
    private func replayStroke(_ session: AppSession, settings: InputSettings) throws -> WindowSnapshot {
        let path = session.workDir.appendingPathComponent("tip.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        for i in 0...60 {
            let phase: InputPhase = i == 0 ? .began : (i == 60 ? .ended : .moved)
            events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(7),
                                     position: Point(x: 180 + Double(i) * 6, y: 650 + 10 * sin(Double(i) / 10)),
                                     time: InputTime(seconds: 1 + Double(i) / 120), axes: StylusAxes(pressure: 0.6)))
        }
        let metadata = ["app": "test", "inputSettings": String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)]
        let recording = session.workDir.appendingPathComponent("tip.jsonl")
        try InputRecording(header: InputRecordingHeader(metadata: metadata), events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        return try XCTUnwrap(session.waitFor("the stroke became one Ink edit, shown") { s in
            s.windows.first.map { w in w.replayFinished && w.undoName == "Ink" && w.annotations.contains { $0.kind == "ink" } } ?? false
        }?.windows.first)
    }

    func testAReplayedStrokeDrawsItsTipAheadAndUndoTakesTheStrokeAway() throws {
        let session = try AppSession()
        let drawn = try replayStroke(session, settings: InputSettings())
        let tip = try XCTUnwrap(drawn.inkTip, "the dump reports the tip")
        XCTAssertTrue(tip.enabled, "on by default")
        XCTAssertGreaterThan(tip.measured, 0, "tips were drawn ahead of the samples and the pen reached them")
        XCTAssertLessThan(tip.meanDistanceToPath, 2, "a steady stroke goes where its tips said (\(tip))")
        XCTAssertEqual(drawn.annotations.filter { $0.kind == "ink" }.count, 1)
        session.key("ctrl+z", runs: "undo")
        session.waitFor("the stroke undone") { s in s.windows.first.map { !$0.annotations.contains { $0.kind == "ink" } } ?? false }
    }

    func testWithKeepUpWithThePenOffNoTipIsDrawn() throws {
        let session = try AppSession()
        var settings = InputSettings()
        settings.predictsInkTip = false
        let drawn = try replayStroke(session, settings: settings)
        // The recording's settings hold while it replays (the user's come back after it).
        XCTAssertEqual(try XCTUnwrap(drawn.inkTip).measured, 0, "no tip was drawn")
    }
}
