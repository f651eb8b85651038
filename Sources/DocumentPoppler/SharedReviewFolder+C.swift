// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler

/// Why a shared review's folder could not be read or written (GIO's words).
public struct SharedReviewFolderError: Error, Hashable, Sendable {
    public var message: String
    /// Whether the folder itself is not there (gone, unmounted, not yet synced).
    public var folderMissing: Bool
}

/// A shared review's folder through GIO, so any location GIO opens works: a local folder that
/// Nextcloud or Syncthing keeps in step, `smb://`, `dav://`, `sftp://`. Every write replaces a
/// whole file (`g_file_replace_contents`: written beside it and renamed over it where the
/// location can), so a sync service never sees half a file.
///
/// - Warning: blocking I/O: call from a worker for remote locations. Any thread.
public struct SharedReviewFolder: Sendable, Hashable {
    /// The folder's URI (`file:///…`, `smb://…`, `dav://…`).
    public let uri: String

    public init(uri: String) { self.uri = uri }

    /// The folder at a local path.
    public init(path: String) {
        self.uri = adoptGString(g_filename_to_uri(path, nil, nil)) ?? "file://" + path
    }

    /// A local path or a URI, as a user or a command line gives it.
    public init(argument: String) {
        let file = GObjectRef(adopting: g_file_new_for_commandline_arg(argument)!)
        self.uri = file.withPointer { adoptGString(g_file_get_uri($0)) } ?? argument
    }

    /// What the folder is called for a message: its local path, else its URI.
    public var displayName: String {
        folderFile.withPointer { adoptGString(g_file_get_parse_name($0)) } ?? uri
    }

    /// Whether the folder is there as a folder.
    public var isReachable: Bool {
        folderFile.withPointer { g_file_query_file_type($0, G_FILE_QUERY_INFO_NONE, nil) } == G_FILE_TYPE_DIRECTORY
    }

    /// The names of the files in the folder, with their sizes in bytes.
    public func files() throws(SharedReviewFolderError) -> [(name: String, size: Int)] {
        let enumerator: GObjectRef
        do {
            let made = try folderFile.withPointer { folder throws(GLibError) in
                try gerrorCall { g_file_enumerate_children(folder, "standard::name,standard::size", G_FILE_QUERY_INFO_NONE, nil, $0) }
            }
            enumerator = GObjectRef(adopting: OpaquePointer(made))
        } catch {
            throw problem(error)
        }
        var names: [(name: String, size: Int)] = []
        enumerator.withPointer { pointer in
            let e = UnsafeMutablePointer<GFileEnumerator>(pointer)
            while let raw = g_file_enumerator_next_file(e, nil, nil) {
                let info = GObjectRef(adopting: raw)
                info.withPointer { i in
                    if let name = g_file_info_get_name(i) { names.append((String(cString: name), Int(g_file_info_get_size(i)))) }
                }
            }
        }
        return names
    }

    /// A file's bytes; `nil` when it does not exist.
    public func read(_ name: String) throws(SharedReviewFolderError) -> [UInt8]? {
        var contents: UnsafeMutablePointer<CChar>? = nil
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>? = nil
        let ok = child(name).withPointer { g_file_load_contents($0, nil, &contents, &length, nil, &error) }
        defer { g_free(contents) }
        if let error {
            let e = GLibError(copying: error)
            g_error_free(error)
            if e.domain == "g-io-error-quark", e.code == Int32(G_IO_ERROR_NOT_FOUND.rawValue), isReachable { return nil }
            throw problem(e)
        }
        guard ok != 0, let contents else { return [] }
        return Array(UnsafeRawBufferPointer(start: contents, count: Int(length)))
    }

    /// Replaces a file with `bytes` as a whole (never creating the folder: a folder that is
    /// gone stays gone until it is back).
    public func replace(_ name: String, with bytes: [UInt8]) throws(SharedReviewFolderError) {
        guard isReachable else { throw SharedReviewFolderError(message: "The folder is not there.", folderMissing: true) }
        let file = child(name)
        do {
            _ = try gerrorCall { error -> Bool? in
                let ok = file.withPointer { f in
                    bytes.withUnsafeBytes {
                        g_file_replace_contents(f, $0.baseAddress?.assumingMemoryBound(to: CChar.self), gsize($0.count), nil, 0,
                                                G_FILE_CREATE_NONE, nil, nil, error)
                    }
                }
                return ok != 0 ? true : nil
            }
        } catch {
            throw problem(error)
        }
    }

    private var folderFile: GObjectRef { GObjectRef(adopting: g_file_new_for_uri(uri)!) }

    private func child(_ name: String) -> GObjectRef {
        GObjectRef(adopting: folderFile.withPointer { g_file_get_child($0, name)! })
    }

    private func problem(_ error: GLibError) -> SharedReviewFolderError {
        SharedReviewFolderError(message: error.message, folderMissing: !isReachable)
    }
}
