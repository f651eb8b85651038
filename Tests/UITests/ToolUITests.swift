// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The annotation toolbar's creation tools driven through the real app with a real pointer and
/// keyboard (xdotool) on a writable copy of `data/sample.pdf`: F7 shows the toolbar, one-letter
/// keys on the page pick Pen, Rectangle, Ellipse, Line, Arrow, Note and Eraser, a drag or a click
/// creates (or erases) an annotation as one undoable edit, Ctrl+S saves it as an incremental
/// update and Escape goes back to Select. Outcomes are read from the state dump and from the
/// saved file (qpdf's JSON, `qpdf --check`, and MuPDF's rendering of it).
final class ToolUITests: XCTestCase {
    override func setUpWithError() throws {
        try AppSession.skipUnderWayland("picks tools with keys and draws with the pointer through xdotool (pen strokes, moves and saves are replayed on Wayland by PenReplayUITests and SelectionTouchReplayUITests)")
    }

    /// Page 1 of the sample is A4 portrait, unrotated, with its media box at the origin; between
    /// about 470 and 730 pt from its top (under the text, above the curve) it is empty.
    static let emptyBand = (top: 470.0, bottom: 730.0)

    // MARK: Tests

    func testThePenDrawsAStrokeThatIsSavedAsInkAlongTheDrag() throws {
        let session = try AppSession()
        let (path, original) = try writableCopy(in: session)
        try openWithToolbar(path, in: session)

        let view = try pick("p", tool: "pen", in: session)
        // A zig-zag: ten motion steps after the press, alternating 60 pt up and down.
        var stroke = [view.screen(x: 100, y: 520)]
        for i in 1...10 { stroke.append(view.screen(x: 100 + 30 * Double(i), y: i % 2 == 1 ? 580 : 520)) }
        drag(through: stroke, in: session)
        let drawn = try XCTUnwrap(session.waitFor("the drag is one Ink edit") { s in
            guard let w = s.windows.first else { return false }
            return w.undoName == "Ink" && w.annotations.contains { $0.kind == "ink" }
        }?.windows.first)
        XCTAssertEqual(drawn.annotations.filter { $0.kind == "ink" }.count, 1, "one stroke, one annotation")
        XCTAssertEqual(drawn.hasUnsavedChanges, true)
        XCTAssertEqual(drawn.tool, "pen", "the pen stays picked after a stroke")

        try save(in: session)
        try assertIncrementalUpdate(of: original, at: path)
        let saved = try SavedPDF(path: path)
        let page = try saved.pageBox()
        let inks = saved.annotations.filter { $0["/Subtype"] as? String == "/Ink" }
        XCTAssertEqual(inks.count, 1, "one /Ink on page 1: \(saved.annotations)")
        let ink = try XCTUnwrap(inks.first)

        let inkList = try XCTUnwrap(ink["/InkList"] as? [Any], "/InkList in \(ink)")
        XCTAssertEqual(inkList.count, 1, "one stroke")
        let numbers = try XCTUnwrap((inkList.first as? [Any])?.map(SavedPDF.number), "the stroke's coordinates")
        let points = stride(from: 0, to: numbers.count - 1, by: 2).compactMap { i -> (x: Double, y: Double)? in
            guard let x = numbers[i], let y = numbers[i + 1] else { return nil }
            return (x, y)
        }
        XCTAssertGreaterThanOrEqual(points.count, 2)
        let expected = stroke.map { view.pdf($0, in: page) }
        let first = try XCTUnwrap(points.first), last = try XCTUnwrap(points.last)
        XCTAssertEqual(first.x, expected[0].x, accuracy: 2, "the stroke starts where the press was")
        XCTAssertEqual(first.y, expected[0].y, accuracy: 2)
        XCTAssertEqual(last.x, expected[expected.count - 1].x, accuracy: 2, "the stroke ends where the release was")
        XCTAssertEqual(last.y, expected[expected.count - 1].y, accuracy: 2)
        // Every corner of the zig-zag is on the stroke (no corner cut).
        for (i, corner) in expected.enumerated() {
            XCTAssertTrue(points.contains { abs($0.x - corner.x) <= 2 && abs($0.y - corner.y) <= 2 },
                          "drag point \(i) \(corner) is on the saved stroke \(points)")
        }
        let rect = try XCTUnwrap(SavedPDF.rect(ink["/Rect"]), "/Rect in \(ink)")
        for p in points {
            XCTAssertTrue(p.x >= rect.x1 - 0.01 && p.x <= rect.x2 + 0.01 && p.y >= rect.y1 - 0.01 && p.y <= rect.y2 + 0.01,
                          "\(p) inside /Rect \(rect)")
        }
        let ap = try XCTUnwrap((ink["/AP"] as? [String: Any])?["/N"] as? String, "/AP /N in \(ink)")
        XCTAssertTrue(saved.isStream(ap), "/AP /N \(ap) is a stream")
        XCTAssertEqual(saved.dictionary(ap)?["/Subtype"] as? String, "/Form", "/AP /N is a form XObject")
        // A mouse has no pressure: a mouse stroke is as wide as the pen everywhere. (Pressures of
        // 0 would make it a quarter as wide as the toolbar says.)
        if let pressures = ink["/AnnotatorPressures"] as? [Any] {
            var values: [Double] = []
            for stroke in pressures { values += ((stroke as? [Any]) ?? []).compactMap(SavedPDF.number) }
            XCTAssertFalse(values.contains { $0 < 0.99 }, "a mouse stroke saved with pressures \(values): drawn thinner than the pen's width")
        }

        // MuPDF draws the stroke: pixels inside its /Rect differ from the original page there.
        try assertMuPDFDraws([("ink", rect)], saved: path, original: original, in: session)
    }

