// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest
@testable import DocumentPoppler

/// XFDF from elsewhere (written after ISO 19444-1's examples) reads into the editor's values;
/// hostile or foreign XML is refused or skipped with the reason; what the app writes is
/// well-formed XFDF a plain XML parser reads.
final class XFDFImportTests: XCTestCase {
    func read(_ xml: String) throws -> XFDFContents {
        try XFDFReader.read(try MarkupParser.parse(Array(xml.utf8)), origin: { _ in .zero })
    }

    func refusal(_ xml: String) -> MarkupParseError? {
        do { _ = try MarkupParser.parse(Array(xml.utf8)); return nil } catch { return error }
    }

    func testAHighlightAndUnderlineFromTheStandardsExampleImport() throws {
        let contents = try read(XFDFFixtures.highlight)
        XCTAssertEqual(contents.skipped, [])
        XCTAssertEqual(contents.annotations.map(\.subtype), [.highlight, .underline])
        let h = contents.annotations[0]
        XCTAssertEqual(h.uniqueName, "a1f7d5b6-6a4e-4c1a-9a4b-1c2d3e4f5a6b")
        XCTAssertEqual(h.author, "Jane Reviewer")
        XCTAssertEqual(h.contents, "Check this figure & its caption.")
        XCTAssertEqual(h.color, RGBColor(red: 1, green: 1, blue: 0))
        XCTAssertEqual(h.opacity, 0.5)
        XCTAssertEqual(h.rect, Rect(x: 71.5, y: 699.5, width: 229, height: 21))
        XCTAssertEqual(h.modified, "D:20220912102612-07'00'")
        XCTAssertEqual(h.creationDate, "D:20220912102600-07'00'")
        XCTAssertEqual(h.geometry, .quadPoints([Point(x: 72, y: 720), Point(x: 300, y: 720), Point(x: 72, y: 700), Point(x: 300, y: 700)]))
        XCTAssertEqual(h.flags, AnnotationFlags.print)
        XCTAssertEqual(h.subject, "Highlight")
        XCTAssertNil(contents.annotations[1].subject)
        XCTAssertEqual(contents.documentIDs, XFDFDocumentIDs(original: "7A0631678ED475F0898815F0A818CFA1",
                                                             modified: "BEF7724317B311718E8675B677EF9B4E"))
    }

    func testInkFromTheStandardsExampleImportsEveryGesture() throws {
        let contents = try read(XFDFFixtures.ink)
        XCTAssertEqual(contents.annotations.count, 1)
        let ink = contents.annotations[0]
        XCTAssertEqual(ink.subtype, .ink)
        XCTAssertEqual(ink.borderWidth, 3)
        guard case .ink(let strokes) = ink.geometry else { return XCTFail("no ink list") }
        XCTAssertEqual(strokes.map(\.points.count), [4, 2])
        XCTAssertEqual(strokes[1].points, [Point(x: 100, y: 150), Point(x: 200, y: 100)])
    }

    func testNotesWithRepliesAndReviewStatesImportTheirThread() throws {
        let contents = try read(XFDFFixtures.notesWithRepliesAndStates)
        XCTAssertEqual(contents.annotations.map(\.uniqueName), ["note-1", "reply-1", "state-1", "mark-1"])
        let note = contents.annotations[0], reply = contents.annotations[1], state = contents.annotations[2], mark = contents.annotations[3]
        XCTAssertEqual(note.iconName, "Comment")
        XCTAssertEqual(note.isOpen, true, "the pop-up's open state")
        XCTAssertNil(note.inReplyTo)
        XCTAssertEqual(reply.inReplyTo, "note-1")
        XCTAssertEqual(reply.replyType, "R")
        XCTAssertEqual(reply.author, "John Author")
        XCTAssertEqual(state.inReplyTo, "note-1")
        XCTAssertEqual([state.stateModel, state.state], ["Review", "Accepted"])
        XCTAssertEqual([mark.stateModel, mark.state], ["Marked", "Marked"])
        XCTAssertNotEqual(state.flags & AnnotationFlags.hidden, 0)
    }

    func testABillionLaughsFileIsRefusedBeforeAnyExpansion() {
        XCTAssertEqual(refusal(XFDFFixtures.billionLaughs), .entityDeclarations)
    }

    func testExternalEntitiesAreRefused() {
        XCTAssertEqual(refusal(XFDFFixtures.externalEntity), .externalReference)
        XCTAssertEqual(refusal(XFDFFixtures.externalEntityDeclared), .entityDeclarations)
    }

