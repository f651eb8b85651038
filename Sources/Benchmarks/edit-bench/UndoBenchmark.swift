// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry

/// Undo and redo of one move in a document with many annotations on one page: the editor's
/// work per step (model and file objects), without the screen refresh.
func runUndoBenchmark(annotationCount: Int) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("undo-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("many.pdf").path
    _ = FileManager.default.createFile(atPath: path, contents: manyAnnotationsPDF(count: annotationCount))
    guard let editor = try? DocumentEditor.open(path: path, password: nil) else { print("undo: cannot open the generated file"); return }
    let page = PageIndex(0)
    let loadTime = seconds { _ = editor.annotations(on: page) }
    let list = editor.annotations(on: page)
    guard list.count == annotationCount, let a = list.last else { print("undo: read \(list.count) annotations"); return }
    try? editor.perform(EditRecord("Move", .replace(before: [a], after: [a.moved(by: Vector(dx: 3, dy: 3))])))
    var undos: [Double] = [], redos: [Double] = []
    for _ in 0..<200 {
        undos.append(seconds { _ = try? editor.undo() })
        redos.append(seconds { _ = try? editor.redo() })
    }
    print(String(format: "undo: %d annotations on a page (read in %.0f ms): undo %.3f ms, redo %.3f ms (medians of 200; goal < 1 ms)",
                 annotationCount, loadTime * 1000, median(undos) * 1000, median(redos) * 1000))
}

/// A one-page PDF with `count` small square annotations.
func manyAnnotationsPDF(count: Int) -> Data {
    var out = Data("%PDF-1.7\n".utf8)
    var offsets: [Int] = []
    func object(_ body: String) {
        offsets.append(out.count)
        out.append(Data("\(offsets.count) 0 obj\n\(body)\nendobj\n".utf8))
    }
    let first = 4
    object("<< /Type /Catalog /Pages 2 0 R >>")
    object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [\((0..<count).map { "\(first + $0) 0 R" }.joined(separator: " "))] >>")
    for i in 0..<count {
        let x = Double(i % 100) * 6, y = Double(i / 100) * 7.5
        object("<< /Type /Annot /Subtype /Square /Rect [\(x) \(y) \(x + 5) \(y + 5)] /C [1 0 0] /F 4 >>")
    }
    let xref = out.count
    var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
    for o in offsets { table += String(format: "%010d 00000 n \n", o) }
    table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    out.append(Data(table.utf8))
    return out
}
