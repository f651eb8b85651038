// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Replies and review states in the file: read from another program's /IRT, /State and
/// /StateModel with their authors, written as references to the parent's object (a parent made
/// in this session too), and annotations no edit touched kept byte for byte.
///
/// No file in the shared set has an /IRT (checked with `qpdf --json`), so the file from
/// elsewhere is written here the way Acrobat writes a thread: a note, a reply (/F 28), a reply
/// to the reply (/RT /R), and a review state (/F 30, /State and /StateModel as text strings).
final class ReviewThreadSaveTests: XCTestCase {
    static func acrobatThread() -> AnnotatedPDF {
        AnnotatedPDF(cropBox: nil, annotations: [
            .init(subtype: "Text", rect: (100, 400, 120, 420),
                  extra: "/NM (note-1) /T (Grace) /Contents (Please check the figure) /M (D:20261101090000Z) /CreationDate (D:20261101090000Z) /F 28 /Name /Comment"),
            .init(subtype: "Text", rect: (100, 400, 120, 420),
                  extra: "/NM (reply-1) /T (Alan) /Contents (Fixed it) /IRT 5 0 R /M (D:20261102090000Z) /CreationDate (D:20261102090000Z) /F 28 /Name /Comment"),
            .init(subtype: "Text", rect: (100, 400, 120, 420),
                  extra: "/NM (state-1) /T (Grace) /Contents (Accepted set by Grace) /IRT 5 0 R /State (Accepted) /StateModel (Review) /M (D:20261103090000Z) /F 30 /Name /Comment"),
            .init(subtype: "Text", rect: (100, 400, 120, 420),
                  extra: "/NM (reply-2) /T (Grace) /Contents (Thanks) /IRT 6 0 R /RT /R /M (D:20261104090000Z) /CreationDate (D:20261104090000Z) /F 28 /Name /Comment"),
        ])
    }

