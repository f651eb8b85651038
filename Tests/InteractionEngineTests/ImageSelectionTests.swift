// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine
import XCTest

/// Images of a page's content are selected by the interaction: with no tool picked, a press
/// on an image where there is no text selects it, a finger's long press there too (then asks
/// for the menu), a secondary click selects it for the menu, and a press elsewhere, a text
/// selection or the selectText component switched off leave it alone.
final class ImageSelectionTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    /// A photo in the page's middle (PDF space, y up): view x 116…316, y 258…408.
    let photo = PageImage(page: PageIndex(0), id: 1, rect: Rect(x: 100, y: 400, width: 200, height: 150))
    /// A banner under the text at the page's top (view y 16…216): text wins where both are.
    let banner = PageImage(page: PageIndex(0), id: 0, rect: Rect(x: 0, y: 592, width: 612, height: 200))

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        // Text covers the page's top 100 points.
        interaction.characterLookup = { _, p in p.y < 100 ? Int(p.x) : nil }
        interaction.nearestCharacterLookup = { _, p in Int(max(0, min(611, p.x))) }
        interaction.imageLookup = { [banner, photo] page in page == PageIndex(0) ? [banner, photo] : nil }
    }

    private func mouse(_ phase: InputPhase, _ x: Double, _ y: Double, button: PointerButton = .primary) {
        clock.advance(by: 0.02)
        interaction.handle(InputEvent(kind: .contact(phase), source: .mouse, position: Point(x: x, y: y), time: clock.now, button: button))
    }

    private func click(_ x: Double, _ y: Double, button: PointerButton = .primary) {
        mouse(.began, x, y, button: button)
        mouse(.ended, x, y, button: button)
        clock.advance(by: 0.5)
        interaction.tick(at: clock.now)
    }

    private func finger(_ phase: InputPhase, _ x: Double, _ y: Double) {
        interaction.handle(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(7), position: Point(x: x, y: y), time: clock.now))
    }

    func testAClickOnAnImageWhereThereIsNoTextSelectsIt() {
        click(200, 330)
        XCTAssertEqual(interaction.selectedImage, photo)
        XCTAssertTrue(outputs.contains(.imageSelectionChanged(photo)))
        XCTAssertNil(interaction.textSelection)
    }

    func testAClickOnTextOverAnImageSelectsNoImage() {
        click(200, 60)
        XCTAssertNil(interaction.selectedImage, "text is there: the press is the text's")
        click(200, 160)
        XCTAssertEqual(interaction.selectedImage, banner, "below the text, the banner")
    }

    func testAClickBesideTheImageOrSelectedTextLetsGoOfIt() {
        click(200, 330)
        click(500, 600)
        XCTAssertNil(interaction.selectedImage)
        XCTAssertEqual(outputs.last { if case .imageSelectionChanged = $0 { return true } else { return false } }, .imageSelectionChanged(nil))
        click(200, 330)
        interaction.setTextSelection(TextSelection(page: PageIndex(0), anchor: 3, focus: 9))
        XCTAssertNil(interaction.selectedImage, "one selection at a time")
    }

    func testAFingersLongPressOnAnImageSelectsItAndLiftingAsksForTheMenu() {
        finger(.began, 200, 330)
        for _ in 0..<20 {
            clock.advance(by: 0.05)
            interaction.tick(at: clock.now)
        }
        XCTAssertEqual(interaction.selectedImage, photo)
        finger(.ended, 200, 330)
        XCTAssertTrue(outputs.contains(.contextMenu(at: Point(x: 200, y: 330), annotation: nil)))
        XCTAssertEqual(interaction.selectedImage, photo, "still selected for the menu")
    }

    func testASecondaryClickOnAnImageSelectsItForThePagesMenu() {
        click(200, 330, button: .secondary)
        XCTAssertEqual(interaction.selectedImage, photo)
        XCTAssertTrue(outputs.contains(.contextMenu(at: Point(x: 200, y: 330), annotation: nil)))
    }

    func testWithTextInteractionsDisabledNoImageIsSelected() {
        interaction.engine.interactions.selectText.isEnabled = false
        click(200, 330)
        finger(.began, 200, 330)
        for _ in 0..<20 {
            clock.advance(by: 0.05)
            interaction.tick(at: clock.now)
        }
        finger(.ended, 200, 330)
        XCTAssertNil(interaction.selectedImage)
    }

    func testWithAToolPickedAPressOnAnImageSelectsNothing() {
        interaction.pick(.square)
        click(200, 330)
        XCTAssertNil(interaction.selectedImage)
    }

    func testAPressAfterAMenuWhoseReleaseNeverCameLetsGoOfTheImage() {
        click(200, 330)
        // The secondary press opens the menu, which takes its release.
        mouse(.began, 200, 330, button: .secondary)
        XCTAssertTrue(outputs.contains(.contextMenu(at: Point(x: 200, y: 330), annotation: nil)))
        click(500, 600)
        XCTAssertNil(interaction.selectedImage, "the next click is a click of its own")
    }
}
