// SPDX-License-Identifier: GPL-3.0-or-later
import SeededRandom
import XCTest
@testable import Document

final class PDFSyntaxTests: XCTestCase {
    func testParsesEveryKindOfObject() throws {
        let text = "<< /Type /Annot /Rect [10 20.5 -3 .25] /F 4 /Open true /Gone null /Parent 12 0 R /Name /A#20B /C [1 0 0] /T (Jo \\(x\\) \\\\ \\101) /H <48656C6C6F> >>"
        let object = try PDFSyntaxParser.parse(text)
        let d = try XCTUnwrap(object.dictionaryValue)
        XCTAssertEqual(d["Type"], .name("Annot"))
        XCTAssertEqual(d["Rect"]?.numbers, [10, 20.5, -3, 0.25])
        XCTAssertEqual(d["F"], .integer(4))
        XCTAssertEqual(d["Open"], .bool(true))
        XCTAssertNil(d["Gone"], "a null value is an absent key")
        XCTAssertEqual(d["Parent"], .reference(12, 0))
        XCTAssertEqual(d["Name"], .name("A B"))
        XCTAssertEqual(d["T"]?.textValue, "Jo (x) \\ A")
        XCTAssertEqual(d["H"]?.textValue, "Hello")
        XCTAssertEqual(d.keys, ["Type", "Rect", "F", "Open", "Parent", "Name", "C", "T", "H"])
    }

    func testNumbersThatLookLikeReferencesAreNumbers() throws {
        XCTAssertEqual(try PDFSyntaxParser.parse("[1 2 3 R 4 5]"), .array([.integer(1), .reference(2, 3), .integer(4), .integer(5)]))
        XCTAssertEqual(try PDFSyntaxParser.parse("[1 2]"), .array([.integer(1), .integer(2)]))
        XCTAssertThrowsError(try PDFSyntaxParser.parse("[1 -2 R]"), "a negative generation makes no reference, and R alone is no object")
    }

    func testRejectsBrokenSyntax() {
        for bad in ["<< /A 1", "[1 2", "(open", "<4G>", "<< 1 2 >>", "/A /B", "bogus"] {
            XCTAssertThrowsError(try PDFSyntaxParser.parse(bad), bad)
        }
    }

    func testLiteralStringEscapesAndLineEndings() throws {
        let parsed = try PDFSyntaxParser.parse(Array("(a\\nb\\r\\t\\b\\f\\(\\)\\\\\\0\\12\\377c\\\r\nd\re)".utf8))
        XCTAssertEqual(parsed.stringBytes, Array("a\nb\r\t".utf8) + [0x08, 0x0C] + Array("()\\".utf8) + [0, 10, 255] + Array("cd\ne".utf8))
    }

    func testWriterOutputParsesBackToTheSameValue() throws {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let object = randomObject(depth: 0, rng: &rng)
            let written = PDFSyntaxWriter.bytes(object)
            XCTAssertEqual(try PDFSyntaxParser.parse(written), normalized(object), PDFSyntaxWriter.string(object))
        }
    }

    func testRealsAreWrittenWithoutExponents() {
        XCTAssertEqual(PDFSyntaxWriter.formatReal(1e-7), "0")
        XCTAssertEqual(PDFSyntaxWriter.formatReal(-0.5), "-0.5")
        XCTAssertEqual(PDFSyntaxWriter.formatReal(1234567.125), "1234567.125")
        XCTAssertEqual(PDFSyntaxWriter.formatReal(3), "3")
        XCTAssertEqual(PDFSyntaxWriter.formatReal(0.000001), "0.000001")
        XCTAssertEqual(PDFSyntaxWriter.formatReal(665.3583984375), "665.3583984375", "exact, so a rewrite changes nothing")
    }

    func testRealsOnTheGridOfTenThousandthsAreWrittenWithTheSameShortestDigits() {
        var rng = SeededGenerator(seed: 7)
        var values: [Double] = [0.0001, -0.0001, 0.5, -12.05, 41.37, 100.37, 612, -792, 99999.9999, 0.1, 0.3, 1e10 + 0.5]
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 1_000, 100_000, 1e9][Int.random(in: 0..<5, using: &rng)]
            values.append(Quantize.value(Double.random(in: -magnitude...magnitude, using: &rng)))
        }
        for v in values {
            XCTAssertEqual(PDFSyntaxWriter.formatReal(v), PDFSyntaxWriter.shortestReal(v), "\(v)")
            XCTAssertEqual(Double(PDFSyntaxWriter.formatReal(v)), v, "reads back as the same double")
        }
        XCTAssertEqual(PDFSyntaxWriter.formatReal(-0.0), PDFSyntaxWriter.shortestReal(-0.0))
    }

    func testTextStringsRoundTripThroughPDFDocEncodingAndUTF16() {
        for text in ["plain ASCII", "naïve café", "Θέλω", "ข้อความ", "emoji 😀", ""] {
            XCTAssertEqual(PDFObject.text(text).textValue, text)
        }
        XCTAssertEqual(PDFText.decode([0x80, 0x41]), "•A", "PDFDocEncoding's upper half")
        XCTAssertEqual(PDFText.decode([0xEF, 0xBB, 0xBF] + Array("ü".utf8)), "ü", "PDF 2.0 UTF-8")
    }

    /// A whole real is written as an integer, which PDF treats as the same number.
    private func normalized(_ object: PDFObject) -> PDFObject {
        switch object {
        case .real(let r) where r == r.rounded(): return .integer(Int(r))
        case .array(let items): return .array(items.map(normalized))
        case .dictionary(let d): return .dictionary(PDFDictionary(d.entries.map { ($0.key, normalized($0.value)) }))
        default: return object
        }
    }

    private func randomObject(depth: Int, rng: inout SeededGenerator) -> PDFObject {
        switch rng.next() % (depth > 3 ? 7 : 9) {
        case 0: return .null
        case 1: return .bool(rng.next() % 2 == 0)
        case 2: return .integer(Int(rng.next() % 20000) - 10000)
        case 3: return .real(Double(Int(rng.next() % 2_000_000) - 1_000_000) / 1024)
        case 4: return .string((0..<Int(rng.next() % 12)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        case 5: return .name(String((0..<Int(1 + rng.next() % 6)).map { _ in Character(Unicode.Scalar(UInt8(33 + rng.next() % 90))) }))
        case 6: return .reference(Int(rng.next() % 500), Int(rng.next() % 3))
        case 7: return .array((0..<Int(rng.next() % 4)).map { _ in randomObject(depth: depth + 1, rng: &rng) })
        default:
            var d = PDFDictionary()
            for i in 0..<Int(rng.next() % 4) {
                let value = randomObject(depth: depth + 1, rng: &rng)
                if value != .null { d["K\(i)"] = value }
            }
            return .dictionary(d)
        }
    }
}

