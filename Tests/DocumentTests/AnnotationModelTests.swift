// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import SeededRandom
import XCTest
@testable import Document

final class AnnotationModelTests: XCTestCase {
    func square(_ id: String, page: Int = 0, x: Double = 10) -> Annotation {
        Annotation(id: id, page: PageIndex(page), subtype: .square, rect: Rect(x: x, y: 10, width: 20, height: 30), color: .red)
    }

    func loaded(_ annotations: [Annotation], pages: Int = 2) -> AnnotationModel {
        var model = AnnotationModel()
        for p in 0..<pages { model.load(annotations.filter { $0.page.rawValue == p }, on: PageIndex(p)) }
        return model
    }

    func testApplyingAnEditThenItsInverseRestoresTheModel() throws {
        let original = loaded([square("a"), square("b", x: 50), square("c", page: 1)])
        var model = original
        let moved = square("b", x: 80)
        let inverse = try model.apply(.replace(before: [square("b", x: 50)], after: [moved]))
        XCTAssertEqual(model.annotation("b"), moved)
        try model.apply(inverse)
        XCTAssertEqual(model, original)
    }

    func testLookupsAndMovesFindEachAnnotationAfterOthersCameAndWentBeforeIt() throws {
        let original = loaded((0..<50).map { square("s\($0)", x: Double($0)) })
        var model = original
        // Others come and go before them: every place after changes.
        try model.apply(.insert([PlacedAnnotation(square("new", x: 500), at: 0)]))
        try model.apply(.remove(model.removal(of: ["s3", "s10"])))
        XCTAssertEqual(model.annotation("s20")?.rect.minX, 20)
        XCTAssertEqual(model.placement(of: "s20")?.index, 19)
        XCTAssertNil(model.annotation("s10"))
        let kept = model.annotations(on: PageIndex(0)).filter { $0.id != "new" }
        let moved = kept.map { $0.moved(by: Vector(dx: 5, dy: 0)) }
        let inverse = try model.apply(.replace(before: kept, after: moved))
        XCTAssertEqual(model.annotations(on: PageIndex(0)).map(\.id), ["new"] + kept.map(\.id), "in place, in drawing order")
        XCTAssertEqual(model.annotation("s49"), moved.last)
        try model.apply(inverse)
        XCTAssertEqual(model.annotations(on: PageIndex(0)), [square("new", x: 500)] + kept)
        // The same annotations are the same model, whatever was looked up on the way.
        var other = loaded(model.annotations(on: PageIndex(0)))
        XCTAssertEqual(other, model)
        XCTAssertEqual(other.hashValue, model.hashValue)
        _ = try other.apply(.replace(before: [kept[0]], after: [kept[0]]))
        XCTAssertEqual(other, model)
    }

    func testAMoveByManyStepsAtOnceIsTheMoveStepByStep() {
        var rng = SeededGenerator(seed: 7)
        func value(_ scale: Double) -> Double { Quantize.value((rng.unit() - 0.5) * scale) }
        let points = (0..<40).map { _ in Point(x: 300 + value(200), y: 400 + value(200)) }
        let shapes = [
            Annotation(id: "ink", page: PageIndex(0), subtype: .ink, rect: Rect(x: 190, y: 290, width: 220, height: 220),
                       geometry: .ink([InkStroke(points: points, pressures: points.map { _ in rng.unit() })])),
            Annotation(id: "line", page: PageIndex(0), subtype: .line, rect: Rect(x: 10, y: 10, width: 50, height: 20),
                       geometry: .line(start: Point(x: 11, y: 12), end: Point(x: 58, y: 29), startEnding: .none, endEnding: .openArrow)),
            Annotation(id: "marks", page: PageIndex(0), subtype: .highlight, rect: Rect(x: 10, y: 100, width: 80, height: 12),
                       geometry: .quadPoints(Array(points.prefix(8)))),
            square("box"),
        ]
        // Steps of a carry: small, not on the grid, some back and forth.
        let steps = (0..<180).map { _ in Vector(dx: (rng.unit() - 0.4) * 3.7, dy: (rng.unit() - 0.5) * 2.9) }
        for a in shapes {
            XCTAssertEqual(a.moved(byEach: steps), steps.reduce(a) { $0.moved(by: $1) }, a.id)
            XCTAssertEqual(a.moved(byEach: []), a)
            XCTAssertEqual(a.rectMoved(by: steps[0]), a.moved(by: steps[0]).rect)
        }
    }

