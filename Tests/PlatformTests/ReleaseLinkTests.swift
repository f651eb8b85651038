// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The release binary is linked one way wherever it is built: `tools/run.sh` (what a user runs),
/// `tools/bench.sh` (what is measured) and meson's build (what is installed) all take their
/// flags from `tools/release-flags.sh`, which links with lld in the start-up order of
/// `tools/startup-order.txt` (start-up's code together, so less of the binary is resident),
/// packs relative relocations, exports none of its own symbols and strips the result.
final class ReleaseLinkTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        let url = Self.repository.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("\(path) is not beside the tests") }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The words `tools/release-flags.sh` sets `name` to, as bash expands them.
    private func flags(_ name: String) throws -> [String] {
        let script = Self.repository.appendingPathComponent("tools/release-flags.sh").path
        guard FileManager.default.fileExists(atPath: script) else { throw XCTSkip("tools/release-flags.sh is not beside the tests") }
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "source \"$1\" && printf '%s\\n' \"${\(name)[@]}\"", "flags", script]
        let out = Pipe()
        bash.standardOutput = out
        try bash.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()
        XCTAssertEqual(bash.terminationStatus, 0, "tools/release-flags.sh can be sourced")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func testEveryReleaseBuildTakesItsFlagsFromTheOneScript() throws {
        for path in ["tools/run.sh", "tools/bench.sh", "tools/meson-swift-build.sh", "tools/startup-order.sh"] {
            let script = try text(path)
            XCTAssertTrue(script.contains("release-flags.sh"), "\(path) sources tools/release-flags.sh")
            XCTAssertTrue(script.contains("release_flags"), "\(path) builds with its flags")
            for own in ["--static-swift-stdlib", "-Xlinker", "-use-ld", "-c release"] {
                XCTAssertFalse(script.contains(own), "\(path) sets \(own) itself instead of taking it from tools/release-flags.sh")
            }
        }
    }

    func testTheReleaseLinkUsesLldTheStartupOrderPackedRelocationsAndStrips() throws {
        let release = try flags("release_flags")
        let joined = release.joined(separator: " ")
        XCTAssertTrue(joined.hasPrefix("-c release --static-swift-stdlib"), joined)
        XCTAssertTrue(release.contains("-use-ld=lld"), "linked by lld: \(joined)")
        let order = Self.repository.appendingPathComponent("tools/startup-order.txt").standardized.path
        let ordering = release.first { $0.hasPrefix("--symbol-ordering-file=") }
        XCTAssertEqual(ordering.map { URL(fileURLWithPath: String($0.dropFirst("--symbol-ordering-file=".count))).standardized.path },
                       order, "the functions laid out in the order of tools/startup-order.txt")
        XCTAssertTrue(joined.contains("-Xlinker -z -Xlinker pack-relative-relocs"), joined)
        XCTAssertTrue(joined.contains("-function-sections"), "the app's own functions can be moved: \(joined)")
        XCTAssertTrue(joined.contains("-Xlinker --no-export-dynamic"), "no symbols of its own exported: \(joined)")
        XCTAssertEqual(release.suffix(2), ["-Xlinker", "-s"], "stripped")
        let unstripped = try flags("release_flags_unstripped")
        XCTAssertEqual(unstripped, Array(release.dropLast(2)), "the order script links as the release does, with the names kept")
    }

    func testTheStartupOrderNamesFunctionsOfTheApp() throws {
        let names = try text("tools/startup-order.txt").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertGreaterThan(names.count, 1000, "start-up runs thousands of functions")
        XCTAssertFalse(names.contains { $0.isEmpty || $0.contains(" ") }, "one symbol a line")
        XCTAssertEqual(Set(names).count, names.count, "each once")
        XCTAssertTrue(names.contains { $0.hasPrefix("_ZN5swift") }, "the Swift runtime's start-up is among them")
        XCTAssertTrue(names.contains { $0.hasPrefix("$s") && $0.contains("GtkShell") }, "the app's own Swift functions are among them")
    }
}
