// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The app links FoundationEssentials, never Foundation: one `import Foundation` in any of its
/// targets links all of swift-corelibs-foundation, CoreFoundation and ICU's data into the
/// binary (65 MB instead of under 20), and start-up then runs CoreFoundation's initialisers
/// and keeps 18 MiB of the binary resident before the first window.
final class AppImportsNoFoundationTests: XCTestCase {
    func testNoSourceOfTheAppImportsFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        guard FileManager.default.fileExists(atPath: sources.path) else { throw XCTSkip("the sources are not beside the tests") }
        // Benchmarks are separate executables: they may use Foundation.
        let notTheApp = ["Benchmarks"]
        let importsFoundation = try NSRegularExpression(
            pattern: #"^\s*(@\w+\s+)*(\w+\s+)?import\s+((struct|class|enum|protocol|func|let|var|typealias)\s+)?Foundation(\.|\s*$)"#,
            options: [.anchorsMatchLines])
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            guard file.pathExtension == "swift", !notTheApp.contains(where: { relative.hasPrefix($0 + "/") }) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            if importsFoundation.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { found.append(relative) }
        }
        XCTAssertEqual(found.sorted(), [], "import FoundationEssentials (or Glibc for maths) instead")
    }
}