    func testRectangleEllipseLineAndArrowAreCreatedWhereDragged() throws {
        let session = try AppSession()
        let (path, original) = try writableCopy(in: session)
        try openWithToolbar(path, in: session)

        // (key, tool, undo name, dump kind, from, to) in points from page 1's top-left.
        let shapes: [(key: String, tool: String, name: String, kind: String, from: (x: Double, y: Double), to: (x: Double, y: Double))] = [
            ("r", "rectangle", "Rectangle", "square", (80, 490), (220, 570)),
            ("o", "ellipse", "Ellipse", "circle", (300, 490), (460, 575)),
            ("l", "line", "Line", "line", (80, 620), (250, 700)),
            ("a", "arrow", "Arrow", "line", (480, 620), (300, 700)),
        ]
        let page = try SavedPDF(path: path).pageBox()
        var dragged: [String: (from: (x: Double, y: Double), to: (x: Double, y: Double))] = [:]
        for (i, shape) in shapes.enumerated() {
            let view = try pick(shape.key, tool: shape.tool, in: session)
            let from = view.screen(x: shape.from.x, y: shape.from.y), to = view.screen(x: shape.to.x, y: shape.to.y)
            drag(through: steps(from: from, to: to, count: 10), in: session)
            let expectedCount = shapes[...i].filter { $0.kind == shape.kind }.count
            let drawn = try XCTUnwrap(session.waitFor("the \(shape.tool) drag is one \(shape.name) edit") { s in
                guard let w = s.windows.first else { return false }
                return w.undoName == shape.name && w.annotations.filter { $0.kind == shape.kind }.count == expectedCount
            }?.windows.first)
            XCTAssertEqual(drawn.annotationEdits, i + 1, "one edit per drag")
            dragged[shape.tool] = (view.pdf(from, in: page), view.pdf(to, in: page))
        }

        try save(in: session)
        try assertIncrementalUpdate(of: original, at: path)
        let saved = try SavedPDF(path: path)
        let annotations = saved.annotations
        func subtype(_ s: String) -> [[String: Any]] { annotations.filter { $0["/Subtype"] as? String == s } }
        XCTAssertEqual(subtype("/Square").count, 1)
        XCTAssertEqual(subtype("/Circle").count, 1)
        XCTAssertEqual(subtype("/Line").count, 2)

        var drawnRects: [(String, SavedPDF.Box)] = []
        for (s, tool) in [("/Square", "rectangle"), ("/Circle", "ellipse")] {
            guard let a = subtype(s).first, let d = dragged[tool] else { XCTFail("no \(s)"); continue }
            let rect = try XCTUnwrap(SavedPDF.rect(a["/Rect"]), "/Rect in \(a)")
            XCTAssertEqual(rect.x1, min(d.from.x, d.to.x), accuracy: 2, "\(s) /Rect left is the dragged box's")
            XCTAssertEqual(rect.x2, max(d.from.x, d.to.x), accuracy: 2, "\(s) /Rect right")
            XCTAssertEqual(rect.y1, min(d.from.y, d.to.y), accuracy: 2, "\(s) /Rect bottom")
            XCTAssertEqual(rect.y2, max(d.from.y, d.to.y), accuracy: 2, "\(s) /Rect top")
            drawnRects.append((s, rect))
        }
        let lines = subtype("/Line")
        let arrows = lines.filter { (($0["/LE"] as? [Any]) ?? []).contains { $0 as? String == "/ClosedArrow" } }
        XCTAssertEqual(arrows.count, 1, "one line has a closed arrowhead: \(lines)")
        for (a, tool) in [(lines.first { l in !arrows.contains { ($0["/NM"] as? String) == (l["/NM"] as? String) } }, "line"), (arrows.first, "arrow")] {
            guard let a, let d = dragged[tool] else { XCTFail("no \(tool) line"); continue }
            let l = try XCTUnwrap((a["/L"] as? [Any])?.compactMap(SavedPDF.number), "/L in \(a)")
            XCTAssertEqual(l.count, 4)
            guard l.count == 4 else { continue }
            XCTAssertEqual(l[0], d.from.x, accuracy: 2, "\(tool) starts where the press was")
            XCTAssertEqual(l[1], d.from.y, accuracy: 2)
            XCTAssertEqual(l[2], d.to.x, accuracy: 2, "\(tool) ends where the release was")
            XCTAssertEqual(l[3], d.to.y, accuracy: 2)
            if tool == "arrow" {
                XCTAssertEqual((a["/LE"] as? [Any])?.compactMap { $0 as? String }, ["/None", "/ClosedArrow"], "the head is at the end")
            } else {
                XCTAssertFalse(((a["/LE"] as? [Any]) ?? []).contains { $0 as? String == "/ClosedArrow" }, "a plain line has no arrowhead")
            }
            if let rect = SavedPDF.rect(a["/Rect"]) { drawnRects.append((tool, rect)) } else { XCTFail("/Rect in \(a)") }
        }
        for a in subtype("/Square") + subtype("/Circle") + lines {
            let ap = (a["/AP"] as? [String: Any])?["/N"] as? String
            XCTAssertTrue(ap.map(saved.isStream) ?? false, "\(a["/Subtype"] ?? "?") has an /AP /N stream")
        }
        try assertMuPDFDraws(drawnRects, saved: path, original: original, in: session)
    }

