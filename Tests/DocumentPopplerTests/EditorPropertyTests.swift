// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import SeededRandom
import XCTest
@testable import DocumentPoppler

/// Seeded random sequences of edits, undos and redos through the real editor and file: the
/// model always equals the surviving edits applied in order, and a save writes exactly that.
final class EditorPropertyTests: XCTestCase {
    func testRandomEditsUndosAndRedosSaveExactlyTheSurvivingState() throws {
        let folder = try TemporaryFolder()
        var rng = SeededGenerator(seed: 6_2026)
        var steps = 0
        for round in 0..<6 {
            let path = folder.path("round-\(round).pdf")
            try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-square-circle-noap.pdf"), toPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let editor = try DocumentEditor.open(path: path, password: nil)
            let page = PageIndex(0)
            var original = AnnotationModel()
            original.load(editor.annotations(on: page), on: page)
            var added = 0
            for _ in 0..<350 {
                steps += 1
                let list = editor.annotations(on: page)
                switch rng.next() % 8 {
                case 0, 1:
                    added += 1
                    let x = 50 + rng.unit() * 400, y = 50 + rng.unit() * 600
                    let a = Annotation(id: "p0-n\(round)-\(added)", page: page, subtype: rng.next() % 2 == 0 ? .square : .circle,
                                       rect: Rect(x: x, y: y, width: 20 + rng.unit() * 80, height: 20 + rng.unit() * 80).quantized,
                                       color: .red, borderWidth: 2)
                    try editor.perform(EditRecord("Add", .insert([PlacedAnnotation(a, at: Int(rng.next() % UInt64(list.count + 1)))])))
                case 2:
                    guard let victim = list.randomElement(using: &rng) else { continue }
                    try editor.perform(EditRecord("Delete", .remove(editor.model.removal(of: [victim.id]))))
                case 3, 4:
                    guard let a = list.randomElement(using: &rng) else { continue }
                    let moved = a.moved(by: Vector(dx: rng.unit() * 20 - 10, dy: rng.unit() * 20 - 10))
                    try editor.perform(EditRecord("Move", .replace(before: [a], after: [moved])))
                case 5:
                    guard let a = list.randomElement(using: &rng) else { continue }
                    let r = Rect(x: a.rect.minX, y: a.rect.minY, width: 10 + rng.unit() * 100, height: 10 + rng.unit() * 100)
                    try editor.perform(EditRecord("Resize", .replace(before: [a], after: [a.resized(to: r)])))
                case 6:
                    try editor.undo()
                default:
                    try editor.redo()
                }
            }
            // The model is the surviving edits applied in order.
            var replayed = original
            for record in editor.history.undoStack { try replayed.apply(record.edit) }
            XCTAssertEqual(replayed.annotations(on: page), editor.annotations(on: page), "round \(round)")
            // A save writes exactly that state.
            try editor.save()
            let reopened = try DocumentEditor.open(path: path, password: nil).annotations(on: page)
            let expected = editor.annotations(on: page)
            XCTAssertEqual(reopened.count, expected.count, "round \(round)")
            for (read, model) in zip(reopened, expected) {
                var m = model
                m.id = read.id
                XCTAssertEqual(read, m, "round \(round)")
            }
        }
        XCTAssertEqual(steps, 2100)
    }
}

extension EditorPropertyTests {
    /// Random edits, undos, redos and saves: whenever the session stops, replaying its journal on
    /// the file as saved rebuilds exactly the state the user had.
    func testTheJournalAlwaysRebuildsTheStateOnTopOfTheLastSave() throws {
        let folder = try TemporaryFolder()
        var rng = SeededGenerator(seed: 77)
        for round in 0..<30 {
            let path = folder.path("journal-\(round).pdf")
            try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-square-circle-noap.pdf"), toPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let journal = EditJournal(url: folder.url.appendingPathComponent("journal-\(round).jsonl"))
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal
            let page = PageIndex(0)
            var added = 0
            var log: [String] = []
            for _ in 0..<40 {
                let list = editor.annotations(on: page)
                let choice = rng.next() % 7
                log.append(["add", "delete", "move", "undo", "redo", "save", "-"][Int(choice)])
                switch choice {
                case 0:
                    added += 1
                    let a = Annotation(id: "p0-j\(round)-\(added)", page: page, subtype: .square,
                                       rect: Rect(x: 100 + rng.unit() * 300, y: 100 + rng.unit() * 300, width: 30, height: 20).quantized,
                                       color: .red, borderWidth: 1)
                    try editor.perform(EditRecord("Add", .insert([PlacedAnnotation(a, at: list.count)])))
                case 1:
                    guard let victim = list.randomElement(using: &rng) else { continue }
                    try editor.perform(EditRecord("Delete", .remove(editor.model.removal(of: [victim.id]))))
                case 2:
                    guard let a = list.randomElement(using: &rng) else { continue }
                    try editor.perform(EditRecord("Move", .replace(before: [a], after: [a.moved(by: Vector(dx: 3, dy: -2))])))
                case 3: try editor.undo()
                case 4: try editor.redo()
                case 5: try editor.save()
                default: break
                }
            }
            let expected = editor.annotations(on: page)
            let restored = try DocumentEditor.open(path: path, password: nil)
            if let contents = journal.read() {
                XCTAssertTrue(EditJournal.matches(contents.header, file: path), "round \(round)")
                do { try restored.restore(contents) } catch {
                    XCTFail("round \(round): \(error) after \(log.filter { $0 != "-" }); journal \(contents.lines.map { "\($0.step):\($0.record.name)" })")
                    continue
                }
            } else {
                XCTAssertFalse(editor.hasUnsavedChanges, "round \(round): no journal means nothing unsaved")
            }
            XCTAssertEqual(restored.annotations(on: page).map(\.rect), expected.map(\.rect), "round \(round): \(log.filter { $0 != "-" }) journal: \(journal.read()?.lines.map { "\($0.step):\($0.record.name)" } ?? [])")
        }
    }
}

