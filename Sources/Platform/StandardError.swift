// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages for whoever started the app from a terminal, written straight to file descriptor 2.
public enum StandardError {
    public static func write(_ message: String) {
        var text = message
        if !text.hasSuffix("\n") { text += "\n" }
        text.withCString { pointer in _ = Glibc.write(2, pointer, strlen(pointer)) }
    }
}

/// The user's home directory: `$HOME`, else the password database's entry.
public var homeDirectory: String {
    if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
    if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
    return "/"
}

/// A file that lines are appended to as they come (a recording), each written at once.
public final class AppendingFile: @unchecked Sendable {
    private let descriptor: Int32

    /// Creates (or empties) the file; `nil` when it cannot be written.
    public init?(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 { return nil }
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes`; returns whether it did.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }
}

extension StringProtocol {
    /// The text without the spaces, tabs and line breaks around it.
    public func trimmingWhitespace() -> SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return self[first...last]
    }
}

/// The size in bytes of the file at `path`, `nil` when it cannot be read.
public func fileSize(atPath path: String) -> Int64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int64(info.st_size)
}
