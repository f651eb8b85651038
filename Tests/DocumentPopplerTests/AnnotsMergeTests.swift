// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import DocumentPoppler

/// The rule for rewriting a page's /Annots: unmanaged entries stay after the managed entry they
/// followed; managed ones take the model's order.
final class AnnotsMergeTests: XCTestCase {
    let a = ObjectRef(1, 0), b = ObjectRef(2, 0), c = ObjectRef(3, 0), x = ObjectRef(9, 0), n = ObjectRef(20, 0)

    /// `current` entries: a, x (unmanaged), nil (inline, unmanaged), b, c.
    private func merge(ordered: [(String, ObjectRef)]) -> [AnnotsEntry] {
        let ids: [ObjectRef: String] = [a: "a", b: "b", c: "c"]
        return AnnotsMerge.entries(current: [x, a, x, nil, b, c], managedID: { _, ref in ref.flatMap { ids[$0] } },
                                   ordered: ordered.map { (id: $0.0, entry: .reference($0.1)) })
    }

    func testNothingChangedGivesTheSameArray() {
        XCTAssertEqual(merge(ordered: [("a", a), ("b", b), ("c", c)]),
                       [.kept(0), .reference(a), .kept(2), .kept(3), .reference(b), .reference(c)])
    }

    func testANewAnnotationComesWhereTheModelPutsItAndUnmanagedEntriesStay() {
        XCTAssertEqual(merge(ordered: [("a", a), ("n", n), ("b", b), ("c", c)]),
                       [.kept(0), .reference(a), .kept(2), .kept(3), .reference(n), .reference(b), .reference(c)])
    }

    func testARemovedAnnotationLeavesItsFollowersAfterTheOneBefore() {
        XCTAssertEqual(merge(ordered: [("b", b), ("c", c)]),
                       [.kept(0), .kept(2), .kept(3), .reference(b), .reference(c)])
    }

    func testReorderingMovesManagedEntriesWithWhatFollowedThem() {
        XCTAssertEqual(merge(ordered: [("b", b), ("c", c), ("a", a)]),
                       [.kept(0), .reference(b), .reference(c), .reference(a), .kept(2), .kept(3)])
    }

    func testASecondListingStaysWhileItsAnnotationStays() {
        let ids: [ObjectRef: String] = [a: "a"]
        let current: [ObjectRef?] = [a, x, a]
        let staying = AnnotsMerge.entries(current: current, managedID: { _, ref in ref.flatMap { ids[$0] } }, ordered: [(id: "a", entry: .reference(a))])
        XCTAssertEqual(staying, [.reference(a), .kept(1), .kept(2)])
        let gone = AnnotsMerge.entries(current: current, managedID: { _, ref in ref.flatMap { ids[$0] } }, ordered: [])
        XCTAssertEqual(gone, [.kept(1)])
    }
}
