// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import XCTest

/// Importing XFDF merges by /NM, newest /M winning, deletions applied, replies tied to their
/// parents, all as one undoable step.
final class XFDFMergeTests: XCTestCase {
    var counter = 0
    lazy var composer = EditComposer { [unowned self] page in
        self.counter += 1
        return CreationStamp(id: "p\(page.rawValue)-n\(String(self.counter, radix: 16))", author: "Importer", date: "D:20261202120000Z")
    }

    func note(_ id: String, name: String?, page: Int = 0, text: String, date: String?, x: Double = 10) -> Annotation {
        Annotation(id: id, page: PageIndex(page), subtype: .text, rect: Rect(x: x, y: 10, width: 20, height: 20), color: .yellow,
                   contents: text, author: "Ann", modified: date, uniqueName: name, iconName: "Note", isOpen: false)
    }

    /// What the reader makes of a file: no id, the name as /NM.
    func incoming(_ a: Annotation) -> Annotation { var b = a; b.id = ""; return b }

    func testNewAnnotationsAreAddedAndOneWithoutNameGetsOne() {
        let port = ModelEditingPort([note("p0-a0", name: "keep", text: "here", date: "D:20260101000000Z")], pages: 2)
        let contents = XFDFContents(annotations: [incoming(note("", name: "fresh", page: 1, text: "new", date: "D:20261101000000Z")),
                                                  incoming(note("", name: nil, text: "nameless", date: nil, x: 50))])
        let merge = composer.importing(contents, pageCount: 2, in: port)
        XCTAssertEqual(merge.added, 2)
        XCTAssertEqual(merge.updated, 0)
        XCTAssertTrue(port.commit(merge.record!))
        XCTAssertEqual(port.annotations(on: PageIndex(1)).map(\.uniqueName), ["fresh"])
        let nameless = port.annotations(on: PageIndex(0)).last!
        XCTAssertEqual(nameless.contents, "nameless")
        XCTAssertNotNil(nameless.uniqueName, "an annotation without /NM gets one on import")
        XCTAssertEqual(nameless.uniqueName, nameless.id)
        XCTAssertEqual(port.annotations(on: PageIndex(0)).first?.contents, "here")
    }

    func testNewerVersionReplacesOlderInPlaceAndOlderVersionIsKept() {
        let port = ModelEditingPort([note("p0-a0", name: "a", text: "old a", date: "D:20260101000000Z"),
                                     note("p0-a1", name: "b", text: "new b", date: "D:20261201000000Z", x: 40),
                                     note("p0-a2", name: "c", text: "c", date: nil, x: 70)], pages: 1)
        let contents = XFDFContents(annotations: [
            incoming(note("", name: "a", text: "newer a", date: "D:20260601000000+02'00'")),
            incoming(note("", name: "b", text: "older b", date: "D:20260101000000Z", x: 40)),
        ])
        let merge = composer.importing(contents, pageCount: 1, in: port)
        XCTAssertEqual(merge.updated, 1)
        XCTAssertEqual(merge.keptNewer, 1)
        XCTAssertTrue(port.commit(merge.record!))
        let page = port.annotations(on: PageIndex(0))
        XCTAssertEqual(page.map(\.id), ["p0-a0", "p0-a1", "p0-a2"], "an update keeps the id and the place in the page")
        XCTAssertEqual(page.map(\.contents), ["newer a", "new b", "c"])
    }

    func testDeletedNamesAreRemovedAndTheWholeImportIsOneUndo() throws {
        let before = [note("p0-a0", name: "a", text: "a", date: "D:20260101000000Z"),
                      note("p0-a1", name: "b", text: "b", date: "D:20260101000000Z", x: 40),
                      note("p0-a2", name: nil, text: "unnamed", date: nil, x: 70)]
        let port = ModelEditingPort(before, pages: 1)
        let contents = XFDFContents(annotations: [incoming(note("", name: "a", text: "a2", date: "D:20260201000000Z")),
                                                  incoming(note("", name: "new", text: "n", date: nil))],
                                    deleted: ["b", "p0-a2", "not-here"])
        let merge = composer.importing(contents, pageCount: 1, in: port)
        XCTAssertEqual([merge.added, merge.updated, merge.deleted], [1, 1, 2])
        XCTAssertTrue(port.commit(merge.record!))
        XCTAssertEqual(port.annotations(on: PageIndex(0)).map(\.contents), ["a2", "n"])
        XCTAssertEqual(port.history.undoName, EditComposer.importStepName)
        try port.undo()
        XCTAssertEqual(port.annotations(on: PageIndex(0)), before, "one undo takes the whole import back")
    }

    func testRepliesPointAtTheirParentsEditorIds() {
        let port = ModelEditingPort([note("p0-a0", name: "parent", text: "question", date: "D:20260101000000Z")], pages: 1)
        var reply = incoming(note("", name: "reply", text: "answer", date: "D:20260102000000Z"))
        reply.inReplyTo = "parent"
        reply.replyType = "R"
        var state = incoming(note("", name: "state", text: "Accepted set by Bob", date: "D:20260103000000Z"))
        state.inReplyTo = "parent"
        state.stateModel = "Review"
        state.state = "Accepted"
        var replyToReply = incoming(note("", name: "deeper", text: "thanks", date: "D:20260104000000Z"))
        replyToReply.inReplyTo = "reply"
        var orphan = incoming(note("", name: "orphan", text: "?", date: nil))
        orphan.inReplyTo = "missing"
        let merge = composer.importing(XFDFContents(annotations: [replyToReply, reply, state, orphan]), pageCount: 1, in: port)
        XCTAssertTrue(port.commit(merge.record!))
        let byName = Dictionary(uniqueKeysWithValues: port.annotations(on: PageIndex(0)).map { ($0.uniqueName!, $0) })
        XCTAssertEqual(byName["reply"]?.inReplyTo, "p0-a0")
        XCTAssertEqual(byName["state"]?.inReplyTo, "p0-a0")
        XCTAssertEqual(byName["state"]?.state, "Accepted")
        XCTAssertEqual(byName["deeper"]?.inReplyTo, byName["reply"]?.id)
        XCTAssertNil(byName["orphan"]?.inReplyTo)
        XCTAssertTrue(merge.skipped.contains { $0.reason == .unknownParent("missing") })
    }

    func testAnnotationOnAPageTheDocumentLacksIsSkippedAndSaidSo() {
        let port = ModelEditingPort([], pages: 1)
        let merge = composer.importing(XFDFContents(annotations: [incoming(note("", name: "far", page: 5, text: "x", date: nil))]),
                                       pageCount: 1, in: port)
        XCTAssertNil(merge.record)
        XCTAssertEqual(merge.skipped.map(\.reason), [.pageOutOfRange(5)])
    }

    func testImportingTheSameVersionAgainChangesNothing() {
        let a = note("p0-a0", name: "a", text: "a", date: "D:20260101000000Z")
        let port = ModelEditingPort([a], pages: 1)
        let merge = composer.importing(XFDFContents(annotations: [incoming(a)]), pageCount: 1, in: port)
        XCTAssertNil(merge.record)
        XCTAssertEqual(merge.keptNewer, 1)
    }
}
