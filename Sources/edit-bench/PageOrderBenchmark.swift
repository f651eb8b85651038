// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry

/// Organising the pages of a 2,000-page document (issue 19's figures): moving one page,
/// deleting 100 pages and undoing each, timed as the editor applies the edit plus the new
/// version read the way the view reads it (every page's geometry); then saving after them
/// against a `cp` of the file, in the same run.
func runPageOrderBenchmark() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("2000 pages.pdf").path
    FileManager.default.createFile(atPath: source, contents: twoThousandPages())
    var moves: [Double] = [], deletes: [Double] = [], undoMoves: [Double] = [], undoDeletes: [Double] = []
    var saves: [Double] = [], copies: [Double] = []
    for round in 0..<5 {
        let working = folder.appendingPathComponent("work-\(round).pdf").path
        copies.append(seconds { run("/bin/cp", [source, working]) })
        guard let editor = try? DocumentEditor.open(path: working, password: nil),
              let document = try? PopplerDocument.open(path: working) else { print("pages: cannot open the document"); return }
        /// The edit applied, then the new version read as the view reads it.
        func shown(_ change: () throws -> Void) -> Double {
            seconds {
                try? change()
                guard let bytes = try? editor.rendered() else { return }
                let rotations = (0..<editor.pageCount).map { PageRotation(degrees: editor.rotation(of: PageIndex($0))) }
                _ = try? document.reloaded(from: bytes, reordered: rotations)
            }
        }
        guard let move = editor.move(pages: [PageIndex(1500)], before: 10) else { return }
        moves.append(shown { try editor.perform(EditRecord("Move Page", move)) })
        undoMoves.append(shown { try editor.undo() })
        guard let removal = editor.removal(ofPages: (0..<100).map { PageIndex(300 + $0 * 7) }) else { return }
        deletes.append(shown { try editor.perform(EditRecord("Delete Pages", removal)) })
        undoDeletes.append(shown { try editor.undo() })
        try? editor.perform(EditRecord("Move Page", move))
        try? editor.perform(EditRecord("Delete Pages", removal))
        saves.append(seconds { try? editor.save() })
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: source)[.size] as? Int) ?? 0
    print(String(format: "pages: 2,000-page document (%d KiB), each the edit and the new version read: move one page %.1f ms, "
                 + "undo it %.1f ms, delete 100 pages %.1f ms, undo it %.1f ms (goal < 100 ms each to show); "
                 + "save after a move and a deletion %.1f ms against cp %.1f ms (ratio %.2f×, goal ≤ 3×)",
                 size / 1024, median(moves) * 1000, median(undoMoves) * 1000, median(deletes) * 1000, median(undoDeletes) * 1000,
                 median(saves) * 1000, median(copies) * 1000, median(saves) / median(copies)))
}

/// 2,000 small pages with a line of text each, under a tree of /Pages nodes of 50.
private func twoThousandPages() -> Data {
    var objects: [String] = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    let nodes = 40, perNode = 50
    let firstNode = 4, firstPage = firstNode + nodes, firstContent = firstPage + nodes * perNode
    objects[1] = "<< /Type /Pages /Kids [\((0..<nodes).map { "\(firstNode + $0) 0 R" }.joined(separator: " "))] /Count \(nodes * perNode) >>"
    for n in 0..<nodes {
        let kids = (0..<perNode).map { "\(firstPage + n * perNode + $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Parent 2 0 R /Kids [\(kids)] /Count \(perNode) /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>")
    }
    for p in 0..<(nodes * perNode) { objects.append("<< /Type /Page /Parent \(firstNode + p / perNode) 0 R /Contents \(firstContent + p) 0 R >>") }
    for p in 0..<(nodes * perNode) {
        let text = "BT /F1 18 Tf 72 700 Td (Page \(p + 1)) Tj ET"
        objects.append("<< /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream")
    }
    var out = Data("%PDF-1.7\n".utf8)
    var offsets: [Int] = []
    for (i, object) in objects.enumerated() {
        offsets.append(out.count)
        out.append(Data("\(i + 1) 0 obj\n\(object)\nendobj\n".utf8))
    }
    let xref = out.count
    var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for o in offsets { table += String(format: "%010d 00000 n \n", o) }
    table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
    out.append(Data(table.utf8))
    return out
}
