// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// How opening fails for passwords, missing files, folders, permissions and non-PDFs.
final class PopplerDocumentOpenErrorTests: XCTestCase {
    private func openError(_ path: String, password: String? = nil) -> DocumentOpenError? {
        do {
            _ = try PopplerDocument.open(path: path, password: password)
            return nil
        } catch {
            return error
        }
    }

    func testTheEncryptedDocumentAsksForAPasswordWhenNoneIsGiven() throws {
        let path = try DeveloperPDFSet.path("encrypted-userpw-libreoffice.pdf")
        XCTAssertEqual(openError(path), .passwordRequired(path: path))
        XCTAssertEqual(openError(path)?.needsPassword, true)
    }

    func testTheEncryptedDocumentRejectsAWrongPassword() throws {
        let path = try DeveloperPDFSet.path("encrypted-userpw-libreoffice.pdf")
        XCTAssertEqual(openError(path, password: "not-the-password"), .wrongPassword(path: path))
        XCTAssertEqual(openError(path, password: ""), .wrongPassword(path: path))
    }

    func testTheEncryptedDocumentOpensWithItsUserPassword() throws {
        let document = try PopplerDocument.open(
            path: DeveloperPDFSet.path("encrypted-userpw-libreoffice.pdf"), password: "openpassword")
        XCTAssertEqual(document.pageCount, 1)
        XCTAssertNotNil(document.renderImage(page: .init(0), scale: 0.25))
    }

    func testAnOwnerPasswordOnlyDocumentOpensWithoutAPrompt() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("encrypted-owner-only-annots.pdf"))
        XCTAssertEqual(document.pageCount, 1)
    }

    func testAMissingPathIsReportedAsNotFound() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("does-not-exist.pdf")
        XCTAssertEqual(openError(path), .fileNotFound(path: path))
        XCTAssertEqual(openError(folder.path("no-such-dir/x.pdf")), .fileNotFound(path: folder.path("no-such-dir/x.pdf")))
    }

    func testADirectoryIsReportedAsAFolder() throws {
        let folder = try TemporaryFolder()
        XCTAssertEqual(openError(folder.url.path), .isDirectory(path: folder.url.path))
    }

    func testAFileWithoutReadPermissionIsReportedAsNotReadable() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(MinimalPDF(pages: [.init(width: 100, height: 100)]).data(), to: "locked.pdf")
        XCTAssertEqual(chmod(path, 0), 0)
        guard access(path, R_OK) != 0 else {
            throw XCTSkip("running as root: chmod 000 does not block reading, so this assertion cannot be made")
        }
        guard case .notReadable(let errorPath, let reason) = openError(path) else {
            return XCTFail("expected notReadable, got \(String(describing: openError(path)))")
        }
        XCTAssertEqual(errorPath, path)
        XCTAssertEqual(reason, "Permission denied")
    }

    func testATextFileNamedPDFIsNotAPDF() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Data("hello, this is not a PDF\n".utf8), to: "report.pdf")
        XCTAssertEqual(openError(path), .notAPDF(path: path))
        XCTAssertEqual(openError(path)?.userMessage, "“report.pdf” is not a PDF document.")
    }

    func testAnEmptyFileIsNotAPDF() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Data(), to: "empty.pdf")
        XCTAssertEqual(openError(path), .notAPDF(path: path))
    }

    func testAHeaderAfterTheFirstKilobyteIsNotAccepted() throws {
        let folder = try TemporaryFolder()
        var data = Data(repeating: 0x20, count: 1100)
        data.append(MinimalPDF(pages: [.init(width: 100, height: 100)]).data())
        let path = try folder.write(data, to: "late-header.pdf")
        XCTAssertEqual(openError(path), .notAPDF(path: path))
    }

    func testAHeaderWithinTheFirstKilobyteGetsPastThePreflight() throws {
        let folder = try TemporaryFolder()
        var data = Data(repeating: 0x20, count: 500)
        data.append(MinimalPDF(pages: [.init(width: 100, height: 100)]).data())
        let path = try folder.write(data, to: "early-header.pdf")
        // Poppler repairs the shifted xref; either way the preflight must not say "not a PDF".
        XCTAssertNotEqual(openError(path), .notAPDF(path: path))
    }

    func testATruncatedPDFIsDamagedWithPopplersReason() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Data("%PDF-1.4\n1 0 obj\n<<".utf8), to: "cut.pdf")
        guard case .damaged(_, let reason) = openError(path) else {
            return XCTFail("expected damaged, got \(String(describing: openError(path)))")
        }
        XCTAssertEqual(reason, "PDF document is damaged")
    }

    func testPathsWithSpacesAndNonASCIICharactersOpen() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("a folder #1 %20"), withIntermediateDirectories: true)
        let path = try folder.write(
            MinimalPDF(pages: [.init(width: 200, height: 300)]).data(), to: "a folder #1 %20/Ünïcødé файл 文件?.pdf")
        let document = try PopplerDocument.open(path: path)
        XCTAssertEqual(document.pageCount, 1)
        XCTAssertEqual(document.pageInfo(.init(0)).mediaSize.width, 200)
    }

    func testARelativePathOpensAgainstTheWorkingDirectory() throws {
        let folder = try TemporaryFolder()
        try folder.write(MinimalPDF(pages: [.init(width: 200, height: 300)]).data(), to: "relative.pdf")
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.url.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertEqual(try PopplerDocument.open(path: "relative.pdf").pageCount, 1)
    }
}
