// SPDX-License-Identifier: GPL-3.0-or-later
@testable import DocumentPoppler
import Foundation
import XCTest

/// The language text recognition reads a document in comes from its catalog's /Lang; a file
/// whose bytes name no /Lang is not parsed a second time to find out (the window asks for it
/// while the first frame is drawn).
final class DocumentLanguageTests: XCTestCase {
    private let page = MinimalPDF.Page(width: 400, height: 500)

    func testTheCatalogsLanguageIsReadByParsingTheFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(MinimalPDF(pages: [page], catalogEntries: "/Lang (de-DE) ").data(), to: "german.pdf")
        XCTAssertTrue(PDFFileScan(path: path).languageMayNeedParsing)
        let before = DocumentLanguage.parseCount
        XCTAssertEqual(DocumentLanguage.read(path: path, password: nil), "de-DE")
        XCTAssertEqual(DocumentLanguage.parseCount, before + 1)
    }

    func testAFileNamingNoLanguageIsNotParsedForIt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(MinimalPDF(pages: [page, page]).data(), to: "plain.pdf")
        XCTAssertFalse(PDFFileScan(path: path).languageMayNeedParsing)
        let before = DocumentLanguage.parseCount
        XCTAssertNil(DocumentLanguage.read(path: path, password: nil))
        XCTAssertEqual(DocumentLanguage.parseCount, before, "nothing parsed the file")
    }

    func testObjectStreamsMayHideALanguageSoTheFileIsParsed() throws {
        let folder = try TemporaryFolder()
        var bytes = MinimalPDF(pages: [page]).data()
        bytes.append(contentsOf: Array("\n% /ObjStm\n".utf8))
        let path = try folder.write(bytes, to: "streams.pdf")
        XCTAssertTrue(PDFFileScan(path: path).languageMayNeedParsing, "a compressed object stream may hold the catalog")
        let before = DocumentLanguage.parseCount
        XCTAssertNil(DocumentLanguage.read(path: path, password: nil))
        XCTAssertEqual(DocumentLanguage.parseCount, before + 1)
    }
}
