// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import TestSupport

/// Organising the pages of a 2,000-page document under 40 /Pages nodes that give their pages
/// a media box and resources (the hard case: a page moved under the root takes them along)
/// (issue 19's figures): moving one page,
/// deleting 100 pages and undoing each, timed as the editor applies the edit plus the new
/// version read the way the view reads it (every page's geometry); then saving after them
/// against a `cp` of the file, in the same run.
func runPageOrderBenchmark() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("2000 pages.pdf").path
    FileManager.default.createFile(atPath: source, contents: NumberedPagesPDF.data(
        pages: 2000, pagesPerNode: 50, nodeEntries: "/MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>"))
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
