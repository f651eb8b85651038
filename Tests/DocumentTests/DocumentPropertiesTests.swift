// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Document
import Geometry
import XCTest

final class DocumentPropertiesTests: XCTestCase {
    func testRowsComeInOrderWithReadableValuesAndEmptyOnesLeftOut() {
        let metadata = DocumentMetadata(title: "Report", author: "", creator: "cairo", pdfVersion: "PDF-1.7",
                                        created: "2026-11-21T08:30:00Z")
        let p = DocumentProperties(metadata: metadata, fileName: "report.pdf", pageCount: 6,
                                   firstPageSize: Size(width: 595.276, height: 841.89), isEncrypted: false, fileSize: 51_234)
        XCTAssertEqual(p.rows.map(\.label), ["File", "Title", "Creator", "Created", "PDF Version", "Pages", "Page Size", "Encryption", "File Size", "Fonts"])
        XCTAssertEqual(p["Fonts"], "Reading…", "until the pages were scanned")
        XCTAssertEqual(p["Created"], "2026-11-21 08:30 UTC")
        XCTAssertEqual(p["PDF Version"], "1.7")
        XCTAssertEqual(p["Page Size"], "595 × 842 pt (210 × 297 mm, A4)")
        XCTAssertEqual(p["File Size"], "51.2 kB")
        XCTAssertEqual(p["Encryption"], "None")
        XCTAssertNil(p["Author"], "an empty author is not shown")
    }

    func testFontsAreListedOnceEachByNameSayingWhetherTheyAreEmbedded() {
        let fonts = [FontInfo(name: "Times", type: "Type 1", isEmbedded: false, isSubset: false),
                     FontInfo(name: "arial", type: "TrueType", isEmbedded: true, isSubset: true),
                     FontInfo(name: "Times", type: "Type 1", isEmbedded: false, isSubset: false)]
        let p = DocumentProperties(metadata: DocumentMetadata(), fileName: "a.pdf", pageCount: 1, firstPageSize: nil,
                                   isEncrypted: false, fileSize: nil).withFonts(fonts)
        XCTAssertEqual(p["Fonts"], "arial (TrueType, embedded subset)\nTimes (Type 1, not embedded)")
        XCTAssertEqual(FontInfo.list([]), "None")
    }

    func testPaperNamesAndSizes() {
        XCTAssertEqual(DocumentProperties.paperDescription(Size(width: 792, height: 612)), "792 × 612 pt (279 × 216 mm, Letter)")
        XCTAssertEqual(DocumentProperties.paperDescription(Size(width: 500, height: 500)), "500 × 500 pt (176 × 176 mm)")
        XCTAssertEqual(DocumentProperties.byteCount(999), "999 bytes")
        XCTAssertEqual(DocumentProperties.byteCount(2_300_000), "2.3 MB")
        XCTAssertEqual(DocumentProperties.byteCount(5_000_000_000), "5 GB")
    }
}
