// SPDX-License-Identifier: GPL-3.0-or-later
import Document
@testable import DocumentPoppler
import Foundation
import Geometry
import XCTest

/// A long document opens with every page: opening reads only page sizes, and rotations are
/// probed per page on request. How long opening takes belongs in a benchmark, not in a test.
final class LargeDocumentTests: XCTestCase {
    /// 2,000 pages: every tenth landscape, every seventh with /Rotate 90.
    static func write2000PageDocument(in folder: TemporaryFolder) throws -> String {
        let pages = (0..<2000).map { i in
            MinimalPDF.Page(width: i % 10 == 0 ? 792 : 612, height: i % 10 == 0 ? 612 : 792, rotate: i % 7 == 0 ? 90 : 0)
        }
        return try folder.write(MinimalPDF(pages: pages, title: "Two thousand").data(), to: "2000 pages.pdf")
    }

    func testAGenerated2000PageDocumentOpensWithAllItsPagesWithoutProbingAnyRotation() throws {
        let folder = try TemporaryFolder()
        let opened = try PopplerDocument.open(path: Self.write2000PageDocument(in: folder))
        XCTAssertFalse(opened.probeDocumentIsOpen, "opening reads sizes only; no page's rotation is probed yet")

        XCTAssertEqual(opened.pageCount, 2000)
        XCTAssertEqual(opened.metadata.title, "Two thousand")
        XCTAssertEqual(opened.pageInfo(.init(0)).mediaSize, Size(width: 792, height: 612))
        XCTAssertEqual(opened.pageInfo(.init(0)).rotation, .quarter)
        XCTAssertEqual(opened.pageInfo(.init(1)).displaySize, Size(width: 612, height: 792))
        XCTAssertEqual(opened.pageInfo(.init(1999)).index, .init(1999))
        XCTAssertEqual(opened.allPageInfos.filter { $0.rotation == .quarter }.count, (0..<2000).filter { $0 % 7 == 0 }.count)
        XCTAssertNotNil(opened.renderImage(page: .init(1999), scale: 0.1))
    }

    func testTheDisplaySizesOfTheGenerated2000PageDocumentEqualThoseOfItsProbedPageInfos() throws {
        let folder = try TemporaryFolder()
        let document = try PopplerDocument.open(path: Self.write2000PageDocument(in: folder))
        let sizes = document.displaySizes
        XCTAssertEqual(sizes.count, 2000)
        XCTAssertEqual(sizes, document.allPageInfos.map(\.displaySize))
        XCTAssertEqual(sizes[0], Size(width: 612, height: 792), "landscape crop box turned a quarter")
        XCTAssertEqual(sizes[10], Size(width: 792, height: 612))
    }
}
