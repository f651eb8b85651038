// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// Several annotations selected with the Edit tool and dragged move as one group, as a lasso's
/// selection does: one command a step for all of them, one Move, and one undo puts every one back.
final class EditToolGroupMoveTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "new", author: "Tester", date: "D:20261202") })
    let squares: [Annotation] = (0..<3).map { i in
        Annotation(id: "sq\(i)", page: PageIndex(0), subtype: .square, rect: Rect(x: 80 + Double(i) * 90, y: 300, width: 50, height: 40),
                   borderWidth: 1)
    }
    lazy var editor = ModelEditingPort(squares, pages: 1)

    override func setUp() {
        session.editing = editor
        _ = session.changeView {
            $0.resize(to: Size(width: 800, height: 700))
            $0.setDocument(pageSizes: [Size(width: 420, height: 595)])
            $0.setZoom(1)
        }
        _ = session.syncScene()
        _ = session.refreshTargets(on: PageIndex(0), linksListed: false)
        _ = session.perform(.pick(.annotationEdit))
    }

    private func view(_ pdf: Point) -> Point { session.interaction.scene.coordinates.convert(pdf, from: .pdf(PageIndex(0)), to: .view)! }

    private func send(_ phase: InputPhase, _ p: Point, modifiers: Modifiers = []) {
        clock.advance(by: 0.05)
        _ = session.handle(InputEvent(kind: .contact(phase), source: .mouse, sequence: .pointer, position: p, time: clock.now,
                                      button: .primary, modifiers: modifiers))
    }

    func testDraggingSeveralSelectedWithTheEditToolIsOneCommandAStepAndOneUndoStep() throws {
        let original = editor.model
        // A band from empty space round the three.
        let from = view(Point(x: 60, y: 360)), to = view(Point(x: 330, y: 280))
        send(.began, from)
        for i in 1...5 { send(.moved, from + (to - from) * (Double(i) / 5)) }
        send(.ended, to)
        XCTAssertEqual(Set(session.interaction.selectedAnnotations), Set(squares.map(\.annotationID)), "the band selects all three")
        var commands: [ToolCommand] = []
        let host = session.interaction.output
        session.interaction.output = { output in
            if case .tool(let command) = output { commands.append(command) }
            host(output)
        }
        let start = view(Point(x: squares[1].rect.minX + 1, y: squares[1].rect.midY))
        send(.began, start)
        var last = start
        for step in 1...4 {
            commands = []
            last = start + Vector(dx: Double(step) * 6, dy: Double(step) * 4)
            send(.moved, last)
            let moves = commands.filter { if case .moveAnnotations = $0 { return true } else { return false } }
            XCTAssertEqual(moves.count, 1, "one command moves the whole selection, step \(step)")
            XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } }, "none per annotation")
        }
        send(.ended, last)
        session.interaction.output = host
        XCTAssertEqual(editor.history.undoName, "Move")
        XCTAssertEqual(editor.history.undoStack.count, 1, "one undoable step for the three")
        for (old, new) in zip(squares, editor.model.annotations(on: PageIndex(0))) {
            XCTAssertEqual(new.rect.minX - old.rect.minX, 24, accuracy: 1e-3)
            XCTAssertEqual(new.rect.minY - old.rect.minY, -16, accuracy: 1e-3, "view down is PDF down")
        }
        try editor.undo()
        XCTAssertEqual(editor.model, original, "one undo puts all three back")
        XCTAssertNil(editor.history.undoName)
    }
}
