// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import CGtk
import Document
import DocumentPoppler

/// Where attachments go on disk, and what the desktop may do with them: a private folder for
/// Open (mode 0700, under the user's runtime folder), atomic writes for Save, and the
/// desktop's content types and default applications through GIO.
enum AttachmentFiles {
    /// Writes `bytes` as `name` (made safe) into a new private folder of its own (0700, made
    /// by `mkdtemp` under `$XDG_RUNTIME_DIR`, else the temporary folder), the file 0600 and
    /// never executable; its path, or why not.
    static func extractPrivately(_ bytes: [UInt8], name: String) -> Result<String, AttachmentError> {
        let base = g_get_user_runtime_dir().map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/pdf-annotator-attachment-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            return .failure(AttachmentError(String(cString: strerror(errno))))
        }
        let folder = String(cString: made)
        chmod(folder, 0o700)
        let path = AttachmentName.path(for: name, in: folder)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .failure(AttachmentError(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return .failure(AttachmentError(String(cString: strerror(errno))))
            }
            offset += written
        }
        return .success(path)
    }

    /// Writes `bytes` to `path` atomically (a temporary file in the same folder, synced, then
    /// renamed over it), 0644.
    static func save(_ bytes: [UInt8], to path: String) -> Result<Void, AttachmentError> {
        do throws(SaveError) {
            try AtomicSave.write(bytes, to: path, modeFrom: "")
            return .success(())
        } catch {
            switch error {
            case .readOnlyFile: return .failure(AttachmentError(tr("the file there is read-only")))
            case .readOnlyFolder: return .failure(AttachmentError(tr("the folder is read-only")))
            case .diskFull: return .failure(AttachmentError(tr("the disk is full")))
            case .writeFailed(_, let reason): return .failure(AttachmentError(reason))
            case .changedOnDisk: return .failure(AttachmentError(tr("the file changed meanwhile")))
            }
        }
    }

    /// The content types GIO guesses for a file named `name` with these bytes (by name, by
    /// content), each followed by the runnable types it is a kind of. Wraps
    /// `g_content_type_guess`, `g_content_type_is_a`.
    static func contentTypes(name: String, bytes: [UInt8]) -> [String] {
        var guesses: [String] = []
        if let type = takeString(g_content_type_guess(name, nil, 0, nil)) { guesses.append(type) }
        let head = Array(bytes.prefix(4096))
        if let type = head.withUnsafeBufferPointer({ takeString(g_content_type_guess(nil, $0.baseAddress, gsize($0.count), nil)) }) {
            guesses.append(type)
        }
        var out: [String] = []
        for guess in guesses {
            out.append(guess)
            out += AttachmentSafety.runnableTypes.filter { g_content_type_is_a(guess, $0) != 0 }.sorted()
            if g_content_type_can_be_executable(guess) != 0, g_content_type_is_a(guess, "text/plain") == 0 {
                out.append("application/x-executable")
            }
        }
        return out
    }

    /// Why the file must not be opened (a program, script or launcher), or `nil`.
    static func refusal(name: String, bytes: [UInt8]) -> String? {
        AttachmentSafety.refusal(name: name, firstBytes: Array(bytes.prefix(64)), types: contentTypes(name: name, bytes: bytes))
    }

    /// Opens the file at `path` with the desktop's default application for `type`; `false`
    /// when there is none or it fails. Wraps `g_app_info_get_default_for_type`,
    /// `g_app_info_launch_uris`.
    static func launchDefault(path: String, type: String) -> Bool {
        guard let app = g_app_info_get_default_for_type(type, 0) else { return false }
        defer { g_object_unref(raw(app)) }
        guard let file = g_file_new_for_path(path), let uri = takeString(g_file_get_uri(file)) else { return false }
        g_object_unref(raw(file))
        return uri.withCString { uriPointer in
            let list = g_list_append(nil, UnsafeMutableRawPointer(mutating: uriPointer))
            defer { g_list_free(list) }
            return g_app_info_launch_uris(app, list, nil, nil) != 0
        }
    }
}

/// Why an attachment could not be read, written or opened.
struct AttachmentError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
