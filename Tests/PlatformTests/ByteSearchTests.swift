// SPDX-License-Identifier: GPL-3.0-or-later
import Platform
import XCTest

/// The byte search finds a name anywhere in a buffer, at its very end included, and nothing
/// that is not there.
final class ByteSearchTests: XCTestCase {
    private func contains(_ haystack: String, _ needle: String) -> Bool {
        Array(haystack.utf8).withUnsafeBytes { h in Array(needle.utf8).withUnsafeBytes { n in ByteSearch.contains(h, n) } }
    }

    func testANameIsFoundWhereverItIsAndOnlyWhenItIsThere() {
        XCTAssertTrue(contains("<< /FT /Sig >>", "/Sig"))
        XCTAssertTrue(contains("/Sig", "/Sig"))
        XCTAssertTrue(contains("trailer /Encrypt", "/Encrypt"), "at the very end")
        XCTAssertFalse(contains("/Si /Sg /SIG", "/Sig"))
        XCTAssertFalse(contains("/Si", "/Sig"), "a haystack shorter than the needle")
        XCTAssertTrue(contains("", ""), "an empty needle is everywhere")
    }
}
