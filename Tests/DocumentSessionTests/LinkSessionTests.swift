// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// Links made, changed and taken away through the session, headless: a link over selected
/// text is one "Add Link" step whose quadrilaterals are the ones Highlight makes of the same
/// text, and it is followed at once, before any save; Edit Link and Delete Link are one step
/// each on a file's link (found from its listed area), and undo gives the exact value back;
/// destinations that are not a page of the document or a web or mail address are refused.
final class LinkSessionTests: XCTestCase {
    private let clock = ManualClock(now: InputTime(seconds: 100))
    private var session: DocumentSession!
    private var editor: ModelEditingPort!
    private var made = 0
    private let words = ["Links", "lead", "somewhere", "else."]
    private var text = PageText.empty
    private let page0 = PageIndex(0)

    private func open(annotations: [Annotation] = [], listed: [LinkInfo] = []) {
        var characters: [Character] = [], boxes: [Rect] = []
        var x = 72.0
        for (i, word) in words.enumerated() {
            if i > 0 { characters.append(" "); boxes.append(Rect(x: x, y: 100, width: 3, height: 12)); x += 3 }
            for c in word { characters.append(c); boxes.append(Rect(x: x, y: 100, width: 6, height: 12)); x += 6 }
        }
        text = PageText(characters: characters, boxes: boxes)
        editor = ModelEditingPort(annotations, pages: 3)
        session = DocumentSession(clock: clock, stamp: { [unowned self] page in
            made += 1
            return CreationStamp(id: "p\(page.rawValue)-made\(made)", author: "Ada", date: "D:20261203", uuid: "uuid-\(made)")
        })
        session.editing = editor
        _ = session.changeView {
            $0.resize(to: Size(width: 976, height: 900))
            $0.setDocument(pageSizes: Array(repeating: Size(width: 612, height: 792), count: 3))
        }
        for _ in 0..<120 { clock.advance(by: 1.0 / 60); _ = session.tick(at: clock.now) }
        session.content.textByPage[page0] = text
        session.content.linksByPage[page0] = listed
        for link in listed { session.content.linkTargets[AnnotationID(link.id)] = link.target }
        _ = session.refreshTargets(on: page0, linksListed: true)
    }

    private var linkTargets: [AnnotationTarget] { (session.content.annotationsByPage[page0] ?? []).filter { $0.kind == .link } }

    private func settle() { for _ in 0..<120 { clock.advance(by: 1.0 / 60); _ = session.tick(at: clock.now) } }

    func testALinkOverSelectedTextHasTheTextsQuadsAndIsFollowedBeforeSaving() throws {
        open()
        let selection = TextSelection(page: page0, anchor: 6, focus: 19)
        let highlight = try XCTUnwrap(session.composer.markup(.highlight, spans: [(page0, 6, 19)], text: [page0: text],
                                                              coordinates: session.interaction.scene.coordinates, in: editor))
        guard case .insert(let marked) = highlight.edit else { return XCTFail("an insertion") }
        session.interaction.setTextSelection(selection)
        XCTAssertTrue(session.linkSelectedText(to: .page(PageIndex(2))))
        XCTAssertEqual(editor.history.undoName, "Add Link")
        let link = try XCTUnwrap(editor.annotations(on: page0).first)
        XCTAssertEqual(editor.annotations(on: page0).count, 1, "one step, one link")
        XCTAssertEqual(link.subtype, .link)
        XCTAssertEqual(link.linkDestination, .page(PageIndex(2)))
        XCTAssertEqual(link.geometry, marked.first?.annotation.geometry, "the quadrilaterals Highlight makes of the same text")
        XCTAssertEqual(link.rect, marked.first?.annotation.rect, "/Rect their union")
        XCTAssertNil(session.interaction.textSelection, "the selection is linked and let go")

        _ = session.refreshTargets(on: page0, linksListed: true)
        XCTAssertEqual(linkTargets.map(\.id), [link.annotationID], "a target before any save")
        XCTAssertEqual(session.linkTarget(of: link.annotationID), .page(PageIndex(2)))
        _ = session.follow(link.annotationID)
        settle()
        XCTAssertEqual(session.view.currentPage, PageIndex(2), "following it goes to page 3")

        try editor.undo()
        XCTAssertTrue(editor.annotations(on: page0).isEmpty, "undo takes it away")
        _ = session.refreshTargets(on: page0, linksListed: true)
        XCTAssertTrue(linkTargets.isEmpty)
    }

