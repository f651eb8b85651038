// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

/// Outlines read from the developer PDFs match the manifest's counts, and lead to real pages.
final class OutlineTests: XCTestCase {
    func testEveryOutlineHasTheManifestsNumberOfEntriesLeadingToPagesOfTheDocument() throws {
        let entries = try DeveloperPDFSet.manifest().filter { $0.popplerOpens && $0.outlineItems != nil }
        XCTAssertGreaterThan(entries.filter { ($0.outlineItems ?? 0) > 0 }.count, 3)
        for entry in entries {
            let document = try PopplerDocument.open(path: try DeveloperPDFSet.path(entry.file), password: entry.password)
            let flat = document.outline().flatMap { $0.flattened() }
            XCTAssertEqual(flat.count, entry.outlineItems, entry.file)
            for (item, _) in flat {
                if let page = item.page { XCTAssertLessThan(page.rawValue, document.pageCount, "\(entry.file): \(item.title)") }
            }
        }
    }

    func testTheCurrentEntryIsTheLastOneAtOrBeforeThePage() {
        let outline = [OutlineItem(title: "One", page: PageIndex(0), children: [OutlineItem(title: "One.a", page: PageIndex(2))]),
                       OutlineItem(title: "Two", page: PageIndex(5)), OutlineItem(title: "Nowhere", page: nil)]
        let flat = outline.flatMap { $0.flattened() }
        XCTAssertEqual(flat.map(\.depth), [0, 1, 0, 0])
        XCTAssertEqual(OutlineItem.current(in: flat, page: PageIndex(0)), 0)
        XCTAssertEqual(OutlineItem.current(in: flat, page: PageIndex(3)), 1)
        XCTAssertEqual(OutlineItem.current(in: flat, page: PageIndex(9)), 2)
    }
}
