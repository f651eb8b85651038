// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// The XFDF fixtures written after ISO 19444-1's examples (``XFDFFixtures``) import into a
/// real document: merged as one step, saved, and read back from the file (the thread judged
/// with qpdf).
final class XFDFFixtureImportTests: XCTestCase {
    /// The /ID the standard's highlight example names in `<ids>`.
    static let exampleID = ("7A0631678ED475F0898815F0A818CFA1", "BEF7724317B311718E8675B677EF9B4E")

    /// Imports `xml` into an empty Letter page with the example's /ID, saves, and reopens.
    func importing(_ xml: String) throws -> (folder: TemporaryFolder, path: String, contents: XFDFContents, read: DocumentEditor) {
        let folder = try TemporaryFolder()
        let pdf = AnnotatedPDF(mediaBox: (0, 0, 612, 792), cropBox: nil, annotations: [], id: Self.exampleID)
        let path = try folder.write(pdf.data(), to: "letter.pdf")
        let xfdf = try folder.write(Data(xml.utf8), to: "example.xfdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let contents = try editor.readXFDF(path: xfdf)
        XCTAssertEqual(contents.skipped, [], "nothing of the example is skipped")
        var serial = 0
        let merge = XFDFMerge.merging(contents, pageCount: editor.pageCount, in: editor) { page in
            serial += 1
            return CreationStamp(id: "p\(page.rawValue)-n\(serial)", author: "Importer", date: "D:20261203000000Z", uuid: UniqueName.make())
        }
        XCTAssertEqual(merge.added, contents.annotations.count)
        XCTAssertEqual(merge.skipped, [])
        try editor.perform(try XCTUnwrap(merge.record))
        try editor.save()
        return (folder, path, contents, try DocumentEditor.open(path: path, password: nil))
    }

    func testTheStandardsHighlightExampleImportsWithItsSubjectAndIDs() throws {
        let result = try importing(XFDFFixtures.highlight)
        XCTAssertEqual(result.contents.documentIDs, XFDFDocumentIDs(original: Self.exampleID.0, modified: Self.exampleID.1))
        XCTAssertEqual(try DocumentEditor.open(path: result.path, password: nil).documentIDs.map(\.original), Self.exampleID.0,
                       "the document the example names")
        let list = result.read.annotations(on: PageIndex(0)).filter { $0.subtype != .popup }
        XCTAssertEqual(list.map(\.subtype), [.highlight, .underline])
        let highlight = list[0]
        XCTAssertEqual(highlight.uniqueName, "a1f7d5b6-6a4e-4c1a-9a4b-1c2d3e4f5a6b")
        XCTAssertEqual(highlight.subject, "Highlight", "/Subj from subject")
        XCTAssertEqual(highlight.author, "Jane Reviewer")
        XCTAssertEqual(highlight.contents, "Check this figure & its caption.")
        XCTAssertEqual(highlight.color, RGBColor(red: 1, green: 1, blue: 0))
        XCTAssertEqual(highlight.opacity, 0.5)
        XCTAssertEqual(highlight.modified, "D:20220912102612-07'00'")
        XCTAssertEqual(highlight.creationDate, "D:20220912102600-07'00'")
        XCTAssertEqual(highlight.geometry, .quadPoints([Point(x: 72, y: 720), Point(x: 300, y: 720), Point(x: 72, y: 700), Point(x: 300, y: 700)]))
        XCTAssertEqual(list[1].uniqueName, "u-1")
        XCTAssertEqual(list[1].color, RGBColor(red: 0, green: 0, blue: 1))
        XCTAssertNil(list[1].subject)
    }

    func testTheStandardsInkExampleImportsEveryGestureIntoTheFile() throws {
        let result = try importing(XFDFFixtures.ink)
        let ink = try XCTUnwrap(result.read.annotations(on: PageIndex(0)).first { $0.subtype == .ink })
        XCTAssertEqual(ink.uniqueName, "ink-7")
        XCTAssertEqual(ink.borderWidth, 3)
        XCTAssertEqual(ink.color, RGBColor(red: 1, green: 0, blue: 0))
        guard case .ink(let strokes) = ink.geometry else { return XCTFail("no /InkList") }
        XCTAssertEqual(strokes.map(\.points), [
            [Point(x: 100, y: 100), Point(x: 120, y: 130), Point(x: 150, y: 120), Point(x: 200, y: 150)],
            [Point(x: 100, y: 150), Point(x: 200, y: 100)],
        ])
    }

    func testTheStandardsNotesWithRepliesAndStatesImportAsAThreadTheFileKeeps() throws {
        let result = try importing(XFDFFixtures.notesWithRepliesAndStates)
        let list = result.read.annotations(on: PageIndex(0)).filter { $0.subtype != .popup }
        let byName = Dictionary(uniqueKeysWithValues: list.compactMap { a in a.uniqueName.map { ($0, a) } })
        let note = try XCTUnwrap(byName["note-1"]), reply = try XCTUnwrap(byName["reply-1"])
        let state = try XCTUnwrap(byName["state-1"]), mark = try XCTUnwrap(byName["mark-1"])
        XCTAssertEqual(note.subject, "Sticky Note")
        XCTAssertNil(note.inReplyTo)
        XCTAssertEqual([reply.inReplyTo, state.inReplyTo, mark.inReplyTo], [note.id, note.id, note.id])
        XCTAssertEqual(reply.author, "John Author")
        XCTAssertEqual(reply.contents, "Yes, from the 2021 survey.")
        let threads = AnnotationThreads(list)
        XCTAssertEqual(threads.replyCount(of: note.id), 1, "the reply; states are no replies")
        XCTAssertEqual(threads.reviewState(of: note.id), .accepted)
        XCTAssertTrue(threads.isMarked(note.id, by: "Jane Reviewer"))

        // As qpdf reads the file: each answer's /IRT is the note's object.
        let qpdf = try ExternalTool.require("qpdf")
        let inspection = try QPDFInspection(path: result.path, qpdf: qpdf)
        let refs = inspection.annotsEntries(ofPage: 0)
        let dictionaries = refs.compactMap { ref in (inspection.objects[ref] as? [String: Any]).map { (ref, $0) } }
        let noteRef = try XCTUnwrap(dictionaries.first { $0.1["/NM"] as? String == "u:note-1" }?.0)
        for name in ["reply-1", "state-1", "mark-1"] {
            let d = try XCTUnwrap(dictionaries.first { $0.1["/NM"] as? String == "u:" + name }?.1, name)
            XCTAssertEqual(d["/IRT"] as? String, noteRef, "\(name) answers the note's object")
        }
        let stateDictionary = try XCTUnwrap(dictionaries.first { $0.1["/NM"] as? String == "u:state-1" }?.1)
        XCTAssertEqual(stateDictionary["/State"] as? String, "u:Accepted")
        XCTAssertEqual(stateDictionary["/StateModel"] as? String, "u:Review")
        XCTAssertEqual(((stateDictionary["/F"] as? NSNumber)?.intValue ?? 0) & AnnotationFlags.hidden, AnnotationFlags.hidden)
        XCTAssertEqual(dictionaries.first { $0.1["/NM"] as? String == "u:note-1" }?.1["/Subj"] as? String, "u:Sticky Note")
    }
}
