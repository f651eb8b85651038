// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// Several annotations at once, a line's ends, and the context menu, through the composition a
/// document view uses (input in, host decisions out).
final class MultiSelectionTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    // One Letter page at zoom 1, its top-left at view (16, 16): PDF (x, y) is view (16 + x, 808 - y).
    let left = AnnotationTarget(id: AnnotationID("left"), kind: .square, page: PageIndex(0), bounds: Rect(x: 100, y: 500, width: 100, height: 100))
    let right = AnnotationTarget(id: AnnotationID("right"), kind: .circle, page: PageIndex(0), bounds: Rect(x: 300, y: 500, width: 100, height: 100))
    let locked = AnnotationTarget(id: AnnotationID("locked"), kind: .stamp, page: PageIndex(0), bounds: Rect(x: 100, y: 300, width: 100, height: 50), isLocked: true)
    let line = AnnotationTarget(id: AnnotationID("line"), kind: .line, page: PageIndex(0), bounds: Rect(x: 98, y: 98, width: 204, height: 104),
                                lineEnds: [Point(x: 100, y: 100), Point(x: 300, y: 200)])
    /// Text on the page: a band cannot start there (a drag selects text instead).
    let textArea = Rect(x: 16, y: 16, width: 600, height: 60)

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        interaction.setAnnotations([left, right, locked, line], on: PageIndex(0))
        let text = textArea
        interaction.characterLookup = { _, point in text.contains(Point(x: point.x + 16, y: point.y + 16)) ? 0 : nil }
    }

    private func view(_ x: Double, _ y: Double) -> Point { Point(x: 16 + x, y: 808 - y) }

    private func send(_ kind: InputEvent.Kind, at p: Point, seq: UInt64 = 1, button: PointerButton? = .primary, modifiers: Modifiers = [],
                      source: InputSource = .mouse) {
        clock.advance(by: 0.02)
        interaction.handle(InputEvent(kind: kind, source: source, sequence: InputSequenceID(seq), position: p, time: clock.now,
                                      button: button, modifiers: modifiers))
    }

    private func click(_ p: Point, modifiers: Modifiers = []) {
        send(.contact(.began), at: p, modifiers: modifiers)
        send(.contact(.ended), at: p, modifiers: modifiers)
    }

    private func drag(from a: Point, to b: Point, modifiers: Modifiers = [], steps: Int = 5) {
        send(.contact(.began), at: a, modifiers: modifiers)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            send(.contact(.moved), at: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), modifiers: modifiers)
        }
        send(.contact(.ended), at: b, modifiers: modifiers)
    }

    private var commands: [ToolCommand] {
        outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
    }

    func testShiftClickAddsToTheSelectionAndTakesOut() {
        click(view(150, 550))
        click(view(350, 550), modifiers: .shift)
        XCTAssertEqual(interaction.selectedAnnotations, [left.id, right.id])
        XCTAssertEqual(interaction.selectedAnnotation, right.id, "the last one selected is primary")
        click(view(150, 550), modifiers: .shift)
        XCTAssertEqual(interaction.selectedAnnotations, [right.id])
        click(view(150, 550))
        XCTAssertEqual(interaction.selectedAnnotations, [left.id], "a plain click selects only what it hits")
    }

    func testDraggingOneOfSeveralSelectedMovesThemAllByTheSameAmountOneCommandAStep() {
        click(view(150, 550))
        click(view(350, 550), modifiers: .shift)
        outputs = []
        drag(from: view(150, 550), to: view(170, 530))
        let begun = commands.compactMap { if case .beginTransform(let id) = $0 { return id } else { return nil } }
        XCTAssertEqual(Set(begun), [left.id, right.id])
        XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } },
                       "no command per annotation: the selection moves as one")
        var moved: [AnnotationID: Vector] = [:]
        var steps = 0
        for case .moveAnnotations(let ids, _, let v) in commands {
            steps += 1
            XCTAssertEqual(Set(ids), [left.id, right.id], "one command moves both (they are on one page)")
            for id in ids { moved[id, default: .zero] = moved[id, default: .zero] + v }
        }
        XCTAssertEqual(steps, 5, "one command a step")
        XCTAssertEqual(moved[left.id]?.dx ?? 0, 20, accuracy: 1e-9)
        XCTAssertEqual(moved[left.id]?.dy ?? 0, -20, accuracy: 1e-9)
        XCTAssertEqual(moved[right.id], moved[left.id])
        let ended = commands.compactMap { if case .endTransform(let id, false) = $0 { return id } else { return nil } }
        XCTAssertEqual(Set(ended), [left.id, right.id])
    }

    func testAMouseBandOnEmptySpaceSelectsWhatItMeetsAndShiftAddsToIt() {
        // From empty space below the squares to above them, across both.
        drag(from: view(80, 480), to: view(350, 560))
        XCTAssertEqual(Set(interaction.selectedAnnotations), [left.id, right.id])
        XCTAssertTrue(commands.contains { if case .selectionBand(let r?) = $0 { return r.width > 200 } else { return false } }, "the band is shown")
        XCTAssertEqual(commands.last { if case .selectionBand = $0 { return true } else { return false } }, .selectionBand(nil))
        XCTAssertTrue(outputs.contains(.selectionChanged(interaction.selectedAnnotation)))
        // Shift and another band add the locked stamp (selectable, not movable).
        drag(from: view(80, 290), to: view(120, 320), modifiers: .shift)
        XCTAssertEqual(Set(interaction.selectedAnnotations), [left.id, right.id, locked.id])
    }

    func testABandCannotStartOnTextOrWithAFingerOrWhenSelectionIsDisabled() {
        drag(from: Point(x: 100, y: 40), to: view(350, 560))
        XCTAssertEqual(interaction.selectedAnnotations, [], "a drag starting on text selects text")
        drag(from: view(80, 480), to: view(350, 560))
        interaction.deselectAnnotation()
        interaction.engine.interactions.selectAnnotation.isEnabled = false
        drag(from: view(80, 480), to: view(350, 560))
        XCTAssertEqual(interaction.selectedAnnotations, [], "the selectAnnotation component governs the band")
    }

    func testResizingSeveralScalesThemInsideTheirCommonBox() {
        click(view(150, 550))
        click(view(350, 550), modifiers: .shift)
        outputs = []
        // The common box spans PDF x 100…400; drag its right edge 300 pt → 600 pt wide: twice as wide.
        drag(from: view(400, 550), to: view(700, 550))
        var last: [AnnotationID: Rect] = [:]
        for case .resizeAnnotation(let id, let r) in commands { last[id] = r }
        XCTAssertEqual(last[left.id]?.minX ?? 0, 100, accuracy: 1e-6)
        XCTAssertEqual(last[left.id]?.width ?? 0, 200, accuracy: 1e-6)
        XCTAssertEqual(last[right.id]?.minX ?? 0, 500, accuracy: 1e-6)
        XCTAssertEqual(last[right.id]?.width ?? 0, 200, accuracy: 1e-6)
        XCTAssertEqual(last[right.id]?.height ?? 0, 100, accuracy: 1e-6)
    }

    func testDeleteRemovesEveryUnlockedSelectedAnnotationAsOneCommand() {
        click(view(150, 550))
        click(view(350, 550), modifiers: .shift)
        click(view(150, 325), modifiers: .shift)
        outputs = []
        send(.key(name: "Delete", pressed: true), at: .zero, button: nil)
        XCTAssertEqual(commands.filter { if case .deleteAnnotations = $0 { return true } else { return false } },
                       [.deleteAnnotations([left.id, right.id])], "one step; the locked stamp stays")
        XCTAssertEqual(interaction.selectedAnnotations, [])
    }

    func testEachEndOfASelectedLineDragsOnItsOwnAndShiftKeepsItAtFortyFiveDegrees() {
        click(view(200, 150))
        XCTAssertEqual(interaction.selectedAnnotations, [line.id])
        outputs = []
        drag(from: view(300, 200), to: view(320, 260))
        guard case .moveLineEnd(line.id, 1, let end)? = commands.last(where: { if case .moveLineEnd = $0 { return true } else { return false } })
        else { return XCTFail("\(commands)") }
        XCTAssertEqual(end.x, 320, accuracy: 1e-6)
        XCTAssertEqual(end.y, 260, accuracy: 1e-6)
        XCTAssertFalse(commands.contains { if case .resizeAnnotation = $0 { return true } else { return false } })
        XCTAssertEqual(commands.last, .endTransform(line.id, cancelled: false))
        outputs = []
        drag(from: view(100, 100), to: view(140, 196), modifiers: .shift)
        guard case .moveLineEnd(line.id, 0, let start)? = commands.last(where: { if case .moveLineEnd = $0 { return true } else { return false } })
        else { return XCTFail("\(commands)") }
        XCTAssertEqual(start.y, 200, accuracy: 1e-6, "Shift: level with the other end (180°)")
        XCTAssertEqual(start.x, 140, accuracy: 1e-6)
    }

    func testASecondaryClickOnAnAnnotationSelectsItAndAsksForItsMenuAndElsewhereForThePageMenu() {
        send(.contact(.began), at: view(150, 550), button: .secondary)
        send(.contact(.ended), at: view(150, 550), button: .secondary)
        XCTAssertEqual(interaction.selectedAnnotations, [left.id])
        XCTAssertTrue(outputs.contains(.contextMenu(at: view(150, 550), annotation: left.id)), "\(outputs)")
        click(view(350, 550), modifiers: .shift)
        send(.contact(.began), at: view(160, 560), seq: 2, button: .secondary)
        XCTAssertEqual(interaction.selectedAnnotations, [left.id, right.id], "inside the selection it stays whole")
        send(.contact(.began), at: view(500, 700), seq: 3, button: .secondary)
        XCTAssertTrue(outputs.contains(.contextMenu(at: view(500, 700), annotation: nil)))
    }

    func testWithSelectionDisabledASecondaryClickOnAnAnnotationOpensOnlyThePageMenu() {
        interaction.engine.interactions.selectAnnotation.isEnabled = false
        send(.contact(.began), at: view(150, 550), button: .secondary)
        XCTAssertEqual(interaction.selectedAnnotations, [])
        XCTAssertTrue(outputs.contains(.contextMenu(at: view(150, 550), annotation: nil)))
    }
}
