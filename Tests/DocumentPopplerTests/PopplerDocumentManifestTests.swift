// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

/// Every file of the shared developer set against the facts in its manifest.
final class PopplerDocumentManifestTests: XCTestCase {
    func testEveryReadablePDFOpensWithTheManifestsPageCountOrientationsAndRotations() throws {
        let entries = try DeveloperPDFSet.manifest().filter(\.popplerOpens)
        XCTAssertGreaterThan(entries.count, 20)
        for entry in entries {
            let path = try DeveloperPDFSet.path(entry.file)
            let document: PopplerDocument
            do {
                document = try PopplerDocument.open(path: path, password: entry.password)
            } catch {
                XCTFail("\(entry.file): \(error)")
                continue
            }
            XCTAssertEqual(document.pageCount, entry.pages, entry.file)

            var rotations: [String: Int] = [:]
            var orientations: [String: Int] = [:]
            for info in document.allPageInfos {
                if info.rotation != .none { rotations[String(info.rotation.rawValue), default: 0] += 1 }
                let size = info.mediaSize
                orientations[size.width < size.height ? "portrait" : size.width > size.height ? "landscape" : "square", default: 0] += 1
                XCTAssertGreaterThan(size.width, 0, "\(entry.file) \(info.index)")
                XCTAssertEqual(info.displaySize, info.rotation.rotated(info.mediaSize))
            }
            XCTAssertEqual(rotations, entry.rotatedPages, "\(entry.file) /Rotate counts")
            XCTAssertEqual(orientations, entry.pageOrientation, "\(entry.file) orientations")
        }
    }

    func testEveryBrokenFileYieldsNotAPDFOrDamagedInsteadOfCrashing() throws {
        let entries = try DeveloperPDFSet.manifest().filter { !$0.popplerOpens }
        XCTAssertGreaterThanOrEqual(entries.count, 3)
        for entry in entries {
            let path = try DeveloperPDFSet.path(entry.file)
            XCTAssertThrowsError(try PopplerDocument.open(path: path), entry.file) { error in
                guard let error = error as? DocumentOpenError else { return XCTFail("\(entry.file): \(error)") }
                if entry.isPdf {
                    guard case .damaged(let errorPath, let reason) = error else { return XCTFail("\(entry.file): \(error)") }
                    XCTAssertEqual(errorPath, path)
                    XCTAssertFalse(reason.isEmpty)
                } else {
                    XCTAssertEqual(error, .notAPDF(path: path), entry.file)
                }
            }
        }
    }

    func testTheRotatedSampleReportsEachQuarterTurnOnTheRightPage() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("rotate-90-180-270-arabic.pdf"))
        XCTAssertEqual(document.allPageInfos.map(\.rotation), [.quarter, .half, .threeQuarters, .none])
        let a4 = document.pageInfo(PageIndex(0)).mediaSize
        XCTAssertEqual(a4.width, 595.276, accuracy: 0.01)
        XCTAssertEqual(a4.height, 841.89, accuracy: 0.01)
        XCTAssertEqual(document.pageInfo(PageIndex(0)).displaySize, a4.transposed)
    }

    func testTheZeroPageDocumentOpensWithNoPages() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("zero-pages-empty-tree.pdf"))
        XCTAssertEqual(document.pageCount, 0)
        XCTAssertNil(document.renderImage(page: PageIndex(0), scale: 1))
    }

    func testMetadataIsReadFromTheInfoDictionary() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-text-highlight-ink.pdf"))
        XCTAssertEqual(document.metadata.title, "Annotated PDF")
        XCTAssertEqual(document.metadata.producer, "produced by FPDF2")
        XCTAssertNil(document.metadata.author)
        XCTAssertNotNil(document.metadata.pdfVersion)
    }
}