    func testFillMakesANewRectangleFilledAndUnfillingTheSelectedOneIsOneChange() throws {
        let session = try AppSession()
        let (path, _) = try writableCopy(in: session)
        try openWithToolbar(path, in: session)
        _ = try pick("r", tool: "rectangle", in: session)
        // The Fill check box's mnemonic; its colour starts pale yellow.
        session.xdotool("key", "alt+f")
        let view = try settle("Fill is on and the page still", in: session) { $0.tool == "rectangle" }
        let from = view.screen(x: 100, y: 500), to = view.screen(x: 260, y: 580)
        drag(through: steps(from: from, to: to, count: 10), in: session)
        session.waitFor("one Rectangle") { $0.windows.first?.undoName == "Rectangle" }
        try save(in: session)
        let filled = try XCTUnwrap(try SavedPDF(path: path).annotations.first { $0["/Subtype"] as? String == "/Square" })
        let fill = ((filled["/IC"] as? [Any]) ?? []).compactMap(SavedPDF.number)
        XCTAssertEqual(fill.count, 3, "an interior colour: \(filled)")
        XCTAssertEqual(fill.first ?? 0, 1, accuracy: 0.01)
        XCTAssertEqual(fill.last ?? 0, 0.6, accuracy: 0.01)

        // Select it (Escape, click inside), then Alt+F takes its fill away as one change.
        session.xdotool("key", "Escape")
        let selectMode = try settle("back to Select", in: session) { $0.tool == "select" }
        let inside = selectMode.screen(x: 180, y: 540)
        session.xdotool("mousemove", "\(inside.x)", "\(inside.y)")
        session.xdotool("click", "1")
        session.waitFor("the rectangle is selected") { s in
            s.windows.first.map { w in w.selectedAnnotation != nil && w.annotations.contains { $0.id == w.selectedAnnotation && $0.kind == "square" } } ?? false
        }
        session.xdotool("key", "alt+f")
        session.waitFor("one Change Fill") { $0.windows.first?.undoName == "Change Fill" }
        try save(in: session)
        let hollow = try XCTUnwrap(try SavedPDF(path: path).annotations.first { $0["/Subtype"] as? String == "/Square" })
        XCTAssertNil(hollow["/IC"], "no fill any more: \(hollow)")
    }

    func testShiftMakesADraggedRectangleASquareAndALineHorizontal() throws {
        let session = try AppSession()
        let (path, original) = try writableCopy(in: session)
        try openWithToolbar(path, in: session)

        // A 140 × 60 pt drag becomes a 140-pt square; a line dragged 160 right and 20 down lies flat.
        var view = try pick("r", tool: "rectangle", in: session)
        drag(through: steps(from: view.screen(x: 80, y: 490), to: view.screen(x: 220, y: 550), count: 10), holding: "shift", in: session)
        _ = try XCTUnwrap(session.waitFor("the Shift drag is one Rectangle edit") { s in
            s.windows.first.map { $0.undoName == "Rectangle" && $0.annotations.contains { $0.kind == "square" } } ?? false
        })
        view = try pick("l", tool: "line", in: session)
        drag(through: steps(from: view.screen(x: 300, y: 620), to: view.screen(x: 460, y: 640), count: 10), holding: "shift", in: session)
        _ = try XCTUnwrap(session.waitFor("the Shift drag is one Line edit") { s in
            s.windows.first.map { $0.undoName == "Line" && $0.annotations.contains { $0.kind == "line" } } ?? false
        })

        try save(in: session)
        try assertIncrementalUpdate(of: original, at: path)
        let saved = try SavedPDF(path: path)
        let square = try XCTUnwrap(saved.annotations.first { $0["/Subtype"] as? String == "/Square" }, "a /Square in \(saved.annotations)")
        let rect = try XCTUnwrap(SavedPDF.rect(square["/Rect"]), "/Rect in \(square)")
        XCTAssertEqual(rect.x2 - rect.x1, 140, accuracy: 2, "the drag's width")
        XCTAssertEqual(rect.y2 - rect.y1, rect.x2 - rect.x1, accuracy: 0.5, "as tall as wide")
        let line = try XCTUnwrap(saved.annotations.first { $0["/Subtype"] as? String == "/Line" }, "a /Line in \(saved.annotations)")
        let l = try XCTUnwrap((line["/L"] as? [Any])?.compactMap(SavedPDF.number), "/L in \(line)")
        XCTAssertEqual(l.count, 4)
        guard l.count == 4 else { return }
        XCTAssertEqual(l[3], l[1], accuracy: 0.01, "horizontal")
        XCTAssertEqual(l[2] - l[0], 160, accuracy: 3, "as long as the drag projected on it")
    }