    func testRemoveThenUndoPutsTheAnnotationBackAtItsPlaceInDrawingOrder() throws {
        let original = loaded([square("a"), square("b"), square("c")])
        var model = original
        let inverse = try model.apply(.remove(model.removal(of: ["b"])))
        XCTAssertEqual(model.annotations(on: PageIndex(0)).map(\.id), ["a", "c"])
        try model.apply(inverse)
        XCTAssertEqual(model.annotations(on: PageIndex(0)).map(\.id), ["a", "b", "c"])
        XCTAssertEqual(model, original)
    }

    func testAnEditThatDoesNotFitChangesNothing() {
        var model = loaded([square("a"), square("b")])
        let before = model
        // The second removal names a value that differs from the model's: the first must not stay applied.
        XCTAssertThrowsError(try model.apply(.remove([PlacedAnnotation(square("b"), at: 1), PlacedAnnotation(square("a", x: 99), at: 0)])))
        XCTAssertEqual(model, before)
        XCTAssertThrowsError(try model.apply(.insert([PlacedAnnotation(square("a"), at: 0)])), "duplicate id")
        XCTAssertThrowsError(try model.apply(.insert([PlacedAnnotation(square("z", page: 5), at: 0)])), "page not loaded")
        XCTAssertEqual(model, before)
    }

    func testMoveAndResizeTransformGeometryWithTheRectangle() {
        let ink = Annotation(id: "i", page: PageIndex(0), subtype: .ink, rect: Rect(x: 0, y: 0, width: 100, height: 50),
                             geometry: .ink([InkStroke(points: [Point(x: 0, y: 0), Point(x: 100, y: 50)], pressures: [0.2, 0.9])]))
        let moved = ink.moved(by: Vector(dx: 5, dy: -5))
        XCTAssertEqual(moved.rect, Rect(x: 5, y: -5, width: 100, height: 50))
        XCTAssertEqual(moved.geometry, .ink([InkStroke(points: [Point(x: 5, y: -5), Point(x: 105, y: 45)], pressures: [0.2, 0.9])]))
        let resized = ink.resized(to: Rect(x: 10, y: 10, width: 200, height: 25))
        XCTAssertEqual(resized.rect, Rect(x: 10, y: 10, width: 200, height: 25))
        XCTAssertEqual(resized.geometry, .ink([InkStroke(points: [Point(x: 10, y: 10), Point(x: 210, y: 35)], pressures: [0.2, 0.9])]))
        let line = Annotation(id: "l", page: PageIndex(0), subtype: .line, rect: Rect(x: 0, y: 0, width: 10, height: 10),
                              geometry: .line(start: .zero, end: Point(x: 10, y: 10), startEnding: .none, endEnding: .openArrow))
        XCTAssertEqual(line.moved(by: Vector(dx: 1, dy: 2)).geometry,
                       .line(start: Point(x: 1, y: 2), end: Point(x: 11, y: 12), startEnding: .none, endEnding: .openArrow))
    }

    func testAFileAppearanceIsKeptButAMissingOneIsDrawnAfterAMove() {
        var a = square("a")
        a.appearance = .file
        XCTAssertEqual(a.moved(by: Vector(dx: 1, dy: 1)).appearance, .file)
        a.appearance = .absent
        XCTAssertEqual(a.moved(by: Vector(dx: 1, dy: 1)).appearance, .generated)
    }

    func testChangingAPropertyOfAFileAppearanceMakesTheAppDrawIt() {
        var a = square("a")
        a.appearance = .file
        XCTAssertEqual(a.changingProperties { $0.color = .yellow }.appearance, .generated)
        XCTAssertEqual(a.changingProperties { $0.modified = "D:2026" }.appearance, .file, "a date is not a look")
        var widget = Annotation(id: "w", page: PageIndex(0), subtype: .widget, rect: .zero)
        widget.appearance = .file
        XCTAssertEqual(widget.changingProperties { $0.contents = "x" }.appearance, .file, "a kind the app cannot draw keeps its own")
    }

