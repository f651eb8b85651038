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

    /// One pen contact from `a` to `b` (page points) in `steps` moves; the effects are kept.
    private func stroke(from a: Point, to b: Point, steps: Int = 24) {
        effects = []
        func send(_ phase: InputPhase, _ p: Point) {
            clock.advance(by: 0.008)
            let view = session.interaction.scene.coordinates.convert(pdf(p), from: .pdf(PageIndex(0)), to: .view)!
            effects += session.handle(InputEvent(kind: .contact(phase), source: .pen, position: view, time: clock.now,
                                                 axes: StylusAxes(pressure: 0.6)))
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
}