    func openThread() throws -> (folder: TemporaryFolder, path: String, editor: DocumentEditor) {
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.acrobatThread().data(), to: "thread.pdf")
        return (folder, path, try DocumentEditor.open(path: path, password: nil))
    }

    func testRepliesAndStatesFromAnotherProgramAreReadWithTheirAuthors() throws {
        let thread = try openThread()
        let editor = thread.editor
        let list = editor.annotations(on: PageIndex(0))
        XCTAssertEqual(list.count, 4)
        let byName = Dictionary(uniqueKeysWithValues: list.compactMap { a in a.uniqueName.map { ($0, a) } })
        let note = try XCTUnwrap(byName["note-1"]), reply = try XCTUnwrap(byName["reply-1"])
        let state = try XCTUnwrap(byName["state-1"]), second = try XCTUnwrap(byName["reply-2"])
        XCTAssertNil(note.inReplyTo)
        XCTAssertEqual(reply.inReplyTo, note.id)
        XCTAssertEqual(reply.author, "Alan")
        XCTAssertEqual(reply.creationDate, "D:20261102090000Z")
        XCTAssertEqual(state.inReplyTo, note.id)
        XCTAssertEqual(state.state, "Accepted")
        XCTAssertEqual(state.stateModel, "Review")
        XCTAssertEqual(second.inReplyTo, reply.id)
        XCTAssertEqual(second.replyType, "R")
        let threads = AnnotationThreads(list)
        XCTAssertEqual(threads.thread(of: note.id).map(\.reply.author), ["Alan", "Grace"])
        XCTAssertEqual(threads.replyCount(of: note.id), 2)
        XCTAssertEqual(threads.reviewState(of: note.id), .accepted)
    }

    func testAReplySavedPointsAtItsParentsObjectAndUntouchedAnnotationsKeepTheirBytes() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let thread = try openThread()
        let (path, editor) = (thread.path, thread.editor)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try QPDFInspection(path: path, qpdf: qpdf)
        let note = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.uniqueName == "note-1" })
        var reply = Annotation(id: "p0-nabc1", page: PageIndex(0), subtype: .text, rect: note.rect, contents: "One more thing",
                               author: "Ada", modified: "D:20261202100000Z", uniqueName: "p0-nabc1", flags: 28, iconName: "Comment",
                               isOpen: false, appearance: .absent)
        reply.inReplyTo = note.id
        reply.creationDate = "D:20261202100000Z"
        try editor.perform(EditRecord("Reply", .insert([PlacedAnnotation(reply, at: 4)])))
        try editor.save()

        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")
        let file = try QPDFInspection(path: path, qpdf: qpdf)
        let entries = file.annotsEntries(ofPage: 0)
        XCTAssertEqual(entries.count, 5)
        let added = try XCTUnwrap(entries.compactMap { file.objects[$0] as? [String: Any] }.first { $0["/NM"] as? String == "u:p0-nabc1" })
        XCTAssertEqual(added["/IRT"] as? String, "5 0 R", "the reply points at the note's object")
        XCTAssertEqual(added["/CreationDate"] as? String, "u:D:20261202100000Z")
        XCTAssertEqual(added["/T"] as? String, "u:Ada")
        for ref in ["5 0 R", "6 0 R", "7 0 R", "8 0 R"] {
            XCTAssertEqual(Self.canonical(file.objects[ref]), Self.canonical(before.objects[ref]), "\(ref) untouched")
        }
        // The update holds the new reply, the page's /Annots, and nothing of the thread before.
        let update = String(decoding: saved.dropFirst(original.count), as: UTF8.self)
        for n in 5...8 { XCTAssertFalse(update.contains("\n\(n) 0 obj"), "object \(n) is not written again") }

        let reopened = try DocumentEditor.open(path: path, password: nil)
        let threads = AnnotationThreads(reopened.annotations(on: PageIndex(0)))
        let noteAgain = try XCTUnwrap(reopened.annotations(on: PageIndex(0)).first { $0.uniqueName == "note-1" })
        XCTAssertEqual(threads.replyCount(of: noteAgain.id), 3)
        XCTAssertEqual(threads.replies(to: noteAgain.id).last?.contents, "One more thing")
        withExtendedLifetime(thread.folder) {}
    }

    func testAReplyToANoteMadeInTheSameSessionPointsAtTheNewNote() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let folder = try TemporaryFolder()
        let path = try folder.write(NumberedPagesPDF.data(pages: 1), to: "new.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let stamp = CreationStamp(id: "p0-n1", author: "Ada", date: "D:20261202100000Z")
        let note = Annotation.note(at: Point(x: 100, y: 300), on: PageIndex(0), text: "Note", color: .yellow, stamp: stamp)
        func reply(_ id: String, to parent: String) -> Annotation {
            var r = Annotation(id: id, page: PageIndex(0), subtype: .text, rect: note.rect, contents: "Reply \(id)", author: "Ada",
                               modified: "D:20261202100000Z", uniqueName: id, flags: 28, appearance: .absent)
            r.inReplyTo = parent
            return r
        }
        // The note and a reply in one edit (the reply listed first), then a reply to the reply.
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(reply("p0-n2", to: "p0-n1"), at: 0),
                                                       PlacedAnnotation(note, at: 0)])))
        try editor.perform(EditRecord("Reply", .insert([PlacedAnnotation(reply("p0-n3", to: "p0-n2"), at: 2)])))
        try editor.save()
        let file = try QPDFInspection(path: path, qpdf: qpdf)
        var refByName: [String: String] = [:]
        var irtByName: [String: String] = [:]
        for ref in file.annotsEntries(ofPage: 0) {
            guard let d = file.objects[ref] as? [String: Any], let name = d["/NM"] as? String else { continue }
            refByName[name] = ref
            irtByName[name] = d["/IRT"] as? String
        }
        XCTAssertEqual(irtByName["u:p0-n2"], refByName["u:p0-n1"])
        XCTAssertEqual(irtByName["u:p0-n3"], refByName["u:p0-n2"])
        XCTAssertNil(irtByName["u:p0-n1"])
        // Undo and redo keep the thread: the reply's parent is the same object again.
        try editor.undo()
        try editor.redo()
        XCTAssertEqual(editor.annotation("p0-n3")?.inReplyTo, "p0-n2")
    }

    func testAReplyToAnAnnotationWrittenInlineMakesItAnObjectOnceAndPointsAtIt() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let shared = try DeveloperPDFSet.path("annots-text-highlight-ink.pdf")
        let folder = try TemporaryFolder()
        let path = folder.path("inline.pdf")
        try FileManager.default.copyItem(atPath: shared, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let before = try QPDFInspection(path: path, qpdf: qpdf).annotsEntries(ofPage: 0)
        XCTAssertFalse(before.contains { $0.hasSuffix(" R") }, "the file writes its annotations inline")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let list = editor.annotations(on: PageIndex(0))
        let note = try XCTUnwrap(list.first { $0.subtype == .text })
        var reply = Annotation(id: "p0-n77", page: PageIndex(0), subtype: .text, rect: note.rect, contents: "Inline no more",
                               author: "Ada", modified: "D:20261202100000Z", uniqueName: "p0-n77", flags: 28, appearance: .absent)
        reply.inReplyTo = note.id
        try editor.perform(EditRecord("Reply", .insert([PlacedAnnotation(reply, at: list.count)])))
        try editor.save()
        let file = try QPDFInspection(path: path, qpdf: qpdf)
        let entries = file.annotsEntries(ofPage: 0)
        XCTAssertEqual(entries.count, before.count + 1, "the note is listed once, as an object, and the reply is added")
        let added = try XCTUnwrap(entries.compactMap { file.objects[$0] as? [String: Any] }.first { $0["/NM"] as? String == "u:p0-n77" })
        let parent = try XCTUnwrap(added["/IRT"] as? String)
        XCTAssertTrue(entries.contains(parent), "/IRT is the note's entry in /Annots")
        XCTAssertEqual((file.objects[parent] as? [String: Any])?["/Contents"] as? String, "u:This is a text annotation.")
    }

    static func canonical(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: ["v": value], options: [.sortedKeys]) else { return "nil" }
        return String(decoding: data, as: UTF8.self)
    }
}
