// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Document
import Platform

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
    /// A `/Lang` (the document's or a part's natural language) may be in the file.
    public var mayNameLanguage = false

    public init() {}

    /// Scans the file at `path` in chunks (a few milliseconds for a few MiB, read once; nothing is
    /// kept in memory). A file that cannot be read may hold anything.
    public init(path: String) {
        let fd = Glibc.open(path, O_RDONLY)
        guard fd >= 0 else {
            self.init(everything: true)
            return
        }
        defer { close(fd) }
        var scan = PDFFileScan()
        // The last bytes of the chunk before stay at the buffer's start: a name split between
        // two chunks is found.
        let carry = 16, chunk = 1 << 18
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: carry + chunk, alignment: 16)
        defer { buffer.deallocate() }
        var kept = 0
        while !scan.foundAll {
            let n = read(fd, buffer.baseAddress! + kept, chunk)
            guard n > 0 else { break }
            scan.look(at: UnsafeRawBufferPointer(rebasing: buffer[0..<(kept + n)]))
            let end = kept + n, tail = min(carry, end)
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + end - tail, byteCount: tail)
            kept = tail
        }
        self = scan
    }

    /// Everything may be there (a file that could not be read).
    init(everything: Bool) {
        mayReadRightToLeft = everything
        mayHaveSignatures = everything
        namesEncryption = everything
        hasObjectStreams = everything
        mayNameLanguage = everything
    }

    /// Notes the names found in `bytes`.
    public mutating func look<C: Collection>(at bytes: C) where C.Element == UInt8 {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ look(at: UnsafeRawBufferPointer($0)) }) { return done }
        Array(bytes).withUnsafeBytes { look(at: $0) }
    }

    /// Notes the names found in `bytes`.
    public mutating func look(at bytes: UnsafeRawBufferPointer) {
        if !mayReadRightToLeft, Self.contains(bytes, "R2L") { mayReadRightToLeft = true }
        if !mayHaveSignatures, Self.contains(bytes, "/Sig") { mayHaveSignatures = true }
        if !namesEncryption, Self.contains(bytes, "/Encrypt") { namesEncryption = true }
        if !hasObjectStreams, Self.contains(bytes, "/ObjStm") { hasObjectStreams = true }
        if !mayNameLanguage, Self.contains(bytes, "/Lang") { mayNameLanguage = true }
    }

    /// Whether every name was found (nothing more to read).
    var foundAll: Bool { mayReadRightToLeft && mayHaveSignatures && namesEncryption && hasObjectStreams && mayNameLanguage }

    /// Whether the reading direction may be right to left, object streams counted.
    public var directionMayNeedParsing: Bool { mayReadRightToLeft || hasObjectStreams }
    /// Whether signature fields may be there, object streams counted.
    public var signaturesMayNeedParsing: Bool { mayHaveSignatures || hasObjectStreams }
    /// Whether the catalog may name the document's language, object streams counted.
    public var languageMayNeedParsing: Bool { mayNameLanguage || hasObjectStreams }

    static func contains(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        ByteSearch.contains(bytes, UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
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
