// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Document Properties (Alt+Return) for developer PDFs: the page count, encryption and file
/// size the manifest records, and the title qpdf reads from the file's /Info.
final class PropertiesUITests: XCTestCase {
    private struct Entry: Decodable {
        var file: String
        var pages: Int?
        var encrypted: Bool
        var size_bytes: Int
    }

    /// The /Info /Title as qpdf (not poppler) reads it, if the file has one.
    private func infoTitle(_ path: String) throws -> String? {
        let r = try ExternalTools.run("qpdf", ["--json=2", "--json-key=qpdf", path])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let objects = try XCTUnwrap((json["qpdf"] as? [Any])?.last as? [String: Any])
        let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any]
        guard let infoRef = trailer?["/Info"] as? String,
              let info = (objects["obj:\(infoRef)"] as? [String: Any])?["value"] as? [String: Any],
              let title = info["/Title"] as? String else { return nil }
        // qpdf writes text strings as "u:…" (or "b:…" for bytes).
        return title.hasPrefix("u:") ? String(title.dropFirst(2)) : nil
    }

    func testPropertiesShowWhatTheFileSays() throws {
        let folder = try AppSession.requireSharedPDFs()
        let manifest = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        for name in ["r-exts-236p.pdf", "encrypted-owner-only-annots.pdf", "pdf20-utf8-outline.pdf"] {
            guard let entry = manifest.first(where: { $0.file == name }) else { continue }
            let path = try AppSession.sharedPDF(name)
            let session = try AppSession()
            let app = try session.launch([path])
            session.waitFor("\(name) shown and editable") { s in
                guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
                return w.content == "document" && w.isEditable == true
            }
            session.xdotool("key", "alt+Return")
            let shown = try XCTUnwrap(session.waitFor("the properties of \(name)") { $0.windows.first?.properties != nil }?.windows.first)
            XCTAssertEqual(shown.dialog, "properties")
            var rows: [String: String] = [:]
            for row in shown.properties ?? [] where row.count == 2 { rows[row[0]] = row[1] }
            XCTAssertEqual(rows["Pages"], entry.pages.map(String.init), name)
            XCTAssertEqual(rows["Encryption"], entry.encrypted ? "Encrypted" : "None", name)
            let size = rows["File Size"] ?? ""
            let kilo = Double(entry.size_bytes) / 1000
            XCTAssertTrue(size.contains("kB") || size.contains("MB"), size)
            let shownNumber = Double(size.split(separator: " ").first ?? "") ?? -1
            let expectedNumber = size.contains("MB") ? kilo / 1000 : kilo
            XCTAssertEqual(shownNumber, expectedNumber, accuracy: 0.051, "\(name): \(size) for \(entry.size_bytes) bytes")
            if let title = try infoTitle(path) { XCTAssertEqual(rows["Title"], title, name) }
            // The fonts are read in the background and filled in: the same names pdffonts lists.
            let withFonts = try XCTUnwrap(session.waitFor("the fonts of \(name)") { s in
                s.windows.first?.properties?.first { $0.first == "Fonts" }.map { $0[1] != "Reading…" } ?? false
            }?.windows.first)
            let fonts = withFonts.properties?.first { $0.first == "Fonts" }?[1] ?? ""
            if AppSession.which("pdffonts") != nil {
                let listed = session.run("pdffonts", [path]).split(separator: "\n").dropFirst(2)
                    .compactMap { $0.split(separator: " ").first.map(String.init) }
                    .map { $0.count > 7 && $0.dropFirst(6).hasPrefix("+") ? String($0.dropFirst(7)) : $0 }
                for font in Set(listed) { XCTAssertTrue(fonts.contains(font), "\(name): \(font) in \(fonts)") }
            }
            session.xdotool("key", "Escape")
            session.waitFor("Escape closes it") { $0.windows.first?.properties == nil && $0.windows.first?.dialog == nil }
            session.quitApps()
        }
    }
}
