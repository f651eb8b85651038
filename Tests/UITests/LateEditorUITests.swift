// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// One parse for reading: the editing document (poppler core's second parse of the file) does
/// not exist until the first edit; the first stroke, drawn while it is made, is applied and
/// journaled when it arrives, so that a kill right after that edit loses nothing.
final class LateEditorUITests: XCTestCase {
    private func pen(_ phase: InputPhase, _ x: Double, _ y: Double, _ t: Double) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(7), position: Point(x: x, y: y),
                   time: InputTime(seconds: t), axes: StylusAxes(pressure: 0.6))
    }

    func testTheEditorIsMadeAtTheFirstStrokeAndAKillRightAfterItLosesNothing() throws {
        try AppSession.skipUnderWayland("the restore question is answered with xdotool's Return")
        let session = try AppSession()
        let source = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let path = session.workDir.appendingPathComponent("late.pdf").path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        // The replay starts once the document is shown and can be edited; the stroke comes a
        // moment later, so that the dump shows the document before it.
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        for i in 0...20 {
            events.append(pen(i == 0 ? .began : (i == 20 ? .ended : .moved), 200 + Double(i) * 12, 650, 2.5 + Double(i) * 0.01))
        }
        let recording = session.workDir.appendingPathComponent("late.jsonl")
        try InputRecording(events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])

        let reading = try XCTUnwrap(session.waitFor("page 1 drawn and read, no edit yet") { s in
            guard let w = s.windows.first else { return false }
            return w.isEditable && w.missingTiles == 0 && w.annotationEdits == 0
        }?.windows.first)
        XCTAssertEqual(reading.editorOpen, false, "no editing document before the first edit")

        // As soon as the dump shows the stroke as an edit: killed, as a crash would.
        let drawn = try XCTUnwrap(session.waitFor("the stroke is one Ink edit") { s in
            s.windows.first.map { $0.undoName == "Ink" } ?? false
        }?.windows.first)
        XCTAssertEqual(drawn.editorOpen, true, "the first edit made the editing document")
        try session.crash(leaving: path, as: original)

        // The journal alone asks the question: the editor is made only to restore.
        let relaunched = try session.launch([path])
        let asking = try XCTUnwrap(session.waitFor("the restore question") { s in
            s.pid == Int(relaunched.processIdentifier) && s.windows.first?.dialog == "restore"
        }?.windows.first)
        XCTAssertEqual(asking.editorOpen, false, "the question reads the journal alone")
        try session.waitForDialogFocus(pid: Int(relaunched.processIdentifier))
        session.xdotool("key", "Return")
        let restored = try XCTUnwrap(session.waitFor("Return restores the stroke") { s in
            guard let w = s.windows.first else { return false }
            return w.dialog == nil && w.undoName == "Ink" && w.annotations.contains { $0.kind == "ink" && $0.page == 1 }
        }?.windows.first)
        XCTAssertEqual(restored.hasUnsavedChanges, true)
        session.quitApps()
    }
}
