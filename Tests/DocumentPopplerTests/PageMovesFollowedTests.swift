// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// What refers to a page keeps to that page when pages are moved, put in or taken out before a
/// save: a /RichMedia clip, a /Sound or an embedded /Movie on a moved page is found in the
/// document in memory (by the page's object and the annotation's /Rect), not in the file on
/// disk at the page's new number; and a link made to a page leads to that page in its new place,
/// in the view and in the saved /Dest (judged with qpdf).
final class PageMovesFollowedTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    let wav = AttachmentsPDF.wav(seconds: 0.25)

    /// The document as the view shows it after `edit` (unsaved): reloaded from the editor's bytes.
    private func shown(_ document: PopplerDocument, after edit: AnnotationEdit, in editor: DocumentEditor) throws -> PopplerDocument {
        try editor.perform(EditRecord("Move Page", edit))
        let rotations = (0..<editor.pageCount).map { PageRotation(degrees: editor.rotation(of: PageIndex($0))) }
        return try document.reloaded(from: try editor.rendered(), reordered: rotations)
    }

    private func mediaLinks(_ document: PopplerDocument, on page: Int) -> [String] {
        document.links(on: PageIndex(page)).compactMap { if case .media(let id) = $0.target { return id } else { return nil } }
    }

    func testARichMediaClipOnAPageMovedAndNotSavedPlaysFromTheDocumentInMemory() throws {
        var pdf = AttachmentsPDF(richMedia: [.playing(.init(name: "tone.wav", bytes: wav, mimeType: "audio/x-wav"), rect: [100, 400, 300, 500])])
        pdf.blankPagesAfter = 2
        let path = try folder.write(pdf.data(), to: "media.pdf")
        let document = try PopplerDocument.open(path: path)
        XCTAssertEqual(mediaLinks(document, on: 0).count, 1)
        let editor = try DocumentEditor.open(path: path, password: nil)
        // The media page goes last; a blank page is first.
        let move = try XCTUnwrap(editor.move(pages: [PageIndex(0)], before: 3))
        let moved = try shown(document, after: move, in: editor)
        XCTAssertEqual(mediaLinks(moved, on: 0), [], "the blank page now first has no media")
        let id = try XCTUnwrap(mediaLinks(moved, on: 2).first, "the moved page's clip is a link where the page is now")
        XCTAssertEqual(moved.media(id), .embedded(bytes: wav, mimeType: "audio/x-wav", name: "tone.wav"),
                       "the clip is read from the document in memory")
        // Saved, the file and the view agree again.
        try editor.save()
        let reopened = try PopplerDocument.open(path: path)
        let savedID = try XCTUnwrap(mediaLinks(reopened, on: 2).first)
        XCTAssertEqual(reopened.media(savedID), .embedded(bytes: wav, mimeType: "audio/x-wav", name: "tone.wav"))
    }

    func testASoundAndAnEmbeddedMovieOnAMovedPageAreReadFromTheDocumentInMemory() throws {
        let samples: [UInt8] = (0..<800).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var pdf = AttachmentsPDF(sounds: [.init(samples: samples, rate: 8000, channels: 1, bits: 8, rect: [50, 50, 80, 80])],
                                 movies: [.init(file: .init(name: "clip.wav", bytes: wav, mimeType: "audio/x-wav"), rect: [100, 100, 200, 200])])
        pdf.blankPagesAfter = 1
        let path = try folder.write(pdf.data(), to: "sound.pdf")
        let document = try PopplerDocument.open(path: path)
        let before = mediaLinks(document, on: 0).map { document.media($0) }
        XCTAssertEqual(before.count, 2)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let moved = try shown(document, after: try XCTUnwrap(editor.move(pages: [PageIndex(1)], before: 0)), in: editor)
        XCTAssertEqual(mediaLinks(moved, on: 0), [])
        let after = mediaLinks(moved, on: 1).map { moved.media($0) }
        XCTAssertEqual(after, before, "the same sound and movie, read where the page is now")
        XCTAssertTrue(after.contains(.embedded(bytes: wav, mimeType: "audio/x-wav", name: "clip.wav")))
    }

    /// Objects and each page's object, as `qpdf --json=2` shows the file.
    private func pagesAndLinks(_ path: String) throws -> (pages: [String], dests: [Int: [String]]) {
        let out = try ExternalTool.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        XCTAssertEqual(out.status, 0, out.output)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.output.utf8)) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        let pages = try XCTUnwrap(root["pages"] as? [[String: Any]]).compactMap { $0["object"] as? String }
        func dict(_ ref: String) -> [String: Any]? { (objects["obj:" + ref] as? [String: Any])?["value"] as? [String: Any] }
        var dests: [Int: [String]] = [:]
        for (i, page) in pages.enumerated() {
            for annot in (dict(page)?["/Annots"] as? [String]) ?? [] {
                guard let d = dict(annot), d["/Subtype"] as? String == "/Link", let dest = d["/Dest"] as? [Any] else { continue }
                dests[i, default: []].append((dest.first as? String) ?? "?")
            }
        }
        return (pages, dests)
    }

    private func link(to page: Int) -> Annotation {
        var a = Annotation(id: "p0-nL", page: PageIndex(0), subtype: .link, rect: Rect(x: 50, y: 400, width: 100, height: 14),
                           uniqueName: "link-L", appearance: .absent)
        a.linkDestination = .page(PageIndex(page))
        return a
    }

    func testALinkMadeToAPageLeadsToThatPageAfterPagesAreMovedBeforeTheSave() throws {
        _ = try ExternalTool.require("qpdf")
        let path = try folder.write(MinimalPDF(pages: Array(repeating: .init(width: 400, height: 500), count: 4), content: "\n").data(),
                                    to: "links.pdf")
        let third = try pagesAndLinks(path).pages[2]
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        try editor.perform(EditRecord("Add Link", .insert([PlacedAnnotation(link(to: 2), at: 0)])))
        // Page 3 goes first: the link (now on page 2) leads to it, page 1.
        try editor.perform(EditRecord("Move Page", try XCTUnwrap(editor.move(pages: [PageIndex(2)], before: 0))))
        let moved = try XCTUnwrap(editor.annotation("p0-nL"))
        XCTAssertEqual(moved.page, PageIndex(1))
        XCTAssertEqual(moved.linkDestination, .page(PageIndex(0)), "the link follows its page")
        try editor.save()
        let saved = try pagesAndLinks(path)
        XCTAssertEqual(saved.pages[0], third, "the page moved first is the file's third page object")
        XCTAssertEqual(saved.dests[1], [third], "the saved /Dest names the moved page's object")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        XCTAssertEqual(try PopplerDocument.open(path: path).links(on: PageIndex(1)).map(\.target), [.page(PageIndex(0))],
                       "poppler follows it to the moved page")

        // Undo: the page goes back, and so does where the link leads.
        _ = try editor.undo()
        XCTAssertEqual(editor.annotation("p0-nL")?.linkDestination, .page(PageIndex(2)))
    }

    func testALinkToAPageTakenOutLeadsNowhereUntilUndoPutsThePageBackAndLinksPastItFollow() throws {
        _ = try ExternalTool.require("qpdf")
        let path = try folder.write(MinimalPDF(pages: Array(repeating: .init(width: 400, height: 500), count: 4), content: "\n").data(),
                                    to: "delete.pdf")
        let fourth = try pagesAndLinks(path).pages[3]
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        try editor.perform(EditRecord("Add Link", .insert([PlacedAnnotation(link(to: 2), at: 0)])))
        var toFourth = link(to: 3)
        toFourth.id = "p0-nM"
        toFourth.uniqueName = "link-M"
        toFourth.rect = Rect(x: 50, y: 300, width: 100, height: 14)
        try editor.perform(EditRecord("Add Link", .insert([PlacedAnnotation(toFourth, at: 1)])))

        try editor.perform(EditRecord("Delete Page", try XCTUnwrap(editor.removal(ofPages: [PageIndex(2)]))))
        XCTAssertEqual(editor.annotation("p0-nL")?.linkDestination, .page(LinkDestination.removedPage), "its page is gone")
        XCTAssertEqual(editor.annotation("p0-nM")?.linkDestination, .page(PageIndex(2)), "page 4 is page 3 now")
        try editor.save()
        let saved = try pagesAndLinks(path)
        XCTAssertEqual(saved.dests[0], [fourth], "only the link to page 4 has a /Dest, naming its object")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)

        _ = try editor.undo()
        XCTAssertEqual(editor.annotation("p0-nL")?.linkDestination, .page(PageIndex(2)), "the page is back: so is where it leads")
        XCTAssertEqual(editor.annotation("p0-nM")?.linkDestination, .page(PageIndex(3)))
        // A blank page put in before them moves them on.
        try editor.perform(EditRecord("Insert Page", try editor.insertingBlankPage(at: 1)))
        XCTAssertEqual(editor.annotation("p0-nL")?.linkDestination, .page(PageIndex(3)))
        XCTAssertEqual(editor.annotation("p0-nM")?.linkDestination, .page(PageIndex(4)))
    }
}
