// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Attachments: the embedded files and /FileAttachment annotations of a document are listed
/// with their names, sizes and pages and read back byte for byte; a file attached with the
/// editor is saved as a standard /FileAttachment whose /FS /EF stream holds the file's bytes,
/// with /Params /Size and /CheckSum (MD5), and a paperclip appearance.
final class AttachmentTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    static let payload: [UInt8] = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 13) }

    func testEmbeddedFilesAndFileAttachmentAnnotationsAreListedAndReadBackExactly() throws {
        let other = Array("second file\n".utf8)
        let pdf = AttachmentsPDF(embedded: [.init(name: "data.bin", bytes: Self.payload, description: "Measurements")],
                                 annotated: [.init(name: "note.txt", bytes: other)])
        let path = try folder.write(pdf.data(), to: "files.pdf")
        let document = try PopplerDocument.open(path: path)
        let listed = document.attachments()
        XCTAssertEqual(listed.count, 2)
        let embedded = try XCTUnwrap(listed.first { $0.name == "data.bin" })
        XCTAssertNil(embedded.page)
        XCTAssertEqual(embedded.size, Self.payload.count)
        XCTAssertEqual(embedded.description, "Measurements")
        XCTAssertEqual(document.attachmentData(embedded.id), Self.payload)
        let annotated = try XCTUnwrap(listed.first { $0.name == "note.txt" })
        XCTAssertEqual(annotated.page, PageIndex(0))
        XCTAssertEqual(document.attachmentData(annotated.id), other)
        XCTAssertNil(document.attachmentData("e9"), "no such attachment")
    }

    func testAnAttachedFileIsSavedAsAFileAttachmentWhoseEmbeddedStreamHoldsItsBytes() throws {
        let path = try folder.write(MinimalPDF(pages: [.init(width: 400, height: 500)], content: "\n").data(), to: "blank.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        var a = Annotation(id: "p0-nattach", page: PageIndex(0), subtype: .fileAttachment, rect: Rect(x: 100, y: 200, width: 24, height: 24),
                           contents: "data.bin", uniqueName: "attach-1", iconName: "Paperclip")
        a.attachedFile = EmbeddedFile(name: "data.bin", description: "Measurements", mimeType: "application/octet-stream", bytes: Self.payload)
        try editor.perform(EditRecord("Attach File", .insert([PlacedAnnotation(a, at: 0)])))
        // A move writes the annotation again: the file is embedded once.
        var moved = a
        moved.rect = Rect(x: 150, y: 220, width: 24, height: 24)
        try editor.perform(EditRecord("Move", .replace(before: [a], after: [moved])))
        try editor.save()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertTrue(original.count > 0)

        let json = try ExternalTool.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", "--json-stream-data=inline", path])
        XCTAssertEqual(json.status, 0, json.output)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func object(_ ref: String) -> [String: Any]? { objects["obj:" + ref] as? [String: Any] }
        func dict(_ ref: String) -> [String: Any]? {
            object(ref)?["value"] as? [String: Any] ?? ((object(ref)?["stream"] as? [String: Any])?["dict"] as? [String: Any])
        }
        let pageRef = try XCTUnwrap((root["pages"] as? [[String: Any]])?.first?["object"] as? String)
        let annotRef = try XCTUnwrap((dict(pageRef)?["/Annots"] as? [String])?.first)
        let annot = try XCTUnwrap(dict(annotRef))
        XCTAssertEqual(annot["/Subtype"] as? String, "/FileAttachment")
        XCTAssertNotNil((annot["/AP"] as? [String: Any])?["/N"], "a paperclip appearance other viewers show")
        let spec = try XCTUnwrap(dict(try XCTUnwrap(annot["/FS"] as? String)))
        XCTAssertEqual(spec["/Type"] as? String, "/Filespec")
        XCTAssertEqual(spec["/F"] as? String, "u:data.bin")
        XCTAssertEqual(spec["/UF"] as? String, "u:data.bin")
        let ef = try XCTUnwrap(spec["/EF"] as? [String: Any])
        let streamRef = try XCTUnwrap(ef["/F"] as? String)
        let stream = try XCTUnwrap(object(streamRef)?["stream"] as? [String: Any])
        let streamDict = try XCTUnwrap(stream["dict"] as? [String: Any])
        XCTAssertEqual(streamDict["/Type"] as? String, "/EmbeddedFile")
        let params = try XCTUnwrap(streamDict["/Params"] as? [String: Any])
        XCTAssertEqual(params["/Size"] as? Int, Self.payload.count)
        let md5 = try ExternalTool.run("sh", ["-c", "printf '' | md5sum >/dev/null && echo ok"])
        if md5.status == 0 {
            let payloadPath = try folder.write(Data(Self.payload), to: "payload.bin")
            let sum = try ExternalTool.run("md5sum", [payloadPath]).output.prefix(32).lowercased()
            XCTAssertEqual((params["/CheckSum"] as? String)?.lowercased(), "b:" + sum, "/CheckSum is the MD5 of the bytes")
        }
        // qpdf decodes the stream: its bytes are the file's.
        let data = try XCTUnwrap(stream["data"] as? String)
        XCTAssertEqual(Data(base64Encoded: data).map { Array($0) }, Self.payload)
        let fileSpecCount = objects.values.compactMap { ($0 as? [String: Any])?["value"] as? [String: Any] }.filter { $0["/Type"] as? String == "/Filespec" }.count
        XCTAssertEqual(fileSpecCount, 1, "embedded once, though written twice")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)

        // poppler reads it back the same.
        let reopened = try PopplerDocument.open(path: path)
        let listed = try XCTUnwrap(reopened.attachments().first)
        XCTAssertEqual(listed.name, "data.bin")
        XCTAssertEqual(reopened.attachmentData(listed.id), Self.payload)
    }

    func testUndoingAnAttachmentLeavesNoFileInTheSave() throws {
        let path = try folder.write(MinimalPDF(pages: [.init(width: 400, height: 500)], content: "\n").data(), to: "blank.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        var a = Annotation(id: "p0-nattach", page: PageIndex(0), subtype: .fileAttachment, rect: Rect(x: 100, y: 200, width: 24, height: 24))
        a.attachedFile = EmbeddedFile(name: "secret.txt", bytes: Array("do not keep".utf8))
        try editor.perform(EditRecord("Attach File", .insert([PlacedAnnotation(a, at: 0)])))
        _ = try editor.undo()
        try editor.save(to: folder.path("undone.pdf"))
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder.path("undone.pdf")))
        XCTAssertNil(saved.range(of: Data("/EmbeddedFile".utf8)), "nothing undone is written")
        XCTAssertTrue(try PopplerDocument.open(path: folder.path("undone.pdf")).attachments().isEmpty)
    }
}
