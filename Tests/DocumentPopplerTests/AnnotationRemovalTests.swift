// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Geometry
import XCTest

final class AnnotationRemovalTests: XCTestCase {
    func testARemovedSquareLeavesTheListAndThePageAndOtherIDsKeepTheirMeaning() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-square-circle-noap.pdf"))
        let page = PageIndex(0)
        let before = document.annotations(on: page)
        let square = try XCTUnwrap(before.first { $0.subtype == .square })
        let other = try XCTUnwrap(before.last { $0.id != square.id })
        // The square's border, sampled at its left edge's middle in the rendered page (y down).
        let height = document.pageInfo(page).displaySize.height
        func borderPixel() throws -> UInt32 {
            let image = try XCTUnwrap(document.renderImage(page: page, scale: 1))
            return image.argb(x: Int(square.rect.minX + 1), y: Int(height - square.rect.midY))
        }
        XCTAssertNotEqual(try borderPixel() & 0xFFFFFF, 0xFFFFFF, "the square is drawn before")

        XCTAssertTrue(document.removeAnnotation(square.id))
        XCTAssertFalse(document.removeAnnotation(square.id), "a second removal finds nothing")
        XCTAssertEqual(document.annotations(on: page).count, before.count - 1)
        XCTAssertNil(document.annotation(withID: square.id))
        XCTAssertEqual(document.annotation(withID: other.id), other)
        XCTAssertEqual(try borderPixel() & 0xFFFFFF, 0xFFFFFF, "the square is no longer drawn")
        XCTAssertTrue(document.hasUnsavedChanges)
    }

    func testLockedAnnotationsAreNotRemoved() throws {
        // Every annotation of this iText file carries the Locked flag (/F 132).
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-mixed-itext.pdf"))
        let locked = try XCTUnwrap(document.annotations(on: PageIndex(0)).first { $0.isLocked })
        XCTAssertFalse(document.removeAnnotation(locked.id))
        XCTAssertNotNil(document.annotation(withID: locked.id))
    }
}
