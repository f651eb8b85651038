// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A PDF whose A5 pages each say their number ("Page number 1" …, or `label` and the number) in Helvetica, so that a
/// test tells from pdftotext which page is where: the document page operations are judged on.
/// The root /Pages node carries the media box, the font and `rootEntries` for every page to
/// inherit; with `pagesPerNode`, the pages sit under intermediate /Pages nodes of that many,
/// each with `nodeEntries` (attributes its pages inherit from it rather than from the root).
/// Objects: 1 the catalog, 2 the root, 3 the font, then the nodes, the pages (page 1 is object
/// 4 without nodes), their contents.
public enum NumberedPagesPDF {
    public static func data(pages count: Int, rootEntries: String = "", pagesPerNode: Int? = nil, nodeEntries: String = "",
                            label: String = "Page number") -> Data {
        let nodes = pagesPerNode.map { (count + $0 - 1) / $0 } ?? 0
        let firstNode = 4, firstPage = firstNode + nodes, firstContent = firstPage + count
        let inherited = "/MediaBox [0 0 420 595] /Resources << /Font << /F1 3 0 R >> >>"
        let rootKids = nodes > 0 ? (0..<nodes).map { firstNode + $0 } : (0..<count).map { firstPage + $0 }
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(rootKids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(count) \(inherited) \(rootEntries) >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        if let perNode = pagesPerNode {
            for n in 0..<nodes {
                let kids = (n * perNode..<min(count, (n + 1) * perNode)).map { "\(firstPage + $0) 0 R" }
                objects.append("<< /Type /Pages /Parent 2 0 R /Kids [\(kids.joined(separator: " "))] /Count \(kids.count) \(nodeEntries) >>")
            }
        }
        for p in 0..<count {
            let parent = pagesPerNode.map { firstNode + p / $0 } ?? 2
            objects.append("<< /Type /Page /Parent \(parent) 0 R /Contents \(firstContent + p) 0 R >>")
        }
        for p in 0..<count {
            let text = "BT /F1 24 Tf 60 500 Td (\(label) \(p + 1)) Tj ET"
            objects.append("<< /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream")
        }
        return NumberedObjectsPDF.data(objects: objects)
    }
}
