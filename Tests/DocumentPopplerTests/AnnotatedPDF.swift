// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes a one-page PDF with annotations by hand, with a media box, a crop box that does not
/// start at the origin, and a /Rotate, so that annotation coordinates can be checked against
/// where the annotations are drawn.
struct AnnotatedPDF {
    /// One annotation dictionary; `appearance` is the content stream of a form XObject whose
    /// bounding box is `[0 0 10 10]`, used as the /AP /N entry.
    struct Annotation {
        var subtype: String
        /// `[x1 y1 x2 y2]` in PDF user space (not crop-relative).
        var rect: (Double, Double, Double, Double)
        var extra = ""
        var appearance: String?
    }

    var mediaBox: (Double, Double, Double, Double) = (0, 0, 400, 500)
    var cropBox: (Double, Double, Double, Double)? = (50, 60, 350, 460)
    var rotate = 0
    var annotations: [Annotation]
    /// The trailer's /ID pair in hex (none when `nil`).
    var id: (String, String)? = nil

    func data() -> Data {
        var out = Data("%PDF-1.6\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        func object(_ body: String) {
            offsets.append(out.count)
            out.append(Data("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8))
        }
        func box(_ b: (Double, Double, Double, Double)) -> String { "[\(b.0) \(b.1) \(b.2) \(b.3)]" }
        // 1 catalog, 2 pages, 3 page, 4 contents, then per annotation: dictionary, appearance.
        let firstAnnot = 5
        var annotRefs: [String] = []
        var next = firstAnnot
        for annotation in annotations {
            annotRefs.append("\(next) 0 R")
            next += annotation.appearance == nil ? 1 : 2
        }
        object("<< /Type /Catalog /Pages 2 0 R >>")
        object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        let crop = cropBox.map { " /CropBox \(box($0))" } ?? ""
        object("<< /Type /Page /Parent 2 0 R /MediaBox \(box(mediaBox))\(crop) /Rotate \(rotate) /Resources << >> /Contents 4 0 R /Annots [\(annotRefs.joined(separator: " "))] >>")
        let content = "\n"
        object("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        for annotation in annotations {
            let number = offsets.count + 1
            let ap = annotation.appearance == nil ? "" : " /AP << /N \(number + 1) 0 R >>"
            object("<< /Type /Annot /Subtype /\(annotation.subtype) /Rect \(box(annotation.rect)) /P 3 0 R \(annotation.extra)\(ap) >>")
            if let stream = annotation.appearance {
                object("<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << >> /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
            }
        }
        let xrefOffset = out.count
        var xref = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { xref += String(format: "%010d 00000 n \n", offset) }
        let idEntry = id.map { " /ID [<\($0.0)> <\($0.1)>]" } ?? ""
        xref += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R\(idEntry) >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        out.append(Data(xref.utf8))
        return out
    }
}
