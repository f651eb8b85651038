// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// A finger's text selection: a long press takes the word, the selection shows handles, a
/// finger on either handle drags that end (the other stays) and lifting asks for the menu
/// again; a mouse's selection shows none, and with selectText disabled handles do nothing.
final class SelectionHandleTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    /// Text fills a band at the page's top (view y 16…116); characters are numbered by their x
    /// on the page, and words are ten characters long.
    let textBand = Rect(x: 16, y: 16, width: 612, height: 100)

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        let band = textBand
        interaction.characterLookup = { _, p in band.contains(Point(x: p.x + 16, y: p.y + 16)) ? Int(p.x) : nil }
        interaction.nearestCharacterLookup = { _, p in Int(max(0, min(596, p.x))) }
        interaction.textUnitLookup = { _, i, _ in (i / 10 * 10)...(i / 10 * 10 + 9) }
    }

    private func touch(_ phase: InputPhase, _ p: Point, finger: UInt64 = 1) {
        clock.advance(by: 0.02)
        interaction.handle(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(finger), position: p, time: clock.now))
    }

    private func wait(_ seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end {
            clock.advance(by: 0.05)
            interaction.tick(at: clock.now)
        }
    }

    /// The host's part: the view points under the first and last selected characters.
    private func publishEnds() {
        guard let s = interaction.textSelection else { interaction.textSelectionEnds = nil; return }
        let r = s.range(on: PageIndex(0), characterCount: 597)!
        interaction.textSelectionEnds = (Point(x: 16 + Double(r.lowerBound), y: 70), Point(x: 16 + Double(r.upperBound) + 1, y: 70))
    }

    private func longPressWord(at p: Point) {
        touch(.began, p)
        wait(0.7)
        touch(.ended, p)
        publishEnds()
    }

    func testALongPressSelectsTheWordAndShowsHandles() {
        longPressWord(at: Point(x: 116, y: 60))
        XCTAssertEqual(interaction.textSelection, TextSelection(page: PageIndex(0), anchor: 100, focus: 109))
        XCTAssertTrue(interaction.showsSelectionHandles)
        XCTAssertTrue(outputs.contains { if case .textMenu = $0 { return true } else { return false } })
    }

    func testDraggingTheEndHandleMovesTheEndAndAsksForTheMenuAgain() {
        longPressWord(at: Point(x: 116, y: 60))
        outputs.removeAll()
        touch(.began, Point(x: 127, y: 80))
        touch(.moved, Point(x: 200, y: 80))
        touch(.ended, Point(x: 250, y: 80))
        let s = try! XCTUnwrap(interaction.textSelection)
        XCTAssertEqual(s.range(on: PageIndex(0), characterCount: 597)?.lowerBound, 100, "the start stays")
        XCTAssertEqual(s.range(on: PageIndex(0), characterCount: 597)?.upperBound ?? 0, 233, accuracy: 2, "the end follows the handle")
        XCTAssertTrue(outputs.contains(.textMenu(at: Point(x: 250, y: 80))))
        XCTAssertFalse(outputs.contains { if case .navigate(.scroll) = $0 { return true } else { return false } }, "the drag does not scroll")
    }

    func testDraggingTheStartHandleMovesTheStartBackwards() {
        longPressWord(at: Point(x: 116, y: 60))
        touch(.began, Point(x: 114, y: 82))
        touch(.moved, Point(x: 60, y: 82))
        touch(.ended, Point(x: 40, y: 82))
        let r = try! XCTUnwrap(interaction.textSelection?.range(on: PageIndex(0), characterCount: 597))
        XCTAssertEqual(r.upperBound, 109, "the end stays")
        XCTAssertEqual(r.lowerBound, 26, accuracy: 2)
    }

    func testAMouseSelectionHasNoHandlesAndDisabledSelectionIgnoresThem() {
        interaction.handle(InputEvent(kind: .contact(.began), source: .mouse, sequence: InputSequenceID(9), position: Point(x: 50, y: 60),
                                      time: clock.now, button: .primary))
        interaction.setTextSelection(TextSelection(page: PageIndex(0), anchor: 10, focus: 20))
        XCTAssertFalse(interaction.showsSelectionHandles)
        interaction.handle(InputEvent(kind: .contact(.ended), source: .mouse, sequence: InputSequenceID(9), position: Point(x: 50, y: 60),
                                      time: clock.now, button: .primary))

        longPressWord(at: Point(x: 116, y: 60))
        interaction.engine.interactions.selectText.isEnabled = false
        let before = interaction.textSelection
        touch(.began, Point(x: 127, y: 80), finger: 3)
        touch(.moved, Point(x: 300, y: 80), finger: 3)
        touch(.ended, Point(x: 300, y: 80), finger: 3)
        XCTAssertEqual(interaction.textSelection?.range(on: PageIndex(0), characterCount: 597),
                       before?.range(on: PageIndex(0), characterCount: 597), "no handle drag while selectText is off")
    }
}
