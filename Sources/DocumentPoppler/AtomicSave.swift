// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// The file-system calls a save makes, as values, so that a test can make any of them fail
/// (a full disk on the third write, a rename that is refused) and check that nothing is lost.
public struct SaveFileSystem: Sendable {
    /// Writes `count` bytes to `fd`; returns how many were written, or -1 with `errno` set.
    public var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    public var fsync: @Sendable (_ fd: Int32) -> Int32
    public var rename: @Sendable (_ from: String, _ to: String) -> Int32

    public init(
        write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int,
        fsync: @escaping @Sendable (Int32) -> Int32,
        rename: @escaping @Sendable (String, String) -> Int32
    ) {
        self.write = write
        self.fsync = fsync
        self.rename = rename
    }

    /// The real calls.
    public static let system = SaveFileSystem(
        write: { fd, bytes, count in Glibc.write(fd, bytes, count) },
        fsync: { fd in Glibc.fsync(fd) },
        rename: { from, to in Glibc.rename(from, to) })
}

/// Replaces a file with new bytes so that at every moment the path holds either the old file or
/// the complete new one: a temporary file in the same folder, written and fsynced, given the
/// original's permissions, renamed over the original, and the folder fsynced.
public enum AtomicSave {
    /// - Parameters:
    ///   - bytes: The whole new file.
    ///   - destination: The path to replace (or create).
    ///   - modeFrom: The file whose permissions the new one gets (the original document).
    public static func write(_ bytes: [UInt8], to destination: String, modeFrom: String, fileSystem: SaveFileSystem = .system) throws(SaveError) {
        let outcome: Result<Void, SaveError> = bytes.withUnsafeBytes { raw in
            Result { () throws(SaveError) in try write(parts: [raw], to: destination, modeFrom: modeFrom, fileSystem: fileSystem) }
        }
        try outcome.get()
    }

    /// Writes the new file from `parts`, one after the other (a document's original bytes
    /// and its update, neither copied into one buffer). `check`, when given, reads the
    /// temporary file once it is on disk and before it replaces the destination: a file that
    /// does not read back is removed and the destination is left as it was.
    public static func write(parts: [UnsafeRawBufferPointer], to destination: String, modeFrom: String, fileSystem: SaveFileSystem = .system,
                             check: ((String) -> String?)? = nil) throws(SaveError) {
        let folder = destination.contains("/") ? String(destination[..<destination.lastIndex(of: "/")!]) : "."
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        var st = stat()
        // Respect read-only permissions even when the process could override them (root).
        if stat(destination, &st) == 0 {
            if st.st_mode & 0o222 == 0 || access(destination, W_OK) != 0 { throw .readOnlyFile(path: destination) }
        }
        var folderStat = stat()
        guard stat(folder.isEmpty ? "/" : folder, &folderStat) == 0 else {
            throw .writeFailed(path: destination, reason: "the folder does not exist")
        }
        if folderStat.st_mode & 0o222 == 0 || access(folder.isEmpty ? "/" : folder, W_OK) != 0 {
            throw .readOnlyFolder(path: destination)
        }
        var mode: mode_t = 0o644
        var original = stat()
        if stat(modeFrom, &original) == 0 { mode = original.st_mode & 0o7777 }

        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(errno, destination) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        func abandon(_ code: Int32) -> SaveError {
            if !closed { close(fd) }
            unlink(temporary)
            return failure(code, destination)
        }
        for part in parts where part.count > 0 {
            var offset = 0
            while offset < part.count {
                let written = fileSystem.write(fd, part.baseAddress! + offset, part.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw abandon(errno)
                }
                if written == 0 { throw abandon(ENOSPC) }
                offset += written
            }
        }
        if fchmod(fd, mode) != 0 { throw abandon(errno) }
        if fileSystem.fsync(fd) != 0 { throw abandon(errno) }
        closed = true
        if close(fd) != 0 { throw abandon(errno) }
        if let problem = check?(temporary) {
            unlink(temporary)
            throw .writeFailed(path: destination, reason: problem)
        }
        if fileSystem.rename(temporary, destination) != 0 { throw abandon(errno) }
        // The rename itself must reach the disk.
        let dirfd = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY)
        if dirfd >= 0 {
            _ = fileSystem.fsync(dirfd)
            close(dirfd)
        }
    }

    static func failure(_ code: Int32, _ path: String) -> SaveError {
        switch code {
        case ENOSPC, EDQUOT: return .diskFull(path: path)
        case EROFS: return .readOnlyFolder(path: path)
        case EACCES, EPERM: return .readOnlyFolder(path: path)
        default: return .writeFailed(path: path, reason: String(decoding: Array(UnsafeBufferPointer(start: strerror(code), count: Int(strlen(strerror(code))))).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }
}

/// A file's size and modification time: enough to notice that another program wrote it.
public struct FileStamp: Hashable, Sendable, Codable {
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64
    /// The file's inode: the same one after a change means it was rewritten in place (the bytes
    /// the editor reads were changed under it), a new one that it was replaced by a rename.
    public var inode: UInt64?

    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        size = Int64(st.st_size)
        modifiedSeconds = Int64(st.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(st.st_mtim.tv_nsec)
        inode = UInt64(st.st_ino)
    }
}

/// A cheap content fingerprint of a file (its size and a 64-bit FNV-1a hash of its first and
/// last 64 KiB), so that a journal is applied only to the file it was written for.
public enum FileFingerprint {
    static let chunk = 64 * 1024

    public static func of(path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        return fingerprint(size: Int(st.st_size)) { offset, count in
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? buffer : nil
        }
    }

    /// The fingerprint the file a save writes will have, from the bytes it writes.
    public static func of(_ bytes: EditedBytes) -> String {
        fingerprint(size: bytes.count) { offset, count in bytes.bytes(at: offset, count: count) } ?? ""
    }

    /// The size and the hash of the first and last 64 KiB that `read` gives.
    static func fingerprint(size: Int, read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> String? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(offset: Int, count: Int) -> Bool {
            guard let buffer = read(offset, count) else { return false }
            for b in buffer { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
            return true
        }
        guard mix(offset: 0, count: min(chunk, size)) else { return nil }
        if size > chunk { guard mix(offset: max(chunk, size - chunk), count: size - max(chunk, size - chunk)) else { return nil } }
        return "\(size)-" + String(hash, radix: 16)
    }
}
