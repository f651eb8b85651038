// SPDX-License-Identifier: GPL-3.0-or-later

/// One attachment as the sidebar lists it, for the state dump: its id (the argument of
/// `win.open-attachment` and `win.save-attachment`: "e0" for an embedded file, an annotation id
/// such as "p0-a3" for a /FileAttachment), the name the document gives it, its size in bytes
/// (when known), its page (1-based, for an annotation) and its description.
public struct AttachmentSnapshot: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var size: Int?
    public var page: Int?
    public var description: String?

    public init(id: String, name: String, size: Int?, page: Int?, description: String?) {
        self.id = id
        self.name = name
        self.size = size
        self.page = page
        self.description = description
    }
}
