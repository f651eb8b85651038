// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A PDF file written by hand from its objects' bodies (object 1 the catalog, numbered in
/// order), with an exact cross-reference table: the writer the tests' hand-made documents share.
public enum NumberedObjectsPDF {
    public static func data(objects: [String]) -> Data {
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(i + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for o in offsets { pdf += String(repeating: "0", count: 10 - String(o).count) + "\(o) 00000 n \n" }
        pdf += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(pdf.utf8)
    }
}
