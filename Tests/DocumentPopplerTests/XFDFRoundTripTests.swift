// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Every annotation of the developer documents goes out as XFDF and comes back into a copy
/// whose annotations qpdf took out: same kinds, rectangles (±0.5 pt), colours, text, authors,
/// subjects, names and replies, after a save and a reopening; and each XFDF is well-formed, in
/// the XFDF namespace, read by Python's plain `xml.etree` parser, with the document's /ID.
final class XFDFRoundTripTests: XCTestCase {
    func testEveryAnnotationOfTheDeveloperDocumentsComesBackIntoAStrippedCopy() throws {
        let qpdf = try ExternalTool.require("qpdf")
        let entries = try DeveloperPDFSet.manifest().filter { $0.isPdf && $0.popplerOpens && !$0.broken && $0.password == nil && ($0.pages ?? 0) > 0 }
        let folder = try TemporaryFolder()
        var documents = 0, annotations = 0
        for entry in entries {
            let source = try DeveloperPDFSet.path(entry.file)
            let original = try DocumentEditor.open(path: source, password: nil)
            let export = original.xfdf(file: entry.file)
            guard export.written > 0 else { continue }
            documents += 1
            let xfdfPath = try folder.write(Data(export.xml.utf8), to: entry.file + ".xfdf")
            try Self.assertPlainXMLReads(xfdfPath, annotations: export.written, ids: original.documentIDs, entry.file)
            let copy = folder.path("stripped-" + entry.file)
            try Self.strip(source, to: copy, qpdf: qpdf)

            let editor = try DocumentEditor.open(path: copy, password: nil)
            for page in 0..<editor.pageCount {
                XCTAssertEqual(editor.annotations(on: PageIndex(page)).filter { XFDFFormat.elementName(of: $0.subtype) != nil }, [],
                               "\(entry.file): qpdf left annotations on page \(page + 1)")
            }
            let contents = try editor.readXFDF(path: xfdfPath)
            XCTAssertEqual(contents.skipped, [], entry.file)
            var serial = 0
            let merge = XFDFMerge.merging(contents, pageCount: editor.pageCount, in: editor) { page in
                serial += 1
                return CreationStamp(id: "p\(page.rawValue)-n\(String(serial, radix: 16))", author: nil, date: "D:20261202120000Z")
            }
            XCTAssertEqual(merge.added, export.written, entry.file)
            let record = try XCTUnwrap(merge.record, entry.file)
            try editor.perform(record)
            try editor.save()

            let expected = Self.exported(original)
            let read = Self.exported(try DocumentEditor.open(path: copy, password: nil))
            XCTAssertEqual(read.count, expected.count, "\(entry.file): annotations")
            annotations += expected.count
            let readByName = Dictionary(read.map { (Self.name($0.annotation), $0) }, uniquingKeysWith: { a, _ in a })
            for (a, parent) in expected {
                let name = Self.name(a)
                guard let (b, readParent) = readByName[name] else {
                    XCTFail("\(entry.file): \(a.subtype) \(name) did not come back")
                    continue
                }
                let what = "\(entry.file) \(a.subtype) \(name)"
                XCTAssertEqual(b.subtype, a.subtype, what)
                XCTAssertEqual(b.page, a.page, what)
                for (x, y) in zip([b.rect.minX, b.rect.minY, b.rect.maxX, b.rect.maxY], [a.rect.minX, a.rect.minY, a.rect.maxX, a.rect.maxY]) {
                    XCTAssertEqual(x, y, accuracy: 0.5, "\(what): /Rect \(b.rect) against \(a.rect)")
                }
                Self.assertSame(b.color, a.color, "\(what): /C")
                Self.assertSame(b.interiorColor, a.interiorColor, "\(what): /IC")
                XCTAssertEqual(b.contents, a.contents, what)
                XCTAssertEqual(b.author, a.author, what)
                XCTAssertEqual(b.subject, a.subject, "\(what): /Subj")
                if let nm = a.uniqueName { XCTAssertEqual(b.uniqueName, nm, what) }
                XCTAssertEqual(readParent, parent, "\(what): the annotation it answers")
                XCTAssertEqual(b.state, a.state, what)
                XCTAssertEqual(b.stateModel, a.stateModel, what)
            }
        }
        XCTAssertGreaterThanOrEqual(documents, 5, "documents with annotations to export")
        print("XFDF round trip: \(annotations) annotations of \(documents) documents")
    }

