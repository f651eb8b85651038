// SPDX-License-Identifier: GPL-3.0-or-later
// Editing benchmarks (not tests): `swift run -c release edit-bench [document.pdf]`;
// `edit-bench pages` runs only the page-organising one, `edit-bench xfdf` only the XFDF one,
// `edit-bench save-undo [document.pdf]` only saving and undo (tools/regress-bench.sh).
// Each prints ratios or figures measured in this one run, beside the goal from the issue.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "save-undo" {
    runSaveBenchmark(document: arguments.dropFirst().first)
    runUndoBenchmark(annotationCount: 10_000)
    exit(0)
}
if arguments.first == "xfdf" {
    runXFDFBenchmark(annotationCount: 10_000)
    exit(0)
}
if arguments.first != "pages" {
    runEditCostBenchmark()
    runSaveBenchmark(document: arguments.first)
    runUndoBenchmark(annotationCount: 10_000)
    runXFDFBenchmark(annotationCount: 10_000)
}
runPageOrderBenchmark()
runPageImportBenchmark()
