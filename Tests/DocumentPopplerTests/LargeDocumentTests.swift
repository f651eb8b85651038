// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import XCTest

/// Opening must stay fast for long documents, since page sizes are all read at open time.
final class LargeDocumentTests: XCTestCase {
    func testAGenerated2000PageDocumentOpensQuicklyWithAllItsPages() throws {
        let folder = try TemporaryFolder()
        let pages = (0..<2000).map { i in
            MinimalPDF.Page(width: i % 10 == 0 ? 792 : 612, height: i % 10 == 0 ? 612 : 792, rotate: i % 7 == 0 ? 90 : 0)
        }
        let path = try folder.write(MinimalPDF(pages: pages, title: "Two thousand").data(), to: "2000 pages.pdf")

        let clock = ContinuousClock()
        var document: PopplerDocument?
        let elapsed = try clock.measure { document = try PopplerDocument.open(path: path) }
        let opened = try XCTUnwrap(document)
        print("Opening a 2,000-page PDF took \(elapsed)")

        XCTAssertEqual(opened.pageCount, 2000)
        XCTAssertEqual(opened.metadata.title, "Two thousand")
        XCTAssertEqual(opened.pageInfo(.init(0)).mediaSize, Size(width: 792, height: 612))
        XCTAssertEqual(opened.pageInfo(.init(0)).rotation, .quarter)
        XCTAssertEqual(opened.pageInfo(.init(1)).displaySize, Size(width: 612, height: 792))
        XCTAssertEqual(opened.pageInfo(.init(1999)).index, .init(1999))
        XCTAssertEqual(opened.allPageInfos.filter { $0.rotation == .quarter }.count, (0..<2000).filter { $0 % 7 == 0 }.count)
        XCTAssertLessThan(elapsed, .seconds(2), "open time for 2,000 pages")
        XCTAssertNotNil(opened.renderImage(page: .init(1999), scale: 0.1))
    }
}
