// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// The text selection has one owner, the document interaction: the selectText component's
/// drag starts and extends it, a tap elsewhere ends it, and picking a markup tool marks it.
final class TextSelectionOwnershipTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        // Text covers the page's top 100 points; a character is numbered by its x.
        interaction.characterLookup = { _, p in p.y < 100 ? Int(p.x) : nil }
        interaction.nearestCharacterLookup = { _, p in Int(max(0, min(611, p.x))) }
    }

    private func mouse(_ phase: InputPhase, _ x: Double, _ y: Double) {
        clock.advance(by: 0.02)
        interaction.handle(InputEvent(kind: .contact(phase), source: .mouse, position: Point(x: x, y: y), time: clock.now, button: .primary))
    }

    func testAMouseDragOverTextSelectsFromThePressToWhereTheDragIs() {
        mouse(.began, 116, 50)
        for x in stride(from: 130.0, through: 316, by: 20) { mouse(.moved, x, 60) }
        mouse(.moved, 316, 60)
        mouse(.ended, 316, 60)
        XCTAssertEqual(interaction.textSelection, TextSelection(page: PageIndex(0), anchor: 100, focus: 300))
        XCTAssertEqual(outputs.last { if case .textSelectionChanged = $0 { return true } else { return false } },
                       .textSelectionChanged(TextSelection(page: PageIndex(0), anchor: 100, focus: 300)))
        XCTAssertFalse(outputs.contains(.textMenu(at: Point(x: 316, y: 60))), "the menu is for fingers")
    }

    func testATapElsewhereEndsTheSelection() {
        interaction.setTextSelection(TextSelection(page: PageIndex(0), anchor: 3, focus: 9))
        mouse(.began, 300, 600)
        mouse(.ended, 300, 600)
        clock.advance(by: 0.5)
        interaction.tick(at: clock.now)
        XCTAssertNil(interaction.textSelection)
        XCTAssertTrue(outputs.contains(.textSelectionChanged(nil)))
    }

    func testPickingAMarkupToolMarksTheSelectionOnce() {
        let selection = TextSelection(page: PageIndex(0), anchor: 3, focus: 9)
        interaction.setTextSelection(selection)
        interaction.pick(.underline)
        XCTAssertTrue(outputs.contains(.tool(.markText(.underline, selection))))
        XCTAssertNil(interaction.textSelection)
        outputs = []
        interaction.pick(nil)
        interaction.pick(.highlighter)
        XCTAssertFalse(outputs.contains { if case .tool(.markText) = $0 { return true } else { return false } }, "nothing left to mark")
    }

    func testWithTextInteractionsDisabledADragOverTextSelectsNothing() {
        interaction.engine.interactions.allTextInteractions.isEnabled = false
        mouse(.began, 116, 50)
        mouse(.moved, 216, 50)
        mouse(.ended, 216, 50)
        XCTAssertNil(interaction.textSelection)
    }

    func testADragRunsOntoTheNextPageAndTheSelectionCoversBothInReadingOrder() {
        let pages = [PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792)),
                     PageGeometry(index: PageIndex(1), frame: Rect(x: 16, y: 824, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))]
        interaction.setPages(pages, view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 1700))
        mouse(.began, 116, 50)
        for y in stride(from: 100.0, through: 850, by: 50) { mouse(.moved, 216, y) }
        mouse(.moved, 216, 860)
        mouse(.ended, 216, 860)
        let selection = try? XCTUnwrap(interaction.textSelection)
        XCTAssertEqual(selection?.page, PageIndex(0))
        XCTAssertEqual(selection?.focusPage, PageIndex(1))
        XCTAssertEqual(selection?.range(on: PageIndex(0), characterCount: 500), 100...499, "the first page to its end")
        XCTAssertEqual(selection?.range(on: PageIndex(1), characterCount: 500), 0...200, "the second from its start")
        // Backwards across pages reads the same way.
        let backwards = TextSelection(page: PageIndex(1), anchor: 200, focusPage: PageIndex(0), focus: 100)
        XCTAssertEqual(backwards.range(on: PageIndex(0), characterCount: 500), 100...499)
        XCTAssertEqual(backwards.range(on: PageIndex(1), characterCount: 500), 0...200)
        XCTAssertNil(backwards.range(on: PageIndex(2), characterCount: 500))
        let whole = TextSelection(page: PageIndex(0), anchor: 0, focusPage: PageIndex(2), focus: TextSelection.endOfPage)
        XCTAssertEqual(whole.range(on: PageIndex(2), characterCount: 40), 0...39, "to the end of a page not yet read")
    }
}
