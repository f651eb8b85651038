// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The smart pen through the whole session (routing, the Pen tool, the decider, the composer):
/// a stroke under words is the underline the Underline tool makes of them, with the same
/// quadpoints; "Keep as Ink" turns it into the stroke as drawn in one undoable step; with the
/// switch off, or on a page without text, the stroke is ink.
final class SmartPenSessionTests: XCTestCase {
    private let clock = ManualClock(now: InputTime(seconds: 100))
    private var session: DocumentSession!
    private var editor: ModelEditingPort!
    private var effects: [SessionEffect] = []
    private var made = 0

    /// One line of words at the top-left of a letter page: 6 pt a letter, boxes 12 pt tall from
    /// y = 100 (page space, y down), a space of 3 pt between words.
    private let words = ["Smart", "pens", "mark", "the", "words", "they", "run", "along."]
    private var text = PageText.empty
    private var wordRanges: [(range: ClosedRange<Int>, box: Rect)] = []

    private func open(withText: Bool = true) {
        var characters: [Character] = [], boxes: [Rect] = []
        var x = 72.0
        wordRanges = []
        for (i, word) in words.enumerated() {
            if i > 0 { characters.append(" "); boxes.append(Rect(x: x, y: 100, width: 3, height: 12)); x += 3 }
            let start = characters.count, left = x
            for c in word { characters.append(c); boxes.append(Rect(x: x, y: 100, width: 6, height: 12)); x += 6 }
            wordRanges.append((start...(characters.count - 1), Rect(x: left, y: 100, width: x - left, height: 12)))
        }
        text = PageText(characters: characters, boxes: boxes)
        editor = ModelEditingPort([], pages: 1)
        session = DocumentSession(clock: clock, stamp: { [unowned self] _ in
            made += 1
            return CreationStamp(id: "made-\(made)", author: "Pen", date: "D:20261202")
        })
        session.editing = editor
        _ = session.changeView {
            $0.resize(to: Size(width: 976, height: 900))
            $0.setDocument(pageSizes: [Size(width: 612, height: 792)])
        }
        for _ in 0..<120 { clock.advance(by: 1.0 / 60); _ = session.tick(at: clock.now) }
        if withText { session.content.textByPage[PageIndex(0)] = text }
        _ = session.refreshTargets(on: PageIndex(0), linksListed: false)
        session.interaction.pick(.ink)
    }

    /// A page point (y down) in the page's PDF space.
    private func pdf(_ p: Point) -> Point { Point(x: p.x, y: 792 - p.y) }

