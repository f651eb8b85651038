// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Document
@testable import DocumentPoppler
import Geometry
import XCTest

/// Opening reads only sizes; each page's /Rotate is probed on a second document instance the
/// first time its ``PageInfo`` is asked for.
final class LazyRotationTests: XCTestCase {
    func testDisplaySizesEqualTheProbedPageInfosDisplaySizesForEveryReadablePDFInTheSharedSet() throws {
        let entries = try DeveloperPDFSet.manifest().filter(\.popplerOpens)
        XCTAssertGreaterThan(entries.count, 20)
        for entry in entries {
            let document = try PopplerDocument.open(path: DeveloperPDFSet.path(entry.file), password: entry.password)
            XCTAssertEqual(document.displaySizes.count, document.pageCount, entry.file)
            XCTAssertEqual(document.displaySizes, document.allPageInfos.map(\.displaySize), entry.file)
        }
    }

    func testOpeningDoesNotOpenTheProbeDocumentUntilAPageInfoIsAskedFor() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("rotate-90-180-270-arabic.pdf"))
        XCTAssertFalse(document.probeDocumentIsOpen, "after open")

        // Everything a first paint needs stays on the one document.
        XCTAssertEqual(document.pageCount, 4)
        XCTAssertEqual(document.displaySizes.count, 4)
        XCTAssertNotNil(document.renderImage(page: PageIndex(1), scale: 0.2))
        XCTAssertNotNil(document.metadata.pdfVersion)
        _ = document.annotations(on: PageIndex(0))
        XCTAssertFalse(document.probeDocumentIsOpen, "after sizes, rendering and annotation listing")

        XCTAssertEqual(document.pageInfo(PageIndex(2)).rotation, .threeQuarters)
        XCTAssertTrue(document.probeDocumentIsOpen, "after the first pageInfo")
    }

    func testAnEncryptedDocumentOpensItsProbeWithTheSamePassword() throws {
        // Read outside `XCTUnwrap`: it would record the `XCTSkip` of a missing set as a failure.
        let manifest = try DeveloperPDFSet.manifest()
        let entry = try XCTUnwrap(manifest.first { $0.password != nil }, "an encrypted file with a password in the manifest")
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path(entry.file), password: entry.password)
        XCTAssertFalse(document.probeDocumentIsOpen)
        XCTAssertEqual(document.pageInfo(PageIndex(0)).displaySize, document.displaySizes[0])
        XCTAssertTrue(document.probeDocumentIsOpen, "\(entry.file) probe instance with the password")
    }

    func testSquareAndHalfTurnedPagesGetTheirExactRotationWhichTheirSizesCannotTell() throws {
        let folder = try TemporaryFolder()
        let turns = [0, 90, 180, 270]
        let pages = turns.map { MinimalPDF.Page(width: 500, height: 500, rotate: $0) }
            + turns.map { MinimalPDF.Page(width: 612, height: 792, rotate: $0) }
        let document = try PopplerDocument.open(path: folder.write(MinimalPDF(pages: pages).data(), to: "turns.pdf"))
        let expected: [PageRotation] = [.none, .quarter, .half, .threeQuarters]
        XCTAssertEqual(document.allPageInfos.map(\.rotation), expected + expected)
        XCTAssertEqual(document.displaySizes, document.allPageInfos.map(\.displaySize))
    }

    func testPageInfosAskedFromManyThreadsWhileAPageRendersAgreeWithASingleThreadedRead() throws {
        let folder = try TemporaryFolder()
        let pages = (0..<200).map { i in MinimalPDF.Page(width: 612, height: 792, rotate: (i % 4) * 90) }
        let path = try folder.write(MinimalPDF(pages: pages).data(), to: "threads.pdf")
        let expected = try PopplerDocument.open(path: path).allPageInfos

        let document = try PopplerDocument.open(path: path)
        let results = ResultBox(count: pages.count)
        let rendering = DispatchGroup()
        DispatchQueue.global().async(group: rendering) {
            for page in stride(from: 0, to: 200, by: 20) { _ = document.renderImage(page: PageIndex(page), scale: 0.5) }
        }
        DispatchQueue.concurrentPerform(iterations: pages.count * 2) { i in
            results.set(document.pageInfo(PageIndex(i % pages.count)), at: i % pages.count)
        }
        rendering.wait()
        XCTAssertEqual(results.values, expected)
    }
}

/// Results written from `concurrentPerform`, one slot per page.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [PageInfo?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ info: PageInfo, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = info
    }

    var values: [PageInfo] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
