// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import XCTest

@testable import GtkShell

/// Dates and sizes are shown the way the user's locale writes them.
final class LocaleFormatTests: XCTestCase {
    func testDatesAndSizesAreWrittenTheLocalesWay() throws {
        let before = String(cString: setlocale(LC_ALL, nil))
        defer { setlocale(LC_ALL, before) }
        guard setlocale(LC_ALL, "de_DE.UTF-8") != nil else {
            throw XCTSkip("the de_DE.UTF-8 locale is not compiled (tools/install-deps.sh compiles it)")
        }
        // Midday UTC: the same day in every time zone the machine may be in.
        XCTAssertEqual(LocaleFormat.dateTime(iso8601: "2026-11-24T12:05:00Z")?.hasPrefix("24.11.2026 "), true,
                       LocaleFormat.dateTime(iso8601: "2026-11-24T12:05:00Z") ?? "unreadable")
        XCTAssertTrue(LocaleFormat.fileSize(51_234).hasPrefix("51,2"), "a German decimal comma: \(LocaleFormat.fileSize(51_234))")
        setlocale(LC_ALL, "C.UTF-8")
        XCTAssertEqual(LocaleFormat.dateTime(iso8601: "2026-11-24T12:05:00Z")?.hasPrefix("11/24/26 "), true)
        XCTAssertEqual(LocaleFormat.fileSize(51_234).replacing("\u{00A0}", with: " "), "51.2 kB")
    }

    func testAPDFDateIsReadWithItsTimeZone() {
        XCTAssertEqual(LocaleFormat.dateTime(pdfDate: "D:20261124120500+01'00'"), LocaleFormat.dateTime(iso8601: "2026-11-24T12:05:00+01:00"))
        XCTAssertEqual(LocaleFormat.dateTime(pdfDate: "D:20261124120500Z"), LocaleFormat.dateTime(iso8601: "2026-11-24T12:05:00Z"))
        XCTAssertEqual(LocaleFormat.dateTime(pdfDate: "D:202611241205"), LocaleFormat.dateTime(iso8601: "2026-11-24T12:05:00Z"),
                       "no seconds, no zone: UTC")
        XCTAssertNotEqual(LocaleFormat.dateTime(pdfDate: "D:20261124120500-05'00'"), LocaleFormat.dateTime(pdfDate: "D:20261124120500Z"))
        XCTAssertNil(LocaleFormat.dateTime(pdfDate: "yesterday"))
        XCTAssertEqual(LocaleFormat.dateTime(pdfDate: "D:199812231952-08'00'"), LocaleFormat.dateTime(iso8601: "1998-12-23T19:52:00-08:00"),
                       "the specification's own example: no seconds, then the zone")
    }
}
