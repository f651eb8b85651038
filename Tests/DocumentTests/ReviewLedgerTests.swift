// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import SeededRandom
import XCTest

/// The shared review's merge rule, as values: the newest /M wins per name, deletions stay as
/// tombstones, edits both sides made since they last saw each other are conflicts, and every
/// side ends with the same versions whatever order the packets come in.
final class ReviewLedgerTests: XCTestCase {
    let d1 = "D:20261201100000Z", d2 = "D:20261201110000Z", d3 = "D:20261201120000Z", d4 = "D:20261201130000Z"

    func testANewAnnotationIsPublishedOnceWithNoBase() {
        var ledger = ReviewLedger()
        let first = ledger.localChanges(current: ["a": d1], now: d4)
        XCTAssertEqual(first, [ReviewChange(name: "a", base: nil, version: ReviewVersion(modified: d1))])
        XCTAssertEqual(ledger.localChanges(current: ["a": d1], now: d4), [], "nothing changed since")
    }

    func testAnEditIsPublishedFromTheVersionItWasMadeFrom() {
        var ledger = ReviewLedger()
        _ = ledger.localChanges(current: ["a": d1], now: d4)
        XCTAssertEqual(ledger.localChanges(current: ["a": d2], now: d4), [ReviewChange(name: "a", base: d1, version: ReviewVersion(modified: d2))])
    }

    func testAnAnnotationThatIsGoneIsPublishedAsATombstoneDatedNow() {
        var ledger = ReviewLedger()
        _ = ledger.localChanges(current: ["a": d1, "b": d1], now: d4)
        let changes = ledger.localChanges(current: ["b": d1], now: d3)
        XCTAssertEqual(changes, [ReviewChange(name: "a", base: d1, version: ReviewVersion(modified: d3, deleted: true))])
        XCTAssertEqual(ledger.versions["a"]?.deleted, true, "kept as a tombstone")
    }

    func testATombstoneIsNeverOlderThanWhatItDeletesSoItWinsEverywhere() {
        // The annotation's date is later than this device's clock.
        var here = ReviewLedger(), there = ReviewLedger()
        _ = here.localChanges(current: ["a": d3], now: d1)
        _ = there.receive(ReviewChange(name: "a", base: nil, version: ReviewVersion(modified: d3)))
        let tombstone = here.localChanges(current: [:], now: d1)
        XCTAssertEqual(tombstone, [ReviewChange(name: "a", base: d3, version: ReviewVersion(modified: d3, deleted: true))])
        XCTAssertEqual(there.receive(tombstone[0]), ReviewDecision(applies: true, isConflict: false), "the deletion reaches the other side")
        XCTAssertEqual(there.versions["a"]?.deleted, true)
    }

    func testAChangeFromElsewhereToAnUnknownAnnotationAppliesAndIsMarkedUnseen() {
        var ledger = ReviewLedger()
        let decision = ledger.receive(ReviewChange(name: "a", base: nil, version: ReviewVersion(modified: d1)))
        XCTAssertEqual(decision, ReviewDecision(applies: true, isConflict: false))
        XCTAssertEqual(ledger.unseen, ["a"])
        ledger.markSeen("a")
        XCTAssertEqual(ledger.unseen, [])
    }

    func testAnEditMadeFromTheKnownVersionAppliesWithoutConflict() {
        var ledger = ReviewLedger()
        _ = ledger.localChanges(current: ["a": d2], now: d4)
        let decision = ledger.receive(ReviewChange(name: "a", base: d2, version: ReviewVersion(modified: d3)))
        XCTAssertEqual(decision, ReviewDecision(applies: true, isConflict: false))
        XCTAssertEqual(ledger.versions["a"], ReviewVersion(modified: d3))
        XCTAssertEqual(ledger.conflicts, [])
    }

    func testAnOlderVersionNeverReplacesANewerOne() {
        var ledger = ReviewLedger()
        _ = ledger.receive(ReviewChange(name: "a", base: nil, version: ReviewVersion(modified: d3)))
        XCTAssertFalse(ledger.receive(ReviewChange(name: "a", base: d3, version: ReviewVersion(modified: d2))).applies)
        XCTAssertEqual(ledger.versions["a"], ReviewVersion(modified: d3))
    }

