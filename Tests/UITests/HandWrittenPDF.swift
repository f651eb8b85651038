// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport

/// Small PDF files written by hand for the UI tests: numbered objects (object 1 the catalog)
/// and an exact cross-reference table.
enum HandWrittenPDF {
    static func data(objects: [String]) -> Data { NumberedObjectsPDF.data(objects: objects) }

    /// `count` pages (A5 unless `mediaBox` says otherwise for a page index), each with a grey
    /// box, under a catalog with `catalogEntries`.
    static func pages(_ count: Int, catalogEntries: String, mediaBox: (Int) -> String = { _ in "[0 0 420 595]" }) -> Data {
        let content = "0.5 g 40 40 200 300 re f"
        let kids = (0..<count).map { "\(4 + $0) 0 R" }.joined(separator: " ")
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R \(catalogEntries) >>",
            "<< /Type /Pages /Kids [\(kids)] /Count \(count) >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        for i in 0..<count { objects.append("<< /Type /Page /Parent 2 0 R /MediaBox \(mediaBox(i)) /Contents 3 0 R >>") }
        return data(objects: objects)
    }
}
