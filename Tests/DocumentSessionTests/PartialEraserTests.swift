// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import Foundation
import XCTest

/// The partial eraser driven through the whole session (engine, routing, the eraser tool, the
/// session's erasure and the composer): one contact is one step, the pieces keep the stroke's
/// points outside the eraser, and undo gives back the stroke exactly.
final class PartialEraserTests: XCTestCase {
    private let clock = ManualClock(now: InputTime(seconds: 100))
    private var session: DocumentSession!
    private var editor: ModelEditingPort!
    private var made = 0

    /// A stroke across page 1, a point every 10 pt, with pressure.
    private let stroke = InkStroke(points: (0...20).map { Point(x: 100 + Double($0) * 10, y: 600) },
                                   pressures: (0...20).map { 0.4 + 0.02 * Double($0 % 10) })

    private func ink(_ strokes: [InkStroke], id: String) -> Annotation {
        var a = Annotation.ink(strokes, on: PageIndex(0), style: AnnotationStyle(color: .red, width: 3, opacity: 0.8),
                               stamp: CreationStamp(id: id, author: "Ada", date: "D:20261201"))!
        a.contents = "a comment"
        return a
    }

    private func open(_ annotations: [Annotation]) {
        editor = ModelEditingPort(annotations, pages: 1)
        session = DocumentSession(clock: clock, stamp: { [unowned self] _ in
            made += 1
            return CreationStamp(id: "piece-\(made)", author: "Eraser", date: "D:20261202")
        })
        session.editing = editor
        apply(session.changeView {
            $0.resize(to: Size(width: 976, height: 900))
            $0.setDocument(pageSizes: [Size(width: 612, height: 792)])
        })
        for _ in 0..<120 { frame() }
        apply(session.refreshTargets(on: PageIndex(0), linksListed: false))
    }

    private func apply(_ effects: [SessionEffect]) {
        for effect in effects {
            if case .readPage(let page) = effect { _ = session.refreshTargets(on: page, linksListed: false) }
        }
    }

    private func frame() {
        clock.advance(by: 1.0 / 60)
        apply(session.tick(at: clock.now))
    }

    private func view(_ p: Point) -> Point {
        session.interaction.scene.coordinates.convert(p, from: .pdf(PageIndex(0)), to: .view)!
    }