    /// Thousands of seeded random edits, undos and redos: the model always equals the edits
    /// that survive (the undo stack) applied in order to the original.
    func testRandomEditUndoRedoSequencesLeaveTheSurvivingEditsApplied() throws {
        var rng = SeededGenerator(seed: 2026)
        for round in 0..<40 {
            let original = loaded((0..<6).map { square("s\($0)", page: $0 % 2, x: Double($0) * 10) })
            var model = original
            var history = EditHistory()
            var counter = 0
            for _ in 0..<100 {
                switch rng.next() % 6 {
                case 0, 1, 2:
                    guard let edit = randomEdit(model, &rng, &counter) else { continue }
                    try model.apply(edit)
                    history.record(EditRecord("Edit", edit))
                case 3, 4:
                    if let r = history.popUndo() { try model.apply(r.edit.inverse) }
                default:
                    if let r = history.popRedo() { try model.apply(r.edit) }
                }
            }
            var replayed = original
            for r in history.undoStack { try replayed.apply(r.edit) }
            XCTAssertEqual(replayed, model, "round \(round)")
            XCTAssertEqual(history.editsSinceSave?.count, history.undoStack.count)
        }
    }

    func testEditsSinceSaveLeadFromTheSavedStateToTheCurrentOne() throws {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            var model = loaded((0..<4).map { square("s\($0)", x: Double($0)) })
            var history = EditHistory()
            var saved = model
            var counter = 0
            for _ in 0..<30 {
                switch rng.next() % 7 {
                case 0, 1, 2:
                    guard let edit = randomEdit(model, &rng, &counter) else { continue }
                    try model.apply(edit)
                    history.record(EditRecord("Edit", edit))
                case 3: if let r = history.popUndo() { try model.apply(r.edit.inverse) }
                case 4: if let r = history.popRedo() { try model.apply(r.edit) }
                default:
                    history.markSaved()
                    saved = model
                }
            }
            XCTAssertEqual(history.hasUnsavedChanges, history.editsSinceSave.map { !$0.isEmpty } ?? true)
            guard let path = history.editsSinceSave else { continue }
            var rebuilt = saved
            for r in path { try rebuilt.apply(r.edit) }
            XCTAssertEqual(rebuilt, model)
        }
    }

    func testHistoryNamesWhatUndoAndRedoWouldDo() {
        var history = EditHistory()
        XCTAssertFalse(history.hasUnsavedChanges)
        history.record(EditRecord("Move", .setFieldValue(field: "f", before: nil, after: .text("1"))))
        XCTAssertEqual(history.undoName, "Move")
        XCTAssertTrue(history.hasUnsavedChanges)
        _ = history.popUndo()
        XCTAssertEqual(history.redoName, "Move")
        XCTAssertFalse(history.hasUnsavedChanges, "undoing back to the saved state leaves nothing to save")
    }

    private func randomEdit(_ model: AnnotationModel, _ rng: inout SeededGenerator, _ counter: inout Int) -> AnnotationEdit? {
        let page = PageIndex(Int(rng.next() % 2))
        let list = model.annotations(on: page)
        switch rng.next() % 4 {
        case 0:
            counter += 1
            let a = square("n\(counter)", page: page.rawValue, x: rng.unit() * 100)
            return .insert([PlacedAnnotation(a, at: Int(rng.next() % UInt64(list.count + 1)))])
        case 1:
            guard !list.isEmpty else { return nil }
            let a = list[Int(rng.next() % UInt64(list.count))]
            return .remove(model.removal(of: [a.id]))
        case 2:
            guard list.count >= 2 else { return nil }
            let pair = [list[0], list[list.count - 1]]
            return .replace(before: pair, after: pair.map { $0.moved(by: Vector(dx: rng.unit() * 9, dy: -rng.unit() * 9)) })
        default:
            guard let a = list.first else { return nil }
            return .replace(before: [a], after: [a.resized(to: Rect(x: a.rect.minX, y: a.rect.minY, width: 5 + rng.unit() * 50, height: 5 + rng.unit() * 50))])
        }
    }
}
