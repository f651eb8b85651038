// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Runs a command-line tool that is not poppler (qpdf, mutool) to judge a saved file; a test
/// whose tool is missing skips and says so.
enum ExternalTool {
    struct Result {
        var status: Int32
        var output: String
    }

    static func path(of tool: String) -> String? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)") {
            return "\(folder)/\(tool)"
        }
        return nil
    }

    static func require(_ tool: String) throws -> String {
        guard let path = path(of: tool) else { throw XCTSkip("\(tool) is not installed (tools/install-deps.sh installs it)") }
        return path
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Result {
        let (status, data) = try launch(tool, arguments, errorsToo: true)
        return Result(status: status, output: String(decoding: data, as: UTF8.self))
    }

    /// The tool's standard output as bytes (binary output, such as a decoded stream).
    static func data(_ tool: String, _ arguments: [String]) throws -> Data {
        try launch(tool, arguments, errorsToo: false).output
    }

    /// Runs the tool to its end: its exit status and what it printed (with its errors, or not).
    private static func launch(_ tool: String, _ arguments: [String], errorsToo: Bool) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try require(tool))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errorsToo ? pipe : FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}
