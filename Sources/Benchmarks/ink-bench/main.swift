// SPDX-License-Identifier: GPL-3.0-or-later
// Ink latency benchmark (not a test): `swift build -c release && swift run -c release ink-bench
// [app binary] [document.pdf]`. A 500-point pen stroke, replayed at 120 Hz into the real app on
// its own Xvfb display, on page 1 of the 500-page bench document; prints the time from each
// input event to the frame that paints it (p50, p99, max) beside the goal (p99 under 16 ms),
// once with the predicted tip (Preferences' "Keep up with the pen", on by default) and once
// without, and how far the tips drawn were from the path the pen drew next (the state dump's
// inkTip figures, in view pixels). INK_BENCH_RUNS=n replays it n times each way, the order
// alternating (off, on, on, off, …) so that a busy moment weighs on both alike, and pools the
// frames of each way (each run's p99 is printed too).
import BenchSupport
import Foundation
import Geometry
import InteractionEngine

let arguments = Array(CommandLine.arguments.dropFirst())
let app = arguments.first ?? ".build/release/pdf-annotator"
let document = arguments.count > 1 ? arguments[1] : "/tmp/bench/docs/b_500pages.pdf"
guard FileManager.default.isExecutableFile(atPath: app), FileManager.default.fileExists(atPath: document) else {
    print("ink latency: needs the app (\(app)) and a document (\(document)); generate ../shared/bench documents with gen_docs.py")
    exit(0)
}

let work = FileManager.default.temporaryDirectory.appendingPathComponent("ink-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

// INK_BENCH_RENDERER=gl measures GTK's GL renderer (software GL here) instead of cairo.
let session = try HeadlessSession(renderer: ProcessInfo.processInfo.environment["INK_BENCH_RENDERER"] ?? "cairo")
defer { session.stop() }

// The stroke: 500 pen samples 8.3 ms apart, a slow wave across the upper part of page 1.
var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
for i in 0..<500 {
    let phase: InputPhase = i == 0 ? .began : (i == 499 ? .ended : .moved)
    let x = 150 + Double(i % 250) * 2.4, y = 250 + sin(Double(i) / 12) * 60 + Double(i / 250) * 150
    events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: InputSequenceID(3), position: Point(x: x, y: y),
                             time: InputTime(seconds: 1 + Double(i) / 120), axes: StylusAxes(pressure: 0.3 + 0.7 * Double(i % 100) / 100)))
}
let recording = work.appendingPathComponent("stroke.jsonl")
try InputRecording(events: events).write(to: recording)

struct Run {
    var latencies: [Double]
    var tip: [String: Any]?
}

/// One replay of the stroke into the app, with the predicted tip on or off (`round` names its
/// files apart from the other rounds').
@MainActor func replay(tip: Bool, round: Int) throws -> Run? {
    let run = work.appendingPathComponent(tip ? "with-tip" : "without-tip").appendingPathComponent("\(round)")
    let config = run.appendingPathComponent("config/pdf-annotator")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data("{\"predictsInkTip\": \(tip)}".utf8).write(to: config.appendingPathComponent("input.json"))
    let latencyFile = run.appendingPathComponent("latency.txt")
    let stateFile = run.appendingPathComponent("state.json")
    let copy = run.appendingPathComponent("doc.pdf")
    try FileManager.default.copyItem(atPath: document, toPath: copy.path)
    let appProcess = Process()
    appProcess.executableURL = URL(fileURLWithPath: app)
    appProcess.arguments = ["--state-file", stateFile.path, "--replay-input", recording.path, copy.path]
    var environment = session.environment
    environment["XDG_STATE_HOME"] = run.appendingPathComponent("state").path
    environment["XDG_CONFIG_HOME"] = run.appendingPathComponent("config").path
    environment["PDF_ANNOTATOR_LATENCY_FILE"] = latencyFile.path
    appProcess.environment = environment
    appProcess.standardOutput = FileHandle.nullDevice
    appProcess.standardError = FileHandle.nullDevice
    try appProcess.run()
    defer { if appProcess.isRunning { appProcess.terminate(); appProcess.waitUntilExit() } }

    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: latencyFile.path), Date() < deadline { usleep(50_000) }
    guard let text = try? String(contentsOf: latencyFile, encoding: .utf8) else { return nil }
    // The dump's tip figures once the replay has finished.
    var figures: [String: Any]?
    let dumpDeadline = Date().addingTimeInterval(10)
    while figures == nil, Date() < dumpDeadline {
        if let data = try? Data(contentsOf: stateFile),
           let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let window = (json["windows"] as? [[String: Any]])?.first, window["replayFinished"] as? Bool == true {
            figures = window["inkTip"] as? [String: Any]
        }
        if figures == nil { usleep(50_000) }
    }
    return Run(latencies: text.split(separator: "\n").compactMap { Double($0) }.map { $0 / 1000 }.sorted(), tip: figures)
}

func percentile(_ p: Double, _ samples: [Double]) -> Double {
    samples[min(samples.count - 1, Int((Double(samples.count - 1) * p).rounded()))]
}

let rounds = max(1, Int(ProcessInfo.processInfo.environment["INK_BENCH_RUNS"] ?? "") ?? 1)
var pooled: [Bool: [Double]] = [:], runP99s: [Bool: [Double]] = [:], tipFigures: [[String: Any]?] = []
for round in 0..<rounds {
    for tip in round % 2 == 0 ? [false, true] : [true, false] {
        guard let run = try replay(tip: tip, round: round) else {
            print("ink latency: the replay did not finish within 60 s")
            exit(1)
        }
        guard !run.latencies.isEmpty else { print("ink latency: no frames measured"); exit(1) }
        pooled[tip, default: []] += run.latencies
        runP99s[tip, default: []].append(percentile(0.99, run.latencies))
        if tip { tipFigures.append(run.tip) }
    }
}

for tip in [false, true] {
    let samples = (pooled[tip] ?? []).sorted()
    let mean = samples.reduce(0, +) / Double(samples.count)
    print(String(format: "ink latency %@: %d frames for %d pen events on %@: p50 %.2f ms, p99 %.2f ms, max %.2f ms, mean %.2f ms (goal: p99 < 16 ms)",
                 tip ? "with the predicted tip" : "without the tip", samples.count, (events.count - 1) * rounds,
                 (document as NSString).lastPathComponent, percentile(0.5, samples), percentile(0.99, samples), samples.last!, mean))
    if rounds > 1 {
        print("  each run's p99 (ms): " + (runP99s[tip] ?? []).map { String(format: "%.2f", $0) }.joined(separator: ", "))
    }
    if tip {
        // The stroke's jump back to the start of its second line (one event) counts too.
        var measured = 0, toPath = 0.0, toPosition = 0.0
        for figures in tipFigures {
            guard let figures, let m = figures["measured"] as? Int, let p = figures["meanDistanceToPath"] as? Double,
                  let q = figures["meanDistanceToPosition"] as? Double else {
                print("ink tip: the state dump has no inkTip figures")
                exit(0)
            }
            toPath += p * Double(m); toPosition += q * Double(m); measured += m
        }
        print(String(format: "ink tip: %d tips drawn and followed; mean distance %.2f px to the path the pen drew next, %.2f px to where the pen was at the tip's time",
                     measured, measured > 0 ? toPath / Double(measured) : 0, measured > 0 ? toPosition / Double(measured) : 0))
    }
}
