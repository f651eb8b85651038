// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A private Xvfb display server for tests that need one: it picks a free display number
/// itself (`-displayfd`) and says which.
public struct XvfbDisplay {
    /// The server; terminate it when done.
    public let process: Process
    /// The display name, such as ":3".
    public let name: String

    /// Starts `Xvfb` (at `path`) with one screen of `size` ("1280x900x24").
    public static func start(path: String, size: String) throws -> XvfbDisplay {
        let x = Process()
        x.executableURL = URL(fileURLWithPath: path)
        x.arguments = ["-displayfd", "1", "-screen", "0", size, "-nolisten", "tcp"]
        let out = Pipe()
        x.standardOutput = out
        x.standardError = FileHandle.nullDevice
        try x.run()
        return XvfbDisplay(process: x, name: ":" + readLine(out.fileHandleForReading))
    }

    /// One line from a pipe, without its newline (what a server prints when it is ready).
    public static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first, byte != 0x0A else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
