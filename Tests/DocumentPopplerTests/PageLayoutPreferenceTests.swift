// SPDX-License-Identifier: GPL-3.0-or-later
import Document
@testable import DocumentPoppler
import Foundation
import XCTest

/// The layout a document asks for (its catalog's /PageLayout) is read when it opens, for the
/// first frame; a document that says nothing asks for nothing.
final class PageLayoutPreferenceTests: XCTestCase {
    func testTheCatalogsPageLayoutIsReadAtOpen() throws {
        let folder = try TemporaryFolder()
        let page = MinimalPDF.Page(width: 400, height: 500)
        for name in ["SinglePage", "OneColumn", "TwoColumnLeft", "TwoColumnRight", "TwoPageLeft", "TwoPageRight"] {
            let path = try folder.write(MinimalPDF(pages: [page, page], catalogEntries: "/PageLayout /\(name) ").data(), to: "\(name).pdf")
            XCTAssertEqual(try PopplerDocument.open(path: path).metadata.pageLayout, name)
        }
        let plain = try folder.write(MinimalPDF(pages: [page]).data(), to: "plain.pdf")
        XCTAssertNil(try PopplerDocument.open(path: plain).metadata.pageLayout)
    }
}
