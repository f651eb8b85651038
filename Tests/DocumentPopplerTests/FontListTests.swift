// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import XCTest

/// Document Properties' font list names the fonts pdffonts finds, embedded or not.
final class FontListTests: XCTestCase {
    func testTheFontsAreThoseTheFileUses() throws {
        for file in ["r-exts-236p.pdf", "cjk-chinese.pdf"] {
            let path = try DeveloperPDFSet.path(file)
            let fonts = try PopplerDocument.open(path: path).fonts()
            let listed = try ExternalTool.run("pdffonts", [path]).output.split(separator: "\n").dropFirst(2)
            let expected = Set(listed.compactMap { line -> String? in
                guard let name = line.split(separator: " ").first.map(String.init) else { return nil }
                return name.count > 7 && name.dropFirst(6).hasPrefix("+") ? String(name.dropFirst(7)) : name
            })
            XCTAssertEqual(Set(fonts.map(\.name)), expected, file)
            XCTAssertTrue(fonts.allSatisfy(\.isEmbedded), "\(file) embeds its fonts")
        }
    }
}