    /// One pen contact (or another source's) from `a` to `b` (page points) in `steps` moves;
    /// the effects are kept.
    private func stroke(from a: Point, to b: Point, steps: Int = 24, source: InputSource = .pen) {
        effects = []
        func send(_ phase: InputPhase, _ p: Point) {
            clock.advance(by: 0.008)
            let view = session.interaction.scene.coordinates.convert(pdf(p), from: .pdf(PageIndex(0)), to: .view)!
            let sequence: InputSequenceID = source == .touchscreen ? InputSequenceID(7) : .pointer
            effects += session.handle(InputEvent(kind: .contact(phase), source: source, sequence: sequence, position: view, time: clock.now,
                                                 axes: source == .pen ? StylusAxes(pressure: 0.6) : StylusAxes()))
        }
        send(.began, a)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            send(.moved, Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        send(.ended, b)
    }

    private var annotations: [Annotation] { editor.annotations(on: PageIndex(0)) }

    /// What the Underline (or Strike Out) tool makes of the words `first`…`last` as a text
    /// selection: the same composer on an empty page.
    private func markedAsTheToolDoes(_ kind: AnnotationKind, _ first: Int, _ last: Int) -> AnnotationGeometry? {
        let record = session.composer.markup(kind, spans: [(PageIndex(0), wordRanges[first].range.lowerBound, wordRanges[last].range.upperBound)],
                                             text: [PageIndex(0): text], coordinates: session.interaction.scene.coordinates,
                                             in: ModelEditingPort([], pages: 1))
        guard case .insert(let placed)? = record?.edit else { return nil }
        return placed.first?.annotation.geometry
    }

    func testAPenStrokeUnderWordsIsTheUnderlineTheToolMakesAndKeepAsInkTurnsItBack() throws {
        open()
        // Under "pens" … "they", from inside the first to inside the last.
        let from = Point(x: wordRanges[1].box.minX + 2, y: 111.5), to = Point(x: wordRanges[5].box.maxX - 2, y: 111.5)
        stroke(from: from, to: to)
        XCTAssertEqual(annotations.map(\.subtype), [.underline])
        XCTAssertEqual(annotations.first?.geometry, markedAsTheToolDoes(.underline, 1, 5))
        XCTAssertTrue(effects.contains(.offerKeepAsInk(.underline)))
        XCTAssertEqual(editor.history.undoStack.count, 1)
        XCTAssertNil(session.frame.liveInk, "the stroke is no longer drawn live")

        // Keep as Ink: one step, the stroke as drawn.
        let markup = try XCTUnwrap(annotations.first)
        _ = session.perform(.keepAsInk)
        XCTAssertEqual(annotations.map(\.subtype), [.ink])
        XCTAssertEqual(editor.history.undoStack.count, 2)
        XCTAssertEqual(editor.history.undoName, "Keep as Ink")
        guard case .ink(let strokes)? = annotations.first?.geometry else { return XCTFail("not ink") }
        XCTAssertEqual(strokes.count, 1)
        XCTAssertEqual(strokes[0].points.count, 25, "the press and every move")
        XCTAssertEqual(strokes[0].points.first!.x, pdf(from).x, accuracy: 0.01)
        XCTAssertEqual(strokes[0].points.first!.y, pdf(from).y, accuracy: 0.01)
        XCTAssertEqual(strokes[0].points.last!.x, pdf(to).x, accuracy: 0.01)
        XCTAssertNotNil(strokes[0].pressures, "the pen's pressure is kept")
        // Undo gives the underline back; a second Keep as Ink has nothing to turn.
        try editor.undo()
        XCTAssertEqual(annotations, [markup])
        _ = session.perform(.keepAsInk)
        XCTAssertEqual(annotations, [markup])
    }

    func testAPenStrokeThroughWordsStrikesThemOut() {
        open()
        stroke(from: Point(x: wordRanges[2].box.minX + 1, y: 106.5), to: Point(x: wordRanges[4].box.maxX - 1, y: 106))
        XCTAssertEqual(annotations.map(\.subtype), [.strikeOut])
        XCTAssertEqual(annotations.first?.geometry, markedAsTheToolDoes(.strikeOut, 2, 4))
    }

    func testWithTheSmartPenOffOrOnAPageWithoutTextTheStrokeIsInk() {
        open()
        session.interaction.smartPen = false
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 111.5), to: Point(x: wordRanges[5].box.maxX - 2, y: 111.5))
        XCTAssertEqual(annotations.map(\.subtype), [.ink])
        XCTAssertFalse(effects.contains { if case .offerKeepAsInk = $0 { return true } else { return false } })