    /// One contact from `a` to `b` (PDF points) in `steps` moves, through the pen settings as the
    /// canvas sends it; `during` looks at the session before the contact lifts.
    private func contact(_ source: InputSource, from a: Point, to b: Point, steps: Int = 12, during: (() -> Void)? = nil) {
        func send(_ phase: InputPhase, _ p: Point) {
            clock.advance(by: 0.008)
            let raw = InputEvent(kind: .contact(phase), source: source, position: view(p), time: clock.now,
                                 axes: StylusAxes(pressure: 0.7))
            guard let (event, tool) = session.inputAdjuster.adjustWithTool(raw) else { return }
            apply(session.handle(event, contactTool: tool))
        }
        send(.began, a)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            send(.moved, Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        during?()
        send(.ended, b)
        for _ in 0..<30 { frame() }
        apply(session.refreshTargets(on: PageIndex(0), linksListed: false))
    }

    private func inks() -> [Annotation] { editor.annotations(on: PageIndex(0)).filter { $0.subtype == .ink } }

    private func strokes(of a: Annotation) -> [InkStroke] {
        if case .ink(let s) = a.geometry { return s } else { return [] }
    }

    func testOneEraserEndContactAcrossAStrokeLeavesTwoInksAndOneUndoBringsItBack() {
        let original = ink([stroke], id: "ink-1")
        open([original])
        session.inputAdjuster.settings.defaultPen.eraserEnd = .eraseParts
        let before = editor.model
        var coveredDuring = 0, committedDuring = 0
        contact(.eraser, from: Point(x: 203, y: 640), to: Point(x: 203, y: 560)) {
            coveredDuring = self.session.frame.erasedLines.count
            committedDuring = self.editor.history.undoStack.count
        }
        // Shown while the pen was down, committed once when it lifted.
        XCTAssertGreaterThan(coveredDuring, 0)
        XCTAssertEqual(committedDuring, 0)
        XCTAssertEqual(editor.history.undoStack.count, 1)
        XCTAssertEqual(editor.history.undoName, "Erase")
        let pieces = inks()
        XCTAssertEqual(pieces.count, 2)
        XCTAssertNil(editor.annotation("ink-1"))
        // The stroke's points outside the eraser, on each side, and its pressures with them.
        let radius = 6 / session.view.viewport.zoom, reach = radius + 1.5
        let left = strokes(of: pieces[0]).first!, right = strokes(of: pieces[1]).first!
        let kept = zip(stroke.points, stroke.pressures!).filter { abs($0.0.x - 203) > reach }
        XCTAssertEqual(Array(left.points.dropLast()), kept.filter { $0.0.x < 203 }.map(\.0))
        XCTAssertEqual(Array(right.points.dropFirst()), kept.filter { $0.0.x > 203 }.map(\.0))
        XCTAssertEqual(Array(left.pressures!.dropLast()), kept.filter { $0.0.x < 203 }.map(\.1))
        XCTAssertEqual(left.points.last!.x, 203 - reach, accuracy: 0.01)
        XCTAssertEqual(right.points.first!.x, 203 + reach, accuracy: 0.01)
        // Each piece keeps the original's look and words, with an id and date of its own.
        for piece in pieces {
            XCTAssertEqual(piece.color, original.color)
            XCTAssertEqual(piece.borderWidth, original.borderWidth)
            XCTAssertEqual(piece.opacity, original.opacity)
            XCTAssertEqual(piece.author, "Ada")
            XCTAssertEqual(piece.contents, "a comment")
            XCTAssertEqual(piece.modified, "D:20261202")
            XCTAssertNotEqual(piece.id, original.id)
            XCTAssertTrue(piece.rect.contains(Rect(corner: strokes(of: piece)[0].points.first!, corner: strokes(of: piece)[0].points.last!)))
        }
        XCTAssertNoThrow(try editor.undo())
        XCTAssertEqual(editor.model, before)
    }

    func testTheToolbarsPartialEraserMakesOneStepOfEverythingOneContactCrosses() {
        let second = InkStroke(points: [Point(x: 150, y: 500), Point(x: 150, y: 700)])
        let box = Annotation.shape(.square, from: Point(x: 380, y: 520), to: Point(x: 420, y: 560), on: PageIndex(0),
                                   style: AnnotationStyle(color: .black, width: 1), stamp: CreationStamp(id: "box", author: nil, date: "D:1"))!
        // One ink of two strokes, one of one, and a rectangle, all under one sweep.
        open([ink([stroke, second], id: "two"), ink([InkStroke(points: [Point(x: 300, y: 550), Point(x: 300, y: 650)])], id: "one"), box])
        session.interaction.pick(.eraser)
        session.interaction.eraserMode = .partial
        let before = editor.model
        contact(.mouse, from: Point(x: 120, y: 610), to: Point(x: 380, y: 545), steps: 30)
        XCTAssertEqual(editor.history.undoStack.count, 1)
        XCTAssertNil(editor.annotation("box"), "a shape goes whole")
        let left = inks()
        // "two": its stroke along the page cut once (two pieces), its upright stroke cut once
        // (two pieces); "one" cut once (two pieces).
        XCTAssertEqual(left.count, 6)
        XCTAssertTrue(left.allSatisfy { strokes(of: $0).count == 1 })
        XCTAssertNoThrow(try editor.undo())
        XCTAssertEqual(editor.model, before)
    }

    func testAnEraserEndSetToWholeStrokesStillErasesTheWholeInk() {
        open([ink([stroke], id: "ink-1")])
        session.interaction.eraserMode = .partial
        contact(.eraser, from: Point(x: 203, y: 640), to: Point(x: 203, y: 560))
        XCTAssertTrue(inks().isEmpty)
    }

    func testTheComposerPutsThePiecesWhereTheInkWasAndKeepsItsUntouchedStrokesTogether() throws {
        let below = Annotation.shape(.square, from: Point(x: 10, y: 10), to: Point(x: 50, y: 50), on: PageIndex(0),
                                     style: AnnotationStyle(color: .black, width: 1), stamp: CreationStamp(id: "below", author: nil, date: "D:1"))!
        let above = Annotation.shape(.circle, from: Point(x: 60, y: 10), to: Point(x: 90, y: 50), on: PageIndex(0),
                                     style: AnnotationStyle(color: .black, width: 1), stamp: CreationStamp(id: "above", author: nil, date: "D:1"))!
        let kept = InkStroke(points: [Point(x: 100, y: 700), Point(x: 200, y: 700)])
        let ink = ink([stroke, kept], id: "ink")
        var locked = self.ink([kept], id: "locked")
        locked.flags |= AnnotationFlags.locked
        let port = ModelEditingPort([below, ink, above, locked], pages: 1)
        let before = port.model
        var composer = EditComposer(stamp: { _ in CreationStamp(id: "new-\(UUID().uuidString.prefix(6))", author: "Eraser", date: "D:2") })
        composer.styles = EditComposer.defaultStyles
        let pieces = InkEraser.remaining([stroke], penWidth: 3, along: [Point(x: 205, y: 650), Point(x: 205, y: 550)], radius: 4)
        let record = try XCTUnwrap(composer.erasing([(ink, [kept], pieces), (locked, [], [])], whole: [above], in: port))
        XCTAssertEqual(record.name, "Erase")
        XCTAssertTrue(port.commit(record))
        let page = port.annotations(on: PageIndex(0))
        // The square below, the untouched stroke as one ink, each piece an ink, where the ink
        // was; the circle gone; the locked ink as it was.
        XCTAssertEqual(page.map(\.subtype), [.square, .ink, .ink, .ink, .ink])
        XCTAssertEqual(page[1].geometry, .ink([kept]))
        XCTAssertEqual(page[2].geometry, .ink([pieces[0]].map { InkStroke(points: $0.points.map(\.quantized), pressures: $0.pressures) }))
        XCTAssertEqual(page[4], locked)
        XCTAssertEqual(Set(page.map(\.id)).count, 5)
        XCTAssertNoThrow(try port.undo())
        XCTAssertEqual(port.model, before)
    }

    /// A figure, not a judgement: what one eraser move costs on a page of 2,000 strokes (each
    /// 40 samples), swept across the middle of the page, and the commit when it lifts.
    func testErasingAcrossAPageOfTwoThousandStrokesPrintsWhatAMoveCosts() {
        let strokes = (0..<2_000).map { i -> Annotation in
            let x = 60 + Double(i % 40) * 12, y = 80 + Double(i / 40) * 13
            let points = (0..<40).map { k in Point(x: x + Double(k) * 0.25, y: y + 4 * sin(Double(k) / 4)) }
            return ink([InkStroke(points: points, pressures: points.map { _ in 0.5 })], id: "ink-\(i)")
        }
        open(strokes)
        session.inputAdjuster.settings.defaultPen.eraserEnd = .eraseParts
        let clockStart = ContinuousClock.now
        contact(.eraser, from: Point(x: 40, y: 150), to: Point(x: 560, y: 700), steps: 120)
        let elapsed = ContinuousClock.now - clockStart
        XCTAssertEqual(editor.history.undoStack.count, 1)
        XCTAssertFalse(editor.annotations(on: PageIndex(0)).map(\.id).allSatisfy { $0.hasPrefix("ink-") }, "strokes were cut")
        print("partial eraser: 122 events across 2,000 strokes (incl. commit and 30 frames): \(elapsed); per event \(elapsed / 122)")
    }

    func testAContactThatMissesChangesNothing() {
        open([ink([stroke], id: "ink-1")])
        session.inputAdjuster.settings.defaultPen.eraserEnd = .eraseParts
        contact(.eraser, from: Point(x: 203, y: 700), to: Point(x: 260, y: 650))
        XCTAssertEqual(editor.history.undoStack.count, 0)
        XCTAssertEqual(inks().map(\.id), ["ink-1"])
        XCTAssertTrue(session.frame.erasedLines.isEmpty)
    }
}