    func testAFilesLinkIsChangedAndDeletedOneStepEachAndUndoGivesItBackExactly() throws {
        let area = Rect(x: 20, y: 200, width: 180, height: 20)
        let fileLink = Annotation(id: "9-0", page: page0, subtype: .link, rect: area, flags: 0, appearance: .absent)
        open(annotations: [fileLink], listed: [LinkInfo(id: "p0-l0", page: page0, rect: area, target: .uri("https://old.example"))])
        XCTAssertEqual(linkTargets.map(\.id), [AnnotationID("p0-l0")], "the listed link")
        XCTAssertEqual(session.linkAnnotation(for: AnnotationID("p0-l0")), fileLink, "found from its area")

        XCTAssertTrue(session.relink(AnnotationID("p0-l0"), to: .uri("https://new.example")))
        XCTAssertEqual(editor.history.undoName, "Edit Link")
        let changed = try XCTUnwrap(editor.annotation("9-0"))
        XCTAssertEqual(changed.linkDestination, .uri("https://new.example"))
        XCTAssertNotNil(changed.uniqueName, "a changed annotation gets a stable name")
        _ = session.refreshTargets(on: page0, linksListed: true)
        XCTAssertEqual(linkTargets.map(\.id), [AnnotationID("9-0")], "the changed link stands for the listed one")
        XCTAssertEqual(session.linkTarget(of: AnnotationID("9-0")), .uri("https://new.example"))
        XCTAssertFalse(session.relink(AnnotationID("9-0"), to: .uri("https://new.example")), "no step when nothing changes")

        try editor.undo()
        XCTAssertEqual(editor.annotation("9-0"), fileLink, "the exact value back")

        XCTAssertTrue(session.unlink(AnnotationID("p0-l0")))
        XCTAssertEqual(editor.history.undoName, "Delete Link")
        XCTAssertNil(editor.annotation("9-0"))
        try editor.undo()
        XCTAssertEqual(editor.annotations(on: page0), [fileLink])
    }

    func testDestinationsOutsideTheDocumentOrNotWebOrMailAreRefused() {
        open()
        let box = Rect(x: 100, y: 100, width: 80, height: 20)
        XCTAssertFalse(session.addLink(box: box, on: page0, to: .page(PageIndex(3))), "the document has 3 pages")
        XCTAssertFalse(session.addLink(box: box, on: page0, to: .page(PageIndex(-1))))
        XCTAssertFalse(session.addLink(box: box, on: page0, to: .uri("javascript:alert(1)")))
        XCTAssertFalse(session.addLink(box: box, on: page0, to: .uri("file:///etc/passwd")))
        XCTAssertFalse(session.addLink(box: Rect(x: 100, y: 100, width: 0, height: 20), on: page0, to: .page(PageIndex(1))), "an empty box")
        XCTAssertFalse(session.linkSelectedText(to: .page(PageIndex(1))), "no text selected")
        XCTAssertTrue(editor.annotations(on: page0).isEmpty)
        XCTAssertNil(editor.history.undoName)
        XCTAssertTrue(session.addLink(box: box, on: page0, to: .uri("mailto:ada@example.org")))
        XCTAssertEqual(editor.annotations(on: page0).first?.rect, box)
        XCTAssertEqual(editor.annotations(on: page0).first?.linkDestination, .uri("mailto:ada@example.org"))
    }
}
