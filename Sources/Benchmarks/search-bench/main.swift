// SPDX-License-Identifier: GPL-3.0-or-later
// Search benchmark (not a test): `swift run -c release search-bench [document.pdf] [word]`.
// Searches a word through a long document the way the app's search bar does (ParallelSearch,
// one copy of the document per thread, opened for the search) and times the first match and
// the full count, beside `pdftotext FILE - | grep -c WORD` on the same file in the same run.
import Document
import DocumentPoppler
import BenchSupport
import Foundation
import Geometry
import Rendering

/// What the search threads report, added up under a lock.
final class Tally: @unchecked Sendable {
    let lock = NSLock()
    var first: UInt64?
    var matches = 0, pages = 0, finished = 0
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func shell(_ command: String) -> String {
    HeadlessSession.output(of: "/bin/sh", ["-c", command]).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A 2,000-page document: the 500-page bench document four times over (qpdf).
func defaultDocument() -> String? {
    let target = "/tmp/search-bench-2000.pdf"
    if FileManager.default.fileExists(atPath: target) { return target }
    let sources = ["/tmp/bench/docs/b_500pages.pdf", "../shared/bench/docs/b_500pages.pdf"]
    guard let source = sources.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
    _ = shell("qpdf --empty --pages \(source) \(source) \(source) \(source) -- \(target)")
    return FileManager.default.fileExists(atPath: target) ? target : nil
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first ?? defaultDocument() else {
    print("search: no document (pass one, or generate ../shared/bench documents with gen_docs.py; qpdf joins them)")
    exit(1)
}
let word = arguments.count > 1 ? arguments[1] : "latency"
guard let probe = try? PopplerDocument.open(path: path) else { print("search: cannot open \(path)"); exit(1) }
let pageCount = probe.pageCount
let threads = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount))

var toolTimes: [Double] = [], firstTimes: [Double] = [], fullTimes: [Double] = [], openTimes: [Double] = []
var toolCount = "", ourCount = 0, ourPages = 0
for _ in 0..<3 {
    toolTimes.append(seconds { toolCount = shell("pdftotext '\(path)' - | grep -c '\(word)'") })

    let start = DispatchTime.now().uptimeNanoseconds
    var copies: [TextSource] = []
    openTimes.append(seconds { copies = (0..<threads).compactMap { _ in try? PopplerDocument.open(path: path) } })
    let search = ParallelSearch(search: TextSearch(query: word), order: (0..<pageCount).map(PageIndex.init))
    let done = DispatchSemaphore(value: 0)
    let tally = Tally()
    let threadCount = copies.count
    search.start(sources: copies) { found, read, threadFinished in
        tally.lock.lock()
        let count = found.reduce(0) { $0 + $1.matches.count }
        if count > 0, tally.first == nil { tally.first = DispatchTime.now().uptimeNanoseconds }
        tally.matches += count
        tally.pages += read.count
        if threadFinished { tally.finished += 1 }
        let all = tally.finished == threadCount
        tally.lock.unlock()
        if all { done.signal() }
    }
    done.wait()
    let end = DispatchTime.now().uptimeNanoseconds
    firstTimes.append(Double((tally.first ?? end) - start) / 1e9)
    fullTimes.append(Double(end - start) / 1e9)
    ourCount = tally.matches
    ourPages = tally.pages
}
let tool = median(toolTimes), full = median(fullTimes), firstMatch = median(firstTimes)
print(String(format: "search: \"%@\" in %@ (%d pages, %d threads): first match %.1f ms, full count %.0f ms (%d matches on %d pages read; "
             + "opening the copies %.1f ms of it); pdftotext | grep -c: %.0f ms (%@ lines); full count ratio %.2f× (goal ≤ 1.0×)",
             word, (path as NSString).lastPathComponent, pageCount, threads, firstMatch * 1000, full * 1000, ourCount, ourPages,
             median(openTimes) * 1000, tool * 1000, toolCount, full / tool))