    func testANoteIsPlacedWhereClickedAndUndoRemovesIt() throws {
        let session = try AppSession()
        let (path, _) = try writableCopy(in: session)
        let pid = try openWithToolbar(path, in: session)

        let view = try pick("n", tool: "note", in: session)
        let click = view.screen(x: 150, y: 520)
        let at = view.canvas(click)
        session.xdotool("mousemove", "\(click.x)", "\(click.y)")
        session.xdotool("click", "1")
        let placed = try XCTUnwrap(session.waitFor("a note at the click, one Note edit") { s in
            guard let w = s.windows.first else { return false }
            return w.undoName == "Note" && w.annotations.contains { $0.kind == "note" }
        }?.windows.first)
        let note = try XCTUnwrap(placed.annotations.first { $0.kind == "note" })
        XCTAssertEqual(placed.annotations.filter { $0.kind == "note" }.count, 1)
        XCTAssertEqual(note.page, 1)
        XCTAssertEqual(note.x, at.x, accuracy: 2, "the icon's left is at the click")
        XCTAssertEqual(note.y, at.y, accuracy: 2, "the icon's top is at the click")
        XCTAssertEqual(note.width, 20 * placed.zoom, accuracy: 2, "a 20 pt icon")
        XCTAssertEqual(note.height, 20 * placed.zoom, accuracy: 2)
        XCTAssertEqual(placed.hasUnsavedChanges, true)

        // Placing a note opens its text at once (same dump as the edit); Escape leaves it empty
        // and the note where it is.
        XCTAssertTrue(placed.dialog == nil || placed.dialog == "note", "dialog: \(placed.dialog ?? "none")")
        if placed.dialog == "note" {
            try session.waitForDialogFocus(pid: pid)
            session.xdotool("key", "Escape")
            // Only the dialog is waited for: with no window manager on Xvfb the main window is not
            // made active again, so the dump's canvasHasFocus may stay false, yet keys reach the page.
            let back = try XCTUnwrap(session.waitFor("Escape closes the note's text") { s in
                s.windows.first.map { $0.dialog == nil } ?? false
            }?.windows.first)
            XCTAssertTrue(back.annotations.contains { $0.id == note.id }, "cancelling the text keeps the note")
            XCTAssertEqual(back.undoName, "Note")
        }

        session.xdotool("key", "ctrl+z")
        let undone = try XCTUnwrap(session.waitFor("Ctrl+Z removes the note") { s in
            guard let w = s.windows.first else { return false }
            return !w.annotations.contains { $0.kind == "note" } && w.redoName == "Note"
        }?.windows.first)
        XCTAssertNil(undone.undoName, "the note was the only edit")
        XCTAssertEqual(undone.hasUnsavedChanges, false)
    }

    /// A page holding annotations poppler ignores (no /Rect, no /Subtype, a popup whose parent
    /// is missing, `null`, a reference to nothing, inline dictionaries): a note placed with the
    /// Note tool and saved with Ctrl+S leaves every original /Annots entry in the file, in order,
    /// and the update rewrites only the page besides the new objects (qpdf's reading).
    func testANoteSavedWithCtrlSKeepsEveryAnnotsEntryPopplerIgnores() throws {
        let qpdf = try XCTUnwrap(AppSession.which("qpdf"), "qpdf is installed by tools/install-deps.sh")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("odd-annots.pdf").path
        try OddAnnotsPDF.data().write(to: URL(fileURLWithPath: path))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try QPDFInspection(path: path, qpdf: qpdf)
        let pid = try openWithToolbar(path, in: session)

        let view = try pick("n", tool: "note", in: session)
        let click = view.screen(x: 150, y: 520)
        session.xdotool("mousemove", "\(click.x)", "\(click.y)")
        session.xdotool("click", "1")
        let placed = try XCTUnwrap(session.waitFor("a note at the click") { s in
            s.windows.first.map { $0.undoName == "Note" } ?? false
        }?.windows.first)
        if placed.dialog == "note" {
            try session.waitForDialogFocus(pid: pid)
            session.xdotool("key", "Escape")
            _ = try XCTUnwrap(session.waitFor("Escape closes the note's text") { s in s.windows.first.map { $0.dialog == nil } ?? false })
        }
        try save(in: session)
        try assertIncrementalUpdate(of: original, at: path)

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        let after = try QPDFInspection(path: path, qpdf: qpdf)
        let new = after.objectNumbers.subtracting(before.objectNumbers)
        let kept = after.annotsEntries(ofPage: 0).filter { entry in
            guard entry.hasSuffix(" R"), let n = Int(entry.split(separator: " ")[0]) else { return true }
            return !new.contains(n)
        }
        XCTAssertEqual(kept, before.annotsEntries(ofPage: 0), "every original /Annots entry is still there, in order")
        XCTAssertEqual(after.annotsEntries(ofPage: 0).count, OddAnnotsPDF.firstPageEntries.count + 1, "and the note")
        let rewritten = IncrementalUpdate.objectNumbers(in: saved, after: original.count)
        XCTAssertEqual(rewritten.intersection(before.objectNumbers), [OddAnnotsPDF.pageObjects[0]],
                       "of the original objects only the page is rewritten")
        XCTAssertEqual(after.annotsReference(ofPage: 1), "\(OddAnnotsPDF.sharedAnnotsObject) 0 R", "page 2 still shares its array")
    }

