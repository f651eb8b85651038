// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import TestSupport

/// Importing 200 pages of a 500-page document into a 2,000-page one (issue 19's figures): the
/// edit applied and the new version read as the view reads it, undone and done again, saved;
/// and the process's resident memory before the document was opened and after all of it.
func runPageImportBenchmark() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("2000 pages.pdf").path
    let source = folder.appendingPathComponent("500 pages.pdf").path
    FileManager.default.createFile(atPath: target, contents: NumberedPagesPDF.data(
        pages: 2000, pagesPerNode: 50, nodeEntries: "/MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>"))
    FileManager.default.createFile(atPath: source, contents: NumberedPagesPDF.data(pages: 500))
    var imports: [Double] = [], undos: [Double] = [], redos: [Double] = [], saves: [Double] = []
    var memory: [(before: Int, after: Int)] = []
    for round in 0..<3 {
        let working = folder.appendingPathComponent("work-\(round).pdf").path
        run("/bin/cp", [target, working])
        let before = residentKiB()
        do {
            let editor = try DocumentEditor.open(path: working, password: nil)
            let document = try PopplerDocument.open(path: working)
            func shown(_ change: () throws -> Void) -> Double {
                seconds {
                    try? change()
                    guard let bytes = try? editor.rendered() else { return }
                    let rotations = (0..<editor.pageCount).map { PageRotation(degrees: editor.rotation(of: PageIndex($0))) }
                    _ = try? document.reloaded(from: bytes, reordered: rotations)
                }
            }
            imports.append(shown {
                let edit = try editor.importing(pages: Array(100..<300), from: source, password: nil, at: 1000)
                try editor.perform(EditRecord("Insert Pages", edit))
            })
            undos.append(shown { try editor.undo() })
            redos.append(shown { try editor.redo() })
            saves.append(seconds { try? editor.save() })
            guard editor.pageCount == 2200 else { print("pages import: \(editor.pageCount) pages, not 2,200"); return }
        } catch {
            print("pages import: \(error)")
            return
        }
        memory.append((before, residentKiB()))
    }
    let growth = memory.map { Double($0.after - $0.before) / 1024 }
    print(String(format: "pages import: 200 pages of a 500-page document into a 2,000-page one, each the edit and the new version read: "
                 + "import %.0f ms (goal < 2 s), undo %.0f ms, redo (pages made again) %.0f ms, save %.0f ms; "
                 + "resident memory after each round minus before it, documents closed: %@ MiB (goal within 30 MiB)",
                 median(imports) * 1000, median(undos) * 1000, median(redos) * 1000, median(saves) * 1000,
                 growth.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
}

/// The process's resident set size in KiB (/proc/self/status VmRSS).
func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}
