// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry

/// Saving one new annotation into a document against a plain `cp` of the same file, in the same
/// run: a save's cost should follow the file's size and the edit, not its page count.
func runSaveBenchmark(document: String?) {
    guard let source = document ?? defaultBenchDocument() else {
        print("save: no document (pass one, or generate ../shared/bench documents with gen_docs.py)")
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edit-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let size = (try? FileManager.default.attributesOfItem(atPath: source)[.size] as? Int) ?? 0
    var copies: [Double] = [], inProcess: [Double] = [], saves: [Double] = [], opens: [Double] = [], writes: [Double] = []
    for round in 0..<9 {
        let target = folder.appendingPathComponent("copy-\(round).pdf").path
        copies.append(seconds { run("/bin/cp", [source, target]) })
        // The same copy without a process start: read, write, fsync.
        let inProcessTarget = folder.appendingPathComponent("copy-in-process-\(round).pdf").path
        inProcess.append(seconds {
            guard let data = FileManager.default.contents(atPath: source) else { return }
            _ = FileManager.default.createFile(atPath: inProcessTarget, contents: data)
            if let handle = FileHandle(forWritingAtPath: inProcessTarget) { try? handle.synchronize(); try? handle.close() }
        })
        let working = folder.appendingPathComponent("save-\(round).pdf").path
        run("/bin/cp", [source, working])
        // cp keeps a read-only source's mode; the document must be writable to be saved.
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: working)
        guard let editor = try? DocumentEditor.open(path: working, password: nil) else { print("save: cannot open \(source)"); return }
        let page = PageIndex(0)
        let count = editor.annotations(on: page).count
        let note = Annotation(id: "p0-nbench", page: page, subtype: .text, rect: Rect(x: 40, y: 40, width: 20, height: 20),
                              color: .yellow, contents: "benchmark", iconName: "Comment")
        guard (try? editor.perform(EditRecord("Add Note", .insert([PlacedAnnotation(note, at: count)])))) != nil else {
            print("save: the note was refused on \(source)"); return
        }
        var saved = false
        saves.append(seconds {
            guard let job = try? editor.prepareSave() else { return }
            let write = seconds { job.run() }
            saved = (try? editor.finishSave(job)) != nil
            writes.append(write)
        })
        guard saved, !editor.hasUnsavedChanges else { print("save: the save failed on \(source)"); return }
        opens.append(seconds { _ = try? DocumentEditor.open(path: working, password: nil) })
    }
    let cp = median(copies), save = median(saves)
    let copy = median(inProcess)
    print(String(format: "save: %@ (%d KiB): cp %.2f ms, add one note + save %.2f ms (ratio %.2f×, goal ≤ 3×); "
                 + "against an in-process copy with fsync (%.2f ms): %.2f×; of the save, %.2f ms on the worker (write, fsync, rename, "
                 + "open again) and the rest on the main thread; reopening for editing %.2f ms",
                 (source as NSString).lastPathComponent, size / 1024, cp * 1000, save * 1000, save / cp, copy * 1000, save / copy,
                 median(writes) * 1000, median(opens) * 1000))
}

func defaultBenchDocument() -> String? {
    let candidates = ["/tmp/bench/docs/b_500pages.pdf", "../shared/bench/docs/b_500pages.pdf"]
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
}

func run(_ tool: String, _ arguments: [String]) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = arguments
    try? p.run()
    p.waitUntilExit()
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
