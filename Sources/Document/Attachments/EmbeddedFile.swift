// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A file carried inside the document: its name, what it is said to be, and its bytes. A new
/// /FileAttachment annotation holds one until it is saved (the editor writes it as an
/// /EmbeddedFile stream under the annotation's /FS); read back from a file, the bytes stay in
/// the file and are read when asked for (``AttachmentInfo``).
public struct EmbeddedFile: Hashable, Sendable, Codable {
    /// The name the file came with (/UF and /F), as given: ``AttachmentName/safe(_:)`` makes
    /// it a name to write under.
    public var name: String
    /// /Desc: what the file is, in the author's words.
    public var description: String?
    /// /Subtype of the embedded stream: a MIME type ("image/png"), when known.
    public var mimeType: String?
    /// The file's bytes (base64 in the journal).
    public var data: StampImage.Bytes

    public init(name: String, description: String? = nil, mimeType: String? = nil, bytes: [UInt8]) {
        self.name = name
        self.description = description
        self.mimeType = mimeType
        self.data = StampImage.Bytes(bytes)
    }

    public var bytes: [UInt8] { data.bytes }
}

/// One attachment the document carries, as the sidebar lists it: an entry of the catalog's
/// /EmbeddedFiles name tree or a /FileAttachment annotation on a page.
public struct AttachmentInfo: Hashable, Sendable {
    /// "e3" for the fourth embedded file of the name tree, "p2-a5" for the sixth annotation of
    /// page 3 (counted from 0): stable for one version of the document.
    public let id: String
    /// The name the document gives it (unsafe as a path: see ``AttachmentName/safe(_:)``).
    public let name: String
    /// /Desc, or the annotation's /Contents.
    public let description: String?
    /// The size in bytes, from /Params /Size or the data itself; `nil` when unknown.
    public let size: Int?
    /// The page of a /FileAttachment annotation; `nil` for the document's own embedded files.
    public let page: PageIndex?

    public init(id: String, name: String, description: String?, size: Int?, page: PageIndex?) {
        self.id = id
        self.name = name
        self.description = description
        self.size = size
        self.page = page
    }
}
