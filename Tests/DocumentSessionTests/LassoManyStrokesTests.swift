// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// A lasso's selection of hundreds of strokes carried as one: each motion event is one command
/// and asks the host for one redraw, the frame draws the carried strokes as one group moved by
/// one offset, the release is one Move of every stroke (their targets follow then), and undo
/// puts every one back exactly as it was.
final class LassoManyStrokesTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "new", author: "Tester", date: "D:20261202") })
    let strokes: [Annotation] = (0..<300).map { i in
        let x = 60 + Double(i % 20) * 14, y = 150 + Double(i / 20) * 20
        let points = (0..<12).map { Point(x: x + Double($0), y: y + 3 * sin(Double($0) / 2)) }
        return Annotation(id: "ink\(i)", page: PageIndex(0), subtype: .ink, rect: Rect(x: x - 1, y: y - 4, width: 13, height: 8),
                          borderWidth: 1, geometry: .ink([InkStroke(points: points)]))
    }
    lazy var editor = ModelEditingPort(strokes, pages: 1)

    override func setUp() {
        session.editing = editor
        _ = session.changeView {
            $0.resize(to: Size(width: 800, height: 700))
            $0.setDocument(pageSizes: [Size(width: 420, height: 595)])
            $0.setZoom(1)
        }
        _ = session.syncScene()
        _ = session.refreshTargets(on: PageIndex(0), linksListed: false)
        _ = session.perform(.pick(.lasso))
    }

    private func view(_ pdf: Point) -> Point { session.interaction.scene.coordinates.convert(pdf, from: .pdf(PageIndex(0)), to: .view)! }

    @discardableResult
    private func send(_ phase: InputPhase, _ p: Point) -> [SessionEffect] {
        clock.advance(by: 0.008)
        return session.handle(InputEvent(kind: .contact(phase), source: .mouse, sequence: .pointer, position: p, time: clock.now,
                                         button: .primary))
    }

    func testCarryingHundredsOfStrokesRedrawsOnceAnEventPaintsOneGroupAndUndoesExactly() throws {
        let original = editor.model
        // A loop round the whole grid of strokes.
        let loop = (0...60).map { i -> Point in
            let t = (2 * Double.pi - 0.2) * Double(i) / 60
            return view(Point(x: 200 + 199 * cos(t), y: 290 + 250 * sin(t)))
        }
        send(.began, loop[0])
        for p in loop.dropFirst().dropLast() { send(.moved, p) }
        send(.ended, loop[loop.count - 1])
        XCTAssertEqual(session.interaction.selectedAnnotations.count, strokes.count, "the loop takes every stroke")

        let start = view(Point(x: 199, y: 251))
        send(.began, start)
        var last = start
        for step in 1...6 {
            last = start + Vector(dx: Double(step) * 5, dy: Double(step) * 3)
            let effects = send(.moved, last)
            XCTAssertEqual(effects.filter { $0 == .redraw }.count, 1, "one redraw for the whole selection, step \(step)")
            XCTAssertLessThanOrEqual(effects.filter { $0 == .needsFrames }.count, 1)
        }
        let frame = session.frame
        XCTAssertEqual(frame.moves.count, 0, "no move of each stroke")
        let carried = try XCTUnwrap(frame.carried, "the strokes are carried as one group")
        XCTAssertEqual(carried.from.count, strokes.count, "every stroke's place is veiled")
        XCTAssertEqual(carried.offset.dx, 30, accuracy: 1e-6)
        XCTAssertEqual(carried.offset.dy, 18, accuracy: 1e-6)
        XCTAssertEqual(frame.selection.carriedOutlines.count, strokes.count, "their outlines move with them")
        XCTAssertEqual(frame.selection.carriedOffset, carried.offset)
        XCTAssertEqual(frame.selection.outlines, [])
        XCTAssertEqual(session.frame.carried?.serial, carried.serial, "one picture for the whole carry")
        // A step costs the offset alone: the strokes' pages are looked up once a carry, and the
        // unions of their places and outlines are made once and kept with the group.
        let lasso = try XCTUnwrap(session.interaction.tools.currentTool as? LassoTool)
        XCTAssertEqual(lasso.pageLookups, 1, "the carry sorted its strokes by page once, not once a step")
        let from = try XCTUnwrap(carried.fromBox), outlines = try XCTUnwrap(carried.outlinesBox)
        XCTAssertEqual(from, carried.from.dropFirst().reduce(carried.from[0]) { $0.union($1) })
        XCTAssertEqual(outlines, carried.outlines.dropFirst().reduce(carried.outlines[0]) { $0.union($1) })

        send(.ended, last)
        // Until the page's tiles show the move, the group stays drawn where it was let go, its
        // old places veiled, from the carry's own pictures: no frame shows the old places.
        let landing = try XCTUnwrap(session.frame.carried, "the strokes stay drawn where they were let go")
        XCTAssertEqual(landing.serial, carried.serial, "the carry's pictures, not new ones")
        XCTAssertEqual(landing.from.count, strokes.count)
        XCTAssertEqual(landing.offset, carried.offset)
        XCTAssertEqual(landing.outlines, [], "the selection's outlines are its own again")
        XCTAssertEqual(session.frame.selection.outlines.count, strokes.count)
        XCTAssertFalse(session.endLanding { _ in true }, "not before the edit reached the page's document")
        session.landingShown(on: [PageIndex(0)])
        XCTAssertFalse(session.endLanding { _ in false }, "nor before the page's tiles are fresh")
        XCTAssertNotNil(session.frame.carried)
        XCTAssertTrue(session.endLanding { _ in true })
        XCTAssertNil(session.frame.carried, "the fresh tiles show the strokes where they landed")
        // The engine's targets and the session's list of them follow each stroke at the release.
        let targets = Dictionary(uniqueKeysWithValues: (session.content.annotationsByPage[PageIndex(0)] ?? []).map { ($0.id, $0) })
        for a in strokes {
            let scene = try XCTUnwrap(session.interaction.scene.annotation(AnnotationID(a.id)))
            XCTAssertEqual(targets[AnnotationID(a.id)], scene, "the session's list holds the target the engine has")
            XCTAssertEqual(scene.bounds.minX - a.rect.minX, 30, accuracy: 1e-3)
        }
        XCTAssertEqual(editor.history.undoName, "Move", "one undoable step")
        // Let go as one group move of every stroke by the carry's offset, not each stroke moved.
        XCTAssertEqual(editor.groupMoves.count, 1)
        XCTAssertEqual(editor.groupMoves.first?.ids, strokes.map(\.id))
        XCTAssertEqual(editor.groupMoves.first?.delta.dx ?? 0, 30, accuracy: 1e-3)
        XCTAssertEqual(editor.groupMoves.first?.delta.dy ?? 0, -18, accuracy: 1e-3)
        guard case .replace(let before, let after)? = editor.history.editsSinceSave?.last?.edit else { return XCTFail("a move replaces them") }
        XCTAssertEqual(before, strokes, "each stroke as it was, in the page's order")
        XCTAssertEqual(after.count, strokes.count)
        for (old, new) in zip(strokes, editor.model.annotations(on: PageIndex(0))) {
            XCTAssertEqual(new.id, old.id)
            XCTAssertEqual(new.rect.minX - old.rect.minX, 30, accuracy: 1e-3)
            XCTAssertEqual(new.rect.minY - old.rect.minY, -18, accuracy: 1e-3, "view down is PDF down")
        }
        try editor.undo()
        XCTAssertEqual(editor.model, original, "undo puts every stroke back exactly")
        XCTAssertEqual(editor.model.annotations(on: PageIndex(0)), strokes)
    }

    func testTheLassoCarriesItsSelectionByOneCommandAStepAndOneUndoRestoresEveryPosition() throws {
        let original = editor.model
        let loop = (0...60).map { i -> Point in
            let t = (2 * Double.pi - 0.2) * Double(i) / 60
            return view(Point(x: 200 + 199 * cos(t), y: 290 + 250 * sin(t)))
        }
        send(.began, loop[0])
        for p in loop.dropFirst().dropLast() { send(.moved, p) }
        send(.ended, loop[loop.count - 1])
        let selected = session.interaction.selectedAnnotations
        XCTAssertEqual(selected.count, strokes.count)
        var commands: [ToolCommand] = []
        let host = session.interaction.output
        session.interaction.output = { output in
            if case .tool(let command) = output { commands.append(command) }
            host(output)
        }
        let start = view(Point(x: 199, y: 251))
        send(.began, start)
        var last = start
        for step in 1...5 {
            commands = []
            last = start + Vector(dx: Double(step) * 7, dy: Double(-step) * 4)
            send(.moved, last)
            let moves = commands.filter { if case .moveAnnotations = $0 { return true } else { return false } }
            XCTAssertEqual(moves.count, 1, "one command moves the whole selection, step \(step)")
            guard case .moveAnnotations(let ids, let page, _)? = moves.first else { continue }
            XCTAssertEqual(ids, selected)
            XCTAssertEqual(page, PageIndex(0))
            XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } })
        }
        send(.ended, last)
        session.interaction.output = host
        XCTAssertEqual(editor.history.undoName, "Move")
        let moved = editor.model.annotations(on: PageIndex(0))
        for (old, new) in zip(strokes, moved) {
            XCTAssertEqual(new.rect.minX - old.rect.minX, 35, accuracy: 1e-3)
            XCTAssertEqual(new.rect.minY - old.rect.minY, 20, accuracy: 1e-3, "view up is PDF up")
        }
        try editor.undo()
        XCTAssertEqual(editor.model, original, "one undo step puts every stroke back exactly")
        XCTAssertNil(editor.history.undoName, "the move was one step")
    }

    func testAnArrowKeyNudgesTheLassosSelectionByOneCommandAndOneUndoStep() throws {
        let original = editor.model
        let loop = (0...60).map { i -> Point in
            let t = (2 * Double.pi - 0.2) * Double(i) / 60
            return view(Point(x: 200 + 199 * cos(t), y: 290 + 250 * sin(t)))
        }
        send(.began, loop[0])
        for p in loop.dropFirst().dropLast() { send(.moved, p) }
        send(.ended, loop[loop.count - 1])
        let selected = session.interaction.selectedAnnotations
        XCTAssertEqual(selected.count, strokes.count)
        var commands: [ToolCommand] = []
        let host = session.interaction.output
        session.interaction.output = { output in
            if case .tool(let command) = output { commands.append(command) }
            host(output)
        }
        clock.advance(by: 0.05)
        _ = session.handle(InputEvent(kind: .key(name: "Right", pressed: true), source: .keyboard, time: clock.now, modifiers: .shift))
        _ = session.handle(InputEvent(kind: .key(name: "Right", pressed: false), source: .keyboard, time: clock.now, modifiers: .shift))
        session.interaction.output = host
        let moves = commands.filter {
            switch $0 {
            case .moveAnnotation, .moveAnnotations: return true
            default: return false
            }
        }
        XCTAssertEqual(moves.count, 1, "one command nudges the whole selection: \(moves.count)")
        guard case .moveAnnotations(let ids, let page, let delta)? = moves.first else { return XCTFail("a group's move") }
        XCTAssertEqual(ids, selected)
        XCTAssertEqual(page, PageIndex(0))
        XCTAssertEqual(delta, Vector(dx: 10, dy: 0))
        XCTAssertEqual(editor.history.undoName, "Move")
        for (old, new) in zip(strokes, editor.model.annotations(on: PageIndex(0))) {
            XCTAssertEqual(new.rect.minX - old.rect.minX, 10, accuracy: 1e-3)
            XCTAssertEqual(new.rect.minY, old.rect.minY, accuracy: 1e-3)
        }
        XCTAssertEqual(session.interaction.selectedAnnotations, selected, "the selection stays")
        try editor.undo()
        XCTAssertEqual(editor.model, original, "one undo step puts every stroke back exactly")
        XCTAssertNil(editor.history.undoName, "the nudge was one step")
    }

    func testMovesOfOneDeltaOnAPageAreOneGroupAndOthersGroupApart() {
        var frame = FrameModel()
        let page = Rect(x: 10, y: 10, width: 400, height: 600)
        func move(_ from: Rect, by d: Vector, page index: Int = 0, turn: Double = 0) -> FrameModel.Moving {
            FrameModel.Moving(page: PageIndex(index), pageFrame: page, from: from, to: from.offsetBy(d), turn: turn,
                              pivot: turn == 0 ? nil : Point(x: 100, y: 100))
        }
        let a = Rect(x: 20, y: 20, width: 30, height: 10), b = Rect(x: 40, y: 25, width: 30, height: 10)
        let c = Rect(x: 90, y: 80, width: 12, height: 12)
        frame.moves = [move(a, by: Vector(dx: 5, dy: 7)), move(c, by: Vector(dx: -3, dy: 0)),
                       move(b, by: Vector(dx: 5 + 1e-9, dy: 7)), move(c, by: Vector(dx: 5, dy: 7), page: 1),
                       move(a, by: .zero, turn: 0.3), move(b, by: .zero, turn: 0.3)]
        let groups = frame.moveGroups
        XCTAssertEqual(groups.count, 4)
        XCTAssertEqual(groups[0].veiled, [a, b], "the same delta, a few ulps apart, on one page: one group")
        XCTAssertEqual(groups[0].shown, [a.offsetBy(Vector(dx: 5, dy: 7)), b.offsetBy(Vector(dx: 5 + 1e-9, dy: 7))])
        XCTAssertEqual(groups[0].offset.dx, 5, accuracy: 1e-9)
        XCTAssertEqual(groups[1].veiled, [c], "another delta")
        XCTAssertEqual(groups[2].page, PageIndex(1), "another page")
        XCTAssertEqual(groups[3].veiled, [a, b], "one turn about one pivot")
        XCTAssertEqual(groups[3].shown, [a, b], "a turn draws the pixels where they were, turned")
        XCTAssertEqual(groups[3].turn, 0.3)
        XCTAssertEqual(groups[3].pivot, Point(x: 100, y: 100))
    }

    func testTheListOfTargetsIsKeptInStepWhenItChangesBetweenMoves() {
        var content = DocumentContent()
        func target(_ id: String, x: Double, page: Int = 0) -> AnnotationTarget {
            AnnotationTarget(id: AnnotationID(id), kind: .ink, page: PageIndex(page), bounds: Rect(x: x, y: 0, width: 5, height: 5))
        }
        content.annotationsByPage[PageIndex(0)] = [target("a", x: 0), target("b", x: 10), target("c", x: 20)]
        content.place(target("b", x: 11), from: PageIndex(0))
        XCTAssertEqual(content.annotationsByPage[PageIndex(0)]?.map(\.bounds.minX), [0, 11, 20])
        // The list read again in another order (a page refreshed): the right entry still changes.
        content.annotationsByPage[PageIndex(0)] = [target("c", x: 20), target("a", x: 0), target("b", x: 11)]
        content.place(target("a", x: 1), from: PageIndex(0))
        XCTAssertEqual(content.annotationsByPage[PageIndex(0)]?.map(\.id.rawValue), ["c", "a", "b"])
        XCTAssertEqual(content.annotationsByPage[PageIndex(0)]?.map(\.bounds.minX), [20, 1, 11])
        // Carried to another page: out of the first list, onto the end of the other.
        content.annotationsByPage[PageIndex(1)] = [target("d", x: 0, page: 1)]
        content.place(target("c", x: 30, page: 1), from: PageIndex(0))
        XCTAssertEqual(content.annotationsByPage[PageIndex(0)]?.map(\.id.rawValue), ["a", "b"])
        XCTAssertEqual(content.annotationsByPage[PageIndex(1)]?.map(\.id.rawValue), ["d", "c"])
        content.place(target("c", x: 31, page: 1), from: PageIndex(1))
        XCTAssertEqual(content.annotationsByPage[PageIndex(1)]?.map(\.bounds.minX), [0, 31])
        content.place(target("b", x: 12), from: PageIndex(0))
        XCTAssertEqual(content.annotationsByPage[PageIndex(0)]?.map(\.bounds.minX), [1, 12])
    }
}
