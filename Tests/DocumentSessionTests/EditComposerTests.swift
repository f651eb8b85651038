// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// Tool output turned into edits, headless: each result is one undoable step placed where the
/// document expects it, and nothing is an edit when nothing would change.
final class EditComposerTests: XCTestCase {
    /// A document's annotations as a test keeps them.
    struct Pages: AnnotationSource {
        var byPage: [PageIndex: [Annotation]] = [:]
        func annotations(on page: PageIndex) -> [Annotation] { byPage[page] ?? [] }
        func annotation(_ id: String) -> Annotation? { byPage.values.joined().first { $0.id == id } }
        func popupID(of annotation: Annotation) -> String? { annotation.popupID }
        func removal(of ids: [String]) -> [PlacedAnnotation] {
            byPage.values.flatMap { list in list.enumerated().filter { ids.contains($0.element.id) }.map { PlacedAnnotation($0.element, at: $0.offset) } }
        }
    }

    lazy var composer = EditComposer { page in CreationStamp(id: "p\(page.rawValue)-n\(Int.random(in: 0..<1_000_000))", author: "Ada", date: "D:20261126120000Z") }

    let square = Annotation(id: "s", page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 100, width: 50, height: 40),
                            color: .red, borderWidth: 2)

    func testAStrokeIsInsertedOnTopOfItsPageAsInk() throws {
        let pages = Pages(byPage: [PageIndex(0): [square]])
        let record = try XCTUnwrap(composer.ink([[InkPoint(location: Point(x: 10, y: 10), pressure: 0.5),
                                                  InkPoint(location: Point(x: 60, y: 30), pressure: 1)]], on: PageIndex(0), in: pages))
        XCTAssertEqual(record.name, "Ink")
        guard case .insert(let placed) = record.edit else { return XCTFail("an insertion") }
        XCTAssertEqual(placed.count, 1)
        XCTAssertEqual(placed[0].index, 1, "on top of the square")
        XCTAssertEqual(placed[0].annotation.subtype, .ink)
        XCTAssertEqual(placed[0].annotation.author, "Ada")
        guard case .ink(let strokes) = placed[0].annotation.geometry else { return XCTFail("ink geometry") }
        XCTAssertEqual(strokes.first?.pressures, [0.5, 1], "pressure kept")
    }

    func testShapesAreNamedForWhatWasDrawn() throws {
        let pages = Pages()
        XCTAssertEqual(composer.shape(.square, on: PageIndex(0), from: Point(x: 0, y: 0), to: Point(x: 50, y: 50), in: pages)?.name, "Rectangle")
        XCTAssertEqual(composer.shape(.arrow, on: PageIndex(0), from: Point(x: 0, y: 0), to: Point(x: 50, y: 0), in: pages)?.name, "Arrow")
    }

    func testSettingTheTextItHasIsNoEdit() throws {
        let note = Annotation(id: "n", page: PageIndex(0), subtype: .freeText, rect: Rect(x: 0, y: 0, width: 100, height: 20), contents: "Hello")
        let pages = Pages(byPage: [PageIndex(0): [note]])
        XCTAssertNil(composer.settingText("Hello", of: "n", in: pages))
        let record = try XCTUnwrap(composer.settingText("Hello again", of: "n", in: pages))
        XCTAssertEqual(record.name, "Edit Text")
        guard case .replace(let before, let after) = record.edit else { return XCTFail("a replacement") }
        XCTAssertEqual(before.first?.contents, "Hello")
        XCTAssertEqual(after.first?.contents, "Hello again")
        XCTAssertEqual(after.first?.modified, "D:20261126120000Z")
    }

    func testAGestureOfMovesIsOneMoveAndAResizeMakesItAResize() throws {
        let moved = square.moved(by: Vector(dx: 10, dy: 0))
        XCTAssertEqual(composer.transforms([(square, moved)], named: nil)?.name, "Move")
        let grown = square.resized(to: Rect(x: 100, y: 100, width: 80, height: 40))
        XCTAssertEqual(composer.transforms([(square, moved), (square, grown)], named: nil)?.name, "Resize")
        XCTAssertNil(composer.transforms([(square, square)], named: nil), "nothing moved: no edit")
    }

    func testALockedAnnotationIsNeitherDeletedNorChanged() throws {
        var locked = square
        locked.id = "locked"
        locked.flags |= AnnotationFlags.locked
        let pages = Pages(byPage: [PageIndex(0): [square, locked]])
        let deletion = try XCTUnwrap(composer.deleting([AnnotationID("s"), AnnotationID("locked")], in: pages))
        XCTAssertEqual(deletion.deleted.map(\.id), ["s"])
        XCTAssertNil(composer.changingProperties(of: [locked], named: "Change Colour") { $0.color = .black })
        XCTAssertEqual(composer.changingProperties(of: [square, locked], named: "Change Colour") { $0.color = .black }?.edit.annotationIDs, ["s"])
        XCTAssertNil(composer.changingProperties(of: [square], named: "Change Colour") { $0.color = .red }, "already red: no edit")
    }

    func testPastedCopiesAreShiftedOffTheOriginalsAndKeptOnThePage() throws {
        let pages = Pages(byPage: [PageIndex(0): [square]])
        let record = try XCTUnwrap(composer.pasting([square], onto: PageIndex(0), pageSize: Size(width: 420, height: 595), in: pages))
        guard case .insert(let placed) = record.edit, let copy = placed.first?.annotation else { return XCTFail("an insertion") }
        XCTAssertNotEqual(copy.id, square.id)
        XCTAssertEqual(copy.rect.minX, square.rect.minX + 12, accuracy: 0.01, "shifted off the original")
        var nearEdge = square
        nearEdge.rect = Rect(x: 400, y: 10, width: 50, height: 40)
        let kept = try XCTUnwrap(composer.pasting([nearEdge], onto: PageIndex(1), pageSize: Size(width: 420, height: 595), in: pages))
        guard case .insert(let placedKept) = kept.edit, let inside = placedKept.first?.annotation else { return XCTFail("an insertion") }
        XCTAssertLessThanOrEqual(inside.rect.maxX, 420.01, "kept on the page")
        XCTAssertEqual(inside.page, PageIndex(1))
    }
}
