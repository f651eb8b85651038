// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// Writing in the zoom strip ends where a Pen stroke on the page ends: the stroke grows as the
/// page's ink preview and is committed as one "Ink" step with its pressures.
final class ZoomStripInkTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "new", author: "Tester", date: "D:20261202") })

    private let stroke = (0..<12).map { i in
        InkPoint(location: Point(x: 100 + Double(i) * 4, y: 500 - Double(i)), pressure: 0.1 + Double(i) * 0.08)
    }

    func testAStripStrokeIsThePagesInkPreviewWhileItGrows() {
        let editor = FakeEditingPort([])
        session.editing = editor
        _ = session.previewStripInk(Array(stroke.prefix(5)), on: PageIndex(0))
        XCTAssertEqual(session.previews.ink?.page, PageIndex(0))
        XCTAssertEqual(session.previews.ink?.strokes, [Array(stroke.prefix(5))])
        XCTAssertTrue(editor.committed.isEmpty, "nothing is written while it grows")
    }

    func testAFinishedStripStrokeIsOneInkStepWithItsPressures() throws {
        let editor = FakeEditingPort([])
        session.editing = editor
        _ = session.previewStripInk(stroke, on: PageIndex(2))
        _ = session.writeStripInk(stroke, on: PageIndex(2))
        XCTAssertEqual(editor.committed.map(\.name), ["Ink"])
        XCTAssertNil(session.previews.ink, "the preview goes with the commit")
        let ink = try XCTUnwrap(editor.pages[PageIndex(2)]?.first)
        XCTAssertEqual(ink.subtype, .ink)
        guard case .ink(let strokes) = ink.geometry else { return XCTFail("ink geometry") }
        XCTAssertEqual(strokes.count, 1)
        let pressures = try XCTUnwrap(strokes[0].pressures)
        XCTAssertEqual(pressures.count, stroke.count)
        for (saved, written) in zip(pressures, stroke) { XCTAssertEqual(saved, written.pressure!, accuracy: 0.005) }
        for (saved, written) in zip(strokes[0].points, stroke) {
            XCTAssertEqual(saved.x, written.location.x, accuracy: 0.01)
            XCTAssertEqual(saved.y, written.location.y, accuracy: 0.01)
        }
    }

    func testAStripStrokeMadeBeforeTheEditorArrivesWaitsForIt() {
        _ = session.writeStripInk(stroke, on: PageIndex(0))
        XCTAssertEqual(session.waitingForEditor.count, 1)
        let editor = FakeEditingPort([])
        session.editing = editor
        _ = session.editorArrived()
        XCTAssertEqual(editor.committed.map(\.name), ["Ink"])
    }
}