    /// A stroke stays on screen from the moment it ends until its page is drawn again with the
    /// new annotation in it: the render worker is held back 1.5 s before it takes the edit in (a
    /// test hook standing for a slow page, a scan), and the screen shows the stroke meanwhile.
    func testAStrokeStaysOnScreenUntilItsPageIsDrawnAgainWithIt() throws {
        let session = try AppSession()
        let (path, _) = try writableCopy(in: session)
        try openWithToolbar(path, in: session, environment: ["PDF_ANNOTATOR_TEST_RELOAD_PAUSE": "1500000"])
        let view = try pick("p", tool: "pen", in: session)
        let stroke = stride(from: 100.0, through: 400.0, by: 30.0).map { view.screen(x: $0, y: 600) }
        drag(through: stroke, in: session)

        /// Screen pixels along the stroke that have the pen's blue.
        func blueAlongTheStroke() throws -> Int {
            let shot = try session.screenshot()
            return stroke.dropFirst().dropLast().filter { p in
                (-2...2).contains { dy in
                    let c = shot.pixel(x: p.x, y: p.y + dy)
                    return c.b > 150 && c.r < 120 && c.g < 160
                }
            }.count
        }
        let held = try XCTUnwrap(session.waitFor("the stroke is an Ink edit, its page not drawn again yet") { s in
            s.windows.first.map { $0.undoName == "Ink" && $0.heldCreations == 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(held.heldCreations, 1)
        XCTAssertGreaterThanOrEqual(try blueAlongTheStroke(), stroke.count - 3, "the stroke is on screen while its page is drawn again")
        _ = try XCTUnwrap(session.waitFor("the page is drawn with the stroke", timeout: 20) { s in
            s.windows.first.map { $0.heldCreations == 0 && $0.missingTiles == 0 } ?? false
        })
        XCTAssertGreaterThanOrEqual(try blueAlongTheStroke(), stroke.count - 3, "the page's own drawing shows it now")
    }

    /// A long stroke, before the button is let go, is on screen along its whole length: on the
    /// node canvas (GL) its finished pieces are kept as render nodes and only the newest drawn
    /// each frame, and the kept pieces and the new ones meet with no gap.
    func testALongStrokeBeingDrawnShowsAlongItsWholeLengthBeforeTheRelease() throws {
        let session = try AppSession()
        let (path, _) = try writableCopy(in: session)
        try openWithToolbar(path, in: session)
        let view = try pick("p", tool: "pen", in: session)
        let stroke = stride(from: 80.0, through: 480.0, by: 10.0).map { x in view.screen(x: x, y: 600 + sin(x / 40) * 30) }
        session.xdotool("mousemove", "\(stroke[0].x)", "\(stroke[0].y)")
        session.xdotool("mousedown", "1")
        for p in stroke.dropFirst() {
            usleep(12_000)
            session.xdotool("mousemove", "\(p.x)", "\(p.y)")
        }
        // Every move handled and the frame after it painted: the whole stroke is on screen.
        let end = try XCTUnwrap(stroke.last)
        session.waitForPointer(at: (Double(end.x), Double(end.y)), windowOrigin: view.origin)
        let drawing = try XCTUnwrap(session.waitForPainted("the stroke in progress is drawn") { s in
            s.windows.first.map { $0.undoName != "Ink" && ($0.canvasFrames == "cairo" || ($0.inkPreviewNodes ?? 0) > 0) } ?? false
        }?.windows.first)
        let shot = try session.screenshot()
        session.xdotool("mouseup", "1")
        if drawing.canvasFrames != "cairo" {
            XCTAssertGreaterThanOrEqual(drawing.inkPreviewNodes ?? 0, 3, "a 41-sample stroke keeps its finished pieces as nodes")
        }
        let blue = stroke.filter { p in
            (-3...3).contains { dy in
                let c = shot.pixel(x: p.x, y: p.y + dy)
                return c.b > 150 && c.r < 120 && c.g < 160
            }
        }
        XCTAssertGreaterThanOrEqual(blue.count, stroke.count - 1, "the stroke shows at every sample it passed, kept or new (\(blue.count) of \(stroke.count))")
        _ = try XCTUnwrap(session.waitFor("the release makes it one Ink edit") { s in s.windows.first?.undoName == "Ink" })
        XCTAssertNotNil(session.waitFor("no nodes are kept once the stroke is done") { s in
            s.windows.first.map { $0.inkPreviewNodes == nil } ?? false
        })
    }

    /// Ctrl+S writes the file on a worker: while it is written (held back 1.5 s by a test
    /// hook, so that this does not depend on the disk's speed) the window takes another note,
    /// which stays unsaved, and the next Ctrl+S writes it too.
    func testANotePlacedWhileASaveIsWrittenGoesIntoTheNextSave() throws {
        let session = try AppSession()
        let (path, original) = try writableCopy(in: session)
        let pid = try openWithToolbar(path, in: session, environment: ["PDF_ANNOTATOR_TEST_SAVE_PAUSE": "1500000"])
        let view = try pick("n", tool: "note", in: session)

        func placeNote(at point: (x: Double, y: Double), count: Int) throws {
            let click = view.screen(x: point.x, y: point.y)
            session.xdotool("mousemove", "\(click.x)", "\(click.y)")
            session.xdotool("click", "1")
            let placed = try XCTUnwrap(session.waitFor("note \(count) placed") { s in
                (s.windows.first?.annotations.filter { $0.kind == "note" }.count ?? 0) == count
            }?.windows.first)
            if placed.dialog == "note" {
                try session.waitForDialogFocus(pid: pid)
                session.xdotool("key", "Escape")
                session.waitFor("the note's text closes") { $0.windows.first?.dialog == nil }
            }
        }
        func notesInFile() throws -> Int {
            try SavedPDF(path: path).annotations.filter { $0["/Subtype"] as? String == "/Text" }.count
        }

        try placeNote(at: (150, 520), count: 1)
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("the save is being written") { $0.windows.first?.saving == true })
        try placeNote(at: (350, 520), count: 2)
        let during = try XCTUnwrap(session.state()?.windows.first)
        XCTAssertEqual(during.saving, true, "the second note was placed while the first save ran")
        let afterFirst = try XCTUnwrap(session.waitFor("the first save is done") { s in
            s.windows.first.map { $0.saving == false && $0.hasUnsavedChanges == true } ?? false
        }?.windows.first)
        XCTAssertNil(afterFirst.saveError)
        XCTAssertTrue(afterFirst.title.hasPrefix("*"), "the second note is not saved yet: \(afterFirst.title)")
        try assertIncrementalUpdate(of: original, at: path)
        XCTAssertEqual(try notesInFile(), 1, "the first save wrote the state it began with")

        try save(in: session)
        XCTAssertEqual(try notesInFile(), 2, "the next save wrote the note placed meanwhile")
        try assertIncrementalUpdate(of: original, at: path)
    }

    func testTheEraserDeletesWhatItTouchesUndoably() throws {
        let session = try AppSession()
        let (path, _) = try writableCopy(in: session)
        try openWithToolbar(path, in: session)

        let pen = try pick("p", tool: "pen", in: session)
        drag(through: steps(from: pen.screen(x: 120, y: 600), to: pen.screen(x: 420, y: 610), count: 10), in: session)
        let drawn = try XCTUnwrap(session.waitFor("a stroke") { s in
            s.windows.first.map { $0.undoName == "Ink" && $0.annotations.contains { $0.kind == "ink" } } ?? false
        }?.windows.first)
        let ink = try XCTUnwrap(drawn.annotations.first { $0.kind == "ink" })
        let others = drawn.annotations.filter { $0.id != ink.id }.map(\.id)

        // Picking the eraser may move the page on screen (the style row goes): positions come from
        // the dump after it settled.
        let eraser = try pick("e", tool: "eraser", in: session)
        let stroke = try XCTUnwrap(eraser.window.annotations.first { $0.id == ink.id }, "the stroke is still shown")
        let x = Int((eraser.origin.x + eraser.window.canvasX + stroke.x + stroke.width / 2).rounded())
        let top = Int((eraser.origin.y + eraser.window.canvasY + stroke.y - 30).rounded())
        let bottom = Int((eraser.origin.y + eraser.window.canvasY + stroke.y + stroke.height + 30).rounded())
        drag(through: steps(from: (x, top), to: (x, bottom), count: 10), in: session)
        let erased = try XCTUnwrap(session.waitFor("the eraser deletes the stroke as one Delete") { s in
            guard let w = s.windows.first else { return false }
            return w.undoName == "Delete" && !w.annotations.contains { $0.id == ink.id }
        }?.windows.first)
        XCTAssertEqual(erased.annotations.map(\.id).sorted(), others.sorted(), "only what the eraser touched is gone")
        XCTAssertEqual(erased.tool, "eraser")
        XCTAssertEqual(erased.hasUnsavedChanges, true)

        session.xdotool("key", "ctrl+z")
        let back = try XCTUnwrap(session.waitFor("Ctrl+Z brings the stroke back") { s in
            guard let w = s.windows.first else { return false }
            return w.annotations.contains { $0.id == ink.id } && w.undoName == "Ink" && w.redoName == "Delete"
        }?.windows.first)
        let restored = try XCTUnwrap(back.annotations.first { $0.id == ink.id })
        XCTAssertEqual(restored.kind, "ink")
        XCTAssertEqual(restored.width, stroke.width, accuracy: 1, "the same stroke")
        XCTAssertEqual(restored.height, stroke.height, accuracy: 1)
    }

    func testEscapeGoesBackToSelect() throws {
        let session = try AppSession()
        let (path, _) = try writableCopy(in: session)
        try openWithToolbar(path, in: session)

        let view = try pick("r", tool: "rectangle", in: session)
        drag(through: steps(from: view.screen(x: 120, y: 500), to: view.screen(x: 300, y: 600), count: 10), in: session)
        session.waitFor("a rectangle") { s in
            s.windows.first.map { $0.undoName == "Rectangle" && $0.annotations.contains { $0.kind == "square" } } ?? false
        }

        session.xdotool("key", "Escape")
        let select = try settle("Escape picks Select", in: session) { $0.tool == "select" }
        XCTAssertEqual(select.window.undoName, "Rectangle", "Escape keeps what was drawn")
        XCTAssertEqual(select.window.annotations.filter { $0.kind == "square" }.count, 1)
        let square = try XCTUnwrap(select.window.annotations.first { $0.kind == "square" })
        XCTAssertNil(select.window.selectedAnnotation)

        // With Select, a click on the rectangle selects it (instead of drawing another).
        let x = Int((select.origin.x + select.window.canvasX + square.x + square.width / 2).rounded())
        let y = Int((select.origin.y + select.window.canvasY + square.y + square.height / 2).rounded())
        session.xdotool("mousemove", "\(x)", "\(y)")
        session.waitFor("the pointer is over the rectangle") { $0.windows.first?.hoveredAnnotation == square.id }
        session.xdotool("click", "1")
        let selected = try XCTUnwrap(session.waitFor("the click selects the rectangle") { s in
            s.windows.first?.selectedAnnotation == square.id
        }?.windows.first)
        XCTAssertEqual(selected.tool, "select")
        XCTAssertEqual(selected.annotations.filter { $0.kind == "square" }.count, 1, "no second rectangle")
        XCTAssertEqual(selected.undoName, "Rectangle", "selecting is no edit")
    }

    // MARK: Where things are

    struct Timeout: Error { var message: String }

    /// The window as the dump last showed it once still, with page 1's rectangle and the window's
    /// place on the screen: converts points on page 1 to screen pixels and back.
    fileprivate struct View {
        var window: AppSession.Window
        var page: AppSession.VisiblePage
        var origin: (x: Double, y: Double)

        /// The screen pixel at `x`, `y` points from page 1's top-left.
        func screen(x: Double, y: Double) -> (x: Int, y: Int) {
            (Int((origin.x + window.canvasX + page.x + x * window.zoom).rounded()),
             Int((origin.y + window.canvasY + page.y + y * window.zoom).rounded()))
        }

        /// A screen pixel in canvas coordinates.
        func canvas(_ p: (x: Int, y: Int)) -> (x: Double, y: Double) {
            (Double(p.x) - origin.x - window.canvasX, Double(p.y) - origin.y - window.canvasY)
        }

        /// A screen pixel in page 1's PDF space (unrotated page: x right, y up from the box's bottom).
        func pdf(_ p: (x: Int, y: Int), in box: SavedPDF.Box) -> (x: Double, y: Double) {
            let c = canvas(p)
            return (box.x1 + (c.x - page.x) / window.zoom, box.y2 - (c.y - page.y) / window.zoom)
        }
    }

    /// Waits until `condition` holds with the layout at rest: no bar sliding (waitFor waits
    /// out `layoutSettling`: the toolbar's slide and its style row move the page), nothing
    /// animating, every tile drawn and page 1 in view.
    @discardableResult
    private func settle(_ message: String, in session: AppSession, timeout: TimeInterval = 20,
                        file: StaticString = #filePath, line: UInt = #line,
                        _ condition: (AppSession.Window) -> Bool) throws -> View {
        guard let s = session.waitFor(message, timeout: timeout, file: file, line: line, { s in
            s.windows.first.map { w in condition(w) && !w.isAnimating && w.missingTiles == 0 && w.visiblePages.contains { $0.page == 1 } } ?? false
        }), let w = s.windows.first, let page = w.visiblePages.first(where: { $0.page == 1 }) else {
            throw Timeout(message: message)
        }
        let origin = try XCTUnwrap(session.windowOrigin(pid: s.pid), "the window is on screen", file: file, line: line)
        return View(window: w, page: page, origin: origin)
    }

    /// Presses `key` on the page and waits until `tool` is picked and the page has stopped moving.
    private func pick(_ key: String, tool: String, in session: AppSession,
                      file: StaticString = #filePath, line: UInt = #line) throws -> View {
        session.xdotool("key", key)
        return try settle("\(key) picks \(tool)", in: session, file: file, line: line) { $0.tool == tool && $0.canvasHasFocus }
    }

    /// Opens `path`, shows the toolbar with F7, gives the page the keyboard with a click on its
    /// empty top margin and scrolls (Down) until page 1's empty band is well inside the view,
    /// with room for the style row a picked tool adds. Returns the app's pid.
    @discardableResult
    private func openWithToolbar(_ path: String, in session: AppSession, environment: [String: String] = [:],
                                 file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let app = try session.launch([path], environment: environment)
        let shown = try XCTUnwrap(session.waitFor("\(path) shown, editable", file: file, line: line) { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true && !w.isAnimating
                && w.visiblePages.contains { $0.page == 1 }
        }, file: file, line: line)
        XCTAssertEqual(shown.windows.first?.toolbarShown, false, "the toolbar starts hidden", file: file, line: line)
        XCTAssertEqual(shown.windows.first?.tool, "select", file: file, line: line)

        session.xdotool("key", "F7")
        let view = try settle("F7 shows the toolbar", in: session, file: file, line: line) { $0.toolbarShown == true }
        let margin = view.screen(x: 450, y: 18)
        session.xdotool("mousemove", "\(margin.x)", "\(margin.y)")
        session.xdotool("click", "1")
        var w = try settle("the click gives the page the keyboard", in: session, file: file, line: line) { $0.canvasHasFocus }.window
        XCTAssertEqual(w.tool, "select", "a click in Select mode picks nothing", file: file, line: line)
        XCTAssertEqual(w.annotationEdits, 0, "a click in Select mode changes nothing", file: file, line: line)

        func bottomOfBand(_ w: AppSession.Window) -> Double? {
            w.visiblePages.first { $0.page == 1 }.map { $0.y + Self.emptyBand.bottom * w.zoom }
        }
        var presses = 0
        while let bottom = bottomOfBand(w), bottom > w.viewHeight - 100, presses < 40 {
            let before = w.offsetY
            session.xdotool("key", "Down")
            presses += 1
            w = try settle("Down scrolls", in: session, file: file, line: line) { $0.offsetY > before }.window
        }
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 }, file: file, line: line)
        XCTAssertGreaterThan(page.y + Self.emptyBand.top * w.zoom, 20, "the band's top is in view", file: file, line: line)
        XCTAssertLessThanOrEqual(page.y + Self.emptyBand.bottom * w.zoom, w.viewHeight - 100, "the band's bottom is in view", file: file, line: line)
        return Int(app.processIdentifier)
    }

