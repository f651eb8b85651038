// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// A double click or double tap on a free text or a note asks to edit it, through the
/// editAnnotation component, once; a click still selects it and a press-drag still moves it.
final class DoubleClickEditTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    // One Letter page at zoom 1, its top-left at view (16, 16): PDF (x, y) is view (16 + x, 808 - y).
    let box = AnnotationTarget(id: AnnotationID("box"), kind: .freeText, page: PageIndex(0), bounds: Rect(x: 100, y: 600, width: 200, height: 50))
    let note = AnnotationTarget(id: AnnotationID("note"), kind: .text, page: PageIndex(0), bounds: Rect(x: 400, y: 600, width: 20, height: 20))

    private func centre(_ a: AnnotationTarget) -> Point { Point(x: 16 + a.bounds.midX, y: 808 - a.bounds.midY) }

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        interaction.setAnnotations([box, note], on: PageIndex(0))
        // Text under everything, in a column narrower than the view (a double tap there zooms).
        interaction.columnLookup = { _, _ in Rect(x: 50, y: 50, width: 250, height: 700) }
    }

    private func contact(_ phase: InputPhase, _ p: Point, _ source: InputSource, seq: UInt64) {
        interaction.handle(InputEvent(kind: .contact(phase), source: source, sequence: InputSequenceID(seq), position: p, time: clock.now,
                                      button: source == .mouse ? .primary : nil))
    }

    private func click(_ p: Point, _ source: InputSource = .mouse, seq: UInt64 = 0) {
        contact(.began, p, source, seq: seq)
        clock.advance(by: 0.05)
        contact(.ended, p, source, seq: seq)
    }

    private func wait(_ seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end {
            clock.advance(by: 0.05)
            interaction.tick(at: clock.now)
        }
    }

    private var editRequests: [AnnotationID] {
        outputs.compactMap { if case .engine(.editAnnotation(let t)) = $0 { return t.id } else { return nil } }
    }
    private var commands: [ToolCommand] {
        outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
    }

    func testDoubleClickOnFreeTextAsksToEditIt() {
        click(centre(box))
        clock.advance(by: 0.1)
        click(centre(box))
        wait(0.5)
        XCTAssertEqual(editRequests, [box.id])
        XCTAssertEqual(interaction.selectedAnnotation, box.id)
    }

    func testDoubleClickOnASelectedFreeTextAsksToEditItOnce() {
        click(centre(box))
        wait(1)
        XCTAssertEqual(interaction.selectedAnnotation, box.id)
        XCTAssertEqual(editRequests, [], "a click selects")
        click(centre(box))
        clock.advance(by: 0.1)
        click(centre(box))
        wait(0.5)
        XCTAssertEqual(editRequests, [box.id])
    }

    func testDoubleClickOnANoteAsksToEditIt() {
        click(centre(note))
        clock.advance(by: 0.1)
        click(centre(note))
        wait(0.5)
        XCTAssertEqual(editRequests, [note.id])
    }

    func testDoubleTapWithAFingerOnFreeTextAsksToEditItRatherThanZooming() {
        click(centre(box), .touchscreen, seq: 1)
        clock.advance(by: 0.1)
        click(centre(box) + Vector(dx: 4, dy: 3), .touchscreen, seq: 2)
        wait(0.5)
        XCTAssertEqual(editRequests, [box.id])
        XCTAssertFalse(outputs.contains { if case .smartZoom = $0 { return true } else { return false } }, "\(outputs)")
    }

    func testPenDoubleTapOnFreeTextAsksToEditItWithPenDrawsAtOnce() {
        click(centre(box), .pen)
        clock.advance(by: 0.1)
        click(centre(box), .pen)
        wait(0.5)
        XCTAssertEqual(editRequests, [box.id])
        XCTAssertFalse(commands.contains { if case .addInk = $0 { return true } else { return false } })
    }

    func testASingleClickSelectsFreeTextAndAPressDragMovesItWithoutAskingToEdit() {
        click(centre(box))
        XCTAssertEqual(interaction.selectedAnnotation, box.id)
        clock.advance(by: 0.1)
        // A second press, quick as a double click's, that drags: a move.
        contact(.began, centre(box), .mouse, seq: 0)
        for i in 1...5 {
            clock.advance(by: 0.01)
            contact(.moved, centre(box) + Vector(dx: Double(i) * 6, dy: 0), .mouse, seq: 0)
        }
        contact(.ended, centre(box) + Vector(dx: 30, dy: 0), .mouse, seq: 0)
        wait(0.5)
        XCTAssertEqual(editRequests, [])
        XCTAssertTrue(commands.contains(.beginTransform(box.id)))
        XCTAssertTrue(commands.contains(.endTransform(box.id, cancelled: false)))
    }

    func testDoubleClickDoesNotAskToEditWhileEditingIsDisabled() {
        interaction.engine.interactions.editAnnotation.isEnabled = false
        click(centre(box))
        clock.advance(by: 0.1)
        click(centre(box))
        wait(0.5)
        XCTAssertEqual(editRequests, [])
        XCTAssertEqual(interaction.selectedAnnotation, box.id, "it is still selected")
    }
}
