// SPDX-License-Identifier: GPL-3.0-or-later
// Thumbnail benchmark (not a test): `swift build -c release && swift run -c release
// thumbnail-bench [app binary] [document.pdf]`. Opens the document in the real app on its own
// Xvfb display, shows the sidebar's Pages grid, and reads from the state dump how long the app
// took from showing the grid to drawing every thumbnail in view; then renders the same pages at
// the same size with poppler alone, in this process, one after the other. Three runs; medians
// and their ratio beside the goal (at most 2x).
import BenchSupport
import DocumentPoppler
import Foundation
import StateSnapshot
import Geometry

let arguments = Array(CommandLine.arguments.dropFirst())
let app = arguments.first ?? ".build/release/pdf-annotator"
let document = arguments.count > 1 ? arguments[1] : "/tmp/bench/docs/b_500pages.pdf"
guard FileManager.default.isExecutableFile(atPath: app), FileManager.default.fileExists(atPath: document) else {
    print("thumbnails: needs the app (\(app)) and a document (\(document)); generate ../shared/bench documents with gen_docs.py")
    exit(0)
}

/// The app's state dump, read with the app's own definition of it.
typealias Snapshot = StateSnapshot
extension StateSnapshot { typealias Window = WindowSnapshot }

let session = try HeadlessSession()
defer { session.stop() }
let environment = session.environment

@MainActor func run(_ tool: String, _ args: [String]) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = args
    p.environment = environment
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try? p.run()
    p.waitUntilExit()
}

@MainActor func activate(_ action: String, _ parameter: String = "[]") {
    run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.pdfannotator.PdfAnnotator", "--object-path",
                           "/io/github/pdfannotator/PdfAnnotator/window/1", "--method", "org.gtk.Actions.Activate", action, parameter, "{}"])
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

var appTimes: [Double] = [], popplerTimes: [Double] = [], counts: [Int] = []
for round in 0..<3 {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnail-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let stateFile = work.appendingPathComponent("state.json")
    var env = environment
    env["XDG_DATA_HOME"] = work.appendingPathComponent("data").path
    env["XDG_CONFIG_HOME"] = work.appendingPathComponent("config").path
    let appProcess = Process()
    appProcess.executableURL = URL(fileURLWithPath: app)
    appProcess.arguments = ["--state-file", stateFile.path, document]
    appProcess.environment = env
    appProcess.standardOutput = FileHandle.nullDevice
    appProcess.standardError = FileHandle.nullDevice
    try appProcess.run()
    defer { if appProcess.isRunning { appProcess.terminate(); appProcess.waitUntilExit() } }
    func state() -> Snapshot.Window? {
        (try? Data(contentsOf: stateFile)).flatMap { try? JSONDecoder().decode(Snapshot.self, from: $0) }?.windows.first
    }
    func wait(_ condition: (Snapshot.Window) -> Bool) -> Snapshot.Window? {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let w = state(), condition(w) { return w }
            usleep(20_000)
        }
        return nil
    }
    guard wait({ $0.content == "document" && $0.missingTiles == 0 }) != nil else { print("thumbnails: the document did not open"); exit(1) }
    usleep(500_000)
    activate("toggle-sidebar")
    activate("sidebar-page", "[<'thumbnails'>]")
    guard let done = wait({ $0.sidebarPage == "thumbnails" && $0.thumbnailsShownInMs != nil }),
          let ms = done.thumbnailsShownInMs, case let pages = done.thumbnailPages, !pages.isEmpty else {
        print("thumbnails: the grid never finished drawing (round \(round + 1))")
        exit(1)
    }
    appTimes.append(ms)
    counts.append(pages.count)

    // Poppler alone: the same pages at the same size (112 px wide), one after the other.
    let poppler = try PopplerDocument.open(path: document)
    let started = DispatchTime.now().uptimeNanoseconds
    for page in pages {
        let size = poppler.displaySizes[page - 1]
        _ = poppler.renderImage(page: PageIndex(page - 1), scale: 112 / size.width)
    }
    popplerTimes.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
}
let ours = median(appTimes), alone = median(popplerTimes)
print(String(format: "thumbnails: %d visible thumbnails of %@ drawn %.1f ms after the grid was shown; poppler alone renders them in %.1f ms; ratio %.2f× (goal ≤ 2×)",
             counts.sorted()[1], (document as NSString).lastPathComponent, ours, alone, ours / alone))
