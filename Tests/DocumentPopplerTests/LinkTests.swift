// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

final class LinkTests: XCTestCase {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/sample.pdf").standardized.path

    func testTheSamplesContentsLinksLeadToTheirPagesAndItsWebLinkToAnAddress() throws {
        let doc = try PopplerDocument.open(path: sample)
        let links = doc.links(on: PageIndex(0))
        // data/README.md: page 1 links to pages 2–6 and to the project homepage.
        let pages = Set(links.compactMap { if case .page(let p) = $0.target { return p.displayNumber } else { return nil } })
        XCTAssertEqual(pages, [2, 3, 4, 5, 6])
        XCTAssertTrue(links.contains { if case .uri(let u) = $0.target { return u.hasPrefix("https://") } else { return false } })
        let pageHeight = doc.pageInfo(PageIndex(0)).mediaSize.height
        for l in links {
            XCTAssertGreaterThan(l.rect.width, 10)
            XCTAssertTrue(l.rect.minY >= 0 && l.rect.maxY <= pageHeight, "\(l.rect) inside the page")
        }
    }
}
