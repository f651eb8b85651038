// SPDX-License-Identifier: GPL-3.0-or-later

/// The document information a window title or properties dialog shows, read once at open time.
///
/// Every field is `nil` when the document does not say (empty strings count as absent).
public struct DocumentMetadata: Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    public var producer: String?
    /// The version in the file header, such as "PDF-1.7".
    public var pdfVersion: String?
    /// When the document was created and last modified, as the file says (ISO 8601, UTC).
    public var created: String?
    public var modified: String?
    /// The first entry of the file's /ID (hex): it stays the same across incremental saves,
    /// copies and renames, so things kept about the document outside it are keyed by it.
    public var permanentID: String?
    /// How the document asks to be laid out: its catalog's /PageLayout name ("TwoColumnLeft",
    /// "SinglePage" …), `nil` when it does not say.
    public var pageLayout: String?

    public init(
        title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
        creator: String? = nil, producer: String? = nil, pdfVersion: String? = nil,
        created: String? = nil, modified: String? = nil, permanentID: String? = nil, pageLayout: String? = nil
    ) {
        self.permanentID = permanentID
        self.pageLayout = pageLayout
        self.created = created
        self.modified = modified
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.pdfVersion = pdfVersion
    }

    public static let empty = DocumentMetadata()
}