    func testTheSameVersionAgainChangesNothing() {
        var ledger = ReviewLedger()
        _ = ledger.localChanges(current: ["a": d1], now: d4)
        XCTAssertEqual(ledger.receive(ReviewChange(name: "a", base: nil, version: ReviewVersion(modified: d1))),
                       ReviewDecision(applies: false, isConflict: false))
        XCTAssertEqual(ledger.unseen, [])
    }

    func testEditsBothSidesMadeFromTheSameVersionConflictAndTheNewerWinsOnBothSides() {
        var here = ReviewLedger(), there = ReviewLedger()
        _ = here.localChanges(current: ["a": d1], now: d4)
        XCTAssertTrue(there.receive(ReviewChange(name: "a", base: nil, version: ReviewVersion(modified: d1))).applies)
        let mine = here.localChanges(current: ["a": d2], now: d4)
        let theirs = there.localChanges(current: ["a": d3], now: d4)
        let atHere = here.receive(theirs[0])
        let atThere = there.receive(mine[0])
        XCTAssertEqual(atHere, ReviewDecision(applies: true, isConflict: true), "theirs is newer")
        XCTAssertEqual(atThere, ReviewDecision(applies: false, isConflict: true), "theirs stays")
        XCTAssertEqual(here.versions, there.versions)
        XCTAssertEqual(here.conflicts, ["a"])
        XCTAssertEqual(there.conflicts, ["a"])
        _ = here.localChanges(current: ["a": d4], now: d4)
        XCTAssertEqual(here.conflicts, [], "an edit made here after the conflict settles it")
    }

    func testADeviceThatOnlyLagsBehindCatchesUpWithoutAConflict() {
        var a = ReviewLedger(), c = ReviewLedger()
        let v1 = a.localChanges(current: ["n": d1], now: d4)
        _ = c.receive(v1[0])
        let v2 = a.localChanges(current: ["n": d2], now: d4)
        let v3 = a.localChanges(current: ["n": d3], now: d4)
        // c sees the newest first (another device's file read before), then the one between.
        XCTAssertEqual(c.receive(v3[0]), ReviewDecision(applies: true, isConflict: false))
        XCTAssertEqual(c.receive(v2[0]), ReviewDecision(applies: false, isConflict: false))
        XCTAssertEqual(c.versions["n"], ReviewVersion(modified: d3))
    }

    func testADeletionStaysDeletedWhenAnOlderEditArrivesAfterIt() {
        var ledger = ReviewLedger()
        _ = ledger.receive(ReviewChange(name: "a", base: nil, version: ReviewVersion(modified: d1)))
        XCTAssertTrue(ledger.receive(ReviewChange(name: "a", base: d1, version: ReviewVersion(modified: d3, deleted: true))).applies)
        let late = ledger.receive(ReviewChange(name: "a", base: d1, version: ReviewVersion(modified: d2)))
        XCTAssertFalse(late.applies, "the tombstone is newer")
        XCTAssertEqual(ledger.versions["a"], ReviewVersion(modified: d3, deleted: true))
    }

    func testAnEditNewerThanADeletionBringsTheAnnotationBackAsAConflictWhereItWasDeleted() {
        var ledger = ReviewLedger()
        _ = ledger.localChanges(current: ["a": d1], now: d4)
        _ = ledger.localChanges(current: [:], now: d2)
        let decision = ledger.receive(ReviewChange(name: "a", base: d1, version: ReviewVersion(modified: d3)))
        XCTAssertEqual(decision, ReviewDecision(applies: true, isConflict: true))
    }

    func testEveryOrderOfTheSamePacketsEndsWithTheSameVersions() {
        var random = SeededGenerator(seed: 35)
        let dates = [d1, d2, d3, d4]
        for _ in 0..<50 {
            var changes: [ReviewChange] = []
            for _ in 0..<8 {
                let name = ["a", "b", "c"].randomElement(using: &random)!
                let version = ReviewVersion(modified: dates.randomElement(using: &random)!, deleted: Int.random(in: 0..<4, using: &random) == 0)
                changes.append(ReviewChange(name: name, base: [nil, d1, d2].randomElement(using: &random)!, version: version))
            }
            var first = ReviewLedger(), second = ReviewLedger()
            for c in changes { _ = first.receive(c) }
            for c in changes.shuffled(using: &random) { _ = second.receive(c) }
            XCTAssertEqual(first.versions, second.versions, "\(changes)")
        }
    }
}
