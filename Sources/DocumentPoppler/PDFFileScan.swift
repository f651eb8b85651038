// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Document

/// What a PDF file's bytes may hold that poppler-glib does not tell, found by looking for the
/// names that write it, without parsing the file: the editing document (a second parse, tens of
/// MiB) is made only when the first edit begins, and a reader who only reads never pays for it.
///
/// Each answer is "may": a name in the file's bytes can be read; a name inside a compressed
/// object stream cannot, so a file with object streams may hold anything. When an answer is
/// `false`, the file holds no such thing, and nothing needs to parse it to find out.
public struct PDFFileScan: Sendable, Equatable {
    /// `/Direction /R2L` (read right to left) may be in the viewer preferences.
    public var mayReadRightToLeft = false
    /// A signature field (`/FT /Sig`, `/SigFlags`) may be in the form.
    public var mayHaveSignatures = false
    /// The trailer names an `/Encrypt` dictionary (names are never encrypted).
    public var namesEncryption = false
    /// The file has compressed object streams, whose names the scan cannot see.
    public var hasObjectStreams = false

    public init() {}

    /// Scans the file at `path` in chunks (a few milliseconds for a few MiB; nothing is kept in
    /// memory). A file that cannot be read may hold anything.
    public init(path: String) {
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else {
            self.init(everything: true)
            return
        }
        defer { close(fd) }
        var scan = PDFFileScan()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var carry: [UInt8] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            // The last bytes of the chunk before: a name split between two chunks is found.
            scan.look(at: carry + buffer[0..<n])
            carry = Array(buffer[max(0, n - 16)..<n])
        }
        self = scan
    }

    /// Everything may be there (a file that could not be read).
    init(everything: Bool) {
        mayReadRightToLeft = everything
        mayHaveSignatures = everything
        namesEncryption = everything
        hasObjectStreams = everything
    }

    /// Notes the names found in `bytes`.
    public mutating func look<C: Collection>(at bytes: C) where C.Element == UInt8 {
        let array = Array(bytes)
        if !mayReadRightToLeft, Self.contains(array, "R2L") { mayReadRightToLeft = true }
        if !mayHaveSignatures, Self.contains(array, "/Sig") { mayHaveSignatures = true }
        if !namesEncryption, Self.contains(array, "/Encrypt") { namesEncryption = true }
        if !hasObjectStreams, Self.contains(array, "/ObjStm") { hasObjectStreams = true }
    }

    /// Whether the reading direction may be right to left, object streams counted.
    public var directionMayNeedParsing: Bool { mayReadRightToLeft || hasObjectStreams }
    /// Whether signature fields may be there, object streams counted.
    public var signaturesMayNeedParsing: Bool { mayHaveSignatures || hasObjectStreams }

    static func contains(_ bytes: [UInt8], _ name: String) -> Bool {
        let needle = Array(name.utf8)
        guard bytes.count >= needle.count, let first = needle.first else { return false }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < needle.count, bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}

/// What the window shows before any edit that poppler-glib misreads or does not read: the
/// information dictionary's text as the file's bytes say it (poppler-glib 22.12 reads PDF 2.0's
/// UTF-8 strings as PDFDocEncoding) and the reading direction.
public struct FileFacts: Sendable {
    public var metadata: DocumentMetadata
    public var pageLayout: String?
    public var rightToLeft: Bool
}

extension DocumentEditor {
    /// Whether poppler-glib misread one of `metadata`'s strings: a UTF-8 byte-order mark read
    /// as PDFDocEncoding ("ï»¿") begins it.
    public static func misreads(_ metadata: DocumentMetadata) -> Bool {
        [metadata.title, metadata.author, metadata.subject, metadata.keywords, metadata.creator, metadata.producer]
            .contains { $0?.hasPrefix("\u{EF}\u{BB}\u{BF}") == true }
    }

    /// Reads the file's facts with poppler core (a parse of its own, let go at once: call it on a
    /// worker), with the same rules the editor reads them by; `nil` when it cannot be opened.
    public static func facts(path: String, password: String?, over metadata: DocumentMetadata) -> FileFacts? {
        guard let core = try? CoreDocument.open(path: path, password: password) else { return nil }
        let reader = DocumentEditor(path: path, password: password, core: core)
        let layout = reader.preferredLayout
        return FileFacts(metadata: reader.metadata(over: metadata), pageLayout: layout.pageLayout, rightToLeft: layout.rightToLeft)
    }
}
