// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// A finger held on an annotation lifts it: it then drags with that finger (a second finger
/// scrolls meanwhile), or, lifted in place, asks for the annotation's menu; a finger's text
/// selection ends with a menu of what to do with the text.
final class TouchLiftTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    // One Letter page at zoom 1, its top-left at view (16, 16): PDF (x, y) is view (16 + x, 808 - y).
    let square = AnnotationTarget(id: AnnotationID("sq"), kind: .square, page: PageIndex(0), bounds: Rect(x: 100, y: 500, width: 200, height: 100))
    var squareCentre: Point { Point(x: 16 + 200, y: 808 - 550) }
    /// Text fills a band at the page's top (view y 16…116).
    let textBand = Rect(x: 16, y: 16, width: 612, height: 100)

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        interaction.setAnnotations([square], on: PageIndex(0))
        let band = textBand
        interaction.characterLookup = { _, p in band.contains(Point(x: p.x + 16, y: p.y + 16)) ? Int(p.x) : nil }
        interaction.nearestCharacterLookup = { _, p in Int(max(0, min(596, p.x))) }
    }

    private func touch(_ phase: InputPhase, _ p: Point, finger: UInt64 = 1) {
        interaction.handle(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(finger), position: p, time: clock.now))
    }

    private func wait(_ seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end {
            clock.advance(by: 0.05)
            interaction.tick(at: clock.now)
        }
    }

    private var commands: [ToolCommand] {
        outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
    }

    private var scrolled: Double {
        outputs.reduce(0) { sum, o in if case .navigate(.scroll(let v)) = o { return sum + v.dy } else { return sum } }
    }

    func testAHoldLiftsAndSelectsAndLiftingInPlaceAsksForTheMenu() {
        touch(.began, squareCentre)
        wait(0.7)
        XCTAssertEqual(interaction.selectedAnnotation, square.id)
        XCTAssertTrue(outputs.contains(.lift(square.id)))
        touch(.ended, squareCentre)
        XCTAssertTrue(outputs.contains(.contextMenu(at: squareCentre, annotation: square.id)), "\(outputs)")
        XCTAssertEqual(outputs.last { if case .lift = $0 { return true } else { return false } }, .lift(nil))
        XCTAssertFalse(commands.contains { if case .beginTransform = $0 { return true } else { return false } }, "nothing moved")
    }

    func testAHeldAnnotationDragsWithTheFingerAsOneMoveAndNoMenu() {
        touch(.began, squareCentre)
        wait(0.7)
        for i in 1...8 {
            clock.advance(by: 0.016)
            touch(.moved, Point(x: squareCentre.x + Double(i) * 5, y: squareCentre.y + Double(i) * 5))
        }
        touch(.ended, Point(x: squareCentre.x + 40, y: squareCentre.y + 40))
        var moved = Vector.zero
        for case .moveAnnotation(square.id, let v) in commands { moved = moved + v }
        // Movement starts past 10 px of slop: the moves add up to the finger's travel since then.
        XCTAssertGreaterThan(moved.dx, 25)
        XCTAssertEqual(moved.dx, -moved.dy, accuracy: 1e-9, "view down is PDF down")
        XCTAssertEqual(commands.filter { if case .beginTransform = $0 { return true } else { return false } }.count, 1)
        XCTAssertEqual(commands.last, .endTransform(square.id, cancelled: false))
        XCTAssertFalse(outputs.contains { if case .contextMenu = $0 { return true } else { return false } })
    }

    func testASecondFingerScrollsWhileTheFirstHoldsTheAnnotation() {
        touch(.began, squareCentre)
        wait(0.7)
        let before = scrolled
        touch(.began, Point(x: 600, y: 700), finger: 2)
        for i in 1...10 {
            clock.advance(by: 0.016)
            touch(.moved, Point(x: 600, y: 700 - Double(i) * 10), finger: 2)
        }
        touch(.ended, Point(x: 600, y: 600), finger: 2)
        XCTAssertGreaterThan(scrolled - before, 50, "the second finger scrolled the document")
        XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } },
                       "the held annotation does not follow the second finger")
        touch(.ended, squareCentre)
    }

    func testWithSelectionDisabledAHoldOnAnAnnotationLiftsNothing() {
        interaction.engine.interactions.selectAnnotation.isEnabled = false
        touch(.began, squareCentre)
        wait(0.7)
        touch(.ended, squareCentre)
        XCTAssertNil(interaction.selectedAnnotation)
        XCTAssertFalse(outputs.contains { if case .lift(_?) = $0 { return true } else { return false } })
        XCTAssertFalse(outputs.contains { if case .contextMenu = $0 { return true } else { return false } })
    }

    func testAFingersTextSelectionEndsWithTheTextMenu() {
        let start = Point(x: 100, y: 60)
        touch(.began, start)
        wait(0.7)
        touch(.moved, Point(x: 300, y: 60))
        touch(.ended, Point(x: 300, y: 60))
        // The page's characters are numbered by their x in this scene: from 84 (the press) to 284.
        XCTAssertEqual(interaction.textSelection, TextSelection(page: PageIndex(0), anchor: 84, focus: 284))
        XCTAssertTrue(outputs.contains(.textSelectionChanged(TextSelection(page: PageIndex(0), anchor: 84, focus: 284))))
        XCTAssertTrue(outputs.contains(.textMenu(at: Point(x: 300, y: 60))), "\(outputs)")
        XCTAssertFalse(outputs.contains { if case .lift = $0 { return true } else { return false } })
    }

    func testAFingerOnAnAnnotationShowsItPressedAfterTheTouchDelayUntilItLifts() {
        touch(.began, squareCentre)
        XCTAssertFalse(outputs.contains(.pressed(square.id)), "not at once: it may still become a scroll")
        wait(0.2)
        XCTAssertTrue(outputs.contains(.pressed(square.id)))
        touch(.ended, squareCentre)
        XCTAssertEqual(outputs.last { if case .pressed = $0 { return true } else { return false } }, .pressed(nil))
    }

    func testAFingerThatScrollsNeverShowsThePress() {
        touch(.began, squareCentre)
        for i in 1...6 {
            clock.advance(by: 0.016)
            touch(.moved, Point(x: squareCentre.x, y: squareCentre.y - Double(i) * 12))
        }
        wait(0.2)
        touch(.ended, Point(x: squareCentre.x, y: squareCentre.y - 72))
        XCTAssertFalse(outputs.contains(.pressed(square.id)), "\(outputs)")
        XCTAssertGreaterThan(scrolled, 0)
    }
}
