// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest

/// Where a link made here leads: only web and mail addresses are taken (a `javascript:`,
/// `file:` or `data:` address, or anything malformed, is refused before it reaches the file);
/// the destination survives the journal's coding; and it is written as a standard /Link's
/// /Dest or /A /URI, the other one taken away.
final class LinkDestinationTests: XCTestCase {
    func testOnlyWebAndMailAddressesAreTaken() {
        XCTAssertEqual(LinkDestination.address("https://example.org/a?b=c#d"), .uri("https://example.org/a?b=c#d"))
        XCTAssertEqual(LinkDestination.address("  http://example.org  "), .uri("http://example.org"), "trimmed")
        XCTAssertEqual(LinkDestination.address("HTTPS://Example.org"), .uri("https://Example.org"), "the scheme in lower case")
        XCTAssertEqual(LinkDestination.address("mailto:ada@example.org"), .uri("mailto:ada@example.org"))
        XCTAssertEqual(LinkDestination.address("www.example.org"), .uri("https://www.example.org"))
        for refused in ["", "   ", "javascript:alert(1)", "JavaScript://%0aalert(1)", "file:///etc/passwd", "data:text/html,<b>",
                        "ftp://example.org", "example.org", "http://", "https:///path", "http:example.org", "mailto:nobody",
                        "https://exa mple.org", "https://example.org/\u{0}x", "https://example.org/\nx", "launch:app",
                        "http://" + String(repeating: "a", count: 5000)] {
            XCTAssertNil(LinkDestination.address(refused), "\(refused.debugDescription) is refused")
        }
    }

    func testCharactersBeyondASCIIArePercentEncoded() {
        XCTAssertEqual(LinkDestination.address("https://example.org/straße"), .uri("https://example.org/stra%C3%9Fe"))
    }

    func testALinksDestinationSurvivesTheJournalsCoding() throws {
        for destination in [LinkDestination.page(PageIndex(4)), .uri("https://example.org")] {
            var a = Annotation(id: "p0-nlink", page: PageIndex(0), subtype: .link, rect: Rect(x: 10, y: 20, width: 100, height: 14),
                               geometry: .quadPoints([Point(x: 10, y: 34), Point(x: 110, y: 34), Point(x: 10, y: 20), Point(x: 110, y: 20)]),
                               appearance: .absent)
            a.linkDestination = destination
            let decoded = try JSONDecoder().decode(Annotation.self, from: JSONEncoder().encode(a))
            XCTAssertEqual(decoded, a)
            XCTAssertEqual(decoded.linkDestination, destination)
        }
        // A journal written before links were made here still reads.
        let old = Annotation(id: "s", page: PageIndex(0), subtype: .square, rect: Rect(x: 0, y: 0, width: 5, height: 5))
        var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: JSONEncoder().encode(old)) as? [String: Any])
        json["linkDestination"] = nil
        XCTAssertNil(try JSONDecoder().decode(Annotation.self, from: JSONSerialization.data(withJSONObject: json)).linkDestination)
    }

    func testAPageLinkIsWrittenAsADestAndAnAddressAsAURIActionEachTakingTheOtherAway() {
        var a = Annotation(id: "p0-nlink", page: PageIndex(0), subtype: .link, rect: Rect(x: 10, y: 20, width: 100, height: 14), appearance: .absent)
        a.linkDestination = .page(PageIndex(2))
        var d = PDFDictionary([("A", .dictionary(PDFDictionary([("S", .name("JavaScript"))])))])
        AnnotationDictionary.write(a, into: &d, origin: Point(x: 0, y: 0))
        AnnotationDictionary.writeLinkDestination(a, into: &d, pageObject: .reference(12, 0), pageTop: 792, isNew: true)
        XCTAssertEqual(d["Subtype"], .name("Link"))
        XCTAssertEqual(d["Dest"], .array([.reference(12, 0), .name("XYZ"), .null, .integer(792), .null]))
        XCTAssertNil(d["A"], "the old action is gone")
        XCTAssertEqual(d["Border"], .numbers([0, 0, 0]), "no frame")
        XCTAssertEqual(d["Rect"], .numbers([10, 20, 110, 34]))

        a.linkDestination = .uri("https://example.org")
        AnnotationDictionary.writeLinkDestination(a, into: &d, pageObject: nil, pageTop: nil, isNew: false)
        XCTAssertNil(d["Dest"])
        XCTAssertEqual(d["A"]?.dictionaryValue?["S"], .name("URI"))
        XCTAssertEqual(AnnotationDictionary.linkAddress(d), "https://example.org")
    }

    func testALinkReadFromTheFileKeepsItsOwnTargetAndFrame() {
        let a = Annotation(id: "7-0", page: PageIndex(0), subtype: .link, rect: Rect(x: 10, y: 20, width: 100, height: 14), appearance: .absent)
        let own = PDFObject.array([.reference(3, 0), .name("Fit")])
        var d = PDFDictionary([("Dest", own)])
        AnnotationDictionary.writeLinkDestination(a, into: &d, pageObject: .reference(12, 0), pageTop: 792, isNew: false)
        XCTAssertEqual(d["Dest"], own)
        XCTAssertNil(d["Border"])
    }
}
