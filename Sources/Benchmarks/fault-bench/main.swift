// SPDX-License-Identifier: GPL-3.0-or-later
// Fault benchmark (not a test): `swift run -c release fault-bench [count] [pdf folder]`.
//
// 1. Damaged documents: `count` (500) mutated copies of the developer PDFs (bytes flipped,
//    ranges deleted, duplicated or zeroed, the file cut short: seeded, so a failure replays).
//    Each is opened in a child process the way the app opens a document: poppler-glib (pages,
//    page 1 drawn, its text, its annotations), then the editor (annotations, a note added, the
//    edited document shown and saved). A child that dies on a signal is a crash, one still
//    running after 30 s a hang; a document refused with a message is fine.
// 2. Killed editing sessions: the crash-session helper (Tests/CrashSession) on a large
//    document, killed at random moments, as CrashRecoveryTests does with more sessions.
import Document
import DocumentPoppler
import Foundation
import Geometry
import SeededRandom

/// Opens `path` the way the app does; returns what it could do (for the parent's tally).
func exercise(_ path: String) -> String {
    let document: PopplerDocument
    do { document = try PopplerDocument.open(path: path, password: nil) } catch { return "refused: \(error)" }
    var steps = ["pages \(document.pageCount)"]
    for page in 0..<min(document.pageCount, 3) {
        let index = PageIndex(page)
        _ = document.renderImage(page: index, scale: 0.5)
        _ = document.text(on: index)
        _ = document.annotations(on: index)
    }
    steps.append("drawn")
    guard document.pageCount > 0, let editor = try? DocumentEditor.open(path: path, password: nil) else { return steps.joined(separator: ", ") + ", read-only" }
    let page = PageIndex(0)
    let count = editor.annotations(on: page).count
    let note = Annotation(id: "p0-nfault", page: page, subtype: .text, rect: Rect(x: 20, y: 20, width: 20, height: 20),
                          color: .yellow, contents: "fault", iconName: "Comment")
    do {
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: count)])))
        let shown = try document.reloaded(from: try editor.rendered())
        _ = shown.renderImage(page: page, scale: 0.5)
        try editor.save(to: path + ".saved.pdf")
        steps.append("edited and saved")
    } catch {
        steps.append("edit refused: \(error)")
    }
    return steps.joined(separator: ", ")
}

/// One mutation of `bytes`, chosen by the generator.
func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> ([UInt8], String) {
    var out = bytes
    let n = out.count
    guard n > 16 else { return (out, "too small") }
    func position() -> Int { Int(random.next() % UInt64(n)) }
    switch random.next() % 6 {
    case 0:
        let flips = 1 + Int(random.next() % 32)
        for _ in 0..<flips { out[position()] ^= UInt8(truncatingIfNeeded: random.next() | 1) }
        return (out, "\(flips) bytes flipped")
    case 1:
        let at = position(), length = min(n - at, 1 + Int(random.next() % 4096))
        out.removeSubrange(at..<(at + length))
        return (out, "\(length) bytes deleted at \(at)")
    case 2:
        let at = position(), length = min(n - at, 1 + Int(random.next() % 4096))
        out.insert(contentsOf: out[at..<(at + length)], at: position())
        return (out, "\(length) bytes duplicated")
    case 3:
        let at = position(), length = min(n - at, 1 + Int(random.next() % 4096))
        for i in at..<(at + length) { out[i] = 0 }
        return (out, "\(length) bytes zeroed at \(at)")
    case 4:
        let keep = max(1, Int(Double(n) * random.unit()))
        out.removeSubrange(keep...)
        return (out, "cut to \(keep) of \(n) bytes")
    default:
        // Damage where parsers look: the last kilobyte (xref, trailer) or the first.
        let tail = random.next() % 2 == 0
        for _ in 0..<8 {
            let i = tail ? n - 1 - Int(random.next() % UInt64(min(n, 1024))) : Int(random.next() % UInt64(min(n, 1024)))
            out[i] = UInt8(truncatingIfNeeded: random.next())
        }
        return (out, tail ? "trailer damaged" : "header damaged")
    }
}

