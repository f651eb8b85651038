// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Two reviewers, each with an editor on their own copy of one document, share a review folder
/// (a temporary folder, through GIO): what one makes, answers, changes or deletes reaches the
/// other through packets in the folder; an edit made while the other is closed arrives when it
/// opens again; edits both made are conflicts; a packet for another document is refused; a
/// folder that goes away loses nothing.
final class SharedReviewTests: XCTestCase {
    /// One reviewer: an editor on a copy and its shared review.
    final class Reviewer {
        let path: String
        let device: String
        var editor: DocumentEditor
        var review: SharedReview
        var serial = 0
        var clock: () -> String

        init(path: String, device: String, documentID: String, folder: SharedReviewFolder, clock: @escaping () -> String) throws {
            self.path = path
            self.device = device
            self.clock = clock
            editor = try DocumentEditor.open(path: path, password: nil)
            review = SharedReview(device: device, documentID: documentID, state: SharedReviewState(folder: folder.uri))
        }

        func stamp(_ page: PageIndex) -> CreationStamp {
            serial += 1
            return CreationStamp(id: "\(device)-m\(serial)", author: device, date: clock())
        }

        var annotations: [Annotation] { editor.annotations(on: PageIndex(0)) }
        func named(_ name: String) -> Annotation? { annotations.first { $0.uniqueName == name } }

        func perform(_ name: String, _ edit: AnnotationEdit) throws {
            try editor.perform(EditRecord(name, edit))
            review.publish(from: editor, pageCount: editor.pageCount, origin: editor.cropOrigin(of:), now: clock())
        }

        func highlight(_ name: String, text: String) throws {
            let quads = [Point(x: 20, y: 60), Point(x: 120, y: 60), Point(x: 20, y: 40), Point(x: 120, y: 40)]
            let a = Annotation(id: name, page: PageIndex(0), subtype: .highlight, rect: Rect(x: 20, y: 40, width: 100, height: 20),
                               color: RGBColor(red: 1, green: 1, blue: 0), contents: text, author: device, modified: clock(),
                               uniqueName: name, geometry: .quadPoints(quads), appearance: .generated)
            try perform("Highlight", .insert([PlacedAnnotation(a, at: annotations.count)]))
        }

        func reply(_ name: String, to parent: String, text: String) throws {
            let p = try XCTUnwrap(named(parent))
            var a = Annotation(id: name, page: PageIndex(0), subtype: .text, rect: p.rect, contents: text, author: device, modified: clock(),
                               uniqueName: name, flags: 28, iconName: "Comment", isOpen: false, appearance: .absent)
            a.inReplyTo = p.id
            a.creationDate = a.modified
            try perform("Reply", .insert([PlacedAnnotation(a, at: annotations.count)]))
        }

        func edit(_ name: String, text: String) throws {
            let old = try XCTUnwrap(named(name))
            var new = old
            new.contents = text
            new.modified = clock()
            try perform("Edit", .replace(before: [old], after: [new]))
        }

        func delete(_ name: String) throws {
            let a = try XCTUnwrap(named(name))
            try perform("Delete", .remove(editor.removal(of: [a.id])))
        }

        /// Reads the folder and merges what the others wrote; returns the merge.
        @discardableResult
        func sync() throws -> SharedReviewMerge {
            let origins = (0..<editor.pageCount).map { editor.cropOrigin(of: PageIndex($0)) }
            let incoming = SharedReview.read(review.folder, device: device, offsets: review.state.offsets, origins: origins)
            let merge = review.merge(incoming, into: editor, pageCount: editor.pageCount, origin: editor.cropOrigin(of:), now: clock(),
                                     stamp: stamp)
            if let record = merge.record { try editor.perform(record) }
            // What was changed here and not yet published went into a packet: written now.
            review.flush()
            return merge
        }

        /// Saves, closes and opens the copy again with the review's kept state.
        func reopen() throws {
            try editor.save()
            let state = review.state
            editor = try DocumentEditor.open(path: path, password: nil)
            review = SharedReview(device: device, documentID: review.documentID, state: state)
        }
    }

