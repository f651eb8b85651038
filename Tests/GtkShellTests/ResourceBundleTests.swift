// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Foundation
import XCTest

/// The stylesheet and icons compiled into the binary (`Sources/CShim/ann_resources.c`, checked in
/// so that a build needs no resource compiler) are the files `resources/` holds now, exactly the
/// ones the resource list names: a changed icon or stylesheet without `tools/compile-resources.sh`
/// fails here.
final class ResourceBundleTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let prefix = "/io/github/pdfannotator/PdfAnnotator"

    /// The resource list's entries: (path in the bundle, file under resources/).
    private func listed() throws -> [(resource: String, file: String)] {
        let xml = try String(contentsOf: Self.repository.appendingPathComponent("resources/io.github.pdfannotator.PdfAnnotator.gresource.xml"), encoding: .utf8)
        let entry = try NSRegularExpression(pattern: #"<file([^>]*)>([^<]+)</file>"#)
        let alias = try NSRegularExpression(pattern: #"alias="([^"]+)""#)
        return entry.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).map { match in
            let attributes = String(xml[Range(match.range(at: 1), in: xml)!])
            let file = String(xml[Range(match.range(at: 2), in: xml)!])
            let named = alias.firstMatch(in: attributes, range: NSRange(attributes.startIndex..., in: attributes))
                .map { String(attributes[Range($0.range(at: 1), in: attributes)!]) }
            return (Self.prefix + "/" + (named ?? file), file)
        }
    }

    /// Every path in the bundle under `folder`, depth first.
    private func bundled(under folder: String, in resource: OpaquePointer) -> [String] {
        guard let children = g_resource_enumerate_children(resource, folder, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return [] }
        defer { g_strfreev(children) }
        var paths: [String] = []
        var index = 0
        while let child = children[index] {
            let name = String(cString: child)
            let path = folder + "/" + name.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            paths += name.hasSuffix("/") ? bundled(under: path, in: resource) : [path]
            index += 1
        }
        return paths
    }

    func testTheBundleHoldsTheListedFilesAsTheyAreNow() throws {
        ann_register_resources_once()
        let resource = try XCTUnwrap(ann_get_resource())
        let entries = try listed()
        XCTAssertTrue(entries.contains { $0.file == "style.css" }, "the stylesheet is listed")
        XCTAssertTrue(entries.contains { $0.resource.hasSuffix("/icons/scalable/actions/annotator-tool-pen-symbolic.svg") },
                      "the tools' icons are listed where the icon theme looks (icons/scalable/actions)")
        let stale = "Sources/CShim/ann_resources.c is out of date: run tools/compile-resources.sh"
        for entry in entries {
            let source = try Data(contentsOf: Self.repository.appendingPathComponent("resources").appendingPathComponent(entry.file))
            var error: UnsafeMutablePointer<GError>?
            guard let bytes = g_resource_lookup_data(resource, entry.resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &error) else {
                XCTFail("\(entry.resource) is not in the bundle (\(error.map { String(cString: $0.pointee.message) } ?? "")). \(stale)")
                g_clear_error(&error)
                continue
            }
            var size = 0
            let data = g_bytes_get_data(bytes, &size).map { Data(bytes: $0, count: size) } ?? Data()
            g_bytes_unref(bytes)
            XCTAssertEqual(data, source, "\(entry.file) differs from the bundle's copy. \(stale)")
        }
        XCTAssertEqual(Set(bundled(under: Self.prefix, in: resource)), Set(entries.map(\.resource)),
                       "the bundle holds other files than the list names. \(stale)")
        // Every tool icon in resources/ is listed (a new tool's icon would otherwise be missing).
        let icons = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("resources/icons/hicolor/symbolic/actions").path)
        for icon in icons where icon.hasSuffix(".svg") {
            XCTAssertTrue(entries.contains { $0.file.hasSuffix("/" + icon) }, "\(icon) is not in the resource list")
        }
    }
}
