// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import XCTest

/// Replies and review states as edits, headless: each is one undoable step whose inverse puts
/// the document back exactly, and only the user's own replies may be edited or deleted.
final class ReviewThreadComposerTests: XCTestCase {
    var author = "Ada"
    var clock = 0
    lazy var composer = EditComposer { [unowned self] page in
        self.clock += 1
        return CreationStamp(id: "p\(page.rawValue)-n\(String(self.clock, radix: 16))", author: self.author,
                             date: "D:2026112612\(String(format2: self.clock))00Z", uuid: "uuid-\(self.clock)")
    }

    let highlight = Annotation(id: "p0-a0", page: PageIndex(0), subtype: .highlight, rect: Rect(x: 100, y: 100, width: 80, height: 12),
                               color: .yellow, author: "Grace", geometry: .quadPoints([]))

    func port() -> ModelEditingPort { ModelEditingPort([highlight], pages: 1) }

    /// The note a reply or state edit puts on the page (an insertion, or an exchange that also
    /// names the parent).
    func answer(in record: EditRecord) -> Annotation? {
        switch record.edit {
        case .insert(let placed): return placed.last?.annotation
        case .exchange(_, let inserted): return inserted.last?.annotation
        default: return nil
        }
    }

    @discardableResult
    func commit(_ record: EditRecord?, to port: ModelEditingPort) throws -> EditRecord {
        let record = try XCTUnwrap(record)
        XCTAssertTrue(port.commit(record), "\(record.name) applies")
        return record
    }

    func testAReplyIsANoteAnsweringItsParentAtItsCorner() throws {
        let port = port()
        let before = port.model
        let record = try commit(composer.reply(to: "p0-a0", text: "Why?", in: port), to: port)
        XCTAssertEqual(record.name, "Reply")
        let reply = try XCTUnwrap(answer(in: record))
        XCTAssertEqual(reply.subtype, .text)
        XCTAssertEqual(reply.inReplyTo, "p0-a0")
        XCTAssertEqual(reply.contents, "Why?")
        XCTAssertEqual(reply.author, "Ada")
        XCTAssertNotNil(reply.creationDate)
        XCTAssertEqual(reply.creationDate, reply.modified)
        XCTAssertEqual(reply.uniqueName?.hasPrefix("uuid-"), true, "a reply's /NM is the stamp's UUID, not its editor id")
        XCTAssertNil(reply.state)
        XCTAssertEqual(reply.flags, EditComposer.replyFlags)
        XCTAssertEqual(reply.rect.minX, highlight.rect.minX)
        XCTAssertEqual(reply.rect.maxY, highlight.rect.maxY)
        let threads = AnnotationThreads(port.annotations(on: PageIndex(0)))
        XCTAssertEqual(threads.replyCount(of: "p0-a0"), 1)
        XCTAssertNil(composer.reply(to: "p0-a0", text: "", in: port), "an empty reply is no edit")
        XCTAssertEqual(port.annotation("p0-a0")?.uniqueName?.hasPrefix("uuid-"), true, "the parent had no /NM: it has one now")
        XCTAssertEqual(port.annotations(on: PageIndex(0)).first?.id, "p0-a0", "in its place")
        var unnamed = port.annotation("p0-a0")
        unnamed?.uniqueName = nil
        XCTAssertEqual(unnamed, highlight, "nothing else of it changed")
        try port.undo()
        XCTAssertEqual(port.model, before, "undo takes the reply and the name away")
    }

    func testRepliesToRepliesFormOneThreadCountedWhole() throws {
        let port = port()
        let first = try commit(composer.reply(to: "p0-a0", text: "One", in: port), to: port)
        let one = try XCTUnwrap(answer(in: first))
        author = "Grace"
        try commit(composer.reply(to: one.id, text: "Two", in: port), to: port)
        let threads = AnnotationThreads(port.annotations(on: PageIndex(0)))
        XCTAssertEqual(threads.thread(of: "p0-a0").map(\.depth), [1, 2])
        XCTAssertEqual(threads.thread(of: "p0-a0").map(\.reply.contents), ["One", "Two"])
        XCTAssertEqual(threads.replyCount(of: "p0-a0"), 2)
    }

