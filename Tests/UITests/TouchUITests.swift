// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// Touch, which X tools cannot fake, replayed into the real app: a finger held on an annotation
/// lifts it and either drags it or, lifted in place, opens its menu; a finger's text selection
/// ends with a menu that marks the text. Judged from the state dump and the saved file.
final class TouchUITests: XCTestCase {
    static let file = "annots-square-circle-noap.pdf"

    private func finger(_ phase: InputPhase, _ p: Point, _ t: Double, id: UInt64 = 1) -> InputEvent {
        InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: p, time: InputTime(seconds: t))
    }

    private func writableCopy(_ source: String, in session: AppSession, as name: String) throws -> String {
        let path = session.workDir.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }

    /// Launches the app replaying `events` into `path` and leaves it running.
    private func launch(_ events: [InputEvent], into path: String, in session: AppSession) throws {
        let recording = session.workDir.appendingPathComponent("touch.jsonl")
        try InputRecording(events: events).write(to: recording)
        try session.launch(["--replay-input", recording.path, path])
    }

    func testAHeldAnnotationIsLiftedAndLiftingTheFingerInPlaceOpensItsMenuWhoseDeleteRemovesIt() throws {
        let session = try AppSession()
        let path = try writableCopy(try AppSession.sharedPDF(Self.file), in: session, as: "hold.pdf")
        let view = try session.probe(path) { $0.annotations.count == 4 && $0.isEditable == true }
        let square = try XCTUnwrap(view.annotations.first { $0.kind == "square" })
        let centre = Point(x: square.x + square.width / 2, y: square.y + square.height / 2)
        // The first event waits for the document; the finger is held from 1 s to 3 s.
        try launch([InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)),
                    finger(.began, centre, 1), finger(.ended, centre, 3)], into: path, in: session)
        session.waitFor("the held square is lifted and selected") { s in
            s.windows.first.map { $0.liftedAnnotation == square.id && $0.selectedAnnotation == square.id } ?? false
        }
        let menu = try XCTUnwrap(session.waitFor("lifting the finger in place opens the square's menu") { s in
            s.windows.first?.contextMenu == ["Delete", "Cut", "Copy", "Flatten Into the Page", "Properties"]
        }?.windows.first)
        XCTAssertNil(menu.liftedAnnotation, "put down again")
        XCTAssertNil(menu.undoName, "nothing moved")
        // Return picks the menu's first item, Delete.
        session.key("Return", runs: "delete-selection")
        session.waitFor("Delete removed it") { s in
            s.windows.first.map { $0.undoName == "Delete" && !$0.annotations.contains { $0.id == square.id } } ?? false
        }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let subtypes = try SavedPDF(path: path).annotations.compactMap { $0["/Subtype"] as? String }
        XCTAssertEqual(subtypes.filter { $0 == "/Square" }.count, 1, "one of the two squares is gone from the file: \(subtypes)")
    }

    func testAHeldAnnotationDragsWithTheFingerAndIsSavedWhereItWasPutDown() throws {
        let session = try AppSession()
        let path = try writableCopy(try AppSession.sharedPDF(Self.file), in: session, as: "drag.pdf")
        let before = try SavedPDF(path: path).annotations.compactMap { SavedPDF.rect($0["/Rect"]) }
        let view = try session.probe(path) { $0.annotations.count == 4 && $0.isEditable == true }
        let square = try XCTUnwrap(view.annotations.first { $0.kind == "square" })
        let index = try XCTUnwrap(Int(square.id.split(separator: "a").last ?? ""), "ids count /Annots: \(square.id)")
        let zoom = try XCTUnwrap(view.visiblePages.first).width / 612
        let start = Point(x: square.x + square.width / 2, y: square.y + square.height / 2)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)), finger(.began, start, 1)]
        for i in 1...20 {
            events.append(finger(.moved, Point(x: start.x + Double(i) * 4, y: start.y + Double(i) * 3), 1.8 + Double(i) * 0.016))
        }
        events.append(finger(.ended, Point(x: start.x + 80, y: start.y + 60), 2.2))
        try launch(events, into: path, in: session)
        session.waitFor("one Move, put down") { s in
            s.windows.first.map { $0.replayFinished && $0.undoName == "Move" && $0.liftedAnnotation == nil } ?? false
        }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let after = try SavedPDF(path: path).annotations.compactMap { SavedPDF.rect($0["/Rect"]) }
        // The move starts past 10 px of slop; the annotation follows the finger from there.
        let dx = after[index].x1 - before[index].x1, dy = after[index].y1 - before[index].y1
        XCTAssertGreaterThan(dx * zoom, 60, "moved right with the finger")
        XCTAssertLessThanOrEqual(dx * zoom, 80.5)
        XCTAssertEqual(dy / dx, -0.75, accuracy: 0.05, "along the finger's path (PDF y goes up)")
        for (i, (b, a)) in zip(before, after).enumerated() where i != index {
            XCTAssertEqual(a.x1, b.x1, accuracy: 0.01, "the others stay")
        }
    }

    func testASecondFingerScrollsTheDocumentWhileTheFirstHoldsAnAnnotation() throws {
        let session = try AppSession()
        let path = try writableCopy(try AppSession.sharedPDF(Self.file), in: session, as: "scroll.pdf")
        let view = try session.probe(path) { $0.annotations.count == 4 && $0.isEditable == true }
        let square = try XCTUnwrap(view.annotations.first { $0.kind == "square" })
        let held = Point(x: square.x + square.width / 2, y: square.y + square.height / 2)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)), finger(.began, held, 1)]
        // From 2 s, a second finger drags up 200 px on empty page space; the first lifts at 3.5 s.
        let start = Point(x: view.viewWidth - 120, y: view.viewHeight - 60)
        for i in 0...20 {
            let phase: InputPhase = i == 0 ? .began : (i == 20 ? .ended : .moved)
            events.append(finger(phase, Point(x: start.x, y: start.y - Double(i) * 10), 2 + Double(i) * 0.016, id: 2))
        }
        events.append(finger(.ended, held, 3.5))
        try launch(events, into: path, in: session)
        let done = try XCTUnwrap(session.waitFor("the hold ended with the square's menu") { s in
            s.windows.first.map { $0.replayFinished && $0.contextMenu == ["Delete", "Cut", "Copy", "Flatten Into the Page", "Properties"] && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertGreaterThan(done.offsetY - view.offsetY, 100, "the second finger scrolled the document")
        XCTAssertNil(done.undoName, "the held square was not moved by the other finger")
        let page = try XCTUnwrap(done.visiblePages.first { $0.page == 1 }), before = try XCTUnwrap(view.visiblePages.first { $0.page == 1 })
        let now = try XCTUnwrap(done.annotations.first { $0.id == square.id })
        XCTAssertEqual(now.y - page.y, square.y - before.y, accuracy: 1, "the square keeps its place on the page")
    }

    func testAFingersTextSelectionOffersToHighlightItAndTheHighlightIsSaved() throws {
        let session = try AppSession()
        let path = try writableCopy(AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, in: session, as: "text.pdf")
        let view = try session.probe(path) { $0.isEditable == true }
        let page = try XCTUnwrap(view.visiblePages.first { $0.page == 1 })
        let zoom = page.width / 595.276
        // From the paragraph's first word to "should" on the same line, where pdftotext puts them.
        let first = try session.placedWord("Annotating", of: path), last = try session.placedWord("should", of: path)
        let y = page.y + (first.yMin + first.yMax) / 2 * zoom
        let from = Point(x: page.x + (first.xMin + 1) * zoom, y: y), to = Point(x: page.x + (last.xMin + last.xMax) / 2 * zoom, y: y)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)), finger(.began, from, 1)]
        for i in 1...10 { events.append(finger(.moved, Point(x: from.x + (to.x - from.x) * Double(i) / 10, y: y), 1.8 + Double(i) * 0.02)) }
        events.append(finger(.ended, to, 2.1))
        try launch(events, into: path, in: session)
        let shown = try XCTUnwrap(session.waitFor("the text menu is shown") { s in
            s.windows.first?.contextMenu == ["Highlight", "Underline", "Strike Out", "Link…", "Copy", "Select All"]
        }?.windows.first)
        let selected = try XCTUnwrap(shown.selectedText)
        XCTAssertTrue(selected.hasPrefix("Annotating a PDF sho"), selected)
        // Return picks the menu's first item, Highlight.
        session.key("Return", runs: "mark-highlight")
        session.waitFor("one Highlight") { $0.windows.first?.undoName == "Highlight" }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let highlight = try XCTUnwrap(try SavedPDF(path: path).annotations.first { $0["/Subtype"] as? String == "/Highlight" })
        let quads = (highlight["/QuadPoints"] as? [Any])?.count ?? 0
        XCTAssertTrue(quads >= 8 && quads % 8 == 0, "quadrilaterals over the words: \(quads) numbers")
    }

    func testALongPressSelectsAWordWhoseHandleAFingerDragsToTheEndOfThePhrase() throws {
        let session = try AppSession()
        let path = try writableCopy(AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, in: session, as: "handles.pdf")
        let view = try session.probe(path) { $0.isEditable == true }
        let page = try XCTUnwrap(view.visiblePages.first { $0.page == 1 })
        let zoom = page.width / 595.276
        let first = try session.placedWord("Annotating", of: path), last = try session.placedWord("should", of: path)
        let press = Point(x: page.x + (first.xMin + first.xMax) / 2 * zoom, y: page.y + (first.yMin + first.yMax) / 2 * zoom)
        // The end handle's knob hangs 14 px under the word's last character.
        let knob = Point(x: page.x + first.xMax * zoom, y: page.y + first.yMax * zoom + 14)
        let target = Point(x: page.x + last.xMax * zoom - 1, y: knob.y)
        var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5)), finger(.began, press, 1), finger(.ended, press, 1.9)]
        events.append(finger(.began, knob, 2.6, id: 2))
        for i in 1...10 { events.append(finger(.moved, Point(x: knob.x + (target.x - knob.x) * Double(i) / 10, y: knob.y), 2.7 + Double(i) * 0.02, id: 2)) }
        events.append(finger(.ended, target, 3.0, id: 2))
        try launch(events, into: path, in: session)
        let done = try XCTUnwrap(session.waitFor("the handle was dragged and the text menu shown again") { s in
            guard let w = s.windows.first else { return false }
            return w.replayFinished && w.contextMenu?.contains("Select All") == true && (w.selectedText ?? "").hasSuffix("should")
        }?.windows.first)
        XCTAssertTrue((done.selectedText ?? "").hasPrefix("Annotating"), done.selectedText ?? "")
        XCTAssertEqual(done.textSelectionHandles?.count, 2, "a finger's selection shows its handles")
        XCTAssertEqual(done.offsetY, view.offsetY, accuracy: 1, "dragging a handle does not scroll")
    }
}