    func testElementsNestedAMillionDeepAreRefusedBeforeTheTreeIsMade() {
        let deep = "<xfdf>" + String(repeating: "<a>", count: 1_000_000) + String(repeating: "</a>", count: 1_000_000) + "</xfdf>"
        XCTAssertEqual(refusal(deep), .tooDeep(MarkupParser.depthLimit))
    }

    func testMalformedXMLIsRefusedWithWhereItBroke() {
        guard case .malformed(let message)? = refusal(XFDFFixtures.malformed) else { return XCTFail("not refused as malformed") }
        XCTAssertTrue(message.contains("line 2"), message)
    }

    func testForeignXMLIsNotXFDF() throws {
        let root = try MarkupParser.parse(Array(XFDFFixtures.foreign.utf8))
        XCTAssertThrowsError(try XFDFReader.read(root, origin: { _ in .zero })) { error in
            XCTAssertEqual(error as? XFDFReadError, .notXFDF(root: "svg", namespace: "http://www.w3.org/2000/svg"))
        }
    }

    func testWhatTheEditorDoesNotImportIsSkippedWithItsReasonAndTheRestImports() throws {
        let contents = try read(XFDFFixtures.partlyForeign)
        XCTAssertEqual(contents.annotations.map(\.uniqueName), ["sq"])
        let square = contents.annotations[0]
        XCTAssertEqual(square.interiorColor, RGBColor(red: 1, green: 0, blue: 1))
        XCTAssertEqual(square.dashPattern, [4, 2])
        XCTAssertEqual(Set(contents.skipped.map(\.reason)),
                       [.unsupportedKind, .unknownElement, .missing(attribute: "page")])
        XCTAssertEqual(contents.skipped.count, 4, "the attachment, the gadget, the square with no page, the extra element")
    }

    func testCropBoxOriginIsTakenOffOnReadingAndAddedOnWriting() throws {
        let origin = Point(x: 100, y: 50)
        let contents = try XFDFReader.read(try MarkupParser.parse(Array(XFDFFixtures.ink.utf8)), origin: { _ in origin })
        var ink = contents.annotations[0]
        XCTAssertEqual(ink.rect.minX, -10)
        ink.id = "p0-a0"
        ink.uniqueName = "ink-7"
        let xml = XFDFWriter.write([ink], popup: { _ in nil }, origin: { _ in origin }).xml
        let again = try XFDFReader.read(try MarkupParser.parse(Array(xml.utf8)), origin: { _ in origin }).annotations[0]
        XCTAssertEqual(again.rect, ink.rect)
        XCTAssertEqual(again.geometry, ink.geometry)
        XCTAssertTrue(xml.contains("rect=\"90,90,210,160\""), xml)
    }

