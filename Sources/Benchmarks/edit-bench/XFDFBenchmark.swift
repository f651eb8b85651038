// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry

/// XFDF with 10,000 annotations: the export of a document that has them, and their import
/// (parse, read, merge, apply) into the same page with none, with the memory it took.
func runXFDFBenchmark(annotationCount: Int) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xfdf-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let many = folder.appendingPathComponent("many.pdf").path
    let none = folder.appendingPathComponent("none.pdf").path
    _ = FileManager.default.createFile(atPath: many, contents: manyAnnotationsPDF(count: annotationCount))
    _ = FileManager.default.createFile(atPath: none, contents: manyAnnotationsPDF(count: 0))
    guard let source = try? DocumentEditor.open(path: many, password: nil), let target = try? DocumentEditor.open(path: none, password: nil) else {
        print("xfdf: cannot open the generated files")
        return
    }
    _ = source.annotations(on: PageIndex(0))
    var output: XFDFWriter.Output?
    let exportTime = seconds { output = source.xfdf(file: "many.pdf") }
    guard let output, output.written == annotationCount else { print("xfdf: exported \(output?.written ?? 0)"); return }
    let xfdf = folder.appendingPathComponent("many.xfdf").path
    _ = FileManager.default.createFile(atPath: xfdf, contents: Data(output.xml.utf8))
    _ = target.annotations(on: PageIndex(0))
    let before = residentBytes()
    var peak = before
    var imported = 0
    var phases: [Double] = []
    var grown: [Double] = []
    let importTime = seconds {
        var contents: XFDFContents?
        phases.append(seconds { contents = try? target.readXFDF(path: xfdf) })
        guard contents != nil else { return }
        peak = max(peak, residentBytes())
        grown.append(Double(residentBytes() - before) / 1_048_576)
        var serial = 0
        var merge: XFDFMerge?
        phases.append(seconds {
            merge = XFDFMerge.merging(contents!, pageCount: target.pageCount, in: target) { page in
                serial += 1
                return CreationStamp(id: "p\(page.rawValue)-n\(String(serial, radix: 16))", author: nil, date: "D:20261202120000Z")
            }
        })
        // As the app does: the file's annotations go once they are in the step.
        contents = nil
        peak = max(peak, residentBytes())
        grown.append(Double(residentBytes() - before) / 1_048_576)
        guard let record = merge?.record else { return }
        var applied = false
        phases.append(seconds { applied = (try? target.perform(record)) != nil })
        guard applied else { return }
        imported = merge?.added ?? 0
        peak = max(peak, residentBytes())
        grown.append(Double(residentBytes() - before) / 1_048_576)
    }
    print(String(format: "xfdf: %d annotations (%.1f MB of XFDF): export %.0f ms (goal < 1000), import %.0f ms (goal < 2000), "
                 + "%d imported, %.1f MiB more resident at the peak (goal < 50)",
                 annotationCount, Double(output.xml.utf8.count) / 1e6, exportTime * 1000, importTime * 1000, imported,
                 Double(peak - before) / 1_048_576))
    // What the import still holds once the heap's freed pages go back (what was only passing
    // through is not): the document's new objects and appearances, the model, the undo step.
    if let symbol = dlsym(nil, "malloc_trim") {
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        print(String(format: "xfdf: held after the import, freed heap pages returned: +%.1f MiB", Double(residentBytes() - before) / 1_048_576))
    }
    if phases.count == 3, grown.count == 3 {
        print(String(format: "xfdf: import phases: parse and read %.0f ms (+%.1f MiB), merge %.0f ms (+%.1f MiB), "
                     + "apply (objects and appearances) %.0f ms (+%.1f MiB)",
                     phases[0] * 1000, grown[0], phases[1] * 1000, grown[1], phases[2] * 1000, grown[2]))
    }
}

/// The process's resident memory (VmRSS), in bytes.
private func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kB = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kB * 1024
}
