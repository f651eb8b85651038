// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentPoppler
import Foundation
import Geometry
import TestSupport
import XCTest

/// Extracted pages keep what they show: a form page's fields come along with their values and
/// appearances in a form of just those fields, or are drawn into the page, and a signed
/// signature is drawn (its signature does not cover the new file). Judged with qpdf's form
/// reading and MuPDF's rendering, on real forms from the developer PDF set.
final class ExtractedFormTests: XCTestCase {
    private var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder = nil; super.tearDown() }

    /// A terminal field as qpdf reads it.
    struct Field: Hashable, Comparable {
        var name: String, type: String, value: String
        static func < (a: Field, b: Field) -> Bool { (a.name, a.type, a.value) < (b.name, b.type, b.value) }
    }

    /// The form's fields whose widget is on `page` (1-based; `nil`: all), one per field.
    private func fields(_ path: String, page: Int? = nil) throws -> [Field] {
        let json = try ExternalTool.data("qpdf", ["--json=2", "--json-key=acroform", path])
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let form = try XCTUnwrap(root["acroform"] as? [String: Any])
        let all = form["fields"] as? [[String: Any]] ?? []
        let chosen = all.filter { page == nil || ($0["pageposfrom1"] as? Int) == page }
        return Set(chosen.map { Field(name: $0["fullname"] as? String ?? "", type: $0["fieldtype"] as? String ?? "",
                                      value: "\($0["value"] ?? "")") }).sorted()
    }

    /// The page's widget annotations (qpdf's reading of /Annots).
    private func widgetCount(_ path: String, page: Int) throws -> Int {
        let inspection = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        guard let page = inspection.pageDictionary(page - 1) else { return 0 }
        var annots = page["/Annots"]
        if let ref = annots as? String { annots = inspection.objects[ref] }
        return (annots as? [Any] ?? []).filter { entry in
            let dictionary = (entry as? String).flatMap { inspection.objects[$0] } ?? entry
            return ((dictionary as? [String: Any])?["/Subtype"] as? String) == "/Widget"
        }.count
    }

    /// MuPDF's rendering of a page (1-based) as PNM bytes.
    private func render(_ path: String, page: Int) throws -> Data {
        let out = folder.url.appendingPathComponent("render-\(UUID().uuidString).pnm").path
        _ = try ExternalTool.run("mutool", ["draw", "-q", "-r", "60", "-c", "rgb", "-o", out, path, String(page)])
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    private func extract(_ file: String, page: Int, _ formFields: ExtractedFormFields) throws -> (original: String, extracted: String) {
        let original = try DeveloperPDFSet.path(file)
        let copy = try folder.write(try Data(contentsOf: URL(fileURLWithPath: original)), to: file)
        let editor = try DocumentEditor.open(path: copy, password: nil)
        let bytes = try editor.extracting([PageIndex(page - 1)], formFields: formFields)
        let out = try folder.write(Data(bytes), to: "extract-\(file)")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", out]).status, 0, "qpdf --check is clean")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), try Data(contentsOf: URL(fileURLWithPath: original)), "the document is unchanged")
        return (copy, out)
    }

    func testAnExtractedFormPageKeepsJustItsFieldsWithTheirValuesAndLooks() throws {
        _ = try ExternalTool.require("mutool")
        // Nine pages of 27 text fields; page 3's fields, and only those, go along.
        let (original, extracted) = try extract("rotate-form-fields.pdf", page: 3, .kept)
        let expected = try fields(original, page: 3)
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(try fields(extracted), expected, "the page's fields, their kinds and values")
        XCTAssertEqual(try widgetCount(extracted, page: 1), try widgetCount(original, page: 3), "every widget of the page")
        XCTAssertEqual(try render(extracted, page: 1), try render(original, page: 3), "MuPDF shows the page as before")
    }

    func testARealGovernmentFormExtractedKeepsEveryFieldAndItsRadioGroup() throws {
        _ = try ExternalTool.require("mutool")
        let (original, extracted) = try extract("form-gov-160f.pdf", page: 1, .kept)
        let expected = try fields(original, page: 1)
        XCTAssertGreaterThan(expected.count, 60)
        XCTAssertEqual(try fields(extracted), expected)
        XCTAssertTrue(try fields(extracted).contains { $0.type == "/Btn" }, "the radio group and buttons came along")
        XCTAssertEqual(try render(extracted, page: 1), try render(original, page: 1), "MuPDF shows the page as before")
    }

    func testFlattenedFieldsAreDrawnIntoThePageAndLeaveNoForm() throws {
        _ = try ExternalTool.require("mutool")
        let (original, extracted) = try extract("rotate-form-fields.pdf", page: 3, .flattened)
        XCTAssertEqual(try fields(extracted), [], "no form")
        XCTAssertEqual(try widgetCount(extracted, page: 1), 0, "no widgets")
        XCTAssertEqual(try render(extracted, page: 1), try render(original, page: 3), "the fields' appearances are drawn where they showed")
    }

    func testASignedSignatureIsDrawnNotCarriedAsASignature() throws {
        _ = try ExternalTool.require("mutool")
        let (original, extracted) = try extract("signed-valid-incremental.pdf", page: 1, .kept)
        XCTAssertEqual(try fields(original).map(\.type), ["/Sig"])
        XCTAssertEqual(try fields(extracted), [], "the signature does not cover the new file: no signature field")
        XCTAssertEqual(try widgetCount(extracted, page: 1), 0)
        XCTAssertEqual(try render(extracted, page: 1), try render(original, page: 1), "its appearance is drawn where it showed")
    }
}
