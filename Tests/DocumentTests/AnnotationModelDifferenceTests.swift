// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import SeededRandom
import XCTest
@testable import Document

/// The edits between two models (what a journal holds when no history leads from a saved state
/// to the current one) turn the first into the second.
final class AnnotationModelDifferenceTests: XCTestCase {
    func square(_ id: String, page: Int = 0, x: Double = 10) -> Annotation {
        Annotation(id: id, page: PageIndex(page), subtype: .square, rect: Rect(x: x, y: 10, width: 20, height: 30), color: .red)
    }

    func loaded(_ annotations: [Annotation], pages: Int = 3) -> AnnotationModel {
        var model = AnnotationModel()
        for p in 0..<pages { model.load(annotations.filter { $0.page.rawValue == p }, on: PageIndex(p)) }
        return model
    }

    func testTheDifferenceAppliedToTheOldModelGivesTheNewOne() throws {
        let old = loaded([square("a"), square("b", x: 50), square("c", page: 1), square("d", page: 2)])
        let new = loaded([square("a", x: 30), square("e", x: 70), square("c", page: 1), square("b", page: 2, x: 5), square("f", page: 2, x: 90)])
        var model = old
        for edit in new.edits(from: old) { try model.apply(edit) }
        for page in 0..<3 { XCTAssertEqual(model.annotations(on: PageIndex(page)), new.annotations(on: PageIndex(page)), "page \(page)") }
    }

    func testRandomEditSequencesAreRebuiltFromTheirDifference() throws {
        var random = SeededGenerator(seed: 42)
        for round in 0..<50 {
            let old = loaded((0..<6).map { square("s\($0)", page: Int(random.next() % 3), x: Double($0) * 10) })
            var new = old
            for step in 0..<8 {
                let page = PageIndex(Int(random.next() % 3))
                let list = new.annotations(on: page)
                switch random.next() % 3 {
                case 0:
                    let a = square("n\(round)-\(step)", page: page.rawValue, x: random.unit() * 100)
                    try new.apply(.insert([PlacedAnnotation(a, at: Int(random.next() % UInt64(list.count + 1)))]))
                case 1 where !list.isEmpty:
                    try new.apply(.remove(new.removal(of: [list[Int(random.next() % UInt64(list.count))].id])))
                default:
                    guard let a = list.first else { continue }
                    var moved = a
                    moved.rect = Rect(x: random.unit() * 100, y: 10, width: 20, height: 30)
                    try new.apply(.replace(before: [a], after: [moved]))
                }
            }
            var model = old
            for edit in new.edits(from: old) { try model.apply(edit) }
            for page in 0..<3 {
                XCTAssertEqual(Set(model.annotations(on: PageIndex(page))), Set(new.annotations(on: PageIndex(page))), "round \(round), page \(page)")
            }
        }
    }

    func testPagesTheOldModelHadNotReadAreComparedWithWhatTheFileHad() throws {
        var old = AnnotationModel()
        old.load([square("a")], on: PageIndex(0))
        let new = loaded([square("a"), square("b", page: 1, x: 40), square("c", page: 1)], pages: 2)
        var model = old
        let unloaded = [PageIndex(1): [square("c", page: 1)]]
        model.load(unloaded[PageIndex(1)]!, on: PageIndex(1))
        for edit in new.edits(from: old, unloaded: unloaded) { try model.apply(edit) }
        XCTAssertEqual(model.annotations(on: PageIndex(1)).map(\.id).sorted(), ["b", "c"])
    }
}