    func testOnlyTheAuthorEditsOrDeletesAReply() throws {
        let port = port()
        let made = try commit(composer.reply(to: "p0-a0", text: "Mine", in: port), to: port)
        let mine = try XCTUnwrap(answer(in: made))
        let id = mine.id
        author = "Grace"
        XCTAssertNil(composer.editingReply(id, text: "Hers now", in: port), "someone else's reply is not edited")
        XCTAssertNil(composer.deletingReply(id, in: port), "nor deleted")
        author = "Ada"
        XCTAssertNil(composer.editingReply(id, text: "Mine", in: port), "the same text is no edit")
        let before = port.model
        let edit = try commit(composer.editingReply(id, text: "Mine, edited", in: port), to: port)
        XCTAssertEqual(edit.name, "Edit Reply")
        XCTAssertEqual(port.annotation(id)?.contents, "Mine, edited")
        XCTAssertNotEqual(port.annotation(id)?.modified, mine.modified, "/M follows the change")
        try port.undo()
        XCTAssertEqual(port.model, before, "undo restores the reply exactly")
    }

    func testDeletingAReplyTakesItsRepliesAndStatesAndUndoPutsAllBack() throws {
        let port = port()
        let first = try commit(composer.reply(to: "p0-a0", text: "One", in: port), to: port)
        let id = try XCTUnwrap(answer(in: first)).id
        try commit(composer.reply(to: id, text: "Two", in: port), to: port)
        try commit(composer.settingState(.accepted, of: id, in: port), to: port)
        XCTAssertEqual(port.annotations(on: PageIndex(0)).count, 4)
        let before = port.model
        let delete = try commit(composer.deletingReply(id, in: port), to: port)
        XCTAssertEqual(delete.name, "Delete Reply")
        XCTAssertEqual(port.annotations(on: PageIndex(0)).map(\.id), ["p0-a0"], "the reply, its reply and its state went")
        try port.undo()
        XCTAssertEqual(port.model, before, "undo puts back all three, in their places")
    }

    func testAReviewStateIsAHiddenStateNoteAndTheNewestWins() throws {
        let port = port()
        let accept = try commit(composer.settingState(.accepted, of: "p0-a0", in: port), to: port)
        XCTAssertEqual(accept.name, "Set Status")
        let note = try XCTUnwrap(answer(in: accept))
        XCTAssertEqual(note.inReplyTo, "p0-a0")
        XCTAssertEqual(note.state, "Accepted")
        XCTAssertEqual(note.stateModel, "Review")
        XCTAssertEqual(note.author, "Ada")
        XCTAssertEqual(note.contents, "Accepted set by Ada")
        XCTAssertEqual(note.flags & AnnotationFlags.hidden, AnnotationFlags.hidden)
        XCTAssertTrue(note.isStateNote)
        XCTAssertFalse(note.isReply)
        XCTAssertNil(composer.settingState(.accepted, of: "p0-a0", in: port), "the state it has is no edit")
        try commit(composer.settingState(.rejected, of: "p0-a0", in: port), to: port)
        var threads = AnnotationThreads(port.annotations(on: PageIndex(0)))
        XCTAssertEqual(threads.reviewState(of: "p0-a0"), .rejected)
        XCTAssertEqual(threads.replyCount(of: "p0-a0"), 0, "states are not replies")
        try port.undo()
        threads = AnnotationThreads(port.annotations(on: PageIndex(0)))
        XCTAssertEqual(threads.reviewState(of: "p0-a0"), .accepted, "undo brings the earlier state back")
    }