func runChild(_ arguments: [String], timeout: Double) -> (status: Int32, signalled: Bool, hung: Bool, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return (-1, false, false, "did not start") }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    var hung = false
    if process.isRunning { hung = true; kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal && !hung, hung, output)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--one", arguments.count == 2 {
    print(exercise(arguments[1]))
    exit(0)
}
let count = arguments.first.flatMap(Int.init) ?? 500
let folder = arguments.count > 1 ? arguments[1] : (["../shared/pdfs", "/work/shared/pdfs"].first { FileManager.default.fileExists(atPath: $0) } ?? "")
let sources = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".pdf") }.sorted()
guard !sources.isEmpty else { print("fault: no PDFs in \(folder)"); exit(1) }
let work = FileManager.default.temporaryDirectory.appendingPathComponent("fault-bench-\(getpid())")
try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

var random = SeededGenerator(seed: 17)
var crashes: [String] = [], hangs: [String] = []
var refused = 0, readOnly = 0, edited = 0
for i in 0..<count {
    let source = sources[i % sources.count]
    guard let data = FileManager.default.contents(atPath: folder + "/" + source) else { continue }
    let (bytes, what) = mutate(Array(data), &random)
    let path = work.appendingPathComponent("mutant-\(i).pdf").path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let result = runChild(["--one", path], timeout: 30)
    let label = "#\(i) \(source), \(what)"
    if result.signalled { crashes.append("\(label): signal \(result.status)") }
    else if result.hung { hangs.append(label) }
    else if result.output.hasPrefix("refused") { refused += 1 }
    else if result.output.contains("read-only") { readOnly += 1 }
    else if result.output.contains("edited and saved") { edited += 1 }
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: path + ".saved.pdf")
}
print("fault: \(count) mutated copies of \(sources.count) developer PDFs: \(crashes.count) crashes, \(hangs.count) hangs; "
      + "\(refused) refused with a message, \(readOnly) shown read-only, \(edited) shown, edited and saved, "
      + "\(count - crashes.count - hangs.count - refused - readOnly - edited) shown with the edit refused")
for line in crashes + hangs.map { "hang \($0)" } { print("  \(line)") }

// Killed editing sessions on a large document (the helper is built with the tests).
let helper = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("debug/crash-session").path
if FileManager.default.isExecutableFile(atPath: helper), let big = ["r-exts-236p.pdf"].first(where: { sources.contains($0) }) {
    var sessions = 0, whole = 0, rebuilt = 0
    for s in 0..<20 {
        let path = work.appendingPathComponent("session-\(s).pdf").path
        let journal = work.appendingPathComponent("session-\(s).jsonl").path
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: journal)
        try? FileManager.default.copyItem(atPath: folder + "/" + big, toPath: path)
        let before = FileManager.default.contents(atPath: path) ?? Data()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: helper)
        process.arguments = [path, journal, String(random.next() % 1_000_000), "100000"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        usleep(UInt32(500_000 + random.next() % 3_000_000))
        kill(process.processIdentifier, SIGKILL)
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        sessions += 1
        // The file: the old or the new version of the save under way (or the last one done).
        var hashes: Set<String> = []
        func fnv(_ d: Data) -> String { var h: UInt64 = 0xcbf2_9ce4_8422_2325; for b in d { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }; return String(h, radix: 16) }
        hashes.insert(fnv(before))
        var done: String?, underWay: String?
        for line in said.split(separator: "\n") {
            let w = line.split(separator: " ").map(String.init)
            switch w.first {
            case "state": done = w[1]
            case "begin": underWay = w[2]
            case "done": done = underWay; underWay = nil
            case "save": hashes = [w[1], w[2]]
            case "saved": hashes = [w[1]]
            default: break
            }
        }
        if hashes.contains(fnv(FileManager.default.contents(atPath: path) ?? Data())) { whole += 1 }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: helper)
        check.arguments = ["rebuild", path, journal]
        let out = Pipe()
        check.standardOutput = out
        try? check.run()
        let state = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        check.waitUntilExit()
        if let state, state == done || state == underWay { rebuilt += 1 }
    }
    print("crash sessions on \(big): \(sessions) killed, the file whole (old or new version) in \(whole), file and journal rebuild the last state in \(rebuilt)")
} else {
    print("crash sessions: the crash-session helper is not built (swift build --build-tests)")
}
