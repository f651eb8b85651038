// SPDX-License-Identifier: GPL-3.0-or-later
import Document
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PDFFilePreflight {
    /// Reads the first `count` bytes of the file (fewer if it is shorter), reporting a missing
    /// file, a directory or a file that cannot be opened for reading as the matching
    /// ``DocumentOpenError``. Wraps `stat`, `open` and `read`.
    static func readHead(path: String, count: Int) throws(DocumentOpenError) -> [UInt8] {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            throw .notReadable(path: path, reason: errorDescription(code))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .isDirectory(path: path) }

        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .notReadable(path: path, reason: errorDescription(errno)) }
        defer { close(fd) }

        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + filled, count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .notReadable(path: path, reason: errorDescription(errno))
            }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer[..<filled])
    }

    /// The C library's description of an errno value, such as "Permission denied".
    static func errorDescription(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
