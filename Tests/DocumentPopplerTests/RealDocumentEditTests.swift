// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest
@testable import DocumentPoppler

/// Edits on real documents made by other programs: adding one annotation and moving one of each
/// movable kind leaves every other annotation exactly as it was, and the file stays valid.
final class RealDocumentEditTests: XCTestCase {
    struct Snapshot: Equatable {
        var subtype: AnnotationSubtype
        var rect: Rect
        var appearance: [UInt8]?
    }

    func testAddingAndMovingKeepsEveryOtherAnnotationInEveryDocumentWithAnnotations() throws {
        let entries = try DeveloperPDFSet.manifest().filter { $0.popplerOpens && ($0.pages ?? 0) > 0 }
        let folder = try TemporaryFolder()
        var documentsTried = 0
        for entry in entries {
            let path = folder.path(entry.file)
            try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path(entry.file), toPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let passwordArguments = entry.password.map { ["--password=\($0)"] } ?? []
            // qpdf's verdict on the file as another program wrote it (some carry warnings already).
            let originalCheck = ExternalTool.path(of: "qpdf") == nil ? nil : try ExternalTool.run("qpdf", ["--check"] + passwordArguments + [path])
            let editor = try DocumentEditor.open(path: path, password: entry.password)
            var before: [String: Snapshot] = [:]
            for page in 0..<editor.pageCount {
                for a in editor.annotations(on: PageIndex(page)) {
                    before[a.id] = Snapshot(subtype: a.subtype, rect: a.rect, appearance: editor.appearanceData(of: a.id))
                }
            }
            guard !before.isEmpty else { continue }
            documentsTried += 1
            // Move one annotation of each movable kind.
            var moved: [String: Annotation] = [:]
            var kindsSeen: Set<AnnotationSubtype> = []
            for page in 0..<editor.pageCount {
                for a in editor.annotations(on: PageIndex(page)) where a.isTransformable && !kindsSeen.contains(a.subtype) {
                    kindsSeen.insert(a.subtype)
                    let after = a.moved(by: Vector(dx: 5, dy: -5))
                    try editor.perform(EditRecord("Move", .replace(before: [a], after: [after])))
                    moved[a.id] = after
                }
            }
            // Add one note on the first page.
            let first = PageIndex(0)
            let note = Annotation(id: "p0-ntest", page: first, subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                                  color: .yellow, contents: "Added by a test", iconName: "Comment")
            try editor.perform(EditRecord("Add Note", .insert([PlacedAnnotation(note, at: editor.annotations(on: first).count)])))
            try editor.save()

            let saved = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(saved.prefix(original.count), original, "\(entry.file): the original bytes stay a prefix")
            let reopened = try DocumentEditor.open(path: path, password: entry.password)
            var after: [String: Annotation] = [:]
            var added = 0
            for page in 0..<reopened.pageCount {
                for a in reopened.annotations(on: PageIndex(page)) {
                    after[a.id] = a
                    if a.contents == "Added by a test" { added += 1 }
                }
            }
            XCTAssertEqual(added, 1, "\(entry.file): the new note is there")
            for (id, old) in before {
                let new = try XCTUnwrap(after[id], "\(entry.file): \(id) is still there")
                XCTAssertEqual(new.subtype, old.subtype, "\(entry.file): \(id)")
                if let m = moved[id] {
                    XCTAssertEqual(new.rect, m.rect, "\(entry.file): \(id) moved")
                    if old.appearance != nil, m.appearance == .file {
                        XCTAssertEqual(reopened.appearanceData(of: id), old.appearance, "\(entry.file): \(id) kept its appearance bytes")
                    }
                } else {
                    XCTAssertEqual(new.rect, old.rect, "\(entry.file): \(id) did not move")
                    XCTAssertEqual(reopened.appearanceData(of: id), old.appearance, "\(entry.file): \(id) kept its appearance bytes")
                }
            }
            if let originalCheck {
                let check = try ExternalTool.run("qpdf", ["--check"] + passwordArguments + [path])
                // Clean, or warning about what the original already had (an update can only add).
                XCTAssertTrue(check.status == 0 || check.status == originalCheck.status,
                              "\(entry.file): no worse than before: \(check.output.suffix(400))")
                XCTAssertNotEqual(check.status, 2, "\(entry.file): qpdf finds no error")
            }
        }
        XCTAssertGreaterThan(documentsTried, 5, "the developer set has documents with annotations")
    }
}