        open(withText: false)
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 111.5), to: Point(x: wordRanges[5].box.maxX - 2, y: 111.5))
        XCTAssertEqual(annotations.map(\.subtype), [.ink])
    }

    /// With "Snap Shapes" on, the smart pen still has the first say on lift: a stroke along the
    /// words is their underline; a straight stroke elsewhere snaps to a line, and one undo (the
    /// real model's history) gives it back as ink.
    func testWithSnapShapesOnAStrokeAlongTextIsStillMarkupAndOneElsewhereSnapsToALine() throws {
        open()
        session.interaction.snapsShapesOnLift = true
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 111.5), to: Point(x: wordRanges[5].box.maxX - 2, y: 111.5))
        XCTAssertEqual(annotations.map(\.subtype), [.underline])
        stroke(from: Point(x: 100, y: 400), to: Point(x: 400, y: 460))
        XCTAssertEqual(annotations.map(\.subtype), [.underline, .line])
        XCTAssertEqual(editor.history.undoName, "Snap to Shape")
        try editor.undo()
        XCTAssertEqual(annotations.map(\.subtype), [.underline, .ink])
    }

    func testAStrokeThatWandersOffTheLineIsInk() {
        open()
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 106), to: Point(x: 400, y: 200))
        XCTAssertEqual(annotations.map(\.subtype), [.ink])
    }

    // MARK: The Highlighter's smart pen

    /// The Highlighter picked: a pen stroke along words (through their middles, as a marker
    /// runs) is the highlight the mouse's drag over the same words makes, quadpoint for
    /// quadpoint, and no ink; Keep as Ink gives the marker stroke as drawn, one step each.
    func testAHighlighterPenStrokeAlongWordsIsTheHighlightTheMouseDragMakesAndKeepAsInkGivesTheMarker() throws {
        open()
        session.interaction.pick(.highlighter)
        // The mouse's drag over "pens" … "they", as before.
        stroke(from: Point(x: wordRanges[1].box.minX + 1, y: 106), to: Point(x: wordRanges[5].box.maxX - 1, y: 106), source: .mouse)
        XCTAssertEqual(annotations.map(\.subtype), [.highlight])
        let dragged = try XCTUnwrap(annotations.first)
        XCTAssertEqual(dragged.geometry, markedAsTheToolDoes(.highlight, 1, 5))
        try editor.undo()
        XCTAssertEqual(annotations, [])

        // The pen along the same words, from inside the first to inside the last, a wobble on it.
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 105), to: Point(x: wordRanges[5].box.maxX - 2, y: 107.5))
        XCTAssertEqual(annotations.map(\.subtype), [.highlight], "a highlight, no ink")
        XCTAssertEqual(annotations.first?.geometry, dragged.geometry, "the quadpoints the mouse's drag made")
        XCTAssertEqual(annotations.first?.color, dragged.color)
        XCTAssertTrue(effects.contains(.offerKeepAsInk(.highlight)))
        XCTAssertEqual(editor.history.undoStack.count, 1)
        XCTAssertNil(session.frame.liveInk, "the marker is no longer drawn live")

        _ = session.perform(.keepAsInk)
        XCTAssertEqual(annotations.map(\.subtype), [.ink])
        XCTAssertEqual(editor.history.undoName, "Keep as Ink")
        let ink = try XCTUnwrap(annotations.first)
        XCTAssertEqual(ink.isMarker, true, "the Highlighter's marker, not the Pen's ink")
        XCTAssertLessThan(ink.opacity, 1)
        XCTAssertEqual(ink.borderWidth, EditComposer.markerWidth)
        XCTAssertEqual(ink.color, session.composer.style(for: .highlighter).color)
        guard case .ink(let strokes) = ink.geometry else { return XCTFail("not ink") }
        XCTAssertEqual(strokes.map(\.points.count), [25], "the press and every move")
        XCTAssertNil(strokes[0].pressures, "a marker is one width")
        try editor.undo()
        XCTAssertEqual(annotations.map(\.subtype), [.highlight])
    }

    /// Off the text the Highlighter's pen draws marker ink: wide, translucent, flat ends,
    /// multiplied with the page; shown so while it is drawn; one undoable step.
    func testAHighlighterPenStrokeOffTheTextIsTranslucentMarkerInk() throws {
        open()
        session.interaction.pick(.highlighter)
        effects = []
        let view = { (p: Point) in self.session.interaction.scene.coordinates.convert(self.pdf(p), from: .pdf(PageIndex(0)), to: .view)! }
        _ = session.handle(InputEvent(kind: .contact(.began), source: .pen, position: view(Point(x: 100, y: 400)), time: clock.now,
                                      axes: StylusAxes(pressure: 0.3)))
        clock.advance(by: 0.01)
        _ = session.handle(InputEvent(kind: .contact(.moved), source: .pen, position: view(Point(x: 200, y: 420)), time: clock.now,
                                      axes: StylusAxes(pressure: 0.9)))
        let live = try XCTUnwrap(session.frame.liveInk, "drawn while it is drawn")
        XCTAssertTrue(live.isMarker)
        XCTAssertEqual(live.style, session.composer.markerStyle)
        XCTAssertNil(live.strokes.first?.widths, "one width")
        _ = session.handle(InputEvent(kind: .contact(.ended), source: .pen, position: view(Point(x: 200, y: 420)), time: clock.now,
                                      axes: StylusAxes(pressure: 0.9)))
        stroke(from: Point(x: 200, y: 420), to: Point(x: 400, y: 430))

        XCTAssertEqual(annotations.map(\.subtype), [.ink, .ink])
        let marker = try XCTUnwrap(annotations.last)
        XCTAssertEqual(marker.isMarker, true)
        XCTAssertEqual(marker.opacity, EditComposer.markerOpacity)
        XCTAssertEqual(editor.history.undoName, "Highlighter Stroke")
        XCTAssertFalse(effects.contains { if case .offerKeepAsInk = $0 { return true } else { return false } })
        let ap = try XCTUnwrap(AppearanceBuilder.appearance(for: marker))
        let content = String(decoding: ap.content, as: UTF8.self)
        XCTAssertTrue(content.contains(AppearanceBuilder.markerCaps), "flat ends: \(content)")
        XCTAssertFalse(content.contains(" f\n"), "stroked, not a pressure outline")
        guard case .dictionary(let states)? = ap.resources["ExtGState"], case .dictionary(let gs)? = states["GS0"] else {
            return XCTFail("no graphics state")
        }
        XCTAssertEqual(gs["BM"], .name("Multiply"))
        XCTAssertEqual(gs["CA"], .number(EditComposer.markerOpacity))
        try editor.undo()
        XCTAssertEqual(annotations.map(\.subtype), [.ink])
    }

    /// With the smart pen off, or on a page without text, the Highlighter's pen stroke along
    /// words stays marker ink; a finger draws it too once "Draw with Finger" is on, and marks by
    /// selection while it is off.
    func testWithTheSmartPenOffOrWithoutTextTheHighlighterMarksWithInkAndAFingerDrawsWhenAllowed() {
        open()
        session.interaction.pick(.highlighter)
        session.interaction.smartPen = false
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 106), to: Point(x: wordRanges[5].box.maxX - 2, y: 106))
        XCTAssertEqual(annotations.map(\.subtype), [.ink])
        XCTAssertEqual(annotations.first?.isMarker, true)

        open(withText: false)
        session.interaction.pick(.highlighter)
        stroke(from: Point(x: 80, y: 106), to: Point(x: 200, y: 106))
        XCTAssertEqual(annotations.map(\.subtype), [.ink])

        open()
        session.interaction.pick(.highlighter)
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 106), to: Point(x: wordRanges[5].box.maxX - 2, y: 106), source: .touchscreen)
        XCTAssertEqual(annotations.map(\.subtype), [.highlight], "a finger marks by selection")
        XCTAssertFalse(effects.contains(.offerKeepAsInk(.highlight)))
        session.interaction.fingerDraws = true
        stroke(from: Point(x: 100, y: 400), to: Point(x: 300, y: 420), source: .touchscreen)
        XCTAssertEqual(annotations.map(\.subtype), [.highlight, .ink])
        XCTAssertEqual(annotations.last?.isMarker, true)
        stroke(from: Point(x: wordRanges[1].box.minX + 2, y: 106), to: Point(x: wordRanges[5].box.maxX - 2, y: 106), source: .touchscreen)
        XCTAssertEqual(annotations.map(\.subtype), [.highlight, .ink, .highlight], "a finger's marker along words highlights")
        XCTAssertTrue(effects.contains(.offerKeepAsInk(.highlight)))
    }
}
