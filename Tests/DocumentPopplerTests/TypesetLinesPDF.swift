// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A one-page PDF of lines of 12-point Helvetica written by hand, so that a test can put a
/// hyphen at a line's end or a ligature in poppler's real text: "ﬁ" and "ﬂ" are drawn with
/// Helvetica's own fi and fl glyphs and read back as U+FB01 and U+FB02 through a /ToUnicode map
/// (as fonts with ligatures do), every other character must be printable ASCII.
struct TypesetLinesPDF {
    var lines: [String]

    /// The line as a PDF string: ligatures as the codes 128 and 129, delimiters escaped.
    private func encoded(_ line: String) -> String {
        var out = ""
        for c in line {
            switch c {
            case "\u{FB01}": out += "\\200"
            case "\u{FB02}": out += "\\201"
            case "(", ")", "\\": out += "\\\(c)"
            default:
                precondition(c.isASCII && !c.isNewline, "TypesetLinesPDF draws printable ASCII and ﬁ, ﬂ only")
                out.append(c)
            }
        }
        return "(\(out))"
    }

    func data() -> Data {
        let content = "BT /F1 12 Tf 72 720 Td 16 TL\n" + lines.map { "\(encoded($0)) Tj T*\n" }.joined() + "ET"
        let toUnicode = """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def /CMapType 2 def
            1 begincodespacerange <00> <FF> endcodespacerange
            2 beginbfchar <80> <FB01> <81> <FB02> endbfchar
            endcmap CMapName currentdict /CMap defineresource pop end end
            """
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding "
                + "/Differences [128 /fi /fl] >> /ToUnicode 6 0 R >>",
            "<< /Length \(toUnicode.utf8.count) >>\nstream\n\(toUnicode)\nendstream",
        ]
        var out = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out.append(Data("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8))
        }
        let xrefOffset = out.count
        var xref = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { xref += String(format: "%010d 00000 n \n", offset) }
        xref += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        out.append(Data(xref.utf8))
        return out
    }
}
