// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry

/// What a pen stroke costs from its end to the page redrawn, on the same scanned pages made
/// 1, 10 and 100 MB heavy, and on a 10,000-page text document: the way the app shows an edit now
/// (the update alone, the file's bytes shared; poppler reads the two parts) beside the way it
/// did before (the whole file copied into memory and parsed again), in one run.
func runEditCostBenchmark() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edit-cost-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var documents: [(String, String)] = []
    let scan = ["../shared/pdfs/scanned-ocr-6p.pdf", "/work/shared/pdfs/scanned-ocr-6p.pdf"].first { FileManager.default.fileExists(atPath: $0) }
    for megabytes in [1, 10, 100] {
        guard let scan else { print("edit cost: the developer set's scanned-ocr-6p.pdf is missing"); break }
        let path = folder.appendingPathComponent("scan-\(megabytes)MB.pdf").path
        padded(scan, to: megabytes << 20, into: path)
        documents.append(("scanned, \(megabytes) MB", path))
    }
    let text = folder.appendingPathComponent("text-10000.pdf").path
    textDocument(pages: 10_000, into: text)
    documents.append(("text, 10,000 pages", text))

    for (name, path) in documents {
        guard let view = try? PopplerDocument.open(path: path, password: nil),
              let editor = try? DocumentEditor.open(path: path, password: nil) else { print("edit cost: \(name) does not open"); continue }
        let page = PageIndex(0)
        _ = editor.annotations(on: page)
        var now: [Double] = [], before: [Double] = [], reloads: [Double] = [], plain: [Double] = []
        for stroke in 0..<7 {
            let points = (0..<40).map { Point(x: 60 + Double($0) * 4, y: 200 + Double(stroke) * 12 + Double($0 % 5)) }
            guard let ink = Annotation.ink([InkStroke(points: points)], on: page, style: AnnotationStyle(color: .red, width: 2),
                                           stamp: CreationStamp(id: "p0-nbench\(stroke)", author: nil, date: "D:20261126000000Z")) else { continue }
            try? editor.perform(EditRecord("Ink", .insert([PlacedAnnotation(ink, at: editor.annotations(on: page).count)])))
            now.append(seconds {
                guard let edited = try? editor.rendered(), let shown = try? view.reloaded(from: edited) else { return }
                _ = shown.renderImage(page: page, scale: 1)
            })
            reloads.append(seconds { _ = (try? editor.rendered()).flatMap { try? view.reloaded(from: $0) } })
            plain.append(seconds { _ = view.renderImage(page: page, scale: 1) })
            before.append(seconds {
                guard let bytes = try? editor.currentBytes(), let shown = try? view.reloaded(from: bytes) else { return }
                _ = shown.renderImage(page: page, scale: 1)
            })
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(String(format: "edit cost: %@ (%d KiB): stroke to page redrawn %.1f ms (goal ≤ 50 ms; of which update + reload %.1f ms, "
                     + "the page's own drawing without any edit %.1f ms); the whole file copied and parsed instead %.1f ms (%.1f×)",
                     name, size / 1024, median(now) * 1000, median(reloads) * 1000, median(plain) * 1000, median(before) * 1000,
                     median(before) / max(median(now), 1e-9)))
    }
}

/// `source` with an unused stream appended as an incremental update until the file is `size`
/// bytes: a scan's weight, its pages unchanged.
private func padded(_ source: String, to size: Int, into target: String) {
    guard var pdf = FileManager.default.contents(atPath: source) else { return }
    let text = String(decoding: pdf.suffix(2048), as: UTF8.self)
    guard let startxref = text.components(separatedBy: "startxref").last?.split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) }),
          let root = text.range(of: "/Root ").map({ String(text[$0.upperBound...].prefix(20)) }) ?? rootFromQPDF(source) else {
        print("edit cost: cannot pad \(source)"); return
    }
    let padding = max(0, size - pdf.count - 300)
    let offset = pdf.count
    var update = Data("\n9999 0 obj\n<< /Length \(padding) >>\nstream\n".utf8)
    update.append(Data(count: padding))
    update.append(Data("\nendstream\nendobj\n".utf8))
    let xref = offset + update.count
    let rootRef = root.split(separator: " ").prefix(3).joined(separator: " ")
    update.append(Data("xref\n9999 1\n\(String(format: "%010d", offset + 1)) 00000 n \ntrailer\n<< /Size 10000 /Root \(rootRef) /Prev \(startxref) >>\nstartxref\n\(xref)\n%%EOF\n".utf8))
    pdf.append(update)
    FileManager.default.createFile(atPath: target, contents: pdf)
}

private func rootFromQPDF(_ path: String) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
    p.arguments = ["--show-object=trailer", path]
    let pipe = Pipe()
    p.standardOutput = pipe
    try? p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return out.range(of: "/Root ").map { String(out[$0.upperBound...].prefix(20)) }
}

/// A text document of `pages` pages (Helvetica, a few lines each), written by hand.
private func textDocument(pages: Int, into target: String) {
    var out = Data("%PDF-1.4\n".utf8)
    var offsets: [Int] = []
    func object(_ body: String) {
        offsets.append(out.count)
        out.append(Data("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8))
    }
    let kids = (0..<pages).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
    object("<< /Type /Catalog /Pages 2 0 R >>")
    object("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
    object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for page in 0..<pages {
        object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * page) 0 R >>")
        let content = "BT /F1 12 Tf 72 760 Td (Page \(page + 1) of a long text document, written to measure edits.) Tj 0 -16 Td (A second line of ordinary words.) Tj ET"
        object("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
    }
    let xref = out.count
    var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
    for o in offsets { table += String(format: "%010d 00000 n \n", o) }
    table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    out.append(Data(table.utf8))
    FileManager.default.createFile(atPath: target, contents: out)
}