    /// `count` evenly spaced screen points after `from`, ending at `to` (with `from` first).
    private func steps(from: (x: Int, y: Int), to: (x: Int, y: Int), count: Int) -> [(x: Int, y: Int)] {
        var points = [from]
        for i in 1...count {
            let x: Int = from.x + (to.x - from.x) * i / count
            let y: Int = from.y + (to.y - from.y) * i / count
            points.append((x, y))
        }
        return points
    }

    /// Presses the left button at the first point, moves through the others and releases at the
    /// last, holding down `key` (say `shift`) from before the press until after the release.
    private func drag(through points: [(x: Int, y: Int)], holding key: String? = nil, in session: AppSession) {
        guard let first = points.first else { return }
        session.xdotool("mousemove", "\(first.x)", "\(first.y)")
        if let key { session.xdotool("keydown", key) }
        session.xdotool("mousedown", "1")
        for p in points.dropFirst() {
            usleep(15_000)
            session.xdotool("mousemove", "\(p.x)", "\(p.y)")
        }
        usleep(15_000)
        session.xdotool("mouseup", "1")
        if let key { session.xdotool("keyup", key) }
    }

    // MARK: The file

    private func writableCopy(in session: AppSession) throws -> (String, Data) {
        let source = AppSession.repoRoot.appendingPathComponent("data/sample.pdf")
        let target = session.workDir.appendingPathComponent("tools.pdf")
        try FileManager.default.copyItem(at: source, to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        return (target.path, try Data(contentsOf: target))
    }

    /// Ctrl+S, then waits until the dump says there is nothing left to save.
    private func save(in session: AppSession, file: StaticString = #filePath, line: UInt = #line) throws {
        session.xdotool("key", "ctrl+s")
        let saved = try XCTUnwrap(session.waitFor("Ctrl+S saves", file: file, line: line) { s in
            guard let w = s.windows.first else { return false }
            return w.hasUnsavedChanges == false && !w.title.hasPrefix("*")
        }?.windows.first, file: file, line: line)
        XCTAssertNil(saved.saveError, file: file, line: line)
        XCTAssertNil(saved.dialog, file: file, line: line)
    }

    /// The file at `path` is `original` with an update appended, and qpdf finds no problem in it.
    private func assertIncrementalUpdate(of original: Data, at path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertGreaterThan(saved.count, original.count, "the save appended an update", file: file, line: line)
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes are a prefix of the saved file", file: file, line: line)
        let check = try ExternalTools.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, "qpdf --check: \(String(decoding: check.output, as: UTF8.self))", file: file, line: line)
    }

