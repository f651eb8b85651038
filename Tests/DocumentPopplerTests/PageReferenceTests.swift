// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// When pages go, what pointed at them stops pointing at them: outline entries keep their
/// titles and places but open nothing, links to them do nothing, and the form's fields whose
/// widgets were on them leave /AcroForm /Fields. Undo writes the file's own objects back.
/// Judged from the saved file with qpdf.
final class PageReferenceTests: XCTestCase {
    /// Four pages. The outline: "Two" → page 2, "Three" → page 3 (a /GoTo action), "Four" →
    /// page 4. Page 1 links to page 3. Fields: "name" (its widget on page 3), "choice" (a radio
    /// group with one widget on page 3 and one on page 4).
    static func document() -> Data {
        let page = { (n: Int, annots: String) in
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents \(7 + n) 0 R /Resources << /Font << /F1 3 0 R >> >> \(annots) >>"
        }
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R /Outlines 12 0 R /AcroForm << /Fields [16 0 R 17 0 R] >> >>",
            "<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R 7 0 R] /Count 4 >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            page(1, "/Annots [20 0 R]"),
            page(2, ""),
            page(3, "/Annots [16 0 R 18 0 R]"),
            page(4, "/Annots [19 0 R]"),
        ]
        for n in 1...4 {
            let text = "BT /F1 24 Tf 40 150 Td (Page number \(n)) Tj ET"
            objects.append("<< /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream")
        }
        objects += [
            "<< /Type /Outlines /First 13 0 R /Last 15 0 R /Count 3 >>",
            "<< /Title (Two) /Parent 12 0 R /Next 14 0 R /Dest [5 0 R /Fit] >>",
            "<< /Title (Three) /Parent 12 0 R /Prev 13 0 R /Next 15 0 R /A << /S /GoTo /D [6 0 R /XYZ 0 300 0] >> >>",
            "<< /Title (Four) /Parent 12 0 R /Prev 14 0 R /Dest [7 0 R /Fit] >>",
            "<< /FT /Tx /T (name) /V (Ada) /Type /Annot /Subtype /Widget /Rect [20 20 200 40] /P 6 0 R >>",
            "<< /FT /Btn /Ff 49152 /T (choice) /V /a /Kids [18 0 R 19 0 R] >>",
            "<< /Type /Annot /Subtype /Widget /Parent 17 0 R /Rect [20 60 40 80] /P 6 0 R /AS /a /AP << /N << /a 21 0 R >> >> >>",
            "<< /Type /Annot /Subtype /Widget /Parent 17 0 R /Rect [20 60 40 80] /P 7 0 R /AS /Off /AP << /N << /b 21 0 R >> >> >>",
            "<< /Type /Annot /Subtype /Link /Rect [20 200 200 220] /Border [0 0 0] /Dest [6 0 R /Fit] >>",
            "<< /Length 0 /Type /XObject /Subtype /Form /BBox [0 0 20 20] >>\nstream\n\nendstream",
        ]
        return NumberedObjectsPDF.data(objects: objects)
    }

    private func inspect(_ path: String) throws -> QPDFInspection {
        try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
    }

    func testDeletingAPageUnhooksItsOutlineEntryLinksAndFieldsAndUndoHooksThemBack() throws {
        _ = try ExternalTool.require("qpdf")
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.document(), to: "references.pdf")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0, "the test document is sound")
        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(Set(editor.formFields().map(\.name)), ["name", "choice"])

        try editor.perform(EditRecord("Delete Page", try XCTUnwrap(editor.removal(ofPages: [PageIndex(2)]))))
        XCTAssertEqual(editor.formFields().map(\.name), ["choice"], "the field whose only widget was on page 3 is gone")
        try editor.save()
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original)
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        var file = try inspect(path)
        XCTAssertEqual(file.pages.count, 3)
        let three = try XCTUnwrap(file.objects["14 0 R"] as? [String: Any])
        XCTAssertEqual(three["/Title"] as? String, "u:Three", "the entry stays, with its title")
        XCTAssertNil(three["/A"], "and opens nothing")
        XCTAssertNotNil((file.objects["13 0 R"] as? [String: Any])?["/Dest"], "entries for other pages keep theirs")
        XCTAssertNotNil((file.objects["15 0 R"] as? [String: Any])?["/Dest"])
        XCTAssertNil((file.objects["20 0 R"] as? [String: Any])?["/Dest"], "the link to page 3 goes nowhere")
        let catalog = try XCTUnwrap(file.objects["1 0 R"] as? [String: Any])
        let form = try XCTUnwrap(catalog["/AcroForm"] as? [String: Any])
        XCTAssertEqual(form["/Fields"] as? [String], ["17 0 R"], "the name field left /Fields")
        XCTAssertEqual((file.objects["17 0 R"] as? [String: Any])?["/Kids"] as? [String], ["19 0 R"], "the radio group keeps its page-4 widget")

        // Undo before the save would refuse: a fresh copy, deleted and undone, is the file again.
        let copy = try folder.write(original, to: "undo.pdf")
        let again = try DocumentEditor.open(path: copy, password: nil)
        try again.perform(EditRecord("Delete Page", try XCTUnwrap(again.removal(ofPages: [PageIndex(2)]))))
        try again.undo()
        XCTAssertEqual(Set(again.formFields().map(\.name)), ["name", "choice"])
        try again.save()
        file = try inspect(copy)
        XCTAssertEqual(file.pages.count, 4)
        XCTAssertNotNil((file.objects["14 0 R"] as? [String: Any])?["/A"], "the outline entry opens page 3 again")
        XCTAssertNotNil((file.objects["20 0 R"] as? [String: Any])?["/Dest"])
        XCTAssertEqual(((file.objects["1 0 R"] as? [String: Any])?["/AcroForm"] as? [String: Any])?["/Fields"] as? [String], ["16 0 R", "17 0 R"])
        XCTAssertEqual((file.objects["17 0 R"] as? [String: Any])?["/Kids"] as? [String], ["18 0 R", "19 0 R"])
    }
}
