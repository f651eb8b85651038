// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// The Highlighter with a pen in the real app (the pen's barrel button set to Highlight, so the
/// replay alone picks it): a stroke along a line of real text is saved as a /Highlight whose
/// quadrilateral covers exactly the words `pdftotext -bbox` places where it ran, a stroke in
/// the margin as translucent /Ink; one undo takes the margin's stroke back.
final class HighlighterPenUITests: XCTestCase {
    func testAHighlighterPenStrokeAlongTextIsAHighlightOfThoseWordsAndOneInTheMarginTranslucentInk() throws {
        guard AppSession.which("pdftotext") != nil, AppSession.which("qpdf") != nil else {
            throw XCTSkip("pdftotext and qpdf are installed by tools/install-deps.sh")
        }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("marker.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        // Page 1 at (154.26, 16), zoom 1.1213, as every UI test's window shows it (see
        // SmartPenUITests). Along the middle of "Annotating a PDF should feel like writing …"
        // (pdftotext: y 173…185.8) from inside "PDF" to inside "writing"; then across the empty
        // top right of the page.
        let frame = (x: 154.2625, y: 16.0, zoom: 1.1212866)
        let along = (from: Point(x: 112, y: 179.5), to: Point(x: 257, y: 179.5))
        let margin = (from: Point(x: 400, y: 60), to: Point(x: 540, y: 66))
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
        for (n, stroke) in [along, margin].enumerated() {
            let steps = 30
            for i in 0...steps {
                let phase: InputPhase = i == 0 ? .began : (i == steps ? .ended : .moved)
                let f = Double(i) / Double(steps)
                let x = stroke.from.x + (stroke.to.x - stroke.from.x) * f, y = stroke.from.y + (stroke.to.y - stroke.from.y) * f + (i % 2 == 0 ? 0.4 : -0.4)
                events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer,
                                         position: Point(x: frame.x + x * frame.zoom, y: frame.y + y * frame.zoom),
                                         time: InputTime(seconds: 1 + Double(n) + Double(i) * 0.01), button: .secondary,
                                         axes: StylusAxes(pressure: 0.5)))
            }
        }
        let settings = InputSettings(defaultPen: PenSettings(upperButton: .highlight))
        let recording = session.workDir.appendingPathComponent("marker.jsonl")
        try InputRecording(header: InputRecordingHeader(metadata: ["inputSettings": String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)]),
                           events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        let marked = try XCTUnwrap(session.waitFor("a highlight along the text, marker ink in the margin") { s in
            s.windows.first.map { w in
                w.replayFinished && w.undoName == "Highlighter Stroke" && w.annotations.filter { $0.kind != "link" }.map(\.kind) == ["highlight", "ink"]
            } ?? false
        }?.windows.first, "annotations: \(session.state()?.windows.first?.annotations.map(\.kind) ?? []), undo: \(session.state()?.windows.first?.undoName ?? "-")")
        XCTAssertEqual(marked.annotationEdits, 2)
        let page = try XCTUnwrap(marked.visiblePages.first { $0.page == 1 })
        XCTAssertEqual(page.x, frame.x, accuracy: 0.5, "the layout the strokes were placed for")
        XCTAssertEqual(page.y, frame.y, accuracy: 0.5)
        XCTAssertEqual(marked.zoom, frame.zoom, accuracy: 0.001)

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        let both = session.workDir.appendingPathComponent("both.pdf").path
        try FileManager.default.copyItem(atPath: path, toPath: both)
        // One undo takes the margin's stroke back, the highlight stays.
        session.key("ctrl+z", runs: "undo")
        session.waitFor("the marker stroke undone") { s in
            s.windows.first.map { $0.annotations.filter { $0.kind != "link" }.map(\.kind) == ["highlight"] && $0.undoName == "Highlight" } ?? false
        }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved again") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()

        let saved = try Data(contentsOf: URL(fileURLWithPath: both))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", both]).status, 0)
        let pdf = try SavedPDF(path: both)
        let height = try pdf.pageBox().y2
        let inks = pdf.annotations.filter { $0["/Subtype"] as? String == "/Ink" }
        XCTAssertEqual(inks.count, 1, "the margin's stroke only")
        let ink = try XCTUnwrap(inks.first)
        XCTAssertLessThan((ink["/CA"] as? NSNumber)?.doubleValue ?? 1, 1, "translucent")
        let inkRect = try XCTUnwrap((ink["/Rect"] as? [NSNumber])?.map(\.doubleValue))
        XCTAssertLessThan(height - inkRect[3], 60, "in the margin, above the text")

        let all = session.placedWords(of: path)
        let line = all.filter { $0.yMin <= along.from.y && along.from.y <= $0.yMax }
        let covered = line.filter { ($0.xMin + $0.xMax) / 2 >= along.from.x && ($0.xMin + $0.xMax) / 2 <= along.to.x }.sorted { $0.xMin < $1.xMin }
        XCTAssertEqual(covered.map(\.text), ["PDF", "should", "feel", "like", "writing"])
        let first = try XCTUnwrap(covered.first), last = try XCTUnwrap(covered.last)
        let highlight = try XCTUnwrap(pdf.annotations.first { $0["/Subtype"] as? String == "/Highlight" })
        let quads = try XCTUnwrap((highlight["/QuadPoints"] as? [NSNumber])?.map(\.doubleValue))
        XCTAssertEqual(quads.count, 8, "one line, one quadrilateral")
        let xs = stride(from: 0, to: quads.count, by: 2).map { quads[$0] }
        let ys = stride(from: 1, to: quads.count, by: 2).map { height - quads[$0] }
        XCTAssertEqual(xs.min()!, first.xMin, accuracy: 0.6)
        XCTAssertEqual(xs.max()!, last.xMax, accuracy: 0.6)
        for word in line where !covered.contains(where: { $0.xMin == word.xMin }) {
            XCTAssertFalse(word.xMax > xs.min()! + 0.6 && word.xMin < xs.max()! - 0.6, "\(word.text) is not covered")
        }
        XCTAssertEqual(ys.min()!, first.yMin, accuracy: 1)
        XCTAssertEqual(ys.max()!, first.yMax, accuracy: 1)

        let undone = try SavedPDF(path: path).annotations.compactMap { $0["/Subtype"] as? String }.filter { $0 != "/Link" }
        XCTAssertEqual(undone, ["/Highlight"], "the undone stroke is not saved")
    }
}
