// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
@testable import DocumentPoppler
import Geometry
import XCTest

/// The GObject handle, the GError funnel and the image-size clamp, tested without a PDF.
final class GLibInteropTests: XCTestCase {
    /// Counts a plain GObject's references through a weak pointer's finalisation.
    private func makeObject() -> OpaquePointer {
        OpaquePointer(g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!)
    }

    private func referenceCount(_ object: OpaquePointer) -> UInt32 {
        UnsafeMutablePointer<GObject>(object).pointee.ref_count
    }

    func testAdoptingTakesOverTheCallersReferenceAndReleasesItOnDeinit() {
        let object = makeObject()
        g_object_ref(UnsafeMutableRawPointer(object))  // keep the object alive to inspect it
        do {
            let handle = GObjectRef(adopting: object)
            XCTAssertEqual(referenceCount(object), 2)
            handle.withPointer { XCTAssertEqual($0, object) }
        }
        XCTAssertEqual(referenceCount(object), 1)
        g_object_unref(UnsafeMutableRawPointer(object))
    }

    func testRetainingAddsAReferenceOfItsOwn() {
        let object = makeObject()
        do {
            let handle = GObjectRef(retaining: object)
            XCTAssertEqual(referenceCount(object), 2)
            _ = handle
        }
        XCTAssertEqual(referenceCount(object), 1)
        g_object_unref(UnsafeMutableRawPointer(object))
    }

    func testTheFunnelTurnsAGErrorIntoASwiftErrorWithDomainCodeAndMessage() {
        XCTAssertThrowsError(try gerrorCall { error -> UnsafeMutablePointer<gchar>? in
            var contents: UnsafeMutablePointer<gchar>? = nil
            var length: gsize = 0
            _ = g_file_get_contents("/nonexistent/file", &contents, &length, error)
            return contents
        }) { error in
            let error = error as? GLibError
            XCTAssertEqual(error?.domain, "g-file-error-quark")
            XCTAssertEqual(error?.code, Int32(G_FILE_ERROR_NOENT.rawValue))
            XCTAssertEqual(error?.message.contains("/nonexistent/file"), true)
        }
    }

    func testTheFunnelReportsAFailureWithoutAGErrorAsUnknown() {
        XCTAssertThrowsError(try gerrorCall { _ -> Int? in nil }) { error in
            XCTAssertEqual((error as? GLibError)?.domain, "unknown")
        }
        XCTAssertEqual(try gerrorCall { _ in 42 }, 42)
    }

    func testPopplersEncryptedErrorMapsToThePasswordCases() {
        let domain = String(cString: g_quark_to_string(poppler_error_quark()))
        let encrypted = GLibError(domain: domain, code: Int32(POPPLER_ERROR_ENCRYPTED.rawValue), message: "Document is encrypted")
        XCTAssertEqual(PopplerDocument.openError(for: encrypted, path: "a.pdf", passwordGiven: false), .passwordRequired(path: "a.pdf"))
        XCTAssertEqual(PopplerDocument.openError(for: encrypted, path: "a.pdf", passwordGiven: true), .wrongPassword(path: "a.pdf"))
        let damaged = GLibError(domain: domain, code: Int32(POPPLER_ERROR_DAMAGED.rawValue), message: "PDF document is damaged")
        XCTAssertEqual(PopplerDocument.openError(for: damaged, path: "a.pdf", passwordGiven: false),
                       .damaged(path: "a.pdf", reason: "PDF document is damaged"))
        let io = GLibError(domain: "g-io-error-quark", code: 14, message: "Permission denied")
        XCTAssertEqual(PopplerDocument.openError(for: io, path: "a.pdf", passwordGiven: false),
                       .notReadable(path: "a.pdf", reason: "Permission denied"))
    }

    func testFileURIsEscapeSpacesAndNonASCIICharacters() throws {
        XCTAssertEqual(try PopplerDocument.fileURI(for: "/tmp/a b/é#.pdf"), "file:///tmp/a%20b/%C3%A9%23.pdf")
    }

    func testTheImageClampKeepsTheScaleWhenTheBudgetAllows() throws {
        let size = try XCTUnwrap(PopplerDocument.imagePixelSize(
            pageSize: Size(width: 612, height: 792), scale: 2, maxSide: 16_384, maxArea: 16_000_000))
        XCTAssertEqual(size.width, 1224)
        XCTAssertEqual(size.height, 1584)
        XCTAssertEqual(size.scale, 2)
    }

    func testTheImageClampShrinksHugePagesUnderBothLimits() throws {
        for (page, scale) in [(Size(width: 14_400, height: 14_400), 10.0), (Size(width: 14_400, height: 3), 100.0),
                              (Size(width: 0.5, height: 14_400), 50.0), (Size(width: 1000, height: 1001), 3.999)] {
            let size = try XCTUnwrap(PopplerDocument.imagePixelSize(pageSize: page, scale: scale, maxSide: 16_384, maxArea: 16_000_000))
            XCTAssertLessThanOrEqual(size.width, 16_384, "\(page)")
            XCTAssertLessThanOrEqual(size.height, 16_384, "\(page)")
            XCTAssertLessThanOrEqual(size.width * size.height, 16_000_000, "\(page)")
            XCTAssertGreaterThanOrEqual(size.width, 1)
        }
        XCTAssertNil(PopplerDocument.imagePixelSize(pageSize: .zero, scale: 1, maxSide: 16_384, maxArea: 16_000_000))
    }

    func testThePDFHeaderMayFollowUpToAKilobyteOfJunk() {
        XCTAssertTrue(PDFFilePreflight.containsPDFHeader(Array("%PDF-1.7".utf8)))
        XCTAssertTrue(PDFFilePreflight.containsPDFHeader(Array(repeating: 0, count: 1000) + Array("%PDF-".utf8)))
        XCTAssertFalse(PDFFilePreflight.containsPDFHeader(Array("%PDF".utf8)))
        XCTAssertFalse(PDFFilePreflight.containsPDFHeader([]))
    }
}