    /// Python's `xml.etree` (a parser that is not ours) reads the file at `path`: the root is
    /// `xfdf` in the XFDF namespace, `<annots>` holds `annotations` elements each with a page,
    /// a rectangle and a name, every `inreplyto` names one of them, and `<ids>` gives the
    /// document's /ID.
    static func assertPlainXMLReads(_ path: String, annotations: Int, ids: XFDFDocumentIDs?, _ what: String,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        guard ExternalTool.path(of: "python3") != nil else { throw XCTSkip("python3 is not installed") }
        let script = """
            import sys, xml.etree.ElementTree as ET
            ns = '{http://ns.adobe.com/xfdf/}'
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == ns + 'xfdf', root.tag
            annots = list(root.find(ns + 'annots'))
            names = [a.get('name') for a in annots]
            assert all(a.tag.startswith(ns) for a in annots), 'an element outside the namespace'
            assert all(a.get('page') is not None and len(a.get('rect').split(',')) == 4 for a in annots), 'page or rect missing'
            assert all(n for n in names) and len(set(names)) == len(names), 'names missing or repeated'
            missing = [a.get('inreplyto') for a in annots if a.get('inreplyto') is not None and a.get('inreplyto') not in names]
            assert not missing, 'answers to nothing: %r' % missing
            ids = root.find(ns + 'ids')
            print(len(annots))
            print('' if ids is None else ids.get('original'))
            """
        let result = try ExternalTool.run("python3", ["-c", script, path])
        XCTAssertEqual(result.status, 0, "\(what): \(result.output)", file: file, line: line)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, String(annotations), "\(what): annotation elements", file: file, line: line)
        XCTAssertEqual(lines.count > 1 ? lines[1] : nil, ids?.original ?? "", "\(what): <ids original>", file: file, line: line)
    }

    /// The annotations an export writes, each with the name of the one it answers.
    static func exported(_ editor: DocumentEditor) -> [(annotation: Annotation, parent: String?)] {
        var all: [Annotation] = []
        for page in 0..<editor.pageCount { all += editor.annotations(on: PageIndex(page)) }
        let names = Dictionary(all.map { ($0.id, name($0)) }, uniquingKeysWith: { a, _ in a })
        return all.filter { XFDFFormat.elementName(of: $0.subtype) != nil }.map { ($0, $0.inReplyTo.map { names[$0] ?? $0 }) }
    }

    /// An annotation's name as XFDF has it: its /NM, else its editor id.
    static func name(_ a: Annotation) -> String { a.uniqueName ?? a.id }

    static func assertSame(_ a: RGBColor?, _ b: RGBColor?, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let a, let b else { return XCTAssertEqual(a == nil, b == nil, what, file: file, line: line) }
        for (x, y) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)] {
            XCTAssertEqual(x, y, accuracy: 0.6 / 255, what, file: file, line: line)
        }
    }

    /// A copy of `source` with no /Annots on any page, made by qpdf: the file written once
    /// whole, with no object streams (qpdf's JSON update leaves objects of a file's earlier
    /// revisions and of object streams as they were), then its pages updated without /Annots.
    static func strip(_ source: String, to target: String, qpdf: String) throws {
        let folder = (target as NSString).deletingLastPathComponent
        let whole = folder + "/whole-\(UUID().uuidString).pdf"
        let updatePath = folder + "/strip-\(UUID().uuidString).json"
        defer {
            try? FileManager.default.removeItem(atPath: whole)
            try? FileManager.default.removeItem(atPath: updatePath)
        }
        // 3: warnings (files other programs wrote often have some); the copy is still written.
        let rewritten = try ExternalTool.run("qpdf", ["--object-streams=disable", source, whole])
        guard rewritten.status == 0 || rewritten.status == 3 else { throw XCTSkip("qpdf could not rewrite \(source): \(rewritten.output)") }
        let inspection = try QPDFInspection(path: whole, qpdf: qpdf)
        var update: [String: Any] = [:]
        for page in inspection.pages {
            guard var dictionary = inspection.objects[page] as? [String: Any] else { continue }
            dictionary["/Annots"] = nil
            update["obj:" + page] = ["value": dictionary]
        }
        let json = try JSONSerialization.data(withJSONObject: ["qpdf": [["jsonversion": 2], update]])
        try json.write(to: URL(fileURLWithPath: updatePath))
        let result = try ExternalTool.run("qpdf", [whole, "--update-from-json=" + updatePath, target])
        guard result.status == 0 || result.status == 3 else { throw XCTSkip("qpdf could not strip \(source): \(result.output)") }
    }
}
