// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Links made and changed with the editor: a link to a page is saved as a standard /Link whose
/// /Dest is that page's object, a link to an address as /A << /S /URI >>, both without a frame,
/// incrementally; qpdf reads them so and poppler follows them; a link made and not saved is
/// restored from the journal; changing where a file's link
/// leads and undoing it puts its own target back, and deleting it takes it out of /Annots.
final class LinkCreationTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    /// Objects and each page's object number, as `qpdf --json=2` shows the file.
    struct QPDFView {
        let objects: [String: Any]
        let pages: [String]
        init(_ path: String) throws {
            let out = try ExternalTool.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
            XCTAssertEqual(out.status, 0, out.output)
            let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.output.utf8)) as? [String: Any])
            objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
            pages = try XCTUnwrap(root["pages"] as? [[String: Any]]).compactMap { $0["object"] as? String }
        }
        func dict(_ ref: String) -> [String: Any]? { (objects["obj:" + ref] as? [String: Any])?["value"] as? [String: Any] }
        func links(onPage index: Int) -> [[String: Any]] {
            ((dict(pages[index])?["/Annots"] as? [String]) ?? []).compactMap(dict).filter { $0["/Subtype"] as? String == "/Link" }
        }
    }

    func link(_ id: String, _ rect: Rect, to destination: LinkDestination, quads: [Point]? = nil) -> Annotation {
        var a = Annotation(id: id, page: PageIndex(0), subtype: .link, rect: rect, uniqueName: "link-\(id)",
                           geometry: quads.map(AnnotationGeometry.quadPoints) ?? .none, appearance: .absent)
        a.linkDestination = destination
        return a
    }

    func testLinksToAPageAndToAnAddressAreSavedAsStandardLinksThatQpdfReadsAndPopplerFollows() throws {
        let pdf = MinimalPDF(pages: Array(repeating: .init(width: 400, height: 500), count: 4), content: "\n")
        let path = try folder.write(pdf.data(), to: "links.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        let quads = [Point(x: 50, y: 414), Point(x: 150, y: 414), Point(x: 50, y: 400), Point(x: 150, y: 400)]
        let toPage = link("p0-nA", Rect(x: 50, y: 400, width: 100, height: 14), to: .page(PageIndex(2)), quads: quads)
        let toWeb = link("p0-nB", Rect(x: 50, y: 300, width: 120, height: 20), to: .uri("https://example.org/a?b=1"))
        try editor.perform(EditRecord("Add Link", .insert([PlacedAnnotation(toPage, at: 0)])))
        try editor.perform(EditRecord("Add Link", .insert([PlacedAnnotation(toWeb, at: 1)])))
        try editor.save()
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update: the original bytes first")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)

        let qpdf = try QPDFView(path)
        let links = qpdf.links(onPage: 0)
        XCTAssertEqual(links.count, 2)
        let page = try XCTUnwrap(links.first { $0["/Dest"] != nil })
        let dest = try XCTUnwrap(page["/Dest"] as? [Any])
        XCTAssertEqual(dest.first as? String, qpdf.pages[2], "/Dest names page 3's object")
        XCTAssertEqual(dest.dropFirst().first as? String, "/XYZ")
        XCTAssertEqual(dest.count, 5)
        XCTAssertEqual((page["/Border"] as? [Any])?.compactMap { $0 as? Int }, [0, 0, 0])
        XCTAssertEqual((page["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, [50, 400, 150, 414])
        XCTAssertEqual((page["/QuadPoints"] as? [Any])?.count, 8, "the text's quadrilateral")
        XCTAssertNil(page["/A"])
        let web = try XCTUnwrap(links.first { $0["/A"] != nil })
        let action = try XCTUnwrap(web["/A"] as? [String: Any])
        XCTAssertEqual(action["/S"] as? String, "/URI")
        XCTAssertEqual(action["/URI"] as? String, "u:https://example.org/a?b=1")
        XCTAssertNil(web["/Dest"])

        // poppler follows both.
        let reopened = try PopplerDocument.open(path: path)
        let listed = reopened.links(on: PageIndex(0))
        XCTAssertEqual(Set(listed.map(\.target)), [.page(PageIndex(2)), .uri("https://example.org/a?b=1")])
        let listedPage = try XCTUnwrap(listed.first { $0.target == .page(PageIndex(2)) })
        XCTAssertEqual(listedPage.rect.minX, 50, accuracy: 0.5)
        XCTAssertEqual(listedPage.rect.maxY, 414, accuracy: 0.5)
    }

    func testAMadeLinkIsKeptInTheJournalAndRestoredLeadingWhereItDid() throws {
        let path = try folder.write(MinimalPDF(pages: Array(repeating: .init(width: 400, height: 500), count: 3), content: "\n").data(),
                                    to: "journaled.pdf")
        let journal = EditJournal(url: URL(fileURLWithPath: folder.path("journal.jsonl")))
        let made = link("p0-nJ", Rect(x: 40, y: 40, width: 90, height: 30), to: .page(PageIndex(1)))
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal
            _ = editor.annotations(on: PageIndex(0))
            try editor.perform(EditRecord("Add Link", .insert([PlacedAnnotation(made, at: 0)])))
            // The editor goes away without a save, as in a crash.
        }
        let contents = try XCTUnwrap(journal.read())
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.annotation(made.id)?.linkDestination, .page(PageIndex(1)))
        try restored.save()
        let qpdf = try QPDFView(path)
        XCTAssertEqual((qpdf.links(onPage: 0).first?["/Dest"] as? [Any])?.first as? String, qpdf.pages[1])
    }

    func testChangingWhereAFilesLinkLeadsIsUndoneToItsOwnTargetAndDeletingItTakesItOut() throws {
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 500] /Resources << >> /Annots [5 0 R] >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 500] /Resources << >> >>",
            "<< /Type /Annot /Subtype /Link /Rect [20 200 200 220] /Border [0 0 1] /A << /S /URI /URI (https://old.example) >> >>",
        ]
        let path = try folder.write(NumberedObjectsPDF.data(objects: objects), to: "file-link.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let fileLink = try XCTUnwrap(editor.annotations(on: PageIndex(0)).first { $0.subtype == .link })
        XCTAssertNil(fileLink.linkDestination, "a file's link keeps its own target")
        var changed = fileLink
        changed.linkDestination = .page(PageIndex(1))
        try editor.perform(EditRecord("Edit Link", .replace(before: [fileLink], after: [changed])))
        try editor.save(to: folder.path("changed.pdf"))
        var qpdf = try QPDFView(folder.path("changed.pdf"))
        var saved = try XCTUnwrap(qpdf.links(onPage: 0).first)
        XCTAssertEqual((saved["/Dest"] as? [Any])?.first as? String, qpdf.pages[1])
        XCTAssertNil(saved["/A"], "the address is gone")
        XCTAssertEqual((saved["/Border"] as? [Any])?.compactMap { $0 as? Int }, [0, 0, 1], "its frame kept")
        XCTAssertEqual(try PopplerDocument.open(path: folder.path("changed.pdf")).links(on: PageIndex(0)).map(\.target), [.page(PageIndex(1))])

        _ = try editor.undo()
        XCTAssertEqual(editor.annotation(fileLink.id), fileLink, "undo gives the model back exactly")
        try editor.save(to: folder.path("undone.pdf"))
        qpdf = try QPDFView(folder.path("undone.pdf"))
        saved = try XCTUnwrap(qpdf.links(onPage: 0).first)
        XCTAssertNil(saved["/Dest"])
        XCTAssertEqual((saved["/A"] as? [String: Any])?["/URI"] as? String, "u:https://old.example")

        try editor.perform(EditRecord("Delete Link", .remove(editor.removal(of: [fileLink.id]))))
        try editor.save(to: folder.path("deleted.pdf"))
        XCTAssertTrue(try QPDFView(folder.path("deleted.pdf")).links(onPage: 0).isEmpty)
        XCTAssertTrue(try PopplerDocument.open(path: folder.path("deleted.pdf")).links(on: PageIndex(0)).isEmpty)
        _ = try editor.undo()
        try editor.save(to: folder.path("restored.pdf"))
        XCTAssertEqual(try PopplerDocument.open(path: folder.path("restored.pdf")).links(on: PageIndex(0)).map(\.target), [.uri("https://old.example")])
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", folder.path("restored.pdf")]).status, 0)
    }
}
