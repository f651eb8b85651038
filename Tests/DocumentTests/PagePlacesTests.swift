// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

/// Where pages are after an organising edit, by their place before (bookmarks follow them):
/// moved, taken out, put in, and back again with the inverse.
final class PagePlacesTests: XCTestCase {
    private func places(_ edit: AnnotationEdit, _ count: Int) -> [Int?] { edit.pagePlaces(pageCount: count).map { $0?.rawValue } }
    private func page(_ i: Int) -> RemovedPage { RemovedPage(index: PageIndex(i), object: "\(i + 10) 0", annotations: [], wasLoaded: true) }

    func testAMovedPageAndThoseItPassedFollowTheNewOrder() {
        // The last of four pages moved first.
        XCTAssertEqual(places(.reorderPages(order: [3, 0, 1, 2]), 4), [1, 2, 3, 0])
        XCTAssertEqual(places(AnnotationEdit.reorderPages(order: [3, 0, 1, 2]).inverse, 4), [3, 0, 1, 2])
    }

    func testPagesTakenOutHaveNoPlaceAndThoseAfterThemCloseUp() {
        XCTAssertEqual(places(.removePages([page(1), page(3)]), 5), [0, nil, 1, nil, 2])
    }

    func testPagesPutInPushThoseAtAndAfterTheirPlaces() {
        // Two pages put in at 1 and 3 of the new numbering, in a document of three.
        XCTAssertEqual(places(.restorePages([page(3), page(1)]), 3), [0, 2, 4])
        // Taking pages out and putting them back brings every page home.
        let out = places(.removePages([page(1), page(3)]), 5)
        let back = places(.restorePages([page(1), page(3)]), 3)
        XCTAssertEqual(out.map { $0.flatMap { back[$0] } }, [0, nil, 2, nil, 4])
    }

    func testOtherEditsLeaveEveryPageInPlace() {
        XCTAssertEqual(places(.rotatePages([PageIndex(0)], quarterTurns: 1), 3), [0, 1, 2])
    }
}
