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
        // The edit is in the history a moment before the page's annotations list has it.
        let drawn = try XCTUnwrap(session.waitFor("the stroke became one Ink edit, shown") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.undoName == "Ink" && w.tool == "select" && w.annotations.contains { $0.kind == "ink" }
        }?.windows.first)
        XCTAssertEqual(drawn.annotations.filter { $0.kind == "ink" }.count, 1)
        XCTAssertEqual(drawn.penDrawsAtOnce, true)

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")

        // MuPDF draws the stroke thicker where the pen pressed harder. At 288 dpi (4 px a point):
        // at 144 the stroke, 0.5 to 2 pt wide, was 1 or 2 px thin and 4 px thick depending on
        // where its edges fell on the pixel grid, a pass or a failure by one pixel.
        let mutool = try XCTUnwrap(AppSession.which("mutool"), "mutool is installed by tools/install-deps.sh")
        let image = session.workDir.appendingPathComponent("pen.pnm").path
        let draw = Process()
        draw.executableURL = URL(fileURLWithPath: mutool)
        draw.arguments = ["draw", "-q", "-r", "288", "-c", "rgb", "-F", "pnm", "-o", image, path, "1"]
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

/// A recording replays with the input settings it was made with (its header's
/// `inputSettings`), not with the user's; and a recording made with `--record-input` carries
/// the user's.
final class RecordedInputSettingsUITests: XCTestCase {
    /// The stroke's thickness in MuPDF's drawing near its light start and its hard-pressed end,
    /// after replaying a rising-pressure stroke made with `recorded` settings (none: no
    /// `inputSettings` in the header) while the user's config holds `user`.
    private func replayedWidths(recorded: InputSettings?, user: InputSettings?) throws -> (light: Int, hard: Int) {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("pen.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        if let user {
            let folder = session.workDir.appendingPathComponent("config/pdf-annotator")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONEncoder().encode(user).write(to: folder.appendingPathComponent("input.json"))
        }
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        for i in 0...40 {
            let phase: InputPhase = i == 0 ? .began : (i == 40 ? .ended : .moved)
            events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(7), position: Point(x: 200 + Double(i) * 12, y: 650),
                                     time: InputTime(seconds: 1 + Double(i) * 0.01), axes: StylusAxes(pressure: 0.1 + 0.9 * Double(i) / 40)))
        }
        var metadata = ["app": "test"]
        if let recorded { metadata["inputSettings"] = String(decoding: try JSONEncoder().encode(recorded), as: UTF8.self) }
        let recording = session.workDir.appendingPathComponent("pen.jsonl")
        try InputRecording(header: InputRecordingHeader(metadata: metadata), events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        let drawn = try XCTUnwrap(session.waitFor("the stroke became one Ink edit, shown") { s in
            s.windows.first.map { w in w.replayFinished && w.undoName == "Ink" && w.annotations.contains { $0.kind == "ink" } } ?? false
        }?.windows.first)
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let image = session.workDir.appendingPathComponent("pen.pnm").path
        let result = try ExternalTools.run("mutool", ["draw", "-q", "-r", "144", "-c", "rgb", "-F", "pnm", "-o", image, path, "1"])
        XCTAssertEqual(result.status, 0)
        let pixels = try PNMImage(path: image)
        let ink = try XCTUnwrap(drawn.annotations.first { $0.kind == "ink" })
        let page = try XCTUnwrap(drawn.visiblePages.first { $0.page == 1 })
        let rows = Int(Double(pixels.height) * (ink.y - page.y) / page.height)...Int(Double(pixels.height) * (ink.y + ink.height - page.y) / page.height)
        let columns = (0..<pixels.width).filter { x in rows.contains { pixels.isBlueInk(x: x, y: $0) } }
        let first = try XCTUnwrap(columns.first), last = try XCTUnwrap(columns.last)
        let span = last - first
        XCTAssertGreaterThan(span, 100, "a long stroke is drawn")
        func thickness(_ column: Int) -> Int { rows.filter { pixels.isBlueInk(x: column, y: $0) }.count }
        return (thickness(first + span / 10), thickness(last - span / 10))
    }

    /// Every pressure draws the full width.
    private var evenPen: InputSettings {
        var settings = InputSettings()
        settings.defaultPen.thinnest = 1
        settings.defaultPen.thickest = 1
        return settings
    }

    func testARecordingMadeWithAnEvenPenReplaysEvenWhateverTheUsersPen() throws {
        guard AppSession.which("mutool") != nil else { throw XCTSkip("mutool is not installed") }
        let widths = try replayedWidths(recorded: evenPen, user: InputSettings())
        XCTAssertLessThanOrEqual(abs(widths.hard - widths.light), 1, "the recording's pen draws every pressure alike (\(widths))")
    }

    func testTheUsersPenSettingsApplyToARecordingWithoutSettingsOfItsOwn() throws {
        guard AppSession.which("mutool") != nil else { throw XCTSkip("mutool is not installed") }
        let even = try replayedWidths(recorded: nil, user: evenPen)
        XCTAssertLessThanOrEqual(abs(even.hard - even.light), 1, "the user's even pen (\(even))")
        let own = try replayedWidths(recorded: InputSettings(), user: evenPen)
        XCTAssertGreaterThan(own.hard, own.light + 2, "the recording's default pen widens with pressure (\(own))")
    }

    func testARecordingCarriesTheInputSettingsInForce() throws {
        let session = try AppSession()
        let folder = session.workDir.appendingPathComponent("config/pdf-annotator")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var settings = evenPen
        settings.touch.palmDelay = 1.3
        try JSONEncoder().encode(settings).write(to: folder.appendingPathComponent("input.json"))
        let recording = session.workDir.appendingPathComponent("made.jsonl")
        try session.launch(["--record-input", recording.path, AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path])
        _ = try XCTUnwrap(session.waitFor("the document") { $0.windows.first?.content == "document" })
        session.quitApps()
        let header = try XCTUnwrap(try InputRecording(contentsOf: recording).header.metadata["inputSettings"], "the header has the settings")
        XCTAssertEqual(try JSONDecoder().decode(InputSettings.self, from: Data(header.utf8)), settings)
    }
}

