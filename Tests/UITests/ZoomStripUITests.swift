// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

/// The zoom writing strip in the real app: a pen stroke replayed into the strip (a recording
/// whose header names the strip as its target) is saved as /Ink inside the box on the page,
/// the strip's stroke scaled by the box-to-strip ratio; the return control takes the box to the
/// next line.
final class ZoomStripUITests: XCTestCase {
    /// The stroke, strip coordinates (logical pixels), with the pen's pressure rising.
    private let stroke: [(x: Double, y: Double, pressure: Double)] = (0...30).map { i in
        let t = Double(i) / 30
        return (40 + 360 * t, 50 + 40 * sin(t * 2 * .pi), 0.2 + 0.8 * t)
    }

    func testAPenStrokeInTheStripIsSavedAsInkInsideTheBoxScaledByTheBoxToStripRatio() throws {
        let session = try AppSession()
        let source = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let path = session.workDir.appendingPathComponent("strip.pdf").path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        var events: [InputEvent] = []
        for (i, p) in stroke.enumerated() {
            let phase: InputPhase = i == 0 ? .began : (i == stroke.count - 1 ? .ended : .moved)
            events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(3), position: Point(x: p.x, y: p.y),
                                     time: InputTime(seconds: 0.5 + Double(i) * 0.01), axes: StylusAxes(pressure: p.pressure)))
        }
        let recording = session.workDir.appendingPathComponent("strip.jsonl")
        try InputRecording(header: InputRecordingHeader(metadata: ["app": "pdf-annotator", "target": "zoomStrip"]), events: events)
            .write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
        session.waitFor("the document is shown") { s in
            s.windows.first.map { $0.content == "document" && !$0.visiblePages.isEmpty && $0.missingTiles == 0 } ?? false
        }
        // The box on page 1 at (72, 300) points, 3 strip pixels a point.
        session.activate("zoom-strip-box", "[<'1 72 300 3'>]")
        let written = try XCTUnwrap(session.waitFor("the stroke in the strip became one Ink edit") { s in
            guard let w = s.windows.first, let strip = w.zoomStrip else { return false }
            return strip.replayFinished == true && w.undoName == "Ink" && w.annotations.contains { $0.kind == "ink" }
        }?.windows.first)
        let strip = try XCTUnwrap(written.zoomStrip)
        XCTAssertEqual(strip.shown, true)
        XCTAssertEqual(strip.page, 1)
        XCTAssertEqual(strip.strokes, 1)
        let magnification = try XCTUnwrap(strip.magnification)
        XCTAssertEqual(magnification, 3, accuracy: 1e-9)
        let box = try XCTUnwrap(strip.box)
        XCTAssertEqual(box[0], 72, accuracy: 1e-9)
        XCTAssertEqual(box[1], 300, accuracy: 1e-9)
        let stripWidth = try XCTUnwrap(strip.stripWidth)
        XCTAssertLessThan(stroke.map(\.x).max()!, stripWidth * 0.85, "the stroke ends before the strip's right end: the box stays")
        XCTAssertEqual(box[2], stripWidth / magnification, accuracy: 1e-6, "the box is the strip scaled down")

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }

        // The return control: down one box height, back to where the line started.
        session.activate("zoom-strip-return")
        let returned = try XCTUnwrap(session.waitFor("the box went to the next line") { s in
            s.windows.first?.zoomStrip?.box.map { abs($0[1] - (box[1] + box[3])) < 1e-6 } ?? false
        }?.windows.first?.zoomStrip)
        XCTAssertEqual(returned.box?[0] ?? -1, strip.lineStart ?? -2, accuracy: 1e-6)
        session.quitApps()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")
        // Read back by qpdf, not poppler: the /Ink's points, in PDF space (y up).
        let json = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        XCTAssertEqual(json.status, 0)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        func numbers(_ any: Any?) -> [Double]? { (any as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } }
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func value(_ ref: String) -> [String: Any]? { (objects["obj:\(ref)"] as? [String: Any])?["value"] as? [String: Any] }
        let page = try XCTUnwrap((root["pages"] as? [[String: Any]])?.first)
        let pageObject = try XCTUnwrap(value(try XCTUnwrap(page["object"] as? String)))
        let mediaBox = try XCTUnwrap(numbers(pageObject["/MediaBox"]))
        let refs = pageObject["/Annots"] as? [String] ?? (pageObject["/Annots"] as? String).flatMap { objects["obj:\($0)"] as? [String: Any] }?["value"] as? [String] ?? []
        let inks = refs.compactMap(value).filter { $0["/Subtype"] as? String == "/Ink" }
        XCTAssertEqual(inks.count, 1, "one /Ink on page 1")
        let list = try XCTUnwrap(numbers((inks.first?["/InkList"] as? [Any])?.first))
        // The pen's lift ends the stroke where its last motion was, as on the page (the Pen
        // tool takes no point from the lift either).
        let drawn = stroke.dropLast()
        XCTAssertEqual(list.count, drawn.count * 2, "every point of the strip's stroke: \(list)")
        guard list.count == drawn.count * 2 else { return }
        // The box in PDF space (the page is not turned: y flips about the media box's top).
        let top = mediaBox[3]
        let boxPDF = (minX: mediaBox[0] + box[0], maxX: mediaBox[0] + box[0] + box[2], minY: top - box[1] - box[3], maxY: top - box[1])
        for (i, p) in drawn.enumerated() {
            let x = list[2 * i], y = list[2 * i + 1]
            XCTAssertTrue((boxPDF.minX...boxPDF.maxX).contains(x) && (boxPDF.minY...boxPDF.maxY).contains(y),
                          "point \(i) (\(x), \(y)) lies inside the box \(boxPDF)")
            XCTAssertEqual(x, mediaBox[0] + box[0] + p.x / magnification, accuracy: 0.05, "point \(i): x scaled by the box/strip ratio")
            XCTAssertEqual(y, top - (box[1] + p.y / magnification), accuracy: 0.05, "point \(i): y scaled by the box/strip ratio")
        }
    }
}
