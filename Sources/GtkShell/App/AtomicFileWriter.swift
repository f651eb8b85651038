// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Glibc
import Platform

/// Writes one small file again and again, each time whole and atomically
/// (`g_file_set_contents_full` with `G_FILE_SET_CONTENTS_CONSISTENT`: written beside it, synced
/// and renamed over it, so that after a crash or a kill the file holds the old contents or the
/// new, never a part), on a thread of its own so that the main loop never waits for the disk.
///
/// Contents are written in the order they were handed over; contents handed over while others
/// are written replace any still waiting (only the newest matters).
///
/// - Warning: ``submit(_:)`` and ``flush(withinSeconds:)`` may be called from any thread; the
///   writing happens on a thread of its own (`write-file`).
final class AtomicFileWriter: Sendable {
    let path: String
    private let writer: NewestValueWriter<[UInt8]>

    init(path: String) {
        self.path = path
        writer = NewestValueWriter(threadName: "write-file") { Self.write($0, to: path) }
    }

    /// Hands `contents` over to be written (replacing contents handed over and not yet taken).
    func submit(_ contents: [UInt8]) { writer.submit(contents) }

    /// How many times the file was written.
    var written: Int { writer.written }

    /// Waits until everything handed over is in the file, at most `seconds`; returns whether it
    /// is (the app calls it as it shuts down).
    @discardableResult
    func flush(withinSeconds seconds: Int = 2) -> Bool { writer.flush(withinSeconds: seconds) }

    private static func write(_ contents: [UInt8], to path: String) {
        let folder = g_path_get_dirname(path)
        if let folder {
            g_mkdir_with_parents(folder, 0o700)
            g_free(folder)
        }
        var error: UnsafeMutablePointer<GError>?
        let done = contents.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                g_file_set_contents_full(path, chars.baseAddress, gssize(chars.count), G_FILE_SET_CONTENTS_CONSISTENT, 0o600, &error)
            }
        }
        if done == 0, let error {
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            let line = "pdf-annotator: could not write \(path): \(message)\n"
            _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
            g_error_free(error)
        }
    }
}