    /// MuPDF draws something in each box: at 72 dpi (1 px = 1 pt) enough pixels inside it differ
    /// from the original page's.
    private func assertMuPDFDraws(_ boxes: [(String, SavedPDF.Box)], saved: String, original: Data, in session: AppSession,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        guard AppSession.which("mutool") != nil else { throw XCTSkip("mutool is not installed") }
        let originalPath = session.workDir.appendingPathComponent("original.pdf")
        try original.write(to: originalPath)
        func draw(_ pdf: String, _ name: String) throws -> PNMImage {
            let out = session.workDir.appendingPathComponent(name).path
            let r = try ExternalTools.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", out, pdf, "1"])
            XCTAssertEqual(r.status, 0, "mutool draw \(pdf): \(String(decoding: r.output, as: UTF8.self))", file: file, line: line)
            return try PNMImage(path: out)
        }
        let before = try draw(originalPath.path, "original.pnm"), after = try draw(saved, "saved.pnm")
        XCTAssertEqual(before.width, after.width, file: file, line: line)
        XCTAssertEqual(before.height, after.height, file: file, line: line)
        let height = Double(after.height)
        for (name, box) in boxes {
            let xs = max(0, Int(box.x1.rounded(.down)))...min(after.width - 1, Int(box.x2.rounded(.up)))
            let ys = max(0, Int((height - box.y2).rounded(.down)))...min(after.height - 1, Int((height - box.y1).rounded(.up)))
            var changed = 0, ink = 0
            for y in ys {
                for x in xs {
                    guard let a = after.rgb(x: x, y: y), let b = before.rgb(x: x, y: y) else { continue }
                    if max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 40 { changed += 1 }
                    if after.isInk(x: x, y: y) { ink += 1 }
                }
            }
            XCTAssertGreaterThanOrEqual(changed, 20, "MuPDF draws the \(name) inside its /Rect \(box) (pixels \(xs), \(ys))", file: file, line: line)
            XCTAssertGreaterThanOrEqual(ink, 20, "non-white pixels in the \(name)'s /Rect", file: file, line: line)
        }
    }
}
