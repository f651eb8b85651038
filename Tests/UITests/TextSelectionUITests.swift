// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Text selection through the engine: a replayed long press then drag with a finger.
final class TextSelectionUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    func testALongPressThenDragSelectsTheWordsUnderTheFinger() throws {
        let session = try AppSession()
        let probe = try session.probe(sample)

        // data/README.md: page 1's title block (x 36–288, y 36–100 pt) reads "Page 1".
        let page = try XCTUnwrap(probe.visiblePages.first { $0.page == 1 })
        func view(_ x: Double, _ y: Double) -> Point { Point(x: page.x + x * probe.zoom, y: page.y + y * probe.zoom) }
        func touch(_ phase: InputPhase, _ p: Point, _ t: Double) -> InputEvent {
            InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(9), position: p, time: InputTime(seconds: t))
        }
        let start = view(58, 70), end = view(180, 70)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)), touch(.began, start, 1.0)]
        // Hold still for a second (a long press), then drag to the end of the title.
        events.append(touch(.moved, start, 1.9))
        for i in 1...10 {
            let f = Double(i) / 10
            events.append(touch(.moved, Point(x: start.x + (end.x - start.x) * f, y: start.y), 2.0 + f * 0.3))
        }
        events.append(touch(.ended, end, 2.4))
        let after = try session.replay(events, into: sample)
        let text = try XCTUnwrap(after.selectedText, "a selection exists")
        XCTAssertTrue(text.contains("age 1") || text.contains("Page 1"), "selected: \(text)")
        XCTAssertEqual(after.offsetY, probe.offsetY, "the drag selected text instead of scrolling")
    }

    private func clipboard(_ session: AppSession) -> String { session.run("xclip", ["-selection", "clipboard", "-o"]) }

    func testDoubleClickSelectsAWordTripleClickALineShiftClickExtendsAndCtrlACopiesThePage() throws {
        try AppSession.skipUnderWayland("clicks and presses Ctrl+A and Ctrl+C with xdotool and reads the X clipboard with xclip")
        guard AppSession.which("xclip") != nil, AppSession.which("pdftotext") != nil else {
            throw XCTSkip("xclip and pdftotext are installed by tools/install-deps.sh")
        }
        let session = try AppSession()
        let app = try session.launch([sample])
        let state = try XCTUnwrap(session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.missingTiles == 0 && w.isEditable == true && !w.isAnimating
        })
        let w = try XCTUnwrap(state.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        func screen(_ p: (x: Double, y: Double)) -> (String, String) {
            ("\(Int(origin.x + w.canvasX + page.x + p.x * w.zoom))", "\(Int(origin.y + w.canvasY + page.y + p.y * w.zoom))")
        }
        let annotating = screen(try session.placedWord("Annotating", of: sample).centre), paper = screen(try session.placedWord("paper:", of: sample).centre)

        session.xdotool("mousemove", annotating.0, annotating.1)
        session.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        session.waitFor("a double click selects the word") { $0.windows.first?.selectedText == "Annotating" }
        session.xdotool("key", "ctrl+c")
        XCTAssertNotNil(session.waitFor("copied") { _ in self.clipboard(session) == "Annotating" }, "clipboard: \(clipboard(session))")

        // Shift+click on "paper:" moves the selection's end there: the words in between are selected.
        session.xdotool("mousemove", paper.0, paper.1)
        session.xdotool("keydown", "shift", "click", "1", "keyup", "shift")
        let extended = try XCTUnwrap(session.waitFor("Shift+click extends") { s in
            s.windows.first?.selectedText.map { $0.hasPrefix("Annotating a PDF should feel like writing on pa") } ?? false
        }?.windows.first?.selectedText)
        XCTAssertFalse(extended.contains("move on"), extended)

        // Another word than the Shift+click's: clicks further apart than the multi-click distance
        // (4 px) never count together, however soon they come.
        session.xdotool("mousemove", annotating.0, annotating.1)
        session.xdotool("click", "--repeat", "3", "--delay", "80", "1")
        let line = try XCTUnwrap(session.waitFor("a triple click selects the line") { s in
            s.windows.first?.selectedText.map { $0.hasPrefix("Annotating") && $0.hasSuffix("and") } ?? false
        }?.windows.first?.selectedText)
        XCTAssertTrue(line.contains("mark what matters"), line)

        // Ctrl+A: the whole page, as pdftotext reads it (words in the same order).
        session.xdotool("key", "ctrl+a")
        session.xdotool("key", "ctrl+c")
        let expected = session.run("pdftotext", ["-f", "1", "-l", "1", sample, "-"])
        func normalized(_ s: String) -> String { s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
        XCTAssertNotNil(session.waitFor("Ctrl+A, Ctrl+C copies the page") { _ in
            normalized(self.clipboard(session)) == normalized(expected)
        }, "copied: \(normalized(clipboard(session)).prefix(200))\nexpected: \(normalized(expected).prefix(200))")
        // A second Ctrl+A: the whole document, every page in order.
        session.xdotool("key", "ctrl+a")
        session.xdotool("key", "ctrl+c")
        let document = session.run("pdftotext", [sample, "-"])
        XCTAssertNotNil(session.waitFor("Ctrl+A twice copies the document") { _ in
            normalized(self.clipboard(session)) == normalized(document)
        }, "copied: \(normalized(clipboard(session)).suffix(200))\nexpected: \(normalized(document).suffix(200))")
    }
}