/// A pen's barrel button set (in the recording's settings) to highlight: a replayed drag with
/// the button held over a line of text highlights it, with the Pen tool picked, and the tip
/// inks again after it.
final class StylusButtonUITests: XCTestCase {
    func testABarrelButtonSetToHighlightMarksTheTextItIsDraggedOver() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("pen.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        // Where page 1 lies: one launch to see, the next replays into the same view.
        try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("page 1") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && !$0.isAnimating } ?? false
        }?.windows.first)
        session.quitApps()
        let page = try XCTUnwrap(shown.visiblePages.first { $0.page == 1 })
        // "Annotating a PDF should feel" on page 1 (pdftotext -bbox): y 173-186 pt, x 36-195 pt.
        func view(_ x: Double, _ y: Double) -> Point { Point(x: page.x + x * shown.zoom, y: page.y + y * shown.zoom) }

        var settings = InputSettings()
        settings.defaultPen.upperButton = .highlight
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        for i in 0...12 {
            let phase: InputPhase = i == 0 ? .began : (i == 12 ? .ended : .moved)
            events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: view(38 + Double(i) * 12.5, 180),
                                     time: InputTime(seconds: 1 + Double(i) * 0.02), button: phase == .moved ? nil : .secondary,
                                     axes: StylusAxes(pressure: 0.5)))
        }
        let recording = session.workDir.appendingPathComponent("button.jsonl")
        let metadata = ["inputSettings": String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)]
        try InputRecording(header: InputRecordingHeader(metadata: metadata), events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        let marked = try XCTUnwrap(session.waitFor("the replay highlighted the line") { s in
            s.windows.first.map { $0.replayFinished && $0.annotations.contains { $0.kind == "highlight" } } ?? false
        }?.windows.first, "annotations: \(session.state()?.windows.first?.annotations.map(\.kind) ?? [])")
        XCTAssertEqual(marked.undoName, "Highlight")
        XCTAssertFalse(marked.annotations.contains { $0.kind == "ink" }, "the button's drag drew no ink")
        XCTAssertEqual(marked.penDrawsAtOnce, true)
        XCTAssertEqual(marked.tool, "select", "the picked tool is as it was")
    }
}

extension PNMImage {
    /// The pen's default colour (a strong blue), not the page's black text.
    func isBlueInk(x: Int, y: Int) -> Bool {
        guard let (r, g, b) = rgb(x: x, y: y) else { return false }
        return b > 150 && r < 120 && g < 150 && b - r > 80
    }
}