    func testMarkedIsEachReviewersOwn() throws {
        let port = port()
        let mark = try commit(composer.settingState(.marked, of: "p0-a0", in: port), to: port)
        XCTAssertEqual(mark.name, "Mark")
        var threads = AnnotationThreads(port.annotations(on: PageIndex(0)))
        XCTAssertTrue(threads.isMarked("p0-a0", by: "Ada"))
        XCTAssertFalse(threads.isMarked("p0-a0", by: "Grace"))
        XCTAssertNil(threads.reviewState(of: "p0-a0"), "a mark is no review state")
        try commit(composer.settingState(.unmarked, of: "p0-a0", in: port), to: port)
        threads = AnnotationThreads(port.annotations(on: PageIndex(0)))
        XCTAssertFalse(threads.isMarked("p0-a0", by: "Ada"))
    }

    func testDeletingAnAnnotationTakesItsThreadWithIt() throws {
        let port = port()
        try commit(composer.reply(to: "p0-a0", text: "One", in: port), to: port)
        try commit(composer.settingState(.completed, of: "p0-a0", in: port), to: port)
        let before = port.model
        let made = try XCTUnwrap(composer.deleting([AnnotationID("p0-a0")], in: port))
        XCTAssertTrue(port.commit(made.record))
        XCTAssertTrue(port.annotations(on: PageIndex(0)).isEmpty)
        try port.undo()
        XCTAssertEqual(port.model, before)
    }

    func testAChangedAnnotationWithoutANameGetsAUUIDAndItsAuthorStays() throws {
        let port = port()
        let record = try commit(composer.changingProperties(of: [highlight], named: "Colour") { $0.color = .red }, to: port)
        guard case .replace(_, let after) = record.edit else { return XCTFail() }
        XCTAssertEqual(after[0].uniqueName?.hasPrefix("uuid-"), true, "a stable /NM")
        XCTAssertEqual(after[0].author, "Grace", "/T stays the author's")
        XCTAssertNotNil(after[0].modified)
    }

    func testAnAnnotationMadeHereCarriesItsCreationDate() throws {
        let port = port()
        let record = try XCTUnwrap(composer.shape(.square, on: PageIndex(0), from: Point(x: 0, y: 0), to: Point(x: 40, y: 40), in: port))
        guard case .insert(let placed) = record.edit else { return XCTFail() }
        XCTAssertNotNil(placed[0].annotation.creationDate)
        XCTAssertEqual(placed[0].annotation.creationDate, placed[0].annotation.modified)
        XCTAssertEqual(placed[0].annotation.author, "Ada")
    }

    func testEveryNameTheComposerGivesIsAUUIDFromTheOneGenerator() throws {
        // The host's stamp, as the canvas makes it: its UUID from UniqueName.
        var serial = 0
        let composer = EditComposer { page in
            serial += 1
            return CreationStamp(id: "p\(page.rawValue)-n\(serial)", author: "Ada", date: "D:20261203000000Z", uuid: UniqueName.make())
        }
        let port = port()
        let reply = try XCTUnwrap(answer(in: try commit(composer.reply(to: "p0-a0", text: "Why?", in: port), to: port)))
        let state = try XCTUnwrap(answer(in: try commit(composer.settingState(.accepted, of: "p0-a0", in: port), to: port)))
        let square = try XCTUnwrap(answer(in: try commit(composer.shape(.square, on: PageIndex(0), from: Point(x: 0, y: 0),
                                                                       to: Point(x: 40, y: 40), in: port), to: port)))
        let parent = try XCTUnwrap(port.annotation("p0-a0"))
        let names = [reply, state, square, parent].map { $0.uniqueName ?? "" }
        for (name, what) in zip(names, ["the reply", "the state", "a square", "the parent named by the reply"]) {
            XCTAssertTrue(UniqueName.isUUID(name), "\(what)'s /NM \(name)")
        }
        XCTAssertEqual(Set(names).count, names.count, "each its own")
        XCTAssertFalse(names.contains(reply.id), "not the editor id")
    }
}

private extension String {
    /// Two digits, for a minute in a PDF date.
    init(format2 value: Int) { self = value % 60 < 10 ? "0\(value % 60)" : "\(value % 60)" }
}
