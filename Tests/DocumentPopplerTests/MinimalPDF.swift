// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes small, valid PDF files by hand (catalog, flat page tree, one shared content stream,
/// exact xref table), so that tests can make 2,000-page or 14,400-point documents on the fly.
struct MinimalPDF {
    struct Page {
        var width: Double
        var height: Double
        var rotate: Int = 0
    }

    var pages: [Page]
    /// The content stream every page shares. The default paints a black 100 pt square at the
    /// page's bottom-left corner (PDF user space, y up).
    var content = "0 0 0 rg 0 0 100 100 re f\n"
    var title: String?
    /// More entries for the catalog (`/PageLayout /TwoColumnLeft`, say).
    var catalogEntries = ""

    func data() -> Data {
        var out = Data("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        func object(_ body: String) {
            offsets.append(out.count)
            out.append(Data("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8))
        }
        let firstPage = 5
        let kids = (0..<pages.count).map { "\(firstPage + $0) 0 R" }.joined(separator: " ")
        object("<< /Type /Catalog /Pages 2 0 R \(catalogEntries)>>")
        object("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        object("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        object(title.map { "<< /Title (\($0)) /Producer (MinimalPDF) >>" } ?? "<< /Producer (MinimalPDF) >>")
        for page in pages {
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(format(page.width)) \(format(page.height))] /Rotate \(page.rotate) /Resources << >> /Contents 3 0 R >>")
        }
        let xrefOffset = out.count
        var xref = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { xref += String(format: "%010d 00000 n \n", offset) }
        xref += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 4 0 R >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        out.append(Data(xref.utf8))
        return out
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
