// SPDX-License-Identifier: GPL-3.0-or-later
import Document
@testable import DocumentPoppler
import Foundation
import XCTest

/// What the window shows before any edit without the editing document: the file's bytes tell
/// whether they may say right to left, hold signature fields or name encryption (a file that
/// does not name them holds none), and a title poppler-glib misread is read from the file
/// with the editor's own rules.
final class FileFactsTests: XCTestCase {
    private let page = MinimalPDF.Page(width: 400, height: 500)

    func testARightToLeftDocumentIsFoundByTheScanAndReadAsTheEditorReadsIt() throws {
        let folder = try TemporaryFolder()
        let rtl = try folder.write(MinimalPDF(pages: [page, page], catalogEntries: "/PageLayout /TwoPageRight /ViewerPreferences << /Direction /R2L >> ").data(),
                                   to: "rtl.pdf")
        let scan = PDFFileScan(path: rtl)
        XCTAssertTrue(scan.directionMayNeedParsing)
        XCTAssertFalse(scan.signaturesMayNeedParsing)
        let facts = try XCTUnwrap(DocumentEditor.facts(path: rtl, password: nil, over: DocumentMetadata()))
        let editor = try DocumentEditor.open(path: rtl, password: nil)
        XCTAssertTrue(facts.rightToLeft)
        XCTAssertEqual(facts.rightToLeft, editor.preferredLayout.rightToLeft)
        XCTAssertEqual(facts.pageLayout, editor.preferredLayout.pageLayout)

        let plain = try folder.write(MinimalPDF(pages: [page]).data(), to: "plain.pdf")
        XCTAssertEqual(PDFFileScan(path: plain), PDFFileScan(), "a plain file names none of them")
    }

    func testAPDF2UTF8TitleThatPopplerGlibMisreadsIsReadFromTheFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(MinimalPDF(pages: [page], title: "\u{FEFF}Grüne Blätter").data(), to: "utf8.pdf")
        let glib = try PopplerDocument.open(path: path).metadata
        let editor = try DocumentEditor.open(path: path, password: nil)
        let expected = editor.metadata(over: glib)
        XCTAssertEqual(expected.title, "Grüne Blätter")
        if glib.title != expected.title {
            // This poppler-glib misreads it: the window notices and reads the file.
            XCTAssertTrue(DocumentEditor.misreads(glib), "glib read \(glib.title ?? "nothing")")
        }
        XCTAssertEqual(DocumentEditor.facts(path: path, password: nil, over: glib)?.metadata, expected)

        let plain = try folder.write(MinimalPDF(pages: [page], title: "Plain words").data(), to: "plain.pdf")
        XCTAssertFalse(DocumentEditor.misreads(try PopplerDocument.open(path: plain).metadata))
    }

    func testANameSplitBetweenTwoChunksIsFound() throws {
        let folder = try TemporaryFolder()
        // "/ObjStm" straddles the scan's 256 KiB chunks.
        var bytes = [UInt8](repeating: 0x20, count: (1 << 18) - 3)
        bytes += Array("/ObjStm".utf8) + [UInt8](repeating: 0x20, count: 100)
        let path = try folder.write(Data(bytes), to: "split.bin")
        let scan = PDFFileScan(path: path)
        XCTAssertTrue(scan.hasObjectStreams)
        XCTAssertTrue(scan.directionMayNeedParsing && scan.signaturesMayNeedParsing, "object streams may hide anything")
        XCTAssertFalse(scan.mayReadRightToLeft || scan.mayHaveSignatures || scan.namesEncryption)
        XCTAssertTrue(PDFFileScan(path: folder.path("missing.pdf")).signaturesMayNeedParsing, "an unreadable file may hold anything")
    }
}