    var folder: TemporaryFolder!
    var reviewFolder: SharedReviewFolder!
    var tick = 0

    func clock() -> String {
        tick += 1
        return PDFDate.string(secondsSince1970: 1_790_000_000 + Int64(tick) * 60)
    }

    /// XCTest keeps every test case object until the run ends: letting the folder go here is
    /// what removes it.
    override func tearDown() {
        reviewFolder = nil
        folder = nil
        super.tearDown()
    }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        let review = folder.path("review")
        try FileManager.default.createDirectory(atPath: review, withIntermediateDirectories: true)
        reviewFolder = SharedReviewFolder(path: review)
    }

    func twoReviewers() throws -> (Reviewer, Reviewer) {
        let pdf = AnnotatedPDF(cropBox: nil, annotations: []).data()
        let a = try folder.write(pdf, to: "ann.pdf"), b = try folder.write(pdf, to: "ben.pdf")
        return (try Reviewer(path: a, device: "ann", documentID: "doc-1", folder: reviewFolder, clock: clock),
                try Reviewer(path: b, device: "ben", documentID: "doc-1", folder: reviewFolder, clock: clock))
    }

    func testAHighlightMadeByOneReviewerArrivesAtTheOtherAsOneStep() throws {
        let (ann, ben) = try twoReviewers()
        try ann.highlight("h1", text: "Check this")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("review/ann.xfdf-review")))
        let merge = try ben.sync()
        XCTAssertEqual(merge.changed, ["h1"])
        XCTAssertEqual(merge.record?.name, SharedReview.stepName)
        let h = try XCTUnwrap(ben.named("h1"))
        XCTAssertEqual(h.subtype, .highlight)
        XCTAssertEqual(h.contents, "Check this")
        XCTAssertEqual(h.author, "ann")
        XCTAssertEqual(h.modified, ann.named("h1")?.modified)
        XCTAssertEqual(ben.review.state.ledger.unseen, ["h1"], "marked changed until seen")
        XCTAssertNil(try ben.sync().record, "the same packet is not merged twice")
        XCTAssertNil(try ann.sync().record, "nothing comes back as an echo")
        try ben.editor.undo()
        XCTAssertNil(ben.named("h1"), "one undo takes the merge back")
    }

    func testAReplyMadeByTheSecondReviewerArrivesUnderItsParentAtTheFirst() throws {
        let (ann, ben) = try twoReviewers()
        try ann.highlight("h1", text: "Check this")
        try ben.sync()
        try ben.reply("r1", to: "h1", text: "Done")
        try ann.sync()
        let reply = try XCTUnwrap(ann.named("r1"))
        XCTAssertEqual(reply.contents, "Done")
        XCTAssertEqual(reply.author, "ben")
        XCTAssertEqual(reply.inReplyTo, ann.named("h1")?.id)
    }

    func testADeletionPropagatesAndStaysDeleted() throws {
        let (ann, ben) = try twoReviewers()
        try ann.highlight("h1", text: "Check this")
        try ben.sync()
        try ben.delete("h1")
        let merge = try ann.sync()
        XCTAssertNil(ann.named("h1"))
        XCTAssertNotNil(merge.record)
        XCTAssertEqual(ann.review.state.ledger.versions["h1"]?.deleted, true, "kept as a tombstone")
        XCTAssertNil(try ben.sync().record)
        XCTAssertNil(ben.named("h1"))
    }

    func testAnEditMadeWhileTheOtherIsClosedArrivesWhenItOpensAgain() throws {
        let (ann, ben) = try twoReviewers()
        try ann.highlight("h1", text: "Check this")
        try ben.sync()
        try ben.reopen()
        try ben.editor.save()
        // Ben is closed (his state kept); Ann edits.
        let kept = ben.review.state
        try ann.edit("h1", text: "Check this figure")
        let reopened = try Reviewer(path: ben.path, device: "ben", documentID: "doc-1", folder: reviewFolder, clock: clock)
        reopened.review.state = kept
        XCTAssertEqual(reopened.named("h1")?.contents, "Check this", "his saved copy")
        try reopened.sync()
        XCTAssertEqual(reopened.named("h1")?.contents, "Check this figure")
    }

    func testEditsBothMadeSinceTheyLastSawEachOtherAreConflictsWithTheSameWinnerOnBothSides() throws {
        let (ann, ben) = try twoReviewers()
        try ann.highlight("h1", text: "Check this")
        try ben.sync()
        try ann.edit("h1", text: "Ann's words")
        try ben.edit("h1", text: "Ben's words")
        let atAnn = try ann.sync()
        let atBen = try ben.sync()
        XCTAssertEqual(atAnn.conflicts, ["h1"])
        XCTAssertEqual(atBen.conflicts, ["h1"])
        XCTAssertEqual(ann.named("h1")?.contents, "Ben's words", "the newer edit wins")
        XCTAssertEqual(ben.named("h1")?.contents, "Ben's words")
        XCTAssertEqual(ann.review.state.ledger.conflicts, ["h1"])
        XCTAssertEqual(ben.review.state.ledger.conflicts, ["h1"])
    }

    func testAPacketForAnotherDocumentIsRefusedAndChangesNothing() throws {
        let (ann, ben) = try twoReviewers()
        let pdf = AnnotatedPDF(cropBox: nil, annotations: []).data()
        let other = try Reviewer(path: try folder.write(pdf, to: "other.pdf"), device: "cy", documentID: "doc-2", folder: reviewFolder,
                                 clock: clock)
        try other.highlight("h9", text: "Elsewhere")
        try ann.highlight("h1", text: "Check this")
        let merge = try ben.sync()
        XCTAssertEqual(merge.refused, ["cy"])
        XCTAssertNil(ben.named("h9"))
        XCTAssertNotNil(ben.named("h1"), "the packets of the same document still merge")
    }

    func testAFolderThatGoesAwayKeepsThePacketsUntilItIsBack() throws {
        let (ann, ben) = try twoReviewers()
        try ann.highlight("h1", text: "Check this")
        let review = folder.path("review"), away = folder.path("away")
        try FileManager.default.moveItem(atPath: review, toPath: away)
        try ann.highlight("h2", text: "Offline")
        XCTAssertEqual(ann.review.problem?.folderMissing, true)
        XCTAssertEqual(ann.review.state.pending.count, 1, "the packet waits")
        XCTAssertFalse(FileManager.default.fileExists(atPath: review), "a folder that is gone is not made again")
        let merge = try ben.sync()
        XCTAssertNil(merge.record)
        try FileManager.default.moveItem(atPath: away, toPath: review)
        XCTAssertTrue(ann.review.flush())
        XCTAssertEqual(ann.review.state.pending, [])
        try ben.sync()
        XCTAssertEqual(Set(ben.annotations.compactMap(\.uniqueName)), ["h1", "h2"])
    }

    func testADamagedFileAndAnUnreadablePacketAreReportedAndChangeNothing() throws {
        let (_, ben) = try twoReviewers()
        try Data("not a packet at all".utf8).write(to: URL(fileURLWithPath: folder.path("review/junk.xfdf-review")))
        try Data("%REVIEW-PACKET 11\n<xfdf><oops".utf8).write(to: URL(fileURLWithPath: folder.path("review/bad.xfdf-review")))
        let origins = [Point.zero]
        let incoming = SharedReview.read(reviewFolder, device: "ben", offsets: [:], origins: origins)
        XCTAssertEqual(incoming.damaged, ["junk"])
        XCTAssertEqual(incoming.unreadable, ["bad"])
        XCTAssertNil(try ben.sync().record)
        XCTAssertEqual(ben.annotations, [])
    }

    func testATornTailIsLeftForLaterAndWholePacketsStillMerge() throws {
        let (ann, ben) = try twoReviewers()
        try ann.highlight("h1", text: "Check this")
        let file = folder.path("review/ann.xfdf-review")
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try (whole + Data("%REVIEW-PACKET 400\n<?xml".utf8)).write(to: URL(fileURLWithPath: file))
        try ben.sync()
        XCTAssertNotNil(ben.named("h1"))
        XCTAssertEqual(ben.review.state.offsets["ann"], whole.count, "read up to the last whole packet")
    }

    func testPacketsQueuedWhileAWriteIsUnderWayAreWrittenAfterItInTheirOrder() throws {
        let (ann, ben) = try twoReviewers()
        try ann.editor.perform(EditRecord("Highlight", .insert([PlacedAnnotation(highlight("h1", by: "ann"), at: 0)])))
        ann.review.queuePacket(from: ann.editor, pageCount: 1, origin: ann.editor.cropOrigin(of:), now: clock())
        // The first write is taken to a worker; two more edits are made meanwhile.
        let first = try XCTUnwrap(ann.review.nextWrite())
        for name in ["h2", "h3"] {
            try ann.editor.perform(EditRecord("Highlight", .insert([PlacedAnnotation(highlight(name, by: "ann"), at: ann.annotations.count)])))
            ann.review.queuePacket(from: ann.editor, pageCount: 1, origin: ann.editor.cropOrigin(of:), now: clock())
        }
        XCTAssertEqual(ann.review.state.pending.count, 3)
        XCTAssertNil(first.run())
        XCTAssertTrue(ann.review.finish(first, problem: nil))
        XCTAssertEqual(ann.review.state.pending.count, 2, "only the packet written goes")
        XCTAssertTrue(ann.review.flush())
        let file = try Data(contentsOf: URL(fileURLWithPath: folder.path("review/ann.xfdf-review")))
        XCTAssertEqual(ReviewPacket.split([UInt8](file), from: 0).bodies.count, 3)
        try ben.sync()
        XCTAssertEqual(ben.annotations.compactMap(\.uniqueName), ["h1", "h2", "h3"])
    }

    func testAWriteThatWentThroughBeforeItWasNotedIsNotWrittenTwice() throws {
        let (ann, ben) = try twoReviewers()
        try ann.editor.perform(EditRecord("Highlight", .insert([PlacedAnnotation(highlight("h1", by: "ann"), at: 0)])))
        ann.review.queuePacket(from: ann.editor, pageCount: 1, origin: ann.editor.cropOrigin(of:), now: clock())
        // Written, but the app ended before it noted so: the packet still waits in its state.
        XCTAssertNil(try XCTUnwrap(ann.review.nextWrite()).run())
        try ann.editor.perform(EditRecord("Highlight", .insert([PlacedAnnotation(highlight("h2", by: "ann"), at: 1)])))
        ann.review.queuePacket(from: ann.editor, pageCount: 1, origin: ann.editor.cropOrigin(of:), now: clock())
        XCTAssertEqual(ann.review.state.pending.count, 2)
        XCTAssertTrue(ann.review.flush())
        let file = try Data(contentsOf: URL(fileURLWithPath: folder.path("review/ann.xfdf-review")))
        let bodies = ReviewPacket.split([UInt8](file), from: 0).bodies
        XCTAssertEqual(bodies.count, 2, "the first packet once, then the second")
        try ben.sync()
        XCTAssertEqual(ben.annotations.compactMap(\.uniqueName), ["h1", "h2"])
    }

    /// A highlight named `name`, dated now.
    func highlight(_ name: String, by author: String) -> Annotation {
        let quads = [Point(x: 20, y: 60), Point(x: 120, y: 60), Point(x: 20, y: 40), Point(x: 120, y: 40)]
        return Annotation(id: name, page: PageIndex(0), subtype: .highlight, rect: Rect(x: 20, y: 40, width: 100, height: 20),
                          color: RGBColor(red: 1, green: 1, blue: 0), contents: name, author: author, modified: clock(),
                          uniqueName: name, geometry: .quadPoints(quads), appearance: .generated)
    }
}
