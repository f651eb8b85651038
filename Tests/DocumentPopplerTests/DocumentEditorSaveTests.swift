// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import DocumentPoppler

/// Editing through ``DocumentEditor`` and saving: incremental, atomic, undoable, and readable
/// by tools that are not poppler.
final class DocumentEditorSaveTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    /// A copy of a developer PDF in the test's own folder.
    func copy(_ file: String) throws -> String {
        let target = folder.path(file)
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path(file), toPath: target)
        // The shared set is read-only; the copy is the user's own, writable file.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        return target
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A document under 16 MiB is read into memory in place, in as many reads as it takes: the
    /// editor holds exactly the file's bytes, and a save writes them back unchanged before its
    /// update (every save opens the file it wrote this way to check it).
    func testADocumentReadInManyPiecesIsHeldByteForByte() throws {
        var pdf = MinimalPDF(pages: [.init(width: 100, height: 100)])
        pdf.content = String(repeating: "0 0 0 rg 10 10 5 5 re f\n", count: 9_000) + "%odd\n"
        let path = folder.path("large.pdf")
        try pdf.data().write(to: URL(fileURLWithPath: path))
        let original = try bytes(path)
        XCTAssertGreaterThan(original.count, 3 * 65_536, "more than one read's worth")
        let core = try CoreDocument.open(path: path, password: nil)
        XCTAssertEqual(Array(try core.editedBytes().original), original)

        let editor = try DocumentEditor.open(path: path, password: nil)
        let count = editor.annotations(on: PageIndex(0)).count
        let note = Annotation(id: "p0-nread", page: PageIndex(0), subtype: .text, rect: Rect(x: 40, y: 40, width: 20, height: 20),
                              color: .yellow, contents: "read", iconName: "Comment")
        try editor.perform(EditRecord("Add Note", .insert([PlacedAnnotation(note, at: count)])))
        try editor.save()
        let saved = try bytes(path)
        XCTAssertGreaterThan(saved.count, original.count)
        XCTAssertEqual(Array(saved.prefix(original.count)), original)
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).count, count + 1)
    }

    func testAMoveSavedInPlaceKeepsTheOriginalBytesAsAPrefixAndReopensMoved() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let original = try bytes(path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let page = PageIndex(0)
        let square = try XCTUnwrap(editor.annotations(on: page).first { $0.subtype == .square })
        let moved = square.moved(by: Vector(dx: 12.5, dy: -7))
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [moved])))
        XCTAssertTrue(editor.hasUnsavedChanges)
        try editor.save()
        XCTAssertFalse(editor.hasUnsavedChanges)

        let saved = try bytes(path)
        XCTAssertGreaterThan(saved.count, original.count)
        XCTAssertEqual(Array(saved.prefix(original.count)), original, "an incremental update keeps every original byte")

        let reopened = try DocumentEditor.open(path: path, password: nil)
        let again = try XCTUnwrap(reopened.annotation(square.id) ?? reopened.annotations(on: page).first { $0.id == square.id })
        XCTAssertEqual(again.rect, moved.rect)
        XCTAssertEqual(again.subtype, .square)
        XCTAssertEqual(again.color, square.color)
        XCTAssertEqual(again.appearance, .generated, "a moved square without /AP gets the app's appearance")
        if ExternalTool.path(of: "qpdf") != nil {
            let check = try ExternalTool.run("qpdf", ["--check", path])
            XCTAssertEqual(check.status, 0, check.output)
        }
    }

    func testUndoAndRedoChangeWhatIsRenderedAndSaved() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let circle = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .circle })
        let moved = circle.moved(by: Vector(dx: 30, dy: 30))
        try editor.perform(EditRecord("Move", .replace(before: [circle], after: [moved])))
        XCTAssertEqual(editor.history.undoName, "Move")
        try editor.undo()
        XCTAssertEqual(editor.annotation(circle.id), circle)
        XCTAssertFalse(editor.hasUnsavedChanges, "undone back to the opened state")
        try editor.redo()
        XCTAssertEqual(editor.annotation(circle.id), moved)
        // What the view shows is what a save writes.
        let rendered = try editor.renderedBytes()
        try editor.save()
        XCTAssertEqual(try bytes(path), rendered)
    }

    func testDeleteThenSaveRemovesTheAnnotationAndUndoBringsItBack() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let before = editor.annotations(on: PageIndex(0))
        let victim = try XCTUnwrap(before.first { $0.subtype == .square })
        try editor.perform(EditRecord("Delete", .remove(editor.model.removal(of: [victim.id]))))
        try editor.save()
        let reopened = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(reopened.annotations(on: PageIndex(0)).count, before.count - 1)
        XCTAssertFalse(reopened.annotations(on: PageIndex(0)).contains { $0.rect == victim.rect && $0.subtype == .square })
        try editor.undo()
        try editor.save()
        let restored = try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0))
        XCTAssertEqual(restored.map(\.subtype), before.map(\.subtype), "back in its place in the drawing order")
        XCTAssertEqual(restored.map(\.rect), before.map(\.rect))
    }

    func testSavingWithoutChangesWritesNothing() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let stamp = FileStamp(path: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        try editor.save()
        XCTAssertEqual(FileStamp(path: path), stamp)
    }

    func testAReadOnlyFileIsNotTouchedAndTheEditsStay() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let original = try bytes(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 5, dy: 5))])))
        XCTAssertThrowsError(try editor.save()) { error in
            XCTAssertEqual(error as? EditorError, .save(.readOnlyFile(path: path)))
        }
        XCTAssertEqual(try bytes(path), original)
        XCTAssertTrue(editor.hasUnsavedChanges)
        // Save As elsewhere works and carries the edit.
        let copyPath = folder.path("copy.pdf")
        try editor.save(to: copyPath)
        XCTAssertEqual(Array(try bytes(copyPath).prefix(original.count)), original)
        XCTAssertEqual(try DocumentEditor.open(path: copyPath, password: nil).annotations(on: PageIndex(0)).first { $0.id == square.id }?.rect,
                       square.moved(by: Vector(dx: 5, dy: 5)).rect)
    }

    func testAReadOnlyFolderIsReportedAndNothingIsWritten() throws {
        let sub = folder.path("locked")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        let path = sub + "/doc.pdf"
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-square-circle-noap.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try bytes(path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sub)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sub) }
        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 5, dy: 5))])))
        XCTAssertThrowsError(try editor.save()) { error in
            XCTAssertEqual(error as? EditorError, .save(.readOnlyFolder(path: path)))
        }
        XCTAssertEqual(try bytes(path), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sub), ["doc.pdf"], "no temporary file left")
        XCTAssertTrue(editor.hasUnsavedChanges)
    }

    func testAFullDiskDuringTheWriteLeavesTheOriginalAndTheEdits() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let original = try bytes(path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 5, dy: 5))])))
        // The disk fills up after 4 KiB of the new file.
        var full = SaveFileSystem.system
        full.write = { fd, bytes, count in
            var st = stat()
            fstat(fd, &st)
            if st.st_size >= 4096 { errno = ENOSPC; return -1 }
            return Glibc.write(fd, bytes, min(count, 4096 - Int(st.st_size)))
        }
        XCTAssertThrowsError(try editor.save(fileSystem: full)) { error in
            XCTAssertEqual(error as? EditorError, .save(.diskFull(path: path)))
        }
        XCTAssertEqual(try bytes(path), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }, [], "the temporary file is removed")
        XCTAssertTrue(editor.hasUnsavedChanges)
        // A failed fsync or rename is no better.
        var noSync = SaveFileSystem.system
        noSync.fsync = { _ in errno = EIO; return -1 }
        XCTAssertThrowsError(try editor.save(fileSystem: noSync))
        var noRename = SaveFileSystem.system
        noRename.rename = { _, _ in errno = EXDEV; return -1 }
        XCTAssertThrowsError(try editor.save(fileSystem: noRename))
        XCTAssertEqual(try bytes(path), original)
        // Once the disk has room again, the same edits save.
        try editor.save()
        XCTAssertEqual(Array(try bytes(path).prefix(original.count)), original)
    }

    func testARealSmallFilesystemThatFillsUpIsReported() throws {
        let source = try DeveloperPDFSet.path("annots-square-circle-noap.pdf")
        let size = try bytes(source).count
        // Room for the document and half of it again: the new copy a save writes cannot fit.
        let pages = (size + size / 2 + 4095) / 4096
        let mountPoint = folder.path("tiny")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mount = try? ExternalTool.run("mount", ["-t", "tmpfs", "-o", "size=\(pages * 4)k", "tmpfs", mountPoint])
        guard let mount, mount.status == 0 else { throw XCTSkip("cannot mount a small tmpfs here: \(mount?.output ?? "no mount")") }
        defer { _ = try? ExternalTool.run("umount", [mountPoint]) }
        let path = mountPoint + "/doc.pdf"
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try bytes(path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 5, dy: 5))])))
        XCTAssertThrowsError(try editor.save()) { error in
            XCTAssertEqual(error as? EditorError, .save(.diskFull(path: path)))
        }
        XCTAssertEqual(try bytes(path), original)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountPoint), ["doc.pdf"], "the partial copy is removed")
        XCTAssertTrue(editor.hasUnsavedChanges)
    }

    func testAFileChangedByAnotherProgramIsNotOverwrittenWithoutConsent() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 5, dy: 5))])))
        // Another program saves its own version (a new file renamed over this one, as editors do).
        var theirs = try bytes(path)
        theirs += Array("\n% touched\n".utf8)
        try Data(theirs).write(to: URL(fileURLWithPath: path), options: .atomic)
        let changed = try bytes(path)
        XCTAssertThrowsError(try editor.save()) { error in
            XCTAssertEqual(error as? EditorError, .save(.changedOnDisk(path: path)))
        }
        XCTAssertEqual(try bytes(path), changed)
        try editor.save(overwriteChangedFile: true)
        XCTAssertFalse(editor.hasUnsavedChanges)
    }

    func testAFileRewrittenInPlaceByAnotherProgramIsAskedAboutAndReplacedWithAValidFile() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        let original = try bytes(path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 5, dy: 5))])))
        // Another program overwrites the same file (same inode) with other bytes.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(repeating: 0x25, count: 300))
        try handle.close()
        let theirs = try bytes(path)
        XCTAssertThrowsError(try editor.save()) { error in
            XCTAssertEqual(error as? EditorError, .save(.changedOnDisk(path: path)))
        }
        XCTAssertEqual(try bytes(path), theirs, "their version stays until the user agrees")
        // The user agrees: the update is built on the bytes the editor opened, not on theirs.
        try editor.save(overwriteChangedFile: true)
        XCTAssertEqual(Array(try bytes(path).prefix(original.count)), original)
        XCTAssertEqual(try DocumentEditor.open(path: path, password: nil).annotations(on: PageIndex(0)).first { $0.id == square.id }?.rect,
                       square.moved(by: Vector(dx: 5, dy: 5)).rect)
        if ExternalTool.path(of: "qpdf") != nil {
            XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        }
    }

    func testSavingKeepsTheFilesPermissions() throws {
        let path = try copy("annots-square-circle-noap.pdf")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let square = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .square })
        try editor.perform(EditRecord("Move", .replace(before: [square], after: [square.moved(by: Vector(dx: 1, dy: 1))])))
        try editor.save()
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
    }

    func testAnEncryptedDocumentStaysEncrypted() throws {
        let path = try copy("encrypted-userpw-libreoffice.pdf")
        let original = try bytes(path)
        let editor = try DocumentEditor.open(path: path, password: "openpassword")
        XCTAssertTrue(editor.isEncrypted)
        _ = editor.annotations(on: PageIndex(0))
        let secret = "SECRETNOTE4711"
        let note = Annotation(id: "p0-nsecret", page: PageIndex(0), subtype: .text, rect: Rect(x: 100, y: 100, width: 20, height: 20),
                              color: .yellow, contents: secret, iconName: "Comment")
        try editor.perform(EditRecord("Add Note", .insert([PlacedAnnotation(note, at: editor.annotations(on: PageIndex(0)).count)])))
        try editor.save()
        let saved = try bytes(path)
        XCTAssertEqual(Array(saved.prefix(original.count)), original)
        XCTAssertNil(String(decoding: saved, as: UTF8.self).range(of: secret), "the note's text is encrypted in the file")
        XCTAssertThrowsError(try DocumentEditor.open(path: path, password: nil), "still needs its password")
        let reopened = try DocumentEditor.open(path: path, password: "openpassword")
        XCTAssertTrue(reopened.annotations(on: PageIndex(0)).contains { $0.contents == secret })
        if ExternalTool.path(of: "qpdf") != nil {
            let check = try ExternalTool.run("qpdf", ["--check", "--password=openpassword", path])
            XCTAssertEqual(check.status, 0, check.output)
        }
    }
}