    func testExportIsWellFormedXFDFThatAPlainXMLParserReads() throws {
        guard ExternalTool.path(of: "python3") != nil else { throw XCTSkip("python3 is not installed") }
        let tricky = "Quotes \" and <tags> & ampersands\nacross lines\r\tand a bell \u{7} dropped"
        let annotations = [
            Annotation(id: "p0-a0", page: PageIndex(0), subtype: .text, rect: Rect(x: 10, y: 10, width: 20, height: 20),
                       color: .yellow, contents: tricky, author: "Zoë \"Z\" <z@example>", modified: "D:20261202120000Z",
                       uniqueName: "n&1", iconName: "Comment", isOpen: true),
            Annotation(id: "p0-a1", page: PageIndex(0), subtype: .ink, rect: Rect(x: 0, y: 0, width: 50, height: 50),
                       color: .red, borderWidth: 2, geometry: .ink([InkStroke(points: [Point(x: 1, y: 2), Point(x: 30.25, y: 40.125)])])),
        ]
        var reply = annotations[0]
        reply.id = "p0-a2"
        reply.uniqueName = nil
        reply.inReplyTo = "p0-a0"
        reply.replyType = "R"
        reply.subject = "Réponse & <more>"
        let ids = (original: "7A0631678ED475F0898815F0A818CFA1", modified: "BEF7724317B311718E8675B677EF9B4E")
        let output = XFDFWriter.write(annotations + [reply], popup: { _ in nil }, origin: { _ in .zero }, ids: ids)
        let folder = try TemporaryFolder()
        let path = try folder.write(Data(output.xml.utf8), to: "out.xfdf")
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            ns = '{http://ns.adobe.com/xfdf/}'
            assert root.tag == ns + 'xfdf', root.tag
            annots = root.find(ns + 'annots')
            print(len(list(annots)))
            print(annots[0].find(ns + 'contents').text == sys.argv[2])
            print(annots[0].get('title'))
            print(annots[2].get('inreplyto'))
            print(annots[2].get('subject'))
            print(root.find(ns + 'ids').get('original'), root.find(ns + 'ids').get('modified'))
            """
        let result = try ExternalTool.run("python3", ["-c", script, path, tricky.replacingOccurrences(of: "\u{7}", with: "")])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.split(separator: "\n").map(String.init), ["3", "True", "Zoë \"Z\" <z@example>", "n&1",
                                                                                  "Réponse & <more>", ids.original + " " + ids.modified])
        // And it reads back through the app's own parser.
        let back = try read(output.xml)
        XCTAssertEqual(back.annotations.map(\.contents), [tricky.replacingOccurrences(of: "\u{7}", with: ""), nil, back.annotations[2].contents])
        XCTAssertEqual(back.annotations[2].inReplyTo, "n&1")
        XCTAssertEqual(back.annotations[2].subject, "Réponse & <more>")
        XCTAssertEqual(back.documentIDs, XFDFDocumentIDs(original: ids.original, modified: ids.modified))
    }

    func testRepliesAndReviewStatesSurviveExportAndImportIntoAnEmptyDocument() throws {
        let page = PageIndex(0)
        func note(_ id: String, _ name: String?, _ text: String, parent: String? = nil) -> Annotation {
            var a = Annotation(id: id, page: page, subtype: .text, rect: Rect(x: 50, y: 700, width: 20, height: 20), color: .yellow,
                               contents: text, author: "Ann", modified: "D:20261201090000Z", uniqueName: name, iconName: "Comment")
            a.inReplyTo = parent
            a.creationDate = "D:20261201080000Z"
            return a
        }
        var reply = note("p0-a1", nil, "An answer", parent: "p0-a0")
        reply.replyType = "R"
        var state = note("p0-a2", "state-1", "Accepted set by Ann", parent: "p0-a0")
        state.stateModel = "Review"
        state.state = "Accepted"
        let written = [note("p0-a0", "question", "A question"), reply, state, note("p0-a3", "deeper", "Thanks", parent: "p0-a1")]
        let xml = XFDFWriter.write(written, popup: { _ in nil }, origin: { _ in .zero }).xml
        let contents = try read(xml)

        var model = AnnotationModel()
        model.load([], on: page)
        let source = ModelSource(model: model)
        var serial = 0
        let merge = XFDFMerge.merging(contents, pageCount: 1, in: source) { page in
            serial += 1
            return CreationStamp(id: "new-\(serial)", author: nil, date: "D:20261202000000Z")
        }
        XCTAssertEqual(merge.skipped, [])
        try model.apply(XCTUnwrap(merge.record).edit)
        let read = model.annotations(on: page)
        let names = Dictionary(uniqueKeysWithValues: read.map { ($0.id, $0.uniqueName ?? "") })
        XCTAssertEqual(read.map(\.uniqueName), ["question", "p0-a1", "state-1", "deeper"], "a reply with no /NM is named by its id")
        XCTAssertEqual(read.map { $0.inReplyTo.flatMap { names[$0] } }, [nil, "question", "question", "p0-a1"])
        XCTAssertEqual(read.map(\.state), [nil, nil, "Accepted", nil])
        XCTAssertEqual(read.map(\.stateModel), [nil, nil, "Review", nil])
        XCTAssertEqual(read.map(\.replyType), [nil, "R", "R", "R"])
        XCTAssertEqual(read.map(\.creationDate), Array(repeating: "D:20261201080000Z", count: 4))
        XCTAssertEqual(read.map(\.contents), written.map(\.contents))
    }
}

/// An annotation model read as an editor's annotations.
private struct ModelSource: AnnotationSource {
    var model: AnnotationModel
    func annotations(on page: PageIndex) -> [Annotation] { model.annotations(on: page) }
    func annotation(_ id: String) -> Annotation? { model.annotation(id) }
    func popupID(of annotation: Annotation) -> String? { nil }
    func removal(of ids: [String]) -> [PlacedAnnotation] { model.removal(of: ids) }
}
