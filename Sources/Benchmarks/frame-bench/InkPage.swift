// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A one-page letter PDF carrying `strokes` /Ink annotations with their own appearance streams:
/// handwriting-sized random walks of 40 to 160 points over the whole page (as engine-bench's
/// lasso decision uses), from a fixed seed, so that the lasso run has the issue's page of 2,000
/// strokes without drawing them first.
func inkPage(strokes: Int) -> Data {
    var seed: UInt64 = 33
    func unit() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
    func n(_ v: Double) -> String { String(format: "%.2f", v) }
    var objects: [String] = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "",  // the page, once its annotations are numbered
        "<< /Length 0 >>\nstream\n\nendstream",
    ]
    var annotationRefs: [String] = []
    let colours = ["0 0 0.8", "0.8 0 0", "0 0.5 0", "0.1 0.1 0.1"]
    for i in 0..<strokes {
        var x = 20 + 570 * unit(), y = 20 + 750 * unit()
        var points: [(Double, Double)] = []
        for _ in 0..<(40 + Int(unit() * 120)) {
            x = min(600, max(5, x + (unit() - 0.3) * 3))
            y = min(785, max(5, y + (unit() - 0.5) * 3))
            points.append((x, y))
        }
        let width = 1.5, colour = colours[i % colours.count]
        let xs = points.map(\.0), ys = points.map(\.1)
        let rect = [xs.min()! - width, ys.min()! - width, xs.max()! + width, ys.max()! + width]
        let path = points.enumerated().map { j, p in "\(n(p.0)) \(n(p.1)) \(j == 0 ? "m" : "l")" }.joined(separator: " ")
        let content = "\(colour) RG \(n(width)) w 1 J 1 j \(path) S"
        let appearance = objects.count + 1, annotation = objects.count + 2
        objects.append("<< /Type /XObject /Subtype /Form /BBox [\(rect.map(n).joined(separator: " "))] /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        objects.append("<< /Type /Annot /Subtype /Ink /P 3 0 R /F 4 /NM (ink\(i)) /Rect [\(rect.map(n).joined(separator: " "))] "
                       + "/InkList [[\(points.map { "\(n($0.0)) \(n($0.1))" }.joined(separator: " "))]] /C [\(colour)] "
                       + "/BS << /W \(n(width)) >> /AP << /N \(appearance) 0 R >> >>")
        annotationRefs.append("\(annotation) 0 R")
    }
    objects[2] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Annots [\(annotationRefs.joined(separator: " "))] >>"
    var pdf = "%PDF-1.7\n"
    var offsets: [Int] = []
    for (i, body) in objects.enumerated() {
        offsets.append(pdf.utf8.count)
        pdf += "\(i + 1) 0 obj\n\(body)\nendobj\n"
    }
    let xref = pdf.utf8.count
    pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
    pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    return Data(pdf.utf8)
}
