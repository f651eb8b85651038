// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import XCTest

/// Drawing pages: content shows, /Rotate is applied exactly once, huge pages stay in budget.
final class PopplerDocumentRenderTests: XCTestCase {
    private static let opaqueWhite: UInt32 = 0xFFFF_FFFF
    private static let opaqueBlack: UInt32 = 0xFF00_0000

    private func open(_ pdf: MinimalPDF, in folder: TemporaryFolder) throws -> PopplerDocument {
        try PopplerDocument.open(path: folder.write(pdf.data(), to: "doc.pdf"))
    }

    private func countPixels(_ image: RenderedImage, where predicate: (UInt32) -> Bool) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where predicate(image.argb(x: x, y: y)) { count += 1 }
        }
        return count
    }

    func testRenderingTheFirstPageOfARealDocumentProducesInkOnWhitePaper() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("r-exts-236p.pdf"))
        let image = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1))
        let size = document.pageInfo(.init(0)).displaySize
        XCTAssertEqual(image.width, Int(size.width.rounded(.up)))
        XCTAssertEqual(image.height, Int(size.height.rounded(.up)))
        XCTAssertEqual(image.stride, image.width * 4)
        XCTAssertEqual(image.argb(x: 1, y: 1), Self.opaqueWhite, "margins are white")
        let ink = countPixels(image) { $0 != Self.opaqueWhite }
        XCTAssertGreaterThan(ink, 1000, "the title page has text")
        XCTAssertEqual(countPixels(image) { $0 >> 24 != 0xFF }, 0, "every pixel is opaque")
    }

    func testTheImageScalesWithTheZoom() throws {
        let folder = try TemporaryFolder()
        let document = try open(MinimalPDF(pages: [.init(width: 200, height: 100)]), in: folder)
        let image = try XCTUnwrap(document.renderImage(page: .init(0), scale: 2.5))
        XCTAssertEqual(image.width, 500)
        XCTAssertEqual(image.height, 250)
        XCTAssertEqual(image.scale, 2.5)
        // The 100 pt square at PDF bottom-left covers display x 0..250, y 0..250 (the whole height).
        XCTAssertEqual(image.argb(x: 10, y: 240), Self.opaqueBlack)
        XCTAssertEqual(image.argb(x: 260, y: 10), Self.opaqueWhite)
    }

    func testARotatedPageRendersWithSwappedDimensions() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("rotate-90-180-270-arabic.pdf"))
        let rotated = try XCTUnwrap(document.renderImage(page: .init(0), scale: 0.5))  // /Rotate 90
        let upright = try XCTUnwrap(document.renderImage(page: .init(3), scale: 0.5))  // /Rotate 0
        XCTAssertEqual(rotated.width, upright.height)
        XCTAssertEqual(rotated.height, upright.width)
        XCTAssertGreaterThan(rotated.width, rotated.height)
    }

    func testEachQuarterTurnMovesTheBottomLeftSquareToTheRightCorner() throws {
        let folder = try TemporaryFolder()
        let pdf = MinimalPDF(pages: [0, 90, 180, 270].map { MinimalPDF.Page(width: 400, height: 600, rotate: $0) })
        let document = try open(pdf, in: folder)
        XCTAssertEqual(document.allPageInfos.map(\.rotation), [.none, .quarter, .half, .threeQuarters])
        // Where PDF's bottom-left corner lands on screen after rotating the page clockwise.
        let expectedCorner = ["bottom-left", "top-left", "top-right", "bottom-right"]
        for (page, expected) in expectedCorner.enumerated() {
            let image = try XCTUnwrap(document.renderImage(page: .init(page), scale: 1))
            let w = image.width, h = image.height
            let corners = [
                "top-left": image.argb(x: 5, y: 5), "top-right": image.argb(x: w - 5, y: 5),
                "bottom-left": image.argb(x: 5, y: h - 5), "bottom-right": image.argb(x: w - 5, y: h - 5),
            ]
            XCTAssertEqual(corners.filter { $0.value == Self.opaqueBlack }.map(\.key), [expected], "page \(page + 1)")
        }
    }

    func testSquarePagesStillReportTheirRotation() throws {
        let folder = try TemporaryFolder()
        let pdf = MinimalPDF(pages: [90, 180, 270, -90, 450].map { MinimalPDF.Page(width: 500, height: 500, rotate: $0) })
        let document = try open(pdf, in: folder)
        XCTAssertEqual(document.allPageInfos.map(\.rotation), [.quarter, .half, .threeQuarters, .threeQuarters, .quarter])
    }

    func testAHugePageRendersWithinThePixelBudget() throws {
        let folder = try TemporaryFolder()
        var pdf = MinimalPDF(pages: [.init(width: 14_400, height: 14_400)])
        pdf.content = "0 0 0 rg 0 0 7200 7200 re f\n"
        let document = try open(pdf, in: folder)
        XCTAssertEqual(document.pageInfo(.init(0)).mediaSize, Size(width: 14_400, height: 14_400))

        let image = try XCTUnwrap(document.renderImage(page: .init(0), scale: 8))
        XCTAssertLessThanOrEqual(image.width * image.height, 16_000_000)
        XCTAssertLessThanOrEqual(max(image.width, image.height), PopplerDocument.maxImageSideLength)
        XCTAssertGreaterThan(image.width * image.height, 15_000_000, "the budget is used, not wasted")
        XCTAssertLessThan(image.scale, 8)
        XCTAssertEqual(image.argb(x: 10, y: image.height - 10), Self.opaqueBlack)
        XCTAssertEqual(image.argb(x: image.width - 10, y: 10), Self.opaqueWhite)

        let small = try XCTUnwrap(document.renderImage(page: .init(0), scale: 8, maxPixelArea: 1_000_000))
        XCTAssertLessThanOrEqual(small.width * small.height, 1_000_000)
    }

    func testAVeryLongStripIsLimitedByTheSideLength() throws {
        let folder = try TemporaryFolder()
        let document = try open(MinimalPDF(pages: [.init(width: 14_400, height: 50)]), in: folder)
        let image = try XCTUnwrap(document.renderImage(page: .init(0), scale: 4))
        XCTAssertLessThanOrEqual(image.width, PopplerDocument.maxImageSideLength)
        XCTAssertEqual(image.scale, Double(PopplerDocument.maxImageSideLength) / 14_400, accuracy: 0.001)
    }

    func testOutOfRangePagesAndBadScalesRenderNothing() throws {
        let folder = try TemporaryFolder()
        let document = try open(MinimalPDF(pages: [.init(width: 100, height: 100)]), in: folder)
        XCTAssertNil(document.renderImage(page: .init(1), scale: 1))
        XCTAssertNil(document.renderImage(page: .init(-1), scale: 1))
        XCTAssertNil(document.renderImage(page: .init(0), scale: 0))
        XCTAssertNil(document.renderImage(page: .init(0), scale: .nan))
    }

    func testAnImageRenderedOnOneThreadCanBeReadOnAnother() throws {
        let folder = try TemporaryFolder()
        let document = try open(MinimalPDF(pages: [.init(width: 200, height: 200)]), in: folder)
        let rendered = expectation(description: "rendered on a background thread")
        let box = ImageBox()
        Thread.detachNewThread {
            box.image = document.renderImage(page: .init(0), scale: 1)
            rendered.fulfill()
        }
        wait(for: [rendered], timeout: 10)
        let image = try XCTUnwrap(box.image)
        XCTAssertEqual(image.argb(x: 5, y: 195), Self.opaqueBlack)
        XCTAssertEqual(image.argb(x: 195, y: 5), Self.opaqueWhite)
    }

    func testConcurrentRenderCallsAreSerialisedSafely() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-highlights-14p.pdf"))
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            XCTAssertNotNil(document.renderImage(page: .init(i), scale: 0.2))
        }
    }
}

/// Carries a result out of a detached thread; access is ordered by the expectation.
private final class ImageBox: @unchecked Sendable {
    var image: RenderedImage?
}
